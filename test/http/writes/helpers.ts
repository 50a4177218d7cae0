// Shared by the write-path tests: the fixture app in ./content-types (every relation kind, one-way
// and two-way, components with relations, media and nested components, a dynamic zone), a kernel
// per describe block, short request helpers and database snapshots to prove a failed write left
// nothing behind.

import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { StartOptions, TestKernel } from '../../helpers/kernel.js';
import { useKernel as useSuiteKernel } from '../../helpers/suite.js';
export { expectFieldError, qstring, unique } from '../../helpers/suite.js';
import { qstring, unique } from '../../helpers/suite.js';

export const FIXTURES = fileURLToPath(new URL('./content-types/', import.meta.url));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are arbitrary JSON here
export type Json = Record<string, any>;

export type Api = 'posts' | 'tags' | 'topics' | 'badges' | 'notes' | 'labels';

/** Every table of the fixture app, so a snapshot covers all rows a write could touch. */
export const TABLES = [
  'wr_posts', 'wr_tags', 'wr_topics', 'wr_badges', 'wr_notes', 'wr_labels',
  'wr_posts_topic_lnk', 'wr_posts_badge_lnk', 'wr_posts_notes_lnk', 'wr_posts_labels_lnk',
  'wr_posts_main_tag_lnk', 'wr_posts_pinned_tags_lnk', 'wr_posts_primary_tag_lnk', 'wr_posts_tags_lnk',
  'wr_posts_cmps',
  'wr_cmp_heroes', 'wr_cmp_heroes_tags_lnk', 'wr_cmp_heroes_cmps',
  'wr_cmp_ctas', 'wr_cmp_ctas_target_lnk',
  'wr_cmp_sections', 'wr_cmp_sections_tags_lnk', 'wr_cmp_sections_cmps',
  'wr_cmp_items', 'wr_cmp_items_tag_lnk',
  'wr_cmp_steps', 'wr_cmp_quotes', 'wr_cmp_figures',
  'files', 'files_related_mph',
] as const;
export type Table = typeof TABLES[number];



/** The smallest valid body of each collection. */
export function baseData(api: Api): Json {
  return api === 'posts' ? { title: `Post ${unique()}` } : { name: `${api} ${unique()}` };
}

export async function create(app: TestKernel, api: Api, data: Json = {}, query: Json = {}): Promise<Json> {
  const res = await app.post(`/api/${api}${qstring(query)}`, { data: { ...baseData(api), ...data } });
  expect(res.status, res.text).to.equal(201);
  return res.body.data;
}

export async function update(app: TestKernel, api: Api, documentId: string, data: Json, query: Json = {}): Promise<Json> {
  const res = await app.put(`/api/${api}/${documentId}${qstring(query)}`, { data });
  expect(res.status, res.text).to.equal(200);
  return res.body.data;
}

/** documentIds as `many` returns them: destructure only as many as were created. */
export type Ids = [string, string, string, string, string, string, string, string, ...string[]];

/** Creates n documents of a collection and returns their documentIds in creation order. */
export async function many(app: TestKernel, api: Api, n: number): Promise<Ids> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push((await create(app, api)).documentId);
  return out as Ids;
}


export async function read(app: TestKernel, api: Api, documentId: string, query: Json = {}): Promise<Json> {
  const res = await app.get(`/api/${api}/${documentId}${qstring(query)}`);
  expect(res.status, res.text).to.equal(200);
  return res.body.data;
}

/** The documentIds of a populated relation, in the order returned (to-one: the documentId or null). */
export async function related(app: TestKernel, api: Api, documentId: string, field: string): Promise<string[] | string | null> {
  const doc = await read(app, api, documentId, { populate: [field] });
  expect(doc, JSON.stringify(doc)).to.have.property(field);
  const value = doc[field] as Json | Json[] | null;
  if (value === null) return null;
  return Array.isArray(value) ? value.map((d) => d.documentId as string) : value.documentId as string;
}


/** One kernel on the fixture app for the enclosing describe block. */
export const useKernel = (opts: StartOptions = {}): (() => TestKernel) => useSuiteKernel({ contentTypesDir: FIXTURES, ...opts });

// ------------------------------------------------------------------------------ database state

/** Row count of every fixture table, through app.kernel.db(<table>).count(). */
export async function counts(app: TestKernel): Promise<Record<Table, number>> {
  const out = {} as Record<Table, number>;
  for (const table of TABLES) out[table] = await count(app, table);
  return out;
}

export async function count(app: TestKernel, table: Table): Promise<number> {
  const row = await app.kernel.db(table).count({ n: '*' }).first() as { n: number | string };
  return Number(row.n);
}

/** Every row of every fixture table (ids and values), to compare before and after a failed write. */
export async function dump(app: TestKernel): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = await app.kernel.db(table).select('*').orderBy('id') as Json[];
    out[table] = rows.map((r) => JSON.parse(JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as unknown);
  }
  return out;
}

export interface DbSnapshot { counts: Record<Table, number>; rows: Record<string, unknown[]> }

export async function snapshot(app: TestKernel): Promise<DbSnapshot> {
  return { counts: await counts(app), rows: await dump(app) };
}

/** The database equals `before`: same row counts in every table and the same rows, column by column. */
export async function expectUnchanged(app: TestKernel, before: DbSnapshot): Promise<void> {
  const after = await snapshot(app);
  expect(after.counts, 'row counts changed').to.deep.equal(before.counts);
  for (const table of TABLES) expect(after.rows[table], `rows of ${table} changed`).to.deep.equal(before.rows[table]);
}

/** Link rows of a document's owning-side relation table, as target documentIds in `ord` order. */
export async function linkTargets(app: TestKernel, table: Table, sourceId: number): Promise<string[]> {
  const rows = await app.kernel.db(table).where('source_id', sourceId).orderBy('ord').orderBy('id').select('target_document_id') as Json[];
  return rows.map((r) => r.target_document_id as string);
}

/** The row id of a document (these collections have one row per document). */
export async function rowId(app: TestKernel, collection: Table, documentId: string): Promise<number> {
  const row = await app.kernel.db(collection).where('document_id', documentId).first('id') as Json | undefined;
  expect(row, `no row for ${documentId} in ${collection}`).to.not.equal(undefined);
  return Number(row!.id);
}

// ------------------------------------------------------------------------------------- media

const FILE_TIME = '2024-05-01T12:00:00.000Z';
export { FILE_TIME };

export const MEDIA_KEYS = [
  'id', 'documentId', 'name', 'alternativeText', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime',
  'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt',
];

export interface FileRef { id: number; documentId: string; name: string; mime: string; ext: string }

/** Inserts a row into the files table (there is no upload plugin here) and returns its id. */
export async function insertFile(app: TestKernel, file: { name: string; mime: string; ext: string }): Promise<FileRef> {
  const documentId = randomBytes(12).toString('hex');
  const time = app.kernel.dialect === 'mysql' ? FILE_TIME.slice(0, 23).replace('T', ' ') : FILE_TIME;
  await app.kernel.db('files').insert({
    document_id: documentId, name: file.name, mime: file.mime, url: `/uploads/${file.name}`, ext: file.ext,
    hash: `hash_${documentId}`, size: 1.5, provider: 'local', created_at: time, updated_at: time,
  });
  const row = await app.kernel.db('files').where({ document_id: documentId }).first('id') as { id: number | string };
  return { id: Number(row.id), documentId, ...file };
}

/** The spec's media object for a file inserted by insertFile. */
export function mediaObject(file: FileRef): Json {
  return {
    id: file.id, documentId: file.documentId, name: file.name, alternativeText: null, caption: null,
    width: null, height: null, formats: null, hash: `hash_${file.documentId}`, ext: file.ext, mime: file.mime,
    size: 1.5, url: `/uploads/${file.name}`, previewUrl: null, provider: 'local', provider_metadata: null,
    createdAt: FILE_TIME, updatedAt: FILE_TIME,
  };
}
