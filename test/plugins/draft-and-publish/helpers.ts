// Shared by the draft-and-publish tests: the fixture app in ./content-types (article and tag with
// draft-and-publish, writer without it, a D&P single type homepage; relations both ways and one
// way, a component and a dynamic-zone component with a relation, media), a kernel per describe
// block with the plugin enabled, and a test plugin that records document events and authorize
// requests and denies the permission actions a request names in its x-deny header.

import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { definePlugin, type Kernel, type KernelConfigInput, type Plugin } from '../../../core/index.js';
import type { StartOptions, TestKernel } from '../../helpers/kernel.js';
import { useKernel as useSuiteKernel } from '../../helpers/suite.js';
export { action, create, expectFieldError, expectStatus, fresh, list, qstring, readOne, update } from '../../helpers/suite.js';

export const FIXTURES = fileURLToPath(new URL('./content-types/', import.meta.url));

export const ARTICLE = 'api::article.article';
export const TAG = 'api::tag.tag';
export const WRITER = 'api::writer.writer';
export const HOMEPAGE = 'api::homepage.homepage';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are arbitrary JSON here
export type Json = Record<string, any>;

/** The app's own config/api.ts has strictParams on; the tests run that way unless they say otherwise. */
export function dpConfig(extra: KernelConfigInput = {}): KernelConfigInput {
  return {
    ...extra,
    api: { ...(extra.api ?? {}), rest: { strictParams: true, ...(extra.api?.rest ?? {}) } },
    plugins: { 'draft-and-publish': { enabled: true }, ...(extra.plugins ?? {}) },
  };
}

export interface Recorded {
  events: Array<{ action: string; uid: string; documentId: string; rowsVisible: number; publishedVisible: number }>;
  authorize: string[];
}

/**
 * A test plugin: records every documentEvent (with how many rows of the document, and how many
 * published rows, a connection outside the write's transaction sees at that moment, which proves
 * the event fires after commit) and every authorize request's action; denies the permission
 * actions (the part after the last dot: readDraft, publish, ...) listed in the x-deny header.
 */
export function recorder(): { plugin: Plugin; recorded: Recorded; attach(app: TestKernel): void } {
  const recorded: Recorded = { events: [], authorize: [] };
  // The kernel's own database handle (a plugin gets none), once the test has it
  let bound: Kernel | undefined;
  const plugin = definePlugin({
    name: 'dp-test-recorder',
    register(kernel) {
      kernel.hooks.documentEvent.tapPromise('dp-test-recorder', async (event) => {
        if (!bound) return; // start-up's own writes (the locales)
        const table = kernel.registry.contentType(event.uid).collectionName;
        const rows = await bound.db(table).where('document_id', event.documentId).select('published_at') as Array<{ published_at: unknown }>;
        recorded.events.push({
          action: event.action, uid: event.uid, documentId: event.documentId,
          rowsVisible: rows.length, publishedVisible: rows.filter((r) => r.published_at !== null).length,
        });
      });
      // An identified caller: a refusal is then a 403, not a 401
      // The actions to refuse travel in the credentials: authorize sees no request
      kernel.hooks.authenticate.tapPromise('dp-test-recorder', async (request) => ({
        strategy: 'dp-test', credentials: { name: 'tester', deny: request.get('x-deny').split(',').map((s) => s.trim()).filter(Boolean) },
      }));
      kernel.hooks.authorize.tapPromise('dp-test-recorder', async ({ action, auth }) => {
        recorded.authorize.push(action);
        const { deny } = auth?.credentials as { deny: string[] };
        const permission = action.slice(action.lastIndexOf('.') + 1);
        return deny.includes(permission) ? { allowed: false, reason: 'denied by test' } : { allowed: true };
      });
    },
  });
  return {
    plugin, recorded,
    attach: (app) => { bound = app.kernel; },
  };
}

/** Starts one kernel on the fixture app, with the plugin, for the enclosing describe block. */
export function useKernel(opts: StartOptions & { extraConfig?: KernelConfigInput } = {}): () => TestKernel {
  const { extraConfig, ...rest } = opts;
  return useSuiteKernel({ contentTypesDir: FIXTURES, config: dpConfig(extraConfig), ...rest });
}









/** The rows a table holds for a document, straight from the database: id and published_at. */
export async function rowsOf(app: TestKernel, table: string, documentId: string): Promise<Array<{ id: number; published: boolean }>> {
  const rows = await app.kernel.db(table).where('document_id', documentId).orderBy('id').select('id', 'published_at') as Json[];
  return rows.map((r) => ({ id: Number(r.id), published: r.published_at !== null }));
}

export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;


/** documentIds of a populated to-many relation, sorted (order is not what these tests are about). */
export const ids = (docs: Json[] | null | undefined): string[] => (docs ?? []).map((d) => d.documentId as string).sort();

// ------------------------------------------------------------------------------------- media

/** Inserts a row into the files table (there is no upload plugin) and returns its id. */
export async function insertFile(app: TestKernel, name: string): Promise<number> {
  const documentId = `f${randomBytes(11).toString('hex').slice(0, 23)}`;
  const time = app.kernel.dialect === 'mysql' ? '2024-05-01 12:00:00.000' : '2024-05-01T12:00:00.000Z';
  await app.kernel.db('files').insert({
    document_id: documentId, name, mime: 'image/png', url: `/uploads/${name}`, ext: '.png',
    hash: `hash_${documentId}`, size: 1.5, provider: 'local', created_at: time, updated_at: time,
  });
  const row = await app.kernel.db('files').where({ document_id: documentId }).first('id') as { id: number | string };
  return Number(row.id);
}
