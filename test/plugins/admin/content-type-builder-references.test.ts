// What other stored data says of a type follows the builder's renames: after an attribute, a
// component's attribute and then the type are renamed through the API, an end user's role and a
// custom API token still reach the type over REST under its new name, an administrator whose role
// is limited to some fields reads and writes the renamed ones through the content manager, the
// history versions are listed under the new uid with the new attribute names, the view settings
// keep their labels, and a unique attribute keeps its values and its database-enforced uniqueness
// (on MariaDB a computed key column, built again under the new name). All of it on the developer's
// database and on a second one that only receives the files (renames.json included).

import { expect } from 'chai';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stamp } from '../../helpers/api-tokens.js';
import { CLIENT, createTestDatabase, type TestDatabase } from '../../helpers/database.js';
import { startKernel, type TestKernel } from '../../helpers/kernel.js';
import { expectStatus, type Json } from '../../helpers/suite.js';
import { builderAdmin, builderOptions, newBuilderApp } from './builder-helpers.js';
import { as, login, PASSWORD } from './helpers.js';

const ARTICLE = 'api::article.article';
const POST = 'api::post.post';
const EXPLORER = 'plugin::content-manager.explorer';
const WRITER = 'writer@example.com';
const cm = (uid: string) => `/content-manager/collection-types/${uid}`;
const UP = { 'users-permissions': { enabled: true, config: { jwt: { secret: 'a test secret of enough length' } } } };

const CREATE_ARTICLE = {
  data: {
    contentTypes: [{
      action: 'create', uid: ARTICLE, singularName: 'article', pluralName: 'articles', displayName: 'Article', kind: 'collectionType', draftAndPublish: true,
      attributes: [
        { action: 'create', name: 'title', properties: { type: 'string', required: true } },
        { action: 'create', name: 'code', properties: { type: 'string', unique: true } },
        { action: 'create', name: 'views', properties: { type: 'integer' } },
        { action: 'create', name: 'seo', properties: { type: 'component', component: 'shared.seo', repeatable: false } },
      ],
    }],
  },
};

/** The component's attribute and three of the type's in one request; the type in the next. */
const RENAME_ATTRIBUTES = {
  data: {
    components: [{ action: 'update', uid: 'shared.seo', attributes: [{ action: 'update', name: 'heading', renamedFrom: 'metaTitle', properties: { type: 'string' } }] }],
    contentTypes: [{
      action: 'update', uid: ARTICLE, attributes: [
        { action: 'update', name: 'headline', renamedFrom: 'title', properties: { type: 'string', required: true } },
        { action: 'update', name: 'ref', renamedFrom: 'code', properties: { type: 'string', unique: true } },
        { action: 'update', name: 'meta', renamedFrom: 'seo', properties: { type: 'component', component: 'shared.seo', repeatable: false } },
      ],
    }],
  },
};
const RENAME_TYPE = { data: { contentTypes: [{ action: 'update', uid: POST, renamedFrom: ARTICLE, singularName: 'post', pluralName: 'posts', displayName: 'Post', attributes: [] }] } };

/** What a database grants on the article type before the renames, and its first document. */
interface Grants { jwt: string; token: string; writerRole: number; documentId: string }

describe('admin: content-type builder renames and what names the type', function () {
  this.timeout(120_000);
  const dirs: string[] = [];
  const dbs: TestDatabase[] = [];
  let app: TestKernel | undefined;
  afterEach(async () => { await app?.stop(); app = undefined; });
  after(async () => {
    for (const db of dbs) await db.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const database = async () => { const db = await createTestDatabase({ persistent: true }); dbs.push(db); return db; };
  const folder = () => { const dir = newBuilderApp(); dirs.push(dir); return dir; };
  const restart = async (dir: string, db: TestDatabase) => {
    await app?.stop();
    app = await startKernel(builderOptions(dir, db, { autoReload: true }, UP));
    return app;
  };

  /** Documents, an end user's role, a custom token, a role limited to fields, history versions
   *  and view settings, all naming the article type and its attributes. */
  async function grant(k: TestKernel): Promise<Grants> {
    const ada = as(k, await builderAdmin(k));
    const ids: string[] = [];
    for (const i of [1, 2]) {
      const created = await ada.post(cm(ARTICLE), { title: `Title ${i}`, code: `code-${i}`, views: i, seo: { metaTitle: `Meta ${i}` } });
      expectStatus(created, 201);
      ids.push(created.body.data.documentId);
      expectStatus(await ada.post(`${cm(ARTICLE)}/${created.body.data.documentId}/actions/publish`, {}), 200);
    }
    // A version keeps the state before this change
    expectStatus(await ada.put(`${cm(ARTICLE)}/${ids[0]}`, { title: 'Title 1 (2)' }), 200);
    expectStatus(await ada.post(`${cm(ARTICLE)}/${ids[0]}/actions/publish`, {}), 200);
    expectStatus(await ada.put(`/content-manager/content-types/${ARTICLE}/configuration`, {
      settings: { mainField: 'title', defaultSortBy: 'title' }, metadatas: { title: { edit: { label: 'The title' } } }, layouts: { list: ['id', 'title', 'code'] },
    }), 200);

    const roles = (await ada.get('/users-permissions/roles')).body.roles as Json[];
    const authenticated = roles.find((r) => r.type === 'authenticated')!;
    expectStatus(await ada.put(`/users-permissions/roles/${authenticated.id}`, {
      permissions: { 'api::article': { controllers: { article: { find: { enabled: true }, findOne: { enabled: true } } } } },
    }), 200);
    const registered = await k.post('/api/auth/local/register', { username: 'reader', email: 'reader@example.com', password: 'reader-password' });
    expectStatus(registered, 200);
    const token = await ada.post('/admin/api-tokens', { name: 'Article reader', type: 'custom', permissions: [`${ARTICLE}.find`] });
    expectStatus(token, 201);

    const role = await ada.post('/admin/roles', { name: 'Writers', description: 'Titles, codes and SEO only' });
    expectStatus(role, 201);
    expectStatus(await ada.put(`/admin/roles/${role.body.data.id}/permissions`, {
      permissions: ['read', 'create', 'update'].map((verb) => ({ action: `${EXPLORER}.${verb}`, subject: ARTICLE, properties: { fields: ['title', 'code', 'seo'] } })),
    }), 200);
    // A database migrated from Strapi names a component's fields by their path
    const rows = await k.kernel.documents('admin::permission').findMany({ filters: { role: { id: { $eq: role.body.data.id } } } });
    for (const row of rows) {
      await k.kernel.documents('admin::permission').update({ documentId: row.documentId, data: { properties: { fields: ['title', 'code', 'seo', 'seo.metaTitle'] } } });
    }
    const invited = await ada.post('/admin/users', { email: WRITER, firstname: 'Wri', roles: [role.body.data.id] });
    expectStatus(invited, 201);
    expectStatus(await k.post('/admin/register', { registrationToken: invited.body.data.registrationToken, userInfo: { password: PASSWORD } }), 200);
    return { jwt: registered.body.jwt, token: token.body.data.accessKey, writerRole: role.body.data.id, documentId: ids[0]! };
  }

  /** Everything granted on the article type reaches the post type, under the renamed names. */
  async function check(k: TestKernel, grants: Grants): Promise<void> {
    const headlines = (res: { body: Json }) => (res.body.data as Json[]).map((d) => d.headline).sort();
    // The end user's role and the custom token, over REST
    const asUser = { authorization: `Bearer ${grants.jwt}` };
    const listed = await k.request('GET', '/api/posts?populate=meta', undefined, asUser);
    expectStatus(listed, 200);
    expect(headlines(listed)).to.deep.equal(['Title 1 (2)', 'Title 2']);
    expect((listed.body.data as Json[]).map((d) => d.meta.heading).sort()).to.deep.equal(['Meta 1', 'Meta 2']);
    expectStatus(await k.request('GET', `/api/posts/${grants.documentId}`, undefined, asUser), 200);
    const asToken = { authorization: `Bearer ${grants.token}` };
    const viaToken = await k.request('GET', '/api/posts', undefined, asToken);
    expectStatus(viaToken, 200);
    expect(headlines(viaToken)).to.deep.equal(['Title 1 (2)', 'Title 2']);
    expectStatus(await k.request('GET', '/api/categories', undefined, asToken), 403);

    // The administrator limited to fields reads and writes the renamed ones, and no other
    const ada = as(k, await builderAdmin(k));
    const permissions = (await ada.get(`/admin/roles/${grants.writerRole}/permissions`)).body.data as Json[];
    expect(permissions.map((p) => [p.subject, p.properties.fields])).to.deep.equal(['read', 'create', 'update'].map(() => [POST, ['headline', 'ref', 'meta', 'meta.heading']]));
    const writer = as(k, await login(k, WRITER));
    const read = await writer.get(`${cm(POST)}/${grants.documentId}`);
    expectStatus(read, 200);
    expect(read.body.data).to.include({ headline: 'Title 1 (2)', ref: 'code-1' });
    expect(read.body.data).to.not.have.property('views');
    expectStatus(await writer.put(`${cm(POST)}/${grants.documentId}`, { headline: 'Written after the rename', meta: { heading: 'New meta' } }), 200);
    expect((await writer.get(`${cm(POST)}/${grants.documentId}`)).body.data).to.include({ headline: 'Written after the rename' });

    // History under the new uid and names: the version before the first update, and the writer's
    expectStatus(await ada.get(`/content-manager/history-versions?contentType=${ARTICLE}&documentId=${grants.documentId}`), 404);
    const history = await ada.get(`/content-manager/history-versions?contentType=${POST}&documentId=${grants.documentId}`);
    expectStatus(history, 200);
    const versions = history.body.data as Json[];
    expect(versions.map((v) => v.contentType)).to.deep.equal(versions.map(() => POST));
    const before = versions.find((v) => v.data?.headline === 'Title 1')!;
    expect(before, JSON.stringify(versions)).to.not.equal(undefined);
    expect(before.data).to.include({ ref: 'code-1' }).and.not.have.any.keys('title', 'code', 'seo');
    expect(before.data.meta).to.include({ heading: 'Meta 1' });
    expect(before.meta.unknownAttributes).to.deep.equal({ added: [], removed: [] });

    // The view settings keep their label, order and main field
    const view = (await ada.get(`/content-manager/content-types/${POST}/configuration`)).body.data.contentType;
    expect(view.settings).to.include({ mainField: 'headline', defaultSortBy: 'headline' });
    expect(view.metadatas.headline.edit.label).to.equal('The title');
    expect(view.layouts.list).to.deep.equal(['id', 'headline', 'ref']);

    // The unique attribute kept its values, and a duplicate is refused by the document service
    // and by the database itself
    const dup = await ada.post(cm(POST), { headline: 'Copy', ref: 'code-2' });
    expectStatus(dup, 201);
    const published = await ada.post(`${cm(POST)}/${dup.body.data.documentId}/actions/publish`, {});
    expectStatus(published, 400);
    const now = stamp(k, new Date());
    let refused: unknown;
    try {
      await k.kernel.db('posts').insert({ document_id: 'a-copy-written-in-sql', headline: 'Copy', ref: 'code-2', published_at: now, created_at: now, updated_at: now });
    } catch (err) { refused = err; }
    expect(refused, 'the database refuses a duplicate published ref').to.be.instanceOf(Error);
    const refs = await k.kernel.db('posts').whereNotNull('published_at').orderBy('ref').pluck('ref');
    expect(refs).to.deep.equal(['code-1', 'code-2']);
    if (CLIENT === 'mysql') {
      // The computed key column and its unique index carry the new name; the old ones are gone
      expect(await k.kernel.db.schema.hasColumn('posts', 'ref__key')).to.equal(true);
      expect(await k.kernel.db.schema.hasColumn('posts', 'code__key')).to.equal(false);
      const [indexes] = await k.kernel.db.raw('SELECT DISTINCT index_name AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?', ['posts', 'ref__key']) as [Array<{ name: string }>];
      expect(indexes.map((i) => i.name)).to.have.length(1);
    }
  }

  it('keeps permissions, tokens, field limits, history, view settings and uniqueness through the renames, here and on a second database', async () => {
    const dir = folder();
    const db = await database();
    let k = await restart(dir, db);
    expectStatus(await as(k, await builderAdmin(k)).post('/content-type-builder/update-schema', CREATE_ARTICLE), 200);
    k = await restart(dir, db);
    const here = await grant(k);

    // The second database starts from the same files, and is granted the same
    const second = folder();
    rmSync(join(second, 'content-types'), { recursive: true });
    cpSync(join(dir, 'content-types'), join(second, 'content-types'), { recursive: true });
    const other = await database();
    const k2 = await startKernel(builderOptions(second, other, { autoReload: true }, UP));
    const there = await grant(k2);
    await k2.stop();

    const renamed = await as(k, await builderAdmin(k)).post('/content-type-builder/update-schema', RENAME_ATTRIBUTES);
    expectStatus(renamed, 200);
    expect(renamed.body.data.renames.map((r: Json) => `${r.from}->${r.to}`)).to.deep.equal(['metaTitle->heading', 'title->headline', 'code->ref', 'seo->meta']);
    k = await restart(dir, db);
    expectStatus(await as(k, await builderAdmin(k)).post('/content-type-builder/update-schema', RENAME_TYPE), 200);
    k = await restart(dir, db);
    await check(k, here);
    // Applied once: a further start moves nothing
    k = await restart(dir, db);
    expect(k.kernel.lastSync?.operations ?? []).to.deep.equal([]);
    await k.stop();

    rmSync(join(second, 'content-types'), { recursive: true });
    cpSync(join(dir, 'content-types'), join(second, 'content-types'), { recursive: true });
    app = await startKernel(builderOptions(second, other, {}, UP));
    expect(app.kernel.lastSync?.operations.filter((line) => line.startsWith('renamed')).length).to.equal(5);
    await check(app, there);
  });
});
