// The media library's folders over HTTP (Strapi 5's admin routes): create, read, rename, move
// (the paths of everything below rewritten), delete with what they hold (the stored files too),
// the structure, bulk move and delete, files uploaded into a folder and listed by folder, a file's
// info changed and its bytes replaced through the admin route, where files are used (media fields,
// components, dynamic zones, image blocks), folders created at once; guarded by
// plugin::upload.read, assets.create and assets.update.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { createTestDatabase } from '../../helpers/database.js';
import { startKernel, type TestKernel, type TestResponse } from '../../helpers/kernel.js';
import { fullScans, recordStatements } from '../../helpers/query-plans.js';
import { expectStatus, fresh, useKernel, type Json } from '../../helpers/suite.js';
import { adminOptions, as, login, PASSWORD, registerFirstAdmin, type Session } from './helpers.js';
import { adminWith } from './settings-helpers.js';

const appDir = mkdtempSync(join(tmpdir(), 'strata-admin-folders-'));

function withUpload() {
  const options = adminOptions();
  const plugins = (options.config!.plugins ?? {}) as Record<string, unknown>;
  return { ...options, appDir, config: { ...options.config, plugins: { ...plugins, upload: { enabled: true } } } };
}

const png = async (r: number) => new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 90, b: 30 } } }).png().toBuffer());
const bearer = (s: { token: string }) => ({ authorization: `Bearer ${s.token}` });

/** A multipart request to the admin's POST /upload (query: ?id=). */
async function upload(app: TestKernel, session: { token: string }, files: Array<{ name: string; bytes: Uint8Array; type: string }>, fileInfo?: unknown, query = ''): Promise<TestResponse> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([f.bytes], { type: f.type }), f.name);
  if (fileInfo !== undefined) form.append('fileInfo', JSON.stringify(fileInfo));
  const res = await fetch(`${app.url}/upload${query}`, { method: 'POST', body: form, headers: bearer(session) });
  const text = await res.text();
  let body: unknown = null;
  try { body = JSON.parse(text); } catch { body = text; }
  return { status: res.status, headers: res.headers, body, text } as TestResponse;
}

function expectError(res: TestResponse, status: number, name: string, message?: RegExp): void {
  expect(res.status, res.text).to.equal(status);
  expect(res.body.data).to.equal(null);
  expect(res.body.error).to.include({ status, name });
  if (message) expect(JSON.stringify(res.body.error)).to.match(message);
}

const stored = (url: string) => join(appDir, 'public', url);

describe('admin: media library folders', function () {
  this.timeout(60_000);
  const app = useKernel(withUpload);
  let root: Session;
  before(async () => { root = await registerFirstAdmin(app()); });
  after(() => rmSync(appDir, { recursive: true, force: true }));

  const admin = () => as(app(), root);
  const folder = async (name: string, parent: number | null = null): Promise<Json> => {
    const res = await admin().post('/upload/folders', { name, parent });
    expectStatus(res, 201);
    return res.body.data as Json;
  };

  it('creates folders, reads them with their counts and parents, and the structure', async () => {
    const photos = await folder('Photos');
    expect(photos).to.include({ name: 'Photos', path: `/${photos.pathId as number}` });
    expect(photos.children).to.deep.equal({ count: 0 });
    expect(photos.files).to.deep.equal({ count: 0 });
    expect(photos.parent).to.equal(null);
    const trips = await folder('Trips', photos.id);
    expect(trips.path).to.equal(`${photos.path as string}/${trips.pathId as number}`);
    const porto = await folder('Porto', trips.id);

    const one = await admin().get(`/upload/folders/${porto.id as number}`);
    expectStatus(one, 200);
    expect(one.body.data.parent).to.include({ id: trips.id, name: 'Trips' });
    expect(one.body.data.parent.parent).to.include({ id: photos.id, name: 'Photos' });
    expect(one.body.data.parent.parent.parent).to.equal(null);

    const listed = await admin().get(`/upload/folders?filters[parent][id]=${photos.id as number}`);
    expectStatus(listed, 200);
    expect(listed.body.data.map((f: Json) => [f.name, f.children.count])).to.deep.equal([['Trips', 1]]);

    const structure = await admin().get('/upload/folder-structure');
    expectStatus(structure, 200);
    const mine = (structure.body.data as Json[]).find((f) => f.id === photos.id)!;
    expect(mine).to.deep.equal({ id: photos.id, name: 'Photos', children: [{ id: trips.id, name: 'Trips', children: [{ id: porto.id, name: 'Porto', children: [] }] }] });
    expectError(await admin().get('/upload/folders/999999'), 404, 'NotFoundError');
  });

  it('refuses bad names, duplicates, unknown parents and keys (400)', async () => {
    const docs = await folder('Docs');
    expectError(await admin().post('/upload/folders', { name: 'Docs', parent: null }), 400, 'ValidationError', /already exists/);
    expectError(await admin().post('/upload/folders', { name: 'a/b' }), 400, 'ValidationError', /slashes/);
    expectError(await admin().post('/upload/folders', { name: ' padded' }), 400, 'ValidationError', /whitespace/);
    expectError(await admin().post('/upload/folders', { name: '' }), 400, 'ValidationError');
    expectError(await admin().post('/upload/folders', { name: 'x', parent: 999999 }), 400, 'ValidationError', /parent folder does not exist/);
    expectError(await admin().post('/upload/folders', { name: 'x', color: 'red' }), 400, 'ValidationError', /color/);
    // The same name in another folder is fine
    await folder('Docs', docs.id);
  });

  it('uploads into a folder, lists by folder, renames and moves a folder with what it holds', async () => {
    const a = await folder('Alpha');
    const b = await folder('Beta', a.id);
    const c = await folder('Gamma');
    const up = await upload(app(), root, [{ name: 'deep.png', bytes: await png(10), type: 'image/png' }], { folder: b.id, alternativeText: 'Deep' });
    expectStatus(up, 201);
    const file = (up.body as Json[])[0]!;
    const byPath = await admin().get(`/upload/files?filters[folderPath][$eq]=${encodeURIComponent(b.path as string)}`);
    expectStatus(byPath, 200);
    expect(byPath.body.results.map((f: Json) => f.name)).to.deep.equal(['deep.png']);
    expect(byPath.body.results[0]).to.include({ folderPath: b.path });
    expect(byPath.body.results[0].folder).to.include({ id: b.id, name: 'Beta' });
    const byId = await admin().get(`/upload/files?filters[folder][id]=${b.id as number}`);
    expect(byId.body.results.map((f: Json) => f.id)).to.deep.equal([file.id]);
    // The content API shows neither
    const api = await app().request('GET', `/api/upload/files/${file.id as number}`, undefined, { authorization: `Bearer ${(await app().kernel.apiTokens.create({ name: fresh('t'), type: 'full-access' })).secret}` });
    expect(api.body).to.not.have.any.keys('folder', 'folderPath');

    const renamed = await admin().put(`/upload/folders/${a.id as number}`, { name: 'Alpha 2' });
    expectStatus(renamed, 200);
    expect(renamed.body.data).to.include({ name: 'Alpha 2', path: a.path });

    // Alpha (with Beta and the file) goes into Gamma: every path below is rewritten
    const moved = await admin().put(`/upload/folders/${a.id as number}`, { parent: c.id });
    expectStatus(moved, 200);
    const newA = `${c.path as string}/${a.pathId as number}`;
    expect(moved.body.data).to.include({ path: newA, name: 'Alpha 2' });
    const beta = await admin().get(`/upload/folders/${b.id as number}`);
    expect(beta.body.data.path).to.equal(`${newA}/${b.pathId as number}`);
    const again = await admin().get(`/upload/files/${file.id as number}`);
    expect(again.body).to.include({ folderPath: `${newA}/${b.pathId as number}` });
    // Not into itself or below
    expectError(await admin().put(`/upload/folders/${a.id as number}`, { parent: b.id }), 400, 'ValidationError', /inside itself/);
    expectError(await admin().put('/upload/folders/999999', { name: 'nope' }), 404, 'NotFoundError');

    // Bulk move: the file to the root, Beta to the root
    const bulk = await admin().post('/upload/actions/bulk-move', { destinationFolderId: null, fileIds: [file.id], folderIds: [b.id] });
    expectStatus(bulk, 200);
    expect(bulk.body.data.files.map((f: Json) => [f.id, f.folderPath])).to.deep.equal([[file.id, '/']]);
    expect(bulk.body.data.folders.map((f: Json) => [f.id, f.path])).to.deep.equal([[b.id, `/${b.pathId as number}`]]);
    expectError(await admin().post('/upload/actions/bulk-move', { fileIds: [file.id] }), 400, 'ValidationError', /destinationFolderId/);
    expectError(await admin().post('/upload/actions/bulk-move', { destinationFolderId: b.id, folderIds: [b.id] }), 400, 'ValidationError', /inside themselves/);
  });

  it('changes a file\'s info and replaces its bytes through the admin route, keeping its id', async () => {
    const up = await upload(app(), root, [{ name: 'first.png', bytes: await png(20), type: 'image/png' }]);
    const file = (up.body as Json[])[0]!;
    const info = await upload(app(), root, [], { alternativeText: 'A red square', caption: 'Red' }, `?id=${file.id as number}`);
    expectStatus(info, 200);
    expect(info.body).to.include({ id: file.id, alternativeText: 'A red square', caption: 'Red', url: file.url });
    const replaced = await upload(app(), root, [{ name: 'second.png', bytes: await png(200), type: 'image/png' }], undefined, `?id=${file.id as number}`);
    expectStatus(replaced, 200);
    expect(replaced.body).to.include({ id: file.id, documentId: file.documentId, alternativeText: 'A red square' });
    expect(replaced.body.url).to.not.equal(file.url);
    expect(existsSync(stored(file.url as string))).to.equal(false);
    expect(existsSync(stored(replaced.body.url as string))).to.equal(true);
  });

  it('says where a file is used', async () => {
    const up = await upload(app(), root, [{ name: 'cover.png', bytes: await png(90), type: 'image/png' }]);
    const file = (up.body as Json[])[0]!;
    const created = await admin().post('/content-manager/collection-types/api::article.article?locale=en', { title: 'A harbour at dawn', cover: file.id });
    expectStatus(created, 201);
    const usage = await admin().get(`/upload/files/${file.id as number}/usage`);
    expectStatus(usage, 200);
    expect(usage.body.meta).to.deep.equal({ total: 1 });
    expect(usage.body.data).to.deep.equal([{ contentType: 'api::article.article', documentId: created.body.data.documentId, label: 'A harbour at dawn', locale: 'en', status: 'draft' }]);
    const unused = await upload(app(), root, [{ name: 'unused.png', bytes: await png(91), type: 'image/png' }]);
    expect((await admin().get(`/upload/files/${(unused.body as Json[])[0]!.id as number}/usage`)).body).to.deep.equal({ data: [], meta: { total: 0 } });
  });

  it('finds a file in a dynamic zone\'s component, a component\'s, and an image block (by url or id), with indexed reads', async () => {
    const stored: Json[] = [];
    for (const [i, name] of ['zone.png', 'block.png', 'by-id.png', 'seo.png', 'other.png'].entries()) {
      stored.push(((await upload(app(), root, [{ name, bytes: await png(100 + i), type: 'image/png' }])).body as Json[])[0]!);
    }
    const [zone, block, byId, seo, other] = stored as [Json, Json, Json, Json, Json];
    const image = (fields: Json) => ({ type: 'image', image: fields, children: [{ type: 'text', text: '' }] });
    const write = async (title: string, data: Json, locale = 'en') => {
      const res = await admin().post(`/content-manager/collection-types/api::article.article?locale=${locale}`, { title, ...data });
      expectStatus(res, 201);
      return res.body.data.documentId as string;
    };
    const inZone = await write('In a zone', { blocks: [{ __component: 'shared.quote', title: 'Q', body: 'q' }, { __component: 'shared.media', file: zone.id }] });
    // As the editor keeps it: the file's fields, its url, no id; another file's url in a link
    const inBlock = await write('In blocks', {
      content: [
        { type: 'paragraph', children: [{ type: 'link', url: other.url, children: [{ type: 'text', text: 'not an image' }] }] },
        image({ name: block.name, url: block.url, alternativeText: 'A block', width: 40, height: 30 }),
      ],
    }, 'fr');
    const withId = await write('An image block by id', { content: [image({ id: byId.id, url: 'https://elsewhere.example/x.png' })] });
    const inSeo = await write('In the SEO component', { seo: { metaTitle: 'Seo', shareImage: seo.id } });

    const usage = async (file: Json) => (await admin().get(`/upload/files/${file.id as number}/usage`)).body as Json;
    expect((await usage(zone)).data).to.deep.equal([{ contentType: 'api::article.article', documentId: inZone, label: 'In a zone', locale: 'en', status: 'draft' }]);
    expect((await usage(block)).data).to.deep.equal([{ contentType: 'api::article.article', documentId: inBlock, label: 'In blocks', locale: 'fr', status: 'draft' }]);
    expect((await usage(byId)).data.map((u: Json) => u.documentId)).to.deep.equal([withId]);
    expect((await usage(seo)).data.map((u: Json) => u.documentId)).to.deep.equal([inSeo]);
    // A link to a file is not an image block
    expect(await usage(other)).to.deep.equal({ data: [], meta: { total: 0 } });

    // Published too: a file the draft no longer holds is still used by the published version
    expectStatus(await admin().post(`/content-manager/collection-types/api::article.article/${inZone}/actions/publish?locale=en`), 200);
    expect((await usage(zone)).data.map((u: Json) => u.status), 'listed once while both versions hold it').to.deep.equal(['draft']);
    expectStatus(await admin().put(`/content-manager/collection-types/api::article.article/${inZone}?locale=en`, { blocks: [{ __component: 'shared.quote', title: 'Q', body: 'q' }] }), 200);
    expect((await usage(zone)).data.map((u: Json) => [u.documentId, u.status])).to.deep.equal([[inZone, 'published']]);
    // ... and the draft's entry again for what follows
    expectStatus(await admin().put(`/content-manager/collection-types/api::article.article/${inZone}?locale=en`, { blocks: [{ __component: 'shared.quote', title: 'Q', body: 'q' }, { __component: 'shared.media', file: zone.id }] }), 200);

    // A selection at once (the bulk delete's confirmation): each entry once
    const many = await admin().get(`/upload/usage?fileIds=${[zone, block, byId, seo, other].map((f) => f.id as number).join(',')}`);
    expectStatus(many, 200);
    expect(many.body.meta.total).to.equal(4);
    expect(many.body.data.map((u: Json) => u.documentId)).to.have.members([inZone, inBlock, withId, inSeo]);
    expectError(await admin().get('/upload/usage?fileIds=1,x'), 400, 'ValidationError', /fileIds/);
    expectError(await admin().get('/upload/usage'), 400, 'ValidationError', /fileIds/);
    expectError(await admin().get(`/upload/usage?fileIds=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`), 400, 'ValidationError');

    // Only the types the administrator may read
    const reader = await adminWith(app(), ['plugin::upload.read']);
    expect((await as(app(), reader).get(`/upload/files/${zone.id as number}/usage`)).body).to.deep.equal({ data: [], meta: { total: 0 } });
    // A role that reads some fields of articles: uses in the others are not listed (and no 400
    // for filtering on a field it may not read), nor is the label when the main field is hidden
    const tag = fresh('fields').replace(/\W+/g, '-').toLowerCase();
    const role = await app().kernel.documents('admin::role').create({ data: { name: `Role ${tag}`, code: `role-${tag}` } });
    await app().kernel.documents('admin::permission').createMany({
      data: [
        { action: 'plugin::upload.read', subject: null, properties: {}, conditions: [], actionParameters: {}, role: role.documentId },
        { action: 'plugin::content-manager.explorer.read', subject: 'api::article.article', properties: { fields: ['blocks', 'content'], locales: ['en', 'fr'] }, conditions: [], actionParameters: {}, role: role.documentId },
      ],
    });
    await app().kernel.documents('admin::user').create({ data: { email: `${tag}@example.com`, password: PASSWORD, firstname: 'F', lastname: tag, isActive: true, roles: [role.documentId] } });
    const narrow = as(app(), await login(app(), `${tag}@example.com`));
    const seen = await narrow.get(`/upload/usage?fileIds=${[zone, block, seo].map((f) => f.id as number).join(',')}`);
    expectStatus(seen, 200);
    expect(seen.body.data.map((u: Json) => u.documentId)).to.have.members([inZone, inBlock]);
    expect(seen.body.data.map((u: Json) => u.label), 'the title is not readable').to.not.include.members(['In a zone', 'In blocks']);

    // The media and dynamic zone reads go through indexes; only the blocks read is a scan
    const statements = await recordStatements(app(), () => usage(zone));
    const scans: string[] = [];
    for (const statement of statements.filter((st) => /files_related_mph/.test(st.sql) && !/json_each|@>|json_contains/i.test(st.sql))) {
      for (const table of await fullScans(app().kernel.db, statement)) scans.push(`${table} in ${statement.sql}`);
    }
    expect(statements.some((st) => /articles_cmps/.test(st.sql)), 'a dynamic zone read').to.equal(true);
    expect(scans).to.deep.equal([]);
  });

  it('creates folders at once on two instances: each its own pathId, one of two of the same name', async () => {
    // Two instances on one database: each makes its folders one at a time, the two race each
    // other for the next pathId
    const db = await createTestDatabase({ persistent: true });
    const instances: TestKernel[] = [];
    try {
      instances.push(await startKernel({ ...withUpload(), db }), await startKernel({ ...withUpload(), db }));
      const [one, two] = instances as [TestKernel, TestKernel];
      const ada = await registerFirstAdmin(one);
      const on = (i: number) => as(i % 2 ? two : one, ada);
      const parentRes = await on(0).post('/upload/folders', { name: 'Parallel', parent: null });
      expectStatus(parentRes, 201);
      const parent = parentRes.body.data as Json;
      const names = Array.from({ length: 4 }, (_, i) => `Folder ${i}`);
      const made = await Promise.all([
        ...names.map((name, i) => on(i).post('/upload/folders', { name, parent: null })),
        ...names.map((name, i) => on(i).post('/upload/folders', { name, parent: parent.id })),
      ]);
      for (const res of made) expectStatus(res, 201);
      const pathIds = made.map((res) => res.body.data.pathId as number);
      expect(new Set(pathIds).size).to.equal(pathIds.length);
      for (const res of made.slice(names.length)) expect(res.body.data.path).to.equal(`${parent.path as string}/${res.body.data.pathId as number}`);

      const twice = await Promise.all([0, 1].map((i) => on(i).post('/upload/folders', { name: 'Twice', parent: parent.id })));
      expect(twice.map((r) => r.status).sort()).to.deep.equal([201, 400]);
      expectError(twice.find((r) => r.status === 400)!, 400, 'ValidationError', /already exists/);
      const listed = await on(1).get(`/upload/folders?filters[parent][id]=${parent.id as number}`);
      expect(listed.body.data.map((f: Json) => f.name).sort()).to.deep.equal([...names, 'Twice'].sort());
    } finally {
      for (const instance of instances) await instance.stop();
      await db.drop();
    }
  });

  it('bulk moves files and folders into a folder, and deletes a selection of both', async () => {
    const into = await folder('Into');
    const box = await folder('Box');
    const inner = await folder('Inner box', box.id);
    const files: Json[] = [];
    for (const i of [1, 2, 3]) files.push(((await upload(app(), root, [{ name: `bulk-${i}.png`, bytes: await png(150 + i), type: 'image/png' }])).body as Json[])[0]!);
    const moved = await admin().post('/upload/actions/bulk-move', { destinationFolderId: into.id, fileIds: files.slice(0, 2).map((f) => f.id), folderIds: [box.id] });
    expectStatus(moved, 200);
    expect(moved.body.data.files.map((f: Json) => f.folderPath)).to.deep.equal([into.path, into.path]);
    expect(moved.body.data.folders.map((f: Json) => f.path)).to.deep.equal([`${into.path as string}/${box.pathId as number}`]);
    expect((await admin().get(`/upload/folders/${inner.id as number}`)).body.data.path).to.equal(`${into.path as string}/${box.pathId as number}/${inner.pathId as number}`);
    const contents = await admin().get(`/upload/files?filters[folder][id]=${into.id as number}`);
    expect(contents.body.results.map((f: Json) => f.name).sort()).to.deep.equal(['bulk-1.png', 'bulk-2.png']);

    const deleted = await admin().post('/upload/actions/bulk-delete', { fileIds: [files[0]!.id, files[2]!.id], folderIds: [box.id] });
    expectStatus(deleted, 200);
    expect(deleted.body.data.files.map((f: Json) => f.id).sort()).to.deep.equal([files[0]!.id, files[2]!.id].sort());
    expectError(await admin().get(`/upload/folders/${inner.id as number}`), 404, 'NotFoundError');
    expectStatus(await admin().get(`/upload/files/${files[1]!.id as number}`), 200);
    expectError(await admin().get(`/upload/files/${files[2]!.id as number}`), 404, 'NotFoundError');
  });

  it('deletes a folder with every folder and file in it, stored files included', async () => {
    const top = await folder('Doomed');
    const inner = await folder('Inner', top.id);
    const keep = await folder('Kept');
    const files: Json[] = [];
    for (const [i, where] of [top, inner, inner].entries()) {
      const up = await upload(app(), root, [{ name: `gone-${i}.png`, bytes: await png(30 + i), type: 'image/png' }], { folder: where.id });
      expectStatus(up, 201);
      files.push((up.body as Json[])[0]!);
    }
    const kept = (await upload(app(), root, [{ name: 'kept.png', bytes: await png(60), type: 'image/png' }], { folder: keep.id })).body[0] as Json;
    for (const f of files) expect(existsSync(stored(f.url as string))).to.equal(true);
    const count = await admin().get(`/upload/folders/${top.id as number}`);
    expect(count.body.data).to.deep.include({ children: { count: 1 }, files: { count: 1 } });

    const deleted = await admin().del(`/upload/folders/${top.id as number}`);
    expectStatus(deleted, 200);
    expect(deleted.body.data).to.include({ id: top.id, name: 'Doomed' });
    expect(deleted.body.meta).to.deep.equal({ deletedFolders: 2, deletedFiles: 3 });
    for (const f of files) {
      expectError(await admin().get(`/upload/files/${f.id as number}`), 404, 'NotFoundError');
      expect(existsSync(stored(f.url as string))).to.equal(false);
      for (const format of Object.values((f.formats ?? {}) as Record<string, Json>)) expect(existsSync(stored(format.url as string))).to.equal(false);
    }
    expectError(await admin().get(`/upload/folders/${inner.id as number}`), 404, 'NotFoundError');
    expectStatus(await admin().get(`/upload/files/${kept.id as number}`), 200);
    expectError(await admin().del(`/upload/folders/${top.id as number}`), 404, 'NotFoundError');

    // Bulk delete: a file and a folder
    const loose = (await upload(app(), root, [{ name: 'loose.png', bytes: await png(70), type: 'image/png' }])).body[0] as Json;
    const bulk = await admin().post('/upload/actions/bulk-delete', { fileIds: [loose.id], folderIds: [keep.id] });
    expectStatus(bulk, 200);
    expect(bulk.body.data.files.map((f: Json) => f.id)).to.deep.equal([loose.id]);
    expect(bulk.body.data.folders.map((f: Json) => f.id)).to.deep.equal([keep.id]);
    expectError(await admin().get(`/upload/files/${kept.id as number}`), 404, 'NotFoundError');
    expectError(await admin().post('/upload/actions/bulk-delete', { fileIds: 'all' }), 400, 'ValidationError');
  });

  it('asks for plugin::upload.read, assets.create and assets.update', async () => {
    const role = await app().kernel.documents('admin::role').findFirst({ filters: { code: { $eq: 'strapi-author' } } });
    const email = `${fresh('author').replace(/\W+/g, '-')}@example.com`;
    await app().kernel.documents('admin::user').create({ data: { email, password: PASSWORD, firstname: 'Ann', lastname: 'Author', isActive: true, roles: [role!.documentId] } });
    const author = await login(app(), email);
    const mine = await as(app(), author).post('/upload/folders', { name: fresh('by-author') });
    expectStatus(mine, 201);
    expectStatus(await as(app(), author).get('/upload/folder-structure'), 200);
    expectError(await as(app(), author).put(`/upload/folders/${mine.body.data.id as number}`, { name: 'renamed' }), 403, 'ForbiddenError');
    expectError(await as(app(), author).del(`/upload/folders/${mine.body.data.id as number}`), 403, 'ForbiddenError');
    expectError(await as(app(), author).post('/upload/actions/bulk-move', { destinationFolderId: null, folderIds: [] }), 403, 'ForbiddenError');
    // An author uploads but does not change an existing file
    const file = (await upload(app(), author, [{ name: 'a.png', bytes: await png(5), type: 'image/png' }])).body[0] as Json;
    expectError(await upload(app(), author, [], { caption: 'x' }, `?id=${file.id as number}`), 403, 'ForbiddenError');

    const nobody = await adminWith(app(), ['admin::users.read']);
    expectError(await as(app(), nobody).get('/upload/folders'), 403, 'ForbiddenError');
    expectError(await as(app(), nobody).get('/upload/folder-structure'), 403, 'ForbiddenError');
    expectError(await as(app(), nobody).get(`/upload/files/${file.id as number}/usage`), 403, 'ForbiddenError');
    expectError(await as(app(), nobody).post('/upload/folders', { name: 'x' }), 403, 'ForbiddenError');
    const { secret } = await app().kernel.apiTokens.create({ name: fresh('full'), type: 'full-access' });
    expectError(await app().request('GET', '/upload/folders', undefined, { authorization: `Bearer ${secret}` }), 401, 'UnauthorizedError');
    expectError(await app().request('POST', '/upload/actions/bulk-delete', { folderIds: [1] }, {}), 401, 'UnauthorizedError');
  });
});
