// Helpers shared by the HTTP suites: one kernel per describe block, query strings built the way
// clients build them, and assertions on Strapi's error envelope.

import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import qs from 'qs';
import { startKernel, type StartOptions, type TestKernel, type TestResponse } from './kernel.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are arbitrary JSON in tests
export type Json = Record<string, any>;

/** Starts one kernel for the enclosing describe block; call the returned getter inside tests. */
export function useKernel(opts: StartOptions | (() => StartOptions) = {}): () => TestKernel {
  let app: TestKernel | undefined;
  before(async function () {
    this.timeout(120_000);
    app = await startKernel(typeof opts === 'function' ? opts() : opts);
  });
  after(async () => { if (app) await app.stop(); });
  return () => {
    if (!app) throw new Error('kernel not started');
    return app;
  };
}

/** `?` plus the query as qs.stringify builds it for Strapi clients; '' for none. */
export function qstring(query: Json | string | undefined): string {
  if (query === undefined) return '';
  const s = typeof query === 'string' ? query : qs.stringify(query, { encodeValuesOnly: true });
  return s ? `?${s}` : '';
}

let counter = 0;
/** A number no other test in this process uses. */
export const unique = (): number => ++counter;
/** A value no other test uses (titles, names, unique codes). */
export const fresh = (prefix: string): string => `${prefix} ${unique()}-${randomBytes(2).toString('hex')}`;

export function expectStatus(res: TestResponse, status: number, what = ''): void {
  expect(res.status, `${what} -> ${res.text}`.trim()).to.equal(status);
}

/** A 400 ValidationError in Strapi's envelope whose details.errors has an entry at `path`. */
export function expectFieldError(res: TestResponse, path: string[], message?: string | RegExp): Json {
  expect(res.status, res.text).to.equal(400);
  expect(res.body.data, res.text).to.equal(null);
  expect(res.body.error.status).to.equal(400);
  expect(res.body.error.name).to.equal('ValidationError');
  const errors = res.body.error.details?.errors as Json[] | undefined;
  expect(errors, res.text).to.be.an('array').that.is.not.empty;
  const entry = errors!.find((e) => JSON.stringify(e.path) === JSON.stringify(path));
  expect(entry, `no error at ${JSON.stringify(path)} in ${res.text}`).to.not.equal(undefined);
  expect(entry!.name).to.equal('ValidationError');
  if (typeof message === 'string') expect(entry!.message).to.equal(message);
  else if (message) expect(entry!.message).to.match(message);
  return entry!;
}

// ---------------------------------------------------------------- REST calls that must succeed

export async function create(app: TestKernel, api: string, data: Json, query?: Json | string): Promise<Json> {
  const res = await app.post(`/api/${api}${qstring(query)}`, { data });
  expectStatus(res, 201, `POST /api/${api}${qstring(query)}`);
  return res.body.data;
}

export async function update(app: TestKernel, api: string, documentId: string, data: Json, query?: Json | string): Promise<Json> {
  const res = await app.put(`/api/${api}/${documentId}${qstring(query)}`, { data });
  expectStatus(res, 200, `PUT /api/${api}/${documentId}${qstring(query)}`);
  return res.body.data;
}

/** GET one document; null on 404 (anything else must be 200). */
export async function readOne(app: TestKernel, api: string, documentId: string, query?: Json | string): Promise<Json | null> {
  const res = await app.get(`/api/${api}/${documentId}${qstring(query)}`);
  if (res.status === 404) return null;
  expectStatus(res, 200, `GET /api/${api}/${documentId}${qstring(query)}`);
  return res.body.data;
}

export async function list(app: TestKernel, api: string, query?: Json | string): Promise<{ data: Json[]; total: number }> {
  const res = await app.get(`/api/${api}${qstring(query)}`);
  expectStatus(res, 200, `GET /api/${api}${qstring(query)}`);
  return { data: res.body.data, total: res.body.meta.pagination.total };
}

/** POST /api/<api>/<documentId>/actions/<action> (draft-and-publish, collection types). */
export function action(app: TestKernel, api: string, documentId: string, name: 'publish' | 'unpublish' | 'discard-draft', query?: Json | string, headers: Record<string, string> = {}): Promise<TestResponse> {
  return app.request('POST', `/api/${api}/${documentId}/actions/${name}${qstring(query)}`, undefined, headers);
}
