// The media library for administrators over HTTP: Strapi's admin routes /upload/files and /upload
// over the upload plugin's operations, guarded by the admin permissions plugin::upload.read,
// assets.create and assets.update; the content API's credentials do not reach them.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import type { TestKernel, TestResponse } from '../../helpers/kernel.js';
import { expectStatus, fresh, useKernel, type Json } from '../../helpers/suite.js';
import { adminOptions, as, login, PASSWORD, registerFirstAdmin, type Session } from './helpers.js';
import { adminWith } from './settings-helpers.js';

const appDir = mkdtempSync(join(tmpdir(), 'strata-admin-upload-'));

function withUpload() {
  const options = adminOptions();
  const plugins = (options.config!.plugins ?? {}) as Record<string, unknown>;
  return { ...options, appDir, config: { ...options.config, plugins: { ...plugins, upload: { enabled: true } } } };
}

/** A multipart upload to the admin route, with these credentials. */
async function upload(app: TestKernel, headers: Record<string, string>, files: Array<{ name: string; bytes: Uint8Array; type: string }>): Promise<TestResponse> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([f.bytes], { type: f.type }), f.name);
  const res = await fetch(`${app.url}/upload`, { method: 'POST', body: form, headers });
  const text = await res.text();
  let body: unknown = null;
  try { body = JSON.parse(text); } catch { body = text; }
  return { status: res.status, headers: res.headers, body, text } as TestResponse;
}

const png = async (r: number, width = 40, height = 30) => new Uint8Array(await sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 30 } } }).png().toBuffer());
const bearer = (s: { token: string }) => ({ authorization: `Bearer ${s.token}` });

/** An administrator holding one of the seeded roles (Author, Editor). */
async function adminOfRole(app: TestKernel, code: string): Promise<Session> {
  const role = await app.kernel.documents('admin::role').findFirst({ filters: { code: { $eq: code } } });
  const email = `${fresh('role').replace(/\W+/g, '-')}@example.com`;
  await app.kernel.documents('admin::user').create({ data: { email, password: PASSWORD, firstname: 'Ann', lastname: 'Author', isActive: true, roles: [role!.documentId] } });
  return login(app, email);
}

function expectError(res: TestResponse, status: number, name: string): void {
  expect(res.status, res.text).to.equal(status);
  expect(res.body).to.have.keys('data', 'error');
  expect(res.body.data).to.equal(null);
  expect(res.body.error).to.include({ status, name });
}

describe('admin: the media library routes', function () {
  this.timeout(30_000);
  const app = useKernel(withUpload);
  let root: Session;
  before(async () => { root = await registerFirstAdmin(app()); });
  after(() => rmSync(appDir, { recursive: true, force: true }));

  it('lets a super admin upload, list a page, search, read and delete files', async () => {
    const admin = as(app(), root);
    const stored = await upload(app(), bearer(root), [
      { name: 'harbour.png', bytes: await png(10, 400, 300), type: 'image/png' },
      { name: 'notes.txt', bytes: new TextEncoder().encode('Plain words.\n'), type: 'text/plain' },
    ]);
    expectStatus(stored, 201);
    expect((stored.body as Json[]).map((f) => [f.name, f.mime])).to.deep.equal([['harbour.png', 'image/png'], ['notes.txt', 'text/plain']]);
    const [picture, text] = stored.body as Json[];
    expect(picture!.url).to.match(/^\/uploads\/harbour_[0-9a-f]{10}\.png$/);
    expect(picture!.formats.thumbnail.url).to.be.a('string');

    const listed = await admin.get('/upload/files?page=1&pageSize=1');
    expectStatus(listed, 200);
    expect(listed.body.pagination).to.deep.equal({ page: 1, pageSize: 1, pageCount: 2, total: 2 });
    // Newest first
    expect(listed.body.results.map((f: Json) => f.name)).to.deep.equal(['notes.txt']);
    const searched = await admin.get('/upload/files?_q=HARB');
    expectStatus(searched, 200);
    expect(searched.body.results.map((f: Json) => f.name)).to.deep.equal(['harbour.png']);
    const filtered = await admin.get('/upload/files?filters[mime][$startsWith]=image/&sort=name:asc');
    expect(filtered.body.results.map((f: Json) => f.name)).to.deep.equal(['harbour.png']);

    const one = await admin.get(`/upload/files/${picture!.id}`);
    expectStatus(one, 200);
    expect(one.body).to.include({ id: picture!.id, name: 'harbour.png', width: 400, height: 300 });
    expectStatus(await admin.get(`/upload/files/${picture!.documentId}`), 200);

    const deleted = await admin.del(`/upload/files/${text!.id}`);
    expectStatus(deleted, 200);
    expect(deleted.body).to.include({ id: text!.id, name: 'notes.txt' });
    expectError(await admin.get(`/upload/files/${text!.id}`), 404, 'NotFoundError');
    expectError(await admin.del(`/upload/files/${text!.id}`), 404, 'NotFoundError');
    expect((await admin.get('/upload/files')).body.pagination.total).to.equal(1);
  });

  it('lets an Author upload and list, not delete', async () => {
    const author = await adminOfRole(app(), 'strapi-author');
    const stored = await upload(app(), bearer(author), [{ name: 'by-author.png', bytes: await png(200), type: 'image/png' }]);
    expectStatus(stored, 201);
    const listed = await as(app(), author).get('/upload/files?_q=by-author');
    expectStatus(listed, 200);
    expect(listed.body.results.map((f: Json) => f.name)).to.deep.equal(['by-author.png']);
    expectError(await as(app(), author).del(`/upload/files/${(stored.body as Json[])[0]!.id}`), 403, 'ForbiddenError');
    // An Editor may
    const editor = await adminOfRole(app(), 'strapi-editor');
    expectStatus(await as(app(), editor).del(`/upload/files/${(stored.body as Json[])[0]!.id}`), 200);
  });

  it('refuses an administrator without the permission (403)', async () => {
    const nobody = await adminWith(app(), ['admin::users.read']);
    expectError(await as(app(), nobody).get('/upload/files'), 403, 'ForbiddenError');
    expectError(await as(app(), nobody).get('/upload/files/1'), 403, 'ForbiddenError');
    expectError(await upload(app(), bearer(nobody), [{ name: 'x.png', bytes: await png(1), type: 'image/png' }]), 403, 'ForbiddenError');
    expectError(await as(app(), nobody).del('/upload/files/1'), 403, 'ForbiddenError');
    // Reading alone does not upload
    const reader = await adminWith(app(), ['plugin::upload.read']);
    expectStatus(await as(app(), reader).get('/upload/files'), 200);
    expectError(await upload(app(), bearer(reader), [{ name: 'x.png', bytes: await png(1), type: 'image/png' }]), 403, 'ForbiddenError');
  });

  it('refuses the content API\'s credentials and anonymous callers (401)', async () => {
    const name = fresh('reader').replace(/\W+/g, '');
    const user = await app().post('/api/auth/local/register', { username: name, email: `${name}@example.com`, password: 'reader-password' });
    expectStatus(user, 200);
    const { secret } = await app().kernel.apiTokens.create({ name: fresh('full'), type: 'full-access' });
    for (const headers of [{}, { authorization: `Bearer ${user.body.jwt as string}` }, { authorization: `Bearer ${secret}` }] as Array<Record<string, string>>) {
      expectError(await app().request('GET', '/upload/files', undefined, headers), 401, 'UnauthorizedError');
      expectError(await app().request('GET', '/upload/files/1', undefined, headers), 401, 'UnauthorizedError');
      expectError(await app().request('DELETE', '/upload/files/1', undefined, headers), 401, 'UnauthorizedError');
      expectError(await upload(app(), headers, [{ name: 'x.png', bytes: await png(1), type: 'image/png' }]), 401, 'UnauthorizedError');
    }
    // The content API's own routes still take them
    expectStatus(await app().request('GET', '/api/upload/files', undefined, { authorization: `Bearer ${secret}` }), 200);
  });

  it('answers bad input with a 400 in the error envelope', async () => {
    const admin = as(app(), root);
    for (const query of ['page=0', 'page=abc', 'pageSize=-1', 'page[x]=1', '_q[a]=b', 'limit=5', 'populate=*']) {
      expectError(await admin.get(`/upload/files?${query}`), 400, 'ValidationError');
    }
    expectError(await admin.get('/upload/files?sort=nope:asc'), 400, 'ValidationError');
    expectError(await admin.get('/upload/files?filters[nope][$eq]=1'), 400, 'ValidationError');
    expectError(await admin.get('/upload/files/..%2Fetc'), 400, 'ValidationError');
    // No file, an empty file, no multipart at all
    const empty = new FormData();
    empty.append('fileInfo', '{}');
    const none = await fetch(`${app().url}/upload`, { method: 'POST', body: empty, headers: bearer(root) });
    expectError({ status: none.status, body: await none.json(), text: '', headers: none.headers }, 400, 'ValidationError');
    expectError(await upload(app(), bearer(root), [{ name: 'empty.png', bytes: new Uint8Array(0), type: 'image/png' }]), 400, 'ValidationError');
    expectError(await admin.post('/upload', { files: 'nope' }), 400, 'ValidationError');
    // A page beyond the last is empty, not an error; a page size is capped
    const far = await admin.get('/upload/files?page=99&pageSize=1000');
    expectStatus(far, 200);
    expect(far.body.results).to.deep.equal([]);
    expect(far.body.pagination.pageSize).to.equal(100);
  });
});
