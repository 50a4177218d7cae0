// Managing administrators is not a way to every permission: only a super admin gives or takes the
// Super Admin role, invites a super admin, changes a super admin's account or sets another
// administrator's password. An administrator allowed to manage users keeps managing the others.

import { expect } from 'chai';
import { expectStatus, useKernel, type Json } from '../../helpers/suite.js';
import type { TestKernel } from '../../helpers/kernel.js';
import { adminOptions, as, login, PASSWORD, registerFirstAdmin, type Session } from './helpers.js';

async function invite(app: TestKernel, by: Session, email: string, roles: number[]): Promise<Session> {
  const res = await as(app, by).post('/admin/users', { email, firstname: email.split('@')[0], roles });
  expectStatus(res, 201);
  const done = await app.post('/admin/register', { registrationToken: res.body.data.registrationToken, userInfo: { password: PASSWORD } });
  expectStatus(done, 200);
  return { token: done.body.data.token, cookie: '', user: done.body.data.user };
}

describe('admin: no way to Super Admin but through a super admin', () => {
  const app = useKernel(adminOptions());
  let ada: Session;
  let manager: Session;
  let roles: Record<string, number>;

  before(async () => {
    ada = await registerFirstAdmin(app());
    roles = Object.fromEntries(((await as(app(), ada).get('/admin/roles')).body.data as Json[]).map((r) => [r.code, r.id]));
    const role = await as(app(), ada).post('/admin/roles', { name: 'User managers' });
    const set = await as(app(), ada).put(`/admin/roles/${role.body.data.id}/permissions`, {
      permissions: ['admin::users.read', 'admin::users.create', 'admin::users.update', 'admin::users.delete'].map((action) => ({ action })),
    });
    expectStatus(set, 200);
    manager = await invite(app(), ada, 'manager@example.com', [role.body.data.id]);
  });

  it('refuses to give oneself or anyone the Super Admin role, or to invite a super admin', async () => {
    const self = await as(app(), manager).put(`/admin/users/${manager.user.id}`, { roles: [roles['strapi-super-admin']] });
    expectStatus(self, 403);
    expect(self.body.error.message).to.equal('Only a super admin can give or take the Super Admin role');
    const invited = await as(app(), manager).post('/admin/users', { email: 'mallory@example.com', firstname: 'Mallory', roles: [roles['strapi-super-admin']] });
    expectStatus(invited, 403);
    expect((await as(app(), manager).get('/admin/api-tokens')).status, 'still without the settings').to.equal(403);
  });

  it('refuses to change a super admin\'s account or to set another\'s password', async () => {
    for (const change of [{ password: 'Hijacked-Pass1' }, { email: 'mallory@example.com' }, { blocked: true }, { firstname: 'Renamed' }]) {
      const res = await as(app(), manager).put(`/admin/users/${ada.user.id}`, change);
      expectStatus(res, 403, JSON.stringify(change));
    }
    expectStatus(await as(app(), manager).del(`/admin/users/${ada.user.id}`), 403);
    expectStatus(await app().post('/admin/login', { email: 'ada@example.com', password: 'Hijacked-Pass1' }), 400);
    await login(app(), 'ada@example.com');
    const editor = await invite(app(), ada, 'ed@example.com', [roles['strapi-editor']!]);
    expectStatus(await as(app(), manager).put(`/admin/users/${editor.user.id}`, { password: 'Another-Pass1' }), 403);
  });

  it('keeps managing the other administrators', async () => {
    const invited = await as(app(), manager).post('/admin/users', { email: 'author2@example.com', firstname: 'Author', roles: [roles['strapi-author']] });
    expectStatus(invited, 201);
    const changed = await as(app(), manager).put(`/admin/users/${invited.body.data.id}`, { roles: [roles['strapi-editor']], firstname: 'Editor now' });
    expectStatus(changed, 200);
    expect(changed.body.data.roles.map((r: Json) => r.code)).to.deep.equal(['strapi-editor']);
    expectStatus(await as(app(), manager).del(`/admin/users/${invited.body.data.id}`), 200);
    // Ids past any integer key name nobody: a 404 on every database, never a database error
    for (const path of ['/admin/users/3000000000', '/admin/roles/3000000000', '/admin/api-tokens/3000000000', '/admin/webhooks/3000000000']) {
      expectStatus(await as(app(), ada).get(path), 404, path);
    }
    // A super admin does all of it
    const promoted = await as(app(), ada).put(`/admin/users/${manager.user.id}`, { roles: [roles['strapi-super-admin']] });
    expectStatus(promoted, 200);
  });
});
