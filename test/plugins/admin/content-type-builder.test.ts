// The content-type builder over HTTP, in a temporary app folder: a type created through the API,
// rows written, then an attribute, a component and the type renamed through the API; the kernel
// started again on the changed files (as `strata develop` does) keeps every row, and a second
// database that only receives the files (renames.json included) makes the same moves at its
// start and keeps the rows it had. A deletion that leaves rows behind needs a confirmation, and
// outside development the API refuses to write (and its status route says so: canUpdate).

import { expect } from 'chai';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../../helpers/database.js';
import { startKernel, type StartOptions, type TestKernel } from '../../helpers/kernel.js';
import { expectStatus } from '../../helpers/suite.js';
import { builderAdmin, builderOptions, newBuilderApp } from './builder-helpers.js';
import { as } from './helpers.js';

const options = (dir: string, db: TestDatabase, server?: Record<string, unknown>): StartOptions => builderOptions(dir, db, server);
const newApp = newBuilderApp;

const CREATE_ARTICLE = {
  data: {
    contentTypes: [{
      action: 'create', uid: 'api::article.article', singularName: 'article', pluralName: 'articles', displayName: 'Article',
      kind: 'collectionType', draftAndPublish: true,
      attributes: [
        { action: 'create', name: 'title', properties: { type: 'string', required: true } },
        { action: 'create', name: 'views', properties: { type: 'integer' } },
        { action: 'create', name: 'category', properties: { type: 'relation', relation: 'manyToOne', target: 'api::category.category', targetAttribute: 'articles' } },
        { action: 'create', name: 'seo', properties: { type: 'component', component: 'shared.seo', repeatable: false } },
      ],
    }],
  },
};

describe('admin: content-type builder', function () {
  this.timeout(60_000);
  const dirs: string[] = [];
  const dbs: TestDatabase[] = [];
  let app: TestKernel | undefined;
  afterEach(async () => { await app?.stop(); app = undefined; });
  after(async () => {
    for (const db of dbs) await db.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const database = async () => { const db = await createTestDatabase({ persistent: true }); dbs.push(db); return db; };
  const folder = () => { const dir = newApp(); dirs.push(dir); return dir; };
  /** Starts the kernel again on the files as they are now, as develop does after a write. */
  const restart = async (dir: string, db: TestDatabase, server?: Record<string, unknown>) => {
    await app?.stop();
    app = await startKernel(options(dir, db, server));
    return app;
  };
  const admin = builderAdmin;

  async function writeRows(k: TestKernel, n: number, prefix: string): Promise<void> {
    const category = await k.kernel.documents('api::category.category').create({ data: { name: `${prefix} news` } });
    for (let i = 1; i <= n; i++) {
      await k.kernel.documents('api::article.article').create({
        data: { title: `${prefix} ${i}`, views: i, category: { connect: [category.documentId] }, seo: { metaTitle: `${prefix} seo ${i}` } },
      });
    }
  }

  /** What the renamed type holds, in order: the renamed attribute, the component's value, the relation. */
  async function readPosts(k: TestKernel): Promise<Array<[string, number, string, string]>> {
    const posts = await k.kernel.documents('api::post.post').findMany({ status: 'draft', sort: ['views:asc'], populate: { category: true, meta: true } });
    return posts.map((p) => [String(p.headline), Number(p.views), String((p.category as { name?: string } | null)?.name), String((p.meta as { metaTitle?: string } | null)?.metaTitle)]);
  }

  it('creates a type, then renames an attribute, a component and the type, keeping every row here and on a second database', async () => {
    const dir = folder();
    const db = await database();
    let k = await restart(dir, db);
    const ctb = as(k, await admin(k));
    expectStatus(await ctb.post('/content-type-builder/update-schema', CREATE_ARTICLE), 200);
    const written = JSON.parse(readFileSync(join(dir, 'content-types', 'article.json'), 'utf8'));
    expect(written).to.deep.include({ kind: 'collectionType', collectionName: 'articles', options: { draftAndPublish: true } });
    expect(written.attributes.category).to.deep.equal({ type: 'relation', relation: 'manyToOne', target: 'api::category.category', inversedBy: 'articles' });
    // The other side, written into the target's file by the generator's code
    expect(JSON.parse(readFileSync(join(dir, 'content-types', 'category.json'), 'utf8')).attributes.articles)
      .to.deep.equal({ type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'category' });
    // The same server takes no second change before the restart that loads the first
    expectStatus(await ctb.post('/content-type-builder/update-schema', CREATE_ARTICLE), 409);

    k = await restart(dir, db);
    await writeRows(k, 3, 'Here');
    // A role's permission on the type follows it
    const roles = await as(k, await admin(k)).get('/admin/roles');
    const editor = (roles.body.data as Array<{ id: number; code: string }>).find((r) => r.code === 'strapi-editor')!;
    expectStatus(await as(k, await admin(k)).put(`/admin/roles/${editor.id}/permissions`, {
      permissions: [{ action: 'plugin::content-manager.explorer.read', subject: 'api::article.article' }],
    }), 200);
    // The second database starts from the same files, with rows of its own
    const before = join(dir, 'before');
    cpSync(join(dir, 'content-types'), before, { recursive: true });
    const other = await database();
    const second = folder();
    rmSync(join(second, 'content-types'), { recursive: true });
    cpSync(before, join(second, 'content-types'), { recursive: true });
    const k2 = await startKernel(options(second, other));
    await writeRows(k2, 2, 'There');
    await k2.stop();

    const schema = await as(k, await admin(k)).get('/content-type-builder/schema');
    expectStatus(schema, 200);
    expect(schema.body.data.contentTypes['api::article.article'].attributes.map((a: { name: string }) => a.name)).to.deep.equal(['title', 'views', 'category', 'seo']);
    expect(schema.body.data.components['shared.seo'].attributes[0]).to.deep.equal({ name: 'metaTitle', type: 'string' });

    // An attribute and a component renamed in one request, then the type in another
    let res = await as(k, await admin(k)).post('/content-type-builder/update-schema', {
      data: {
        components: [{ action: 'update', uid: 'shared.meta', renamedFrom: 'shared.seo', displayName: 'Meta', attributes: [] }],
        contentTypes: [{
          action: 'update', uid: 'api::article.article', displayName: 'Article', draftAndPublish: true,
          attributes: [
            { action: 'update', name: 'headline', renamedFrom: 'title', properties: { type: 'string', required: true } },
            { action: 'update', name: 'meta', renamedFrom: 'seo', properties: { type: 'component', component: 'shared.meta', repeatable: false } },
          ],
        }],
      },
    });
    expectStatus(res, 200);
    expect(res.body.data.renames.map((r: { kind: string; from: string; to: string }) => `${r.kind} ${r.from}->${r.to}`))
      .to.deep.equal(['attribute title->headline', 'attribute seo->meta', 'component shared.seo->shared.meta']);
    expect(existsSync(join(dir, 'content-types', 'components', 'shared', 'seo.json'))).to.equal(false);
    k = await restart(dir, db);
    res = await as(k, await admin(k)).post('/content-type-builder/update-schema', {
      data: { contentTypes: [{ action: 'update', uid: 'api::post.post', renamedFrom: 'api::article.article', singularName: 'post', pluralName: 'posts', displayName: 'Post', attributes: [] }] },
    });
    expectStatus(res, 200);
    expect(existsSync(join(dir, 'content-types', 'article.json'))).to.equal(false);
    expect(JSON.parse(readFileSync(join(dir, 'content-types', 'category.json'), 'utf8')).attributes.articles.target).to.equal('api::post.post');
    k = await restart(dir, db);
    expect(await readPosts(k)).to.deep.equal([1, 2, 3].map((i) => [`Here ${i}`, i, 'Here news', `Here seo ${i}`]));
    // The link table moved with the type, under the name the new files give it
    expect(Number((await k.kernel.db('posts_category_lnk').count({ n: '*' }).first())?.n)).to.equal(3);
    expect(await k.kernel.db.schema.hasTable('articles')).to.equal(false);
    const permissions = await as(k, await admin(k)).get(`/admin/roles/${editor.id}/permissions`);
    expect(permissions.body.data.map((p: { subject: string | null }) => p.subject)).to.deep.equal(['api::post.post']);
    // Each rename is applied once: a further start moves nothing
    k = await restart(dir, db);
    expect(k.kernel.lastSync?.operations ?? []).to.deep.equal([]);

    // The second database receives the files only, and makes the same moves at its start
    rmSync(join(second, 'content-types'), { recursive: true });
    cpSync(join(dir, 'content-types'), join(second, 'content-types'), { recursive: true });
    await k.stop();
    app = await startKernel(options(second, other, {}));
    expect(app.kernel.lastSync?.operations.filter((line) => line.startsWith('renamed')).length).to.equal(4);
    expect(await readPosts(app)).to.deep.equal([1, 2].map((i) => [`There ${i}`, i, 'There news', `There seo ${i}`]));
  });

  it('asks for a confirmation before a deletion leaves rows behind, naming how many', async () => {
    const dir = folder();
    const db = await database();
    let k = await restart(dir, db);
    expectStatus(await as(k, await admin(k)).post('/content-type-builder/update-schema', CREATE_ARTICLE), 200);
    k = await restart(dir, db);
    await writeRows(k, 2, 'Kept');
    const drop = { data: { contentTypes: [{ action: 'update', uid: 'api::article.article', attributes: [{ action: 'delete', name: 'views' }] }] } };
    const refused = await as(k, await admin(k)).post('/content-type-builder/update-schema', drop);
    expectStatus(refused, 409);
    expect(refused.body.error.details.losses).to.deep.equal([{ uid: 'api::article.article', attribute: 'views', change: 'delete attribute', rows: 2 }]);
    expect(refused.body.error.message).to.match(/2 row\(s\).*confirm: true/);
    expect(JSON.parse(readFileSync(join(dir, 'content-types', 'article.json'), 'utf8')).attributes).to.have.property('views');
    // A type change that the column cannot take while it holds values is refused, confirmed or not
    const narrow = { data: { contentTypes: [{ action: 'update', uid: 'api::article.article', attributes: [{ action: 'update', name: 'title', properties: { type: 'integer' } }] }] }, confirm: true };
    expectStatus(await as(k, await admin(k)).post('/content-type-builder/update-schema', narrow), 409);
    // Draft and publish or i18n switched on a type with entries: refused, confirmed or not (their
    // rows would need a migration: the drafts listed as entries, or entries left without a draft)
    for (const change of [{ draftAndPublish: false }, { pluginOptions: { i18n: { localized: true } } }]) {
      const switched = await as(k, await admin(k)).post('/content-type-builder/update-schema', { data: { contentTypes: [{ action: 'update', uid: 'api::article.article', ...change, attributes: [] }] }, confirm: true });
      expectStatus(switched, 409);
      expect(switched.body.error.details.switches).to.have.length(1);
      expect(switched.body.error.details.switches[0]).to.match(/^api::article\.article: (draft and publish off|internationalization on) while \d+ row\(s\)/);
    }
    expect(JSON.parse(readFileSync(join(dir, 'content-types', 'article.json'), 'utf8')).options).to.deep.equal({ draftAndPublish: true });
    expectStatus(await as(k, await admin(k)).post('/content-type-builder/update-schema', { ...drop, confirm: true }), 200);
    expect(JSON.parse(readFileSync(join(dir, 'content-types', 'article.json'), 'utf8')).attributes).to.not.have.property('views');
    k = await restart(dir, db);
    expect((await k.kernel.documents('api::article.article').findMany({ status: 'draft' })).map((a) => a.title)).to.have.members(['Kept 1', 'Kept 2']);
  });

  it('refuses to write outside development, and to callers without the permission', async () => {
    const dir = folder();
    const db = await database();
    for (const server of [{}, { autoReload: true, environment: 'production' }]) {
      const k = await restart(dir, db, server);
      const ctb = as(k, await admin(k));
      const res = await ctb.post('/content-type-builder/update-schema', CREATE_ARTICLE);
      expectStatus(res, 403);
      expect(res.body.error).to.deep.include({ name: 'PolicyError', message: 'Content-Type Builder modifications are disabled in production mode. Schema changes can only be made when running with autoReload enabled (strapi develop).' });
      expect(existsSync(join(dir, 'content-types', 'article.json'))).to.equal(false);
      // Reading stays open, as in Strapi; the status says this server does not write (the panel's read-only note)
      expectStatus(await ctb.get('/content-type-builder/schema'), 200);
      expect((await ctb.get('/content-type-builder/update-schema-status')).body.data).to.deep.equal({ isUpdating: false, canUpdate: false });
    }
    const k = await restart(dir, db);
    expect((await as(k, await admin(k)).get('/content-type-builder/update-schema-status')).body.data).to.deep.equal({ isUpdating: false, canUpdate: true });
    expectStatus(await k.post('/content-type-builder/update-schema', CREATE_ARTICLE), 401);
  });
});
