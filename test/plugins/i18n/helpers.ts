// Shared by the i18n tests: the fixture app in ./content-types, a kernel per describe block with
// the i18n plugin (locales en, fr "Français", de; default en), optionally with draft-and-publish,
// and small REST helpers.
//
// Fixture app:
// - notes (loc_notes): localized, draftAndPublish; title required, code unique, body, seo
//   (component), tags (-> tag, localized), editor (-> writer, not localized); summary and rank are
//   shared (pluginOptions.i18n.localized: false) scalars.
// - articles (loc_articles): localized, draftAndPublish; title, body, seo, tags localized; sku
//   (scalar), specs (component) and writer (relation) shared.
// - tags (loc_tags): localized, no draft-and-publish; name, color (shared).
// - writers (loc_writers): not localized.
// - homepage (loc_homepages): a localized single type; headline, theme (shared).

import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import type { KernelConfigInput } from '../../../core/index.js';
import type { StartOptions, TestKernel, TestResponse } from '../../helpers/kernel.js';
import { useKernel as useSuiteKernel } from '../../helpers/suite.js';
export { action, create, expectFieldError, expectStatus, fresh, list, qstring, readOne, update } from '../../helpers/suite.js';
import { create, expectStatus, qstring, update } from '../../helpers/suite.js';

export const FIXTURES = fileURLToPath(new URL('./content-types/', import.meta.url));

export const NOTE = 'api::note.note';
export const ARTICLE = 'api::article.article';
export const TAG = 'api::tag.tag';
export const WRITER = 'api::writer.writer';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are arbitrary JSON here
export type Json = Record<string, any>;

export const LOCALES_CONFIG = { locales: ['en', { code: 'fr', name: 'Français' }, 'de'], defaultLocale: 'en' };

/** The app's config/api.ts has strictParams on; these tests run that way too. */
export function i18nConfig(opts: { dp?: boolean; i18n?: Record<string, unknown> | false; extra?: KernelConfigInput } = {}): KernelConfigInput {
  const plugins: Record<string, unknown> = {};
  if (opts.i18n !== false) plugins.i18n = { enabled: true, config: opts.i18n ?? LOCALES_CONFIG };
  if (opts.dp) plugins['draft-and-publish'] = { enabled: true };
  const extra = opts.extra ?? {};
  return {
    ...extra,
    api: { ...(extra.api ?? {}), rest: { strictParams: true, ...(extra.api?.rest ?? {}) } },
    plugins: { ...plugins, ...(extra.plugins ?? {}) } as KernelConfigInput['plugins'],
  };
}

/** Starts one kernel on the fixture app for the enclosing describe block. */
export function useKernel(opts: { dp?: boolean; i18n?: Record<string, unknown> | false; start?: StartOptions } = {}): () => TestKernel {
  return useSuiteKernel({ contentTypesDir: FIXTURES, config: i18nConfig(opts), ...(opts.start ?? {}) });
}








/** POST /api/<api>/<documentId>/actions/<action>. */

/**
 * Adds a locale version to an existing document through the document service (as the plugin
 * itself does), for tests whose subject is not the REST "PUT creates a locale" path.
 */
export async function addVersion(app: TestKernel, uid: string, documentId: string, locale: string, data: Json, status?: 'draft' | 'published'): Promise<Json> {
  // With draft-and-publish, published unless asked otherwise (as REST writes are)
  const dp = app.kernel.documents(uid).hasAction('publish');
  const chosen = status ?? (dp ? 'published' : undefined);
  return app.kernel.documents(uid).create({ documentId, locale, data, ...(chosen ? { status: chosen } : {}) });
}

/** The suites that run both ways: the i18n plugin alone, and with draft-and-publish. */
export const MODES = [
  { title: 'i18n alone', dp: false },
  { title: 'i18n + draft-and-publish', dp: true },
] as const;

/**
 * Query params that read the version a shared-field sync writes in the *other* locales: with
 * draft-and-publish, their drafts (their published versions change when they are published).
 */
export const syncedRead = (dp: boolean): Json => (dp ? { status: 'draft' } : {});

/** The rows a table holds for a document, straight from the database: locale and published. */
export async function rowsOf(app: TestKernel, table: string, documentId: string, dp = true): Promise<Array<{ id: number; locale: string; published?: boolean }>> {
  const cols = dp ? ['id', 'locale', 'published_at'] : ['id', 'locale'];
  const rows = await app.kernel.db(table).where('document_id', documentId).orderBy('id').select(cols) as Json[];
  return rows.map((r) => ({ id: Number(r.id), locale: String(r.locale), ...(dp ? { published: r.published_at !== null } : {}) }));
}

/** "locale/status" of each row, sorted: ['en/draft', 'en/published', 'fr/draft']. */
export async function versionsOf(app: TestKernel, table: string, documentId: string): Promise<string[]> {
  const rows = await rowsOf(app, table, documentId, true);
  return rows.map((r) => `${r.locale}/${r.published ? 'published' : 'draft'}`).sort();
}

/** The locales a document has rows in (each once, whatever the statuses), sorted. */
export async function localesOf(app: TestKernel, table: string, documentId: string): Promise<string[]> {
  return [...new Set((await rowsOf(app, table, documentId, false)).map((r) => r.locale))].sort();
}

export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A 400 ValidationError; with `path`, details.errors has an entry there. */
export function expectValidation(res: TestResponse, path?: string[], message?: RegExp): Json {
  expectStatus(res, 400);
  expect(res.body.data).to.equal(null);
  expect(res.body.error.name).to.equal('ValidationError');
  if (!path) {
    if (message) expect(res.body.error.message).to.match(message);
    return res.body.error;
  }
  const errors = res.body.error.details?.errors as Json[] | undefined;
  expect(errors, res.text).to.be.an('array').that.is.not.empty;
  const entry = errors!.find((e) => JSON.stringify(e.path) === JSON.stringify(path));
  expect(entry, `no error at ${JSON.stringify(path)} in ${res.text}`).to.not.equal(undefined);
  if (message) expect(entry!.message).to.match(message);
  return entry!;
}

/** documentIds of a populated to-many relation, sorted. */
export const ids = (docs: Json[] | null | undefined): string[] => (docs ?? []).map((d) => d.documentId as string).sort();

/** A tag in en and fr (names "<name> (en)" / "<name> (fr)"). */
export async function tagIn(app: TestKernel, name: string, locales: string[] = ['en', 'fr']): Promise<string> {
  const [first, ...rest] = locales;
  const tag = await create(app, 'tags', { name: `${name} (${first})` }, { locale: first });
  for (const locale of rest) await update(app, 'tags', tag.documentId, { name: `${name} (${locale})` }, { locale });
  return tag.documentId as string;
}
