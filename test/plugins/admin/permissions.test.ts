// Admin roles are rules of the document layer: an Author reaches only the documents they created,
// a role narrowed to some fields and locales neither reads nor writes the others, and settings
// routes need their permission. Checked over HTTP through the admin API, and once through the
// document service directly, with the same ability and no route in between.

import { expect } from 'chai';
import { expectFieldError, expectStatus, useKernel, type Json } from '../../helpers/suite.js';
import { adminOptions, as, PASSWORD, registerFirstAdmin, type Session } from './helpers.js';
import type { TestKernel } from '../../helpers/kernel.js';

const ARTICLES = '/content-manager/collection-types/api::article.article';
const EXPLORER = 'plugin::content-manager.explorer';

async function invite(app: TestKernel, by: Session, email: string, roles: number[]): Promise<Session> {
  const res = await as(app, by).post('/admin/users', { email, firstname: email.split('@')[0], roles });
  expectStatus(res, 201);
  expect(res.body.data).to.include({ email, isActive: false });
  const info = await app.get(`/admin/registration-info?registrationToken=${res.body.data.registrationToken}`);
  expectStatus(info, 200);
  expect(info.body.data.email).to.equal(email);
  const done = await app.post('/admin/register', { registrationToken: res.body.data.registrationToken, userInfo: { password: PASSWORD } });
  expectStatus(done, 200);
  // The link works once
  expectStatus(await app.post('/admin/register', { registrationToken: res.body.data.registrationToken, userInfo: { password: PASSWORD } }), 400);
  return { token: done.body.data.token, cookie: '', user: done.body.data.user };
}

describe('admin: roles and permissions below the transport', () => {
  const app = useKernel(adminOptions());
  let ada: Session;
  let author: Session;
  let editor: Session;
  let translator: Session;
  let roleIds: Record<string, number>;
  let adas: Json;

  before(async () => {
    ada = await registerFirstAdmin(app());
    const roles = (await as(app(), ada).get('/admin/roles')).body.data as Json[];
    roleIds = Object.fromEntries(roles.map((r) => [r.code, r.id]));
    author = await invite(app(), ada, 'author@example.com', [roleIds['strapi-author']!]);
    editor = await invite(app(), ada, 'editor@example.com', [roleIds['strapi-editor']!]);
    const role = await as(app(), ada).post('/admin/roles', { name: 'Translator', description: 'French titles and descriptions' });
    expectStatus(role, 201);
    const narrowed = { fields: ['title', 'description'], locales: ['fr'] };
    const set = await as(app(), ada).put(`/admin/roles/${role.body.data.id}/permissions`, {
      permissions: [
        { action: `${EXPLORER}.read`, subject: 'api::article.article', properties: narrowed },
        { action: `${EXPLORER}.create`, subject: 'api::article.article', properties: narrowed },
        { action: `${EXPLORER}.update`, subject: 'api::article.article', properties: narrowed },
      ],
    });
    expectStatus(set, 200);
    translator = await invite(app(), ada, 'translator@example.com', [role.body.data.id]);
    const created = await as(app(), ada).post(ARTICLES, { title: 'By Ada', description: 'Ada wrote it', body: 'Long text' });
    expectStatus(created, 201);
    adas = created.body.data;
  });

  it('lets an Author reach only the documents they created, through every admin route', async () => {
    const own = await as(app(), author).post(ARTICLES, { title: 'By the author' });
    expectStatus(own, 201);
    expect(own.body.data.createdBy.id).to.equal(author.user.id);
    const list = await as(app(), author).get(ARTICLES);
    expectStatus(list, 200);
    expect(list.body.results.map((d: Json) => d.title)).to.deep.equal(['By the author']);
    expect(list.body.pagination.total).to.equal(1);
    const id = adas.documentId as string;
    expectStatus(await as(app(), author).get(`${ARTICLES}/${id}`), 404);
    expectStatus(await as(app(), author).put(`${ARTICLES}/${id}`, { title: 'Taken over' }), 404);
    expectStatus(await as(app(), author).post(`${ARTICLES}/${id}/actions/publish`), 404);
    expectStatus(await as(app(), author).del(`${ARTICLES}/${id}`), 404);
    expectStatus(await as(app(), author).post(`${ARTICLES}/actions/bulkDelete`, { documentIds: [id, own.body.data.documentId] }), 404);
    // Nothing of Ada's changed, and the author's own document survived the refused batch
    const mine = await as(app(), ada).get(`${ARTICLES}/${id}`);
    expect(mine.body.data).to.include({ title: 'By Ada' });
    expectStatus(await as(app(), author).get(`${ARTICLES}/${own.body.data.documentId}`), 200);
    // The Editor reaches both
    expect((await as(app(), editor).get(ARTICLES)).body.pagination.total).to.equal(2);
  });

  it('the same rule holds for a call of the document service that carries the Author\'s ability', async () => {
    const auth = await app().kernel.authenticate({ get: (h: string) => (h === 'authorization' ? `Bearer ${author.token}` : ''), ip: '127.0.0.1' }, 'admin');
    const docs = app().kernel.documents('api::article.article');
    const seen = await docs.findMany({ source: 'content-api', auth, status: 'draft' });
    expect(seen.map((d) => d.title)).to.deep.equal(['By the author']);
    expect(await docs.update({ source: 'content-api', auth, status: 'draft', documentId: adas.documentId, data: { title: 'Taken over' } })).to.equal(null);
    expect((await docs.findOne({ documentId: adas.documentId, status: 'draft' }))!.title).to.equal('By Ada');
  });

  it('keeps a role to its fields: others are absent on read and refused on write, naming them', async () => {
    const fr = await as(app(), translator).put(`${ARTICLES}/${adas.documentId}?locale=fr`, { title: 'Par Ada' });
    expectStatus(fr, 200);
    expect(fr.body.data).to.include({ title: 'Par Ada', locale: 'fr' });
    expect(fr.body.data).to.not.have.any.keys('body', 'category', 'seo', 'readingTime');
    const refused = await as(app(), translator).put(`${ARTICLES}/${adas.documentId}?locale=fr`, { title: 'Par Ada', body: 'Texte' });
    expectFieldError(refused, ['body'], 'You may not update body');
    const filtered = await as(app(), translator).get(`${ARTICLES}?locale=fr&filters[body][$contains]=x`);
    expectStatus(filtered, 400);
    const search = await as(app(), translator).get(`${ARTICLES}?locale=fr&_q=Texte`);
    expectStatus(search, 200);
    expect(search.body.results).to.deep.equal([]);
  });

  it('keeps a role to its locales: another one is a 403 on read and write', async () => {
    const read = await as(app(), translator).get(`${ARTICLES}/${adas.documentId}?locale=en`);
    expectStatus(read, 403);
    expectStatus(await as(app(), translator).get(`${ARTICLES}?locale=en`), 403);
    expectStatus(await as(app(), translator).put(`${ARTICLES}/${adas.documentId}?locale=de`, { title: 'Von Ada' }), 403);
    const all = await as(app(), translator).get(`${ARTICLES}?locale=*`);
    expectStatus(all, 200);
    expect(all.body.results.map((d: Json) => d.locale)).to.deep.equal(['fr']);
  });

  it('refuses settings routes without their permission, and follows a role change at once', async () => {
    // Each refusal names the admin permission the administrator lacks, also where the route runs
    // another owner's operation (core's webhooks, users-permissions' roles)
    const lacks: Record<string, string> = {
      '/admin/users': 'admin::users.read', '/admin/roles': 'admin::roles.read', '/admin/permissions': 'admin::roles.read',
      '/admin/webhooks': 'admin::webhooks.read', '/admin/webhooks/deliveries': 'admin::webhooks.read',
      '/users-permissions/roles': 'plugin::users-permissions.roles.read',
    };
    for (const [path, action] of Object.entries(lacks)) {
      const res = await as(app(), editor).get(path);
      expectStatus(res, 403, path);
      expect(res.body.error).to.include({ name: 'ForbiddenError', message: `Forbidden: ${action}` });
    }
    const editorRole = roleIds['strapi-editor']!;
    const current = (await as(app(), ada).get(`/admin/roles/${editorRole}/permissions`)).body.data as Json[];
    const withUsers = [...current.map(({ action, subject, properties, conditions }) => ({ action, subject, properties, conditions })), { action: 'admin::users.read' }];
    expectStatus(await as(app(), ada).put(`/admin/roles/${editorRole}/permissions`, { permissions: withUsers }), 200);
    const list = await as(app(), editor).get('/admin/users');
    expectStatus(list, 200);
    expect(list.body.data.results.map((u: Json) => u.email)).to.include('ada@example.com');
    expectStatus(await as(app(), editor).post('/admin/users', { email: 'x@example.com', firstname: 'X', roles: [editorRole] }), 403);
  });

  it('refuses bad permissions, naming each', async () => {
    const role = await as(app(), ada).post('/admin/roles', { name: 'Broken' });
    const res = await as(app(), ada).put(`/admin/roles/${role.body.data.id}/permissions`, {
      permissions: [
        { action: `${EXPLORER}.publish`, subject: 'api::category.category' },
        { action: `${EXPLORER}.read`, subject: 'api::article.article', properties: { fields: ['nope'] } },
        { action: 'admin::nothing.read' },
        { action: `${EXPLORER}.read`, subject: 'admin::user' },
      ],
    });
    expectStatus(res, 400);
    const paths = (res.body.error.details.errors as Json[]).map((e) => e.path.join('.'));
    expect(paths).to.deep.equal(['permissions.0.action', 'permissions.1.properties.fields', 'permissions.2.action', 'permissions.3.subject']);
    expectStatus(await as(app(), ada).put(`/admin/roles/${roleIds['strapi-super-admin']}/permissions`, { permissions: [] }), 400);
  });

  it('keeps one active super admin, and a block ends the blocked one\'s sessions at once', async () => {
    const self = await as(app(), ada).put(`/admin/users/${ada.user.id}`, { blocked: true });
    expectStatus(self, 400);
    expect(self.body.error.message).to.equal('You must have at least one active super admin');
    expectStatus(await as(app(), ada).put(`/admin/users/${ada.user.id}`, { roles: [roleIds['strapi-editor']] }), 400);
    expectStatus(await as(app(), author).get('/admin/users/me'), 200);
    expectStatus(await as(app(), ada).put(`/admin/users/${author.user.id}`, { blocked: true }), 200);
    expectStatus(await as(app(), author).get('/admin/users/me'), 401);
    const login = await app().post('/admin/login', { email: 'author@example.com', password: PASSWORD });
    expectStatus(login, 400);
    expect(login.body.error.message).to.equal('Your account has been blocked');
  });
});

describe('admin: permissions combined, and on the documents a read reaches', () => {
  const app = useKernel(adminOptions());
  let ada: Session;
  let article: Json;
  let category: Json;
  const roleWith = async (name: string, permissions: Json[]): Promise<Session> => {
    const role = await as(app(), ada).post('/admin/roles', { name });
    expectStatus(await as(app(), ada).put(`/admin/roles/${role.body.data.id}/permissions`, { permissions }), 200);
    return invite(app(), ada, `${name.toLowerCase()}@example.com`, [role.body.data.id]);
  };
  const read = (subject: string, properties: Json = {}, conditions: string[] = []) => ({ action: `${EXPLORER}.read`, subject, properties, conditions });

  before(async () => {
    ada = await registerFirstAdmin(app());
    const cat = await as(app(), ada).post('/content-manager/collection-types/api::category.category', { name: 'Secret place', description: 'hidden description' });
    expectStatus(cat, 201);
    category = cat.body.data;
    const created = await as(app(), ada).post(ARTICLES, { title: 'By Ada', description: 'Ada wrote it', body: 'Long text', category: category.documentId });
    expectStatus(created, 201);
    article = created.body.data;
    expectStatus(await as(app(), ada).put(`${ARTICLES}/${article.documentId}?locale=fr`, { title: 'Par Ada' }), 200);
  });

  it('combines a role\'s rows as alternatives: one row\'s breadth never cancels another\'s narrowing', async () => {
    const mixed = await roleWith('Mixed', [read('api::article.article', { fields: ['title'] }), read('api::article.article', {}, ['admin::is-creator'])]);
    const doc = await as(app(), mixed).get(`${ARTICLES}/${article.documentId}`);
    expectStatus(doc, 200);
    expect(doc.body.data.title).to.equal('By Ada');
    expect(doc.body.data).to.not.have.any.keys('description', 'body');
    const locales = await roleWith('Locales', [read('api::article.article', { locales: ['en'] }), read('api::article.article', { locales: ['fr'] }, ['admin::is-creator'])]);
    expectStatus(await as(app(), locales).get(`${ARTICLES}/${article.documentId}?locale=en`), 200);
    expectStatus(await as(app(), locales).get(`${ARTICLES}/${article.documentId}?locale=fr`), 404);
  });

  it('narrows a relation\'s target by its own read permission: fields, filters, sorts and rows', async () => {
    const fields = await roleWith('Fields', [read('api::article.article'), read('api::category.category', { fields: ['name'] })]);
    const populated = await as(app(), fields).get(`${ARTICLES}?populate[category][fields][0]=name&populate[category][fields][1]=description`);
    expectStatus(populated, 200);
    expect(populated.body.results[0].category).to.deep.include({ name: 'Secret place' });
    expect(populated.body.results[0].category).to.not.have.key('description');
    expectStatus(await as(app(), fields).get(`${ARTICLES}?filters[category][description][$startsWith]=hidden`), 400);
    expectStatus(await as(app(), fields).get(`${ARTICLES}?sort=category.description:asc`), 400);
    const rows = await roleWith('Rows', [read('api::article.article'), read('api::category.category', {}, ['admin::is-creator'])]);
    const hidden = await as(app(), rows).get(`${ARTICLES}?populate[category]=true`);
    expectStatus(hidden, 200);
    expect(hidden.body.results[0].category).to.equal(null);
    const filtered = await as(app(), rows).get(`${ARTICLES}?filters[category][name][$eq]=Secret%20place`);
    expect(filtered.body.results, 'no yes/no oracle through the relation').to.deep.equal([]);
    const linked = await as(app(), rows).get(`/content-manager/relations/api::article.article/${article.documentId}/category`);
    expectStatus(linked, 200);
    expect(linked.body.results).to.deep.equal([]);
    const none = await roleWith('Nothing', [read('api::article.article')]);
    const dropped = await as(app(), none).get(`${ARTICLES}?populate[category]=true`);
    expect(dropped.body.results[0]).to.not.have.key('category');
    expectStatus(await as(app(), none).get(`${ARTICLES}?filters[category][name][$eq]=x`), 400);
  });

  it('refuses conditions on a settings action and a path inside a component, instead of ignoring them', async () => {
    const role = await as(app(), ada).post('/admin/roles', { name: 'Refused' });
    const res = await as(app(), ada).put(`/admin/roles/${role.body.data.id}/permissions`, {
      permissions: [{ action: 'admin::users.read', conditions: ['admin::is-creator'] }, read('api::article.article', { fields: ['seo.metaTitle'] })],
    });
    expectStatus(res, 400);
    expect((res.body.error.details.errors as Json[]).map((e) => e.path.join('.'))).to.deep.equal(['permissions.0.conditions', 'permissions.1.properties.fields']);
  });
});
