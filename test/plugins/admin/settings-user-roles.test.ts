// Settings > Users & Permissions plugin > Roles over HTTP: Strapi's admin routes
// /users-permissions/roles and /permissions over users-permissions' role operations, with admin
// permissions; a change made there is what end users meet next. Without users-permissions (or
// i18n) the admin plugin serves none of their settings routes.

import { expect } from 'chai';
import { expectFieldError, expectStatus, fresh, useKernel } from '../../helpers/suite.js';
import { adminOptions, as, registerFirstAdmin, type Session } from './helpers.js';
import { expectGuarded } from './settings-helpers.js';

const ACTIONS = ['create', 'read', 'update', 'delete'].map((verb) => `plugin::users-permissions.roles.${verb}`);
const CATEGORY_FIND = { 'api::category': { controllers: { category: { find: { enabled: true } } } } };

describe('admin: end users\' roles settings', () => {
  const app = useKernel(adminOptions());
  let root: Session;
  before(async () => { root = await registerFirstAdmin(app()); });

  it('lists, creates, reads, changes and deletes roles in Strapi\'s shapes; end users meet the change', async () => {
    const admin = as(app(), root);
    const listed = await admin.get('/users-permissions/roles');
    expectStatus(listed, 200);
    const types = listed.body.roles.map((r: { type: string }) => r.type);
    expect(types).to.include.members(['public', 'authenticated']);
    const publicRole = listed.body.roles.find((r: { type: string }) => r.type === 'public');
    expect(publicRole).to.include.keys('id', 'documentId', 'name', 'description', 'type', 'nb_users');

    expectStatus(await app().get('/api/categories'), 403);
    const granted = await admin.put(`/users-permissions/roles/${publicRole.id}`, { permissions: CATEGORY_FIND });
    expectStatus(granted, 200);
    expect(granted.body).to.deep.equal({ ok: true });
    expectStatus(await app().get('/api/categories'), 200);
    const publicOne = await admin.get(`/users-permissions/roles/${publicRole.id}`);
    expectStatus(publicOne, 200);
    expect(publicOne.body.role.permissions['api::category'].controllers.category.find).to.deep.equal({ enabled: true, policy: '' });

    const name = fresh('Reviewers');
    const created = await admin.post('/users-permissions/roles', { name, description: 'Read what is published', permissions: CATEGORY_FIND });
    expectStatus(created, 200);
    expect(created.body).to.deep.equal({ ok: true });
    const made = (await admin.get('/users-permissions/roles')).body.roles.find((r: { name: string }) => r.name === name);
    expect(made).to.include({ description: 'Read what is published', nb_users: 0 });
    expectStatus(await admin.put(`/users-permissions/roles/${made.id}`, { description: 'Changed' }), 200);
    expect((await admin.get(`/users-permissions/roles/${made.id}`)).body.role.description).to.equal('Changed');
    const permissions = await admin.get('/users-permissions/permissions');
    expectStatus(permissions, 200);
    expect(permissions.body.permissions['api::article'].controllers.article).to.have.property('find');
    expectStatus(await admin.del(`/users-permissions/roles/${made.id}`), 200);
    expectStatus(await admin.get(`/users-permissions/roles/${made.id}`), 404);
  });

  it('answers 400 for bad input and 404 for a role that is not there', async () => {
    const admin = as(app(), root);
    expectFieldError(await admin.post('/users-permissions/roles', { name: 'ab' }), ['name']);
    const unknown = await admin.post('/users-permissions/roles', { name: fresh('Role'), permissions: { 'api::article': { controllers: { article: { explode: { enabled: true } } } } } });
    expectStatus(unknown, 400);
    expect(unknown.body.error.message).to.equal('Unknown permission action api::article.article.explode');
    expectStatus(await admin.get('/users-permissions/roles/999999'), 404);
    expectStatus(await admin.put('/users-permissions/roles/999999', { description: 'x' }), 404);
  });

  it('refuses callers without an administrator\'s token (401) or without the permission (403)', async () => {
    const admin = as(app(), root);
    const name = fresh('Guarded');
    expectStatus(await admin.post('/users-permissions/roles', { name }), 200);
    const role = (await admin.get('/users-permissions/roles')).body.roles.find((r: { name: string }) => r.name === name);
    await expectGuarded(app(), [
      { method: 'GET', path: '/users-permissions/roles', action: 'plugin::users-permissions.roles.read' },
      { method: 'GET', path: `/users-permissions/roles/${role.id}`, action: 'plugin::users-permissions.roles.read' },
      { method: 'GET', path: '/users-permissions/permissions', action: 'plugin::users-permissions.roles.read' },
      { method: 'POST', path: '/users-permissions/roles', body: { name: fresh('Guarded new') }, action: 'plugin::users-permissions.roles.create' },
      { method: 'PUT', path: `/users-permissions/roles/${role.id}`, body: { description: 'changed' }, action: 'plugin::users-permissions.roles.update' },
      { method: 'DELETE', path: `/users-permissions/roles/${role.id}`, action: 'plugin::users-permissions.roles.delete' },
    ], ACTIONS);
    expectStatus(await admin.get(`/users-permissions/roles/${role.id}`), 404);
  });
});

describe('admin: settings of plugins that are not enabled', () => {
  const app = useKernel({ config: { plugins: { admin: { enabled: true, config: { auth: { secret: 'an admin test secret, long enough' }, rateLimit: { enabled: false } } } } } });

  it('serves no end-user role or locale routes without users-permissions and i18n; the others stay', async () => {
    const admin = as(app(), await registerFirstAdmin(app()));
    for (const path of ['/users-permissions/roles', '/users-permissions/permissions', '/i18n/locales']) expectStatus(await admin.get(path), 404, path);
    expectStatus(await admin.get('/admin/webhooks'), 200);
    expectStatus(await admin.get('/admin/api-tokens'), 200);
  });
});
