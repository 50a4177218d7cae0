// /api/users-permissions/roles and /permissions in Strapi's shapes, permission changes taking
// effect on the next request, and the permissions declared in config synced at start-up.

import { expect } from 'chai';
import { createTestDatabase } from '../../helpers/database.js';
import { startKernel, type TestKernel } from '../../helpers/kernel.js';
import { as, expectFieldError, expectStatus, FIXTURES, register, UP, upConfig, useKernel, type Json } from './helpers.js';

const ROLE = `${UP}.role`;
const ROLE_ACTIONS = ['role.find', 'role.findOne', 'role.createRole', 'role.updateRole', 'role.deleteRole', 'permissions.getPermissions'].map((a) => `${UP}.${a}`);
const ROLE_KEYS = ['createdAt', 'description', 'documentId', 'id', 'name', 'nb_users', 'type', 'updatedAt'];
const FIND = 'api::article.article.find';

const envelope = (status: number, name: string, message: string) => ({ data: null, error: { status, name, message, details: {} } });
const grant = (...actions: string[]): Json => {
  const out: Json = {};
  for (const action of actions) {
    const [ns, controller, name] = [action.slice(0, action.indexOf('.')), action.slice(action.indexOf('.') + 1, action.lastIndexOf('.')), action.slice(action.lastIndexOf('.') + 1)];
    ((out[ns] ??= { controllers: {} }).controllers[controller] ??= {})[name] = { enabled: true };
  }
  return out;
};

async function roleOf(app: TestKernel, type: string): Promise<Json> {
  const role = await app.kernel.documents(ROLE).findFirst({ filters: { type: { $eq: type } }, source: 'internal' });
  expect(role, `role ${type}`).to.not.equal(undefined);
  return role!;
}

async function typeOfUser(app: TestKernel, id: number): Promise<string | undefined> {
  const row = await app.kernel.documents(`${UP}.user`).findFirst({ filters: { id: { $eq: id } }, populate: { role: { fields: ['type'] } }, source: 'internal' });
  return (row?.role as Json | null)?.type;
}

async function moveTo(app: TestKernel, user: Json, type: string): Promise<void> {
  await app.kernel.documents(`${UP}.user`).update({ documentId: user.documentId, data: { role: (await roleOf(app, type)).documentId }, source: 'internal' });
}

describe('users-permissions: roles and permissions routes', () => {
  const app = useKernel({ permissions: { admin: ROLE_ACTIONS } });
  let admin: { jwt: string; user: Json };
  let plain: { jwt: string; user: Json };

  before(async () => {
    admin = await register(app(), 'radmin');
    await moveTo(app(), admin.user, 'admin');
    plain = await register(app(), 'rplain');
  });

  it('each route without its permission: 403 anonymous or authenticated', async () => {
    const id = (await roleOf(app(), 'authenticated')).id;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/users-permissions/roles'], ['GET', `/api/users-permissions/roles/${id}`],
      ['POST', '/api/users-permissions/roles', { name: 'Sneaky' }], ['PUT', `/api/users-permissions/roles/${id}`, { name: 'Sneaky' }],
      ['DELETE', `/api/users-permissions/roles/${id}`], ['GET', '/api/users-permissions/permissions'],
    ];
    for (const [method, path, body] of calls) {
      const anonymous = await app().request(method, path, body);
      expect(anonymous.body, `${method} ${path}`).to.deep.equal(envelope(403, 'ForbiddenError', 'Forbidden'));
      const authenticated = await as(app(), plain.jwt)[method === 'GET' ? 'get' : method === 'DELETE' ? 'del' : method === 'POST' ? 'post' : 'put'](path, body);
      expect(authenticated.status, `${method} ${path}`).to.equal(403);
      // The anonymous caller hears Forbidden; one who identified itself, the action it lacks
      expect(authenticated.body.error.message).to.match(/^Forbidden: plugin::users-permissions\.(role|permissions)\.\w+$/);
    }
    expect((await roleOf(app(), 'authenticated')).name).to.equal('Authenticated');
  });

  it('GET /roles answers { roles } with both default roles and nb_users', async () => {
    const res = await as(app(), admin.jwt).get('/api/users-permissions/roles');
    expectStatus(res, 200);
    expect(Object.keys(res.body)).to.deep.equal(['roles']);
    for (const role of res.body.roles) expect(Object.keys(role).sort()).to.deep.equal(ROLE_KEYS);
    const byType = Object.fromEntries(res.body.roles.map((r: Json) => [r.type, r]));
    expect(byType.authenticated).to.include({ name: 'Authenticated', description: 'Default role given to authenticated user.', nb_users: 1 });
    expect(byType.public).to.include({ name: 'Public', description: 'Default role given to unauthenticated user.', nb_users: 0 });
    expect(byType.admin).to.include({ nb_users: 1 });
  });

  it('GET /roles/:id answers { role } with its permissions nested as Strapi nests them; unknown ids 404', async () => {
    const id = (await roleOf(app(), 'authenticated')).id;
    const res = await as(app(), admin.jwt).get(`/api/users-permissions/roles/${id}`);
    expectStatus(res, 200);
    expect(res.body.role).to.include({ id, name: 'Authenticated', type: 'authenticated' });
    const perms = res.body.role.permissions;
    expect(perms[UP].controllers.user.me).to.deep.equal({ enabled: true, policy: '' });
    expect(perms[UP].controllers.auth.changePassword).to.deep.equal({ enabled: true, policy: '' });
    expect(perms[UP].controllers.user.find).to.deep.equal({ enabled: false, policy: '' });
    expect(perms['api::article'].controllers.article.find).to.deep.equal({ enabled: false, policy: '' });
    for (const bad of ['987654', 'abc', (await roleOf(app(), 'public')).documentId]) {
      const miss = await as(app(), admin.jwt).get(`/api/users-permissions/roles/${bad}`);
      expect(miss.body, bad).to.deep.equal(envelope(404, 'NotFoundError', 'Role not found'));
    }
  });

  it('GET /permissions lists every known action, none enabled', async () => {
    const res = await as(app(), admin.jwt).get('/api/users-permissions/permissions');
    expectStatus(res, 200);
    expect(Object.keys(res.body)).to.deep.equal(['permissions']);
    const { permissions } = res.body;
    expect(Object.keys(permissions['api::article'].controllers.article).sort()).to.deep.equal(['create', 'delete', 'find', 'findOne', 'update']);
    expect(Object.keys(permissions[UP].controllers.user).sort()).to.deep.equal(['count', 'create', 'destroy', 'find', 'findOne', 'me', 'update']);
    const enabled = Object.values(permissions).flatMap((ns) => Object.values((ns as Json).controllers).flatMap((c) => Object.values(c as Json))).filter((p) => (p as Json).enabled);
    expect(enabled).to.deep.equal([]);
  });

  it('POST /roles creates a role with its permissions; bad names, taken types and unknown actions are 400s', async () => {
    const res = await as(app(), admin.jwt).post('/api/users-permissions/roles', { name: 'Editors', description: 'Edit things', permissions: grant(FIND, 'api::article.article.create') });
    expectStatus(res, 200);
    expect(res.body).to.deep.equal({ ok: true });
    const role = await roleOf(app(), 'editors');
    const one = await as(app(), admin.jwt).get(`/api/users-permissions/roles/${role.id}`);
    expect(one.body.role).to.include({ name: 'Editors', description: 'Edit things', type: 'editors' });
    expect(one.body.role.permissions['api::article'].controllers.article.create.enabled).to.equal(true);
    expect(one.body.role.permissions['api::article'].controllers.article.delete.enabled).to.equal(false);

    const again = await as(app(), admin.jwt).post('/api/users-permissions/roles', { name: 'Editors' });
    expect(again.body).to.deep.equal(envelope(400, 'ApplicationError', 'A role of type editors already exists'));
    expectFieldError(await as(app(), admin.jwt).post('/api/users-permissions/roles', { name: 'ab' }), ['name']);
    const unknown = await as(app(), admin.jwt).post('/api/users-permissions/roles', { name: 'Ghosts', permissions: grant('api::article.article.explode') });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.error).to.include({ name: 'ValidationError', message: 'Unknown permission action api::article.article.explode' });
    const list = await as(app(), admin.jwt).get('/api/users-permissions/roles');
    expect(list.body.roles.map((r: Json) => r.type)).to.not.include('ghosts');
  });

  it('PUT /roles/:role: granting a content permission to public takes effect on the next request', async () => {
    const pub = await roleOf(app(), 'public');
    expect((await app().get('/api/articles')).status).to.equal(403);
    const res = await as(app(), admin.jwt).put(`/api/users-permissions/roles/${pub.id}`, { permissions: grant(FIND) });
    expectStatus(res, 200);
    expect(res.body).to.deep.equal({ ok: true });
    const open = await app().get('/api/articles');
    expectStatus(open, 200);
    expect(open.body.data).to.deep.equal([]);
    expect((await app().get('/api/categories')).status).to.equal(403);
    expectStatus(await as(app(), admin.jwt).put(`/api/users-permissions/roles/${pub.id}`, { permissions: {} }), 200);
    expect((await app().get('/api/articles')).status).to.equal(403);

    const type = await as(app(), admin.jwt).put(`/api/users-permissions/roles/${pub.id}`, { type: 'authenticated' });
    expect(type.body).to.deep.equal(envelope(400, 'ValidationError', 'A role\'s type cannot change'));
    const unknown = await as(app(), admin.jwt).put(`/api/users-permissions/roles/${pub.id}`, { permissions: grant('api::nothing.nothing.find') });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.error.message).to.equal('Unknown permission action api::nothing.nothing.find');
    expect((await as(app(), admin.jwt).put('/api/users-permissions/roles/987654', { name: 'Whoever' })).status).to.equal(404);
  });

  it('PUT /roles/:role keeps the authenticated role\'s defaults and renames', async () => {
    const auth = await roleOf(app(), 'authenticated');
    expectStatus(await as(app(), admin.jwt).put(`/api/users-permissions/roles/${auth.id}`, { description: 'Signed in', permissions: grant(FIND) }), 200);
    expectStatus(await as(app(), plain.jwt).get('/api/users/me'), 200);
    expectStatus(await as(app(), plain.jwt).get('/api/articles'), 200);
    expect((await roleOf(app(), 'authenticated')).description).to.equal('Signed in');
    expectStatus(await as(app(), admin.jwt).put(`/api/users-permissions/roles/${auth.id}`, { permissions: {} }), 200);
    expect((await as(app(), plain.jwt).get('/api/articles')).status).to.equal(403);
  });

  it('DELETE /roles/:role moves its users to authenticated; the default roles cannot be deleted', async () => {
    expectStatus(await as(app(), admin.jwt).post('/api/users-permissions/roles', { name: 'Temporary', permissions: grant(FIND) }), 200);
    const temp = await roleOf(app(), 'temporary');
    const member = await register(app(), 'member');
    await moveTo(app(), member.user, 'temporary');
    expectStatus(await as(app(), member.jwt).get('/api/articles'), 200);
    const permissionRows = () => app().kernel.documents(`${UP}.permission`).count({ source: 'internal' });
    const rowsBefore = await permissionRows();

    const res = await as(app(), admin.jwt).del(`/api/users-permissions/roles/${temp.id}`);
    expectStatus(res, 200);
    expect(res.body).to.deep.equal({ ok: true });
    expect(await typeOfUser(app(), member.user.id)).to.equal('authenticated');
    expect(await permissionRows()).to.equal(rowsBefore - 1);
    expect((await as(app(), admin.jwt).get(`/api/users-permissions/roles/${temp.id}`)).status).to.equal(404);
    // A role change revokes the member's earlier tokens; a new login has the authenticated role's rights
    expect((await as(app(), member.jwt).get('/api/articles')).status).to.equal(401);
    const login = await app().post('/api/auth/local', { identifier: member.user.username, password: member.password });
    expectStatus(await as(app(), login.body.jwt).get('/api/users/me'), 200);
    expect((await as(app(), login.body.jwt).get('/api/articles')).status).to.equal(403);

    for (const type of ['public', 'authenticated']) {
      const role = await roleOf(app(), type);
      const refused = await as(app(), admin.jwt).del(`/api/users-permissions/roles/${role.id}`);
      expect(refused.body).to.deep.equal(envelope(400, 'ApplicationError', `Cannot delete ${type} role`));
    }
    expect((await as(app(), admin.jwt).del('/api/users-permissions/roles/987654')).status).to.equal(404);
  });
});

describe('users-permissions: permissions declared in config', () => {
  const start = (db: Awaited<ReturnType<typeof createTestDatabase>>, permissions: Json) =>
    startKernel({ contentTypesDir: FIXTURES, db, config: upConfig({ permissions }) });

  it('are synced at start-up: a restart with another config replaces them and names what it removed', async () => {
    const db = await createTestDatabase({ persistent: true });
    let app: TestKernel | undefined;
    try {
      app = await start(db, { public: [FIND, 'api::article.article.findOne'], editor: ['api::article.article.create'] });
      expectStatus(await app.get('/api/articles'), 200);
      expect(app.logs.filter((l) => l.level === 'warn' && l.message.includes('removed permissions'))).to.deep.equal([]);
      await app.stop();

      app = await start(db, { public: ['api::category.category.find'], editor: ['api::article.article.create'] });
      expect((await app.get('/api/articles')).status).to.equal(403);
      expectStatus(await app.get('/api/categories'), 200);
      const warnings = app.logs.filter((l) => l.level === 'warn' && l.message.includes('removed permissions'));
      expect(warnings.map((l) => l.message)).to.deep.equal([
        `[users-permissions] role public: removed permissions not in config: ${FIND}, api::article.article.findOne`,
      ]);
      const editor = await roleOf(app, 'editor');
      const actions = await app.kernel.documents(`${UP}.permission`).findMany({ filters: { role: { id: { $eq: editor.id } } }, fields: ['action'], source: 'internal' });
      expect(actions.map((a) => a.action)).to.deep.equal(['api::article.article.create']);
      await app.stop();
      app = undefined;

      let failure: unknown;
      try {
        app = await start(db, { public: [FIND, 'api::article.article.publishEverything'] });
      } catch (err) {
        failure = err;
      }
      expect(failure, 'start-up should fail').to.be.instanceOf(Error);
      expect((failure as Error).message).to.equal('config plugins.users-permissions.config.permissions.public: unknown permission action api::article.article.publishEverything'
        + ' (api::article.article has create, delete, find, findOne, update: fix it in config/permissions.ts, or wherever config/plugins.ts sets these)');

      // A type that is gone altogether (its file removed): the message names the likely cause
      failure = undefined;
      try {
        app = await start(db, { public: [FIND, 'api::tag.tag.find'] });
      } catch (err) {
        failure = err;
      }
      expect((failure as Error).message).to.equal('config plugins.users-permissions.config.permissions.public: unknown permission action api::tag.tag.find'
        + ' (api::tag.tag does not exist: if its content type was removed, remove its actions from config/permissions.ts too)');
    } finally {
      if (app) await app.stop();
      await db.drop();
    }
  });

  it('refuse an unknown action before the database changes: a new content type gets no table', async () => {
    // On a file for SQLite: the second start must see what the first left
    const db = await createTestDatabase({ persistent: true });
    const dish = { kind: 'collectionType', collectionName: 'dishes', info: { singularName: 'dish', pluralName: 'dishes', displayName: 'Dish' }, attributes: { name: { type: 'string' } } };
    const withDish = (permissions: Json) => startKernel({
      contentTypesDir: FIXTURES, db, schemas: { contentTypes: [{ file: 'dish.json', schema: dish }], components: [] }, config: upConfig({ permissions }),
    });
    let app: TestKernel | undefined;
    try {
      const failure = await withDish({ public: ['api::dish.dish.fnd'] }).then((a) => { app = a; return undefined; }, (err: unknown) => err);
      expect((failure as Error).message).to.equal('config plugins.users-permissions.config.permissions.public: unknown permission action api::dish.dish.fnd'
        + ' (api::dish.dish has create, delete, find, findOne, update: fix it in config/permissions.ts, or wherever config/plugins.ts sets these)');
      app = await withDish({ public: ['api::dish.dish.find'] });
      // This start made the table: the refused one had not
      expect(app.kernel.lastSync?.operations, JSON.stringify(app.kernel.lastSync?.operations)).to.include('created table dishes (api::dish.dish)');
    } finally {
      if (app) await app.stop();
      await db.drop();
    }
  });
});
