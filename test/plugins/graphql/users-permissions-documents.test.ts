// users-permissions' users and roles over GraphQL, as Strapi 5.54 serves them (issue #46): the
// usersPermissionsUsers / usersPermissionsUser / ...Roles / ...Role queries and the create,
// update and delete mutations of users and roles, contributed by the plugin through the schema
// hooks and run through the REST routes' operations, so under the same permissions.

import { expect } from 'chai';
import { gql, gqlData, oneError, upPlugin, useGraphqlKernel, type Json } from './helpers.js';

const UP = 'plugin::users-permissions';

describe('GraphQL: users-permissions users and roles', () => {
  const get = useGraphqlKernel({}, {
    pluginsConfig: upPlugin({
      permissions: {
        public: [],
        // An editor may list and read users and roles, and write users; nobody may write roles
        editor: [`${UP}.user.find`, `${UP}.user.findOne`, `${UP}.user.create`, `${UP}.user.update`, `${UP}.user.destroy`, `${UP}.role.find`, `${UP}.role.findOne`],
        admin: [`${UP}.user.find`, `${UP}.role.find`, `${UP}.role.findOne`, `${UP}.role.createRole`, `${UP}.role.updateRole`, `${UP}.role.deleteRole`],
        authenticated: [],
      },
    }),
  });
  const jwts: Record<string, string> = {};
  const as = (who: string) => ({ authorization: `Bearer ${jwts[who]!}` });

  before(async () => {
    const app = get();
    const roles = app.kernel.documents(`${UP}.role`);
    for (const [name, type] of [['eddy', 'editor'], ['adm', 'admin'], ['plain', 'authenticated']] as const) {
      const reg = await app.post('/api/auth/local/register', { username: name, email: `${name}@example.com`, password: 'Passw0rd!long' });
      expect(reg.status, reg.text).to.equal(200);
      jwts[name] = reg.body.jwt as string;
      const role = await roles.findFirst({ filters: { type: { $eq: type } } });
      const user = await app.kernel.documents(`${UP}.user`).findFirst({ filters: { username: { $eq: name } } });
      await app.kernel.documents(`${UP}.user`).update({ documentId: user!.documentId, data: { role: role!.documentId } });
      // The role change revoked the registration's token: sign in again
      jwts[name] = (await app.post('/api/auth/local', { identifier: name, password: 'Passw0rd!long' })).body.jwt as string;
    }
  });

  it('lists and reads users as REST does, with filters, pages and relations, no private field', async () => {
    const data = await gqlData(get(), `{
      usersPermissionsUsers(sort: ["username"], filters: { username: { in: ["eddy", "plain"] } }) { documentId username email role { type } }
      usersPermissionsUsers_connection(pagination: { pageSize: 1 }) { nodes { username } pageInfo { page pageSize pageCount total } }
    }`, undefined, as('eddy'));
    expect(data.usersPermissionsUsers.map((u: Json) => [u.username, u.role.type])).to.deep.equal([['eddy', 'editor'], ['plain', 'authenticated']]);
    expect(data.usersPermissionsUsers_connection.pageInfo).to.deep.equal({ page: 1, pageSize: 1, pageCount: 3, total: 3 });
    const rest = await get().request('GET', '/api/users?sort=username', undefined, as('eddy'));
    expect(rest.body.map((u: Json) => u.documentId)).to.include(data.usersPermissionsUsers[0].documentId);
    const one = await gqlData(get(), 'query($id: ID!) { usersPermissionsUser(documentId: $id) { username } }', { id: data.usersPermissionsUsers[1].documentId }, as('eddy'));
    expect(one.usersPermissionsUser).to.deep.equal({ username: 'plain' });
    expect((await gqlData(get(), '{ usersPermissionsUser(documentId: "nope") { username } }', undefined, as('eddy'))).usersPermissionsUser).to.equal(null);
    const secret = await gql(get(), '{ usersPermissionsUsers { password } }', undefined, as('eddy'));
    expect(secret.body.errors[0].message).to.match(/Cannot query field "password"/);
  });

  it('lists and reads roles; a role\'s users need user.find', async () => {
    const data = await gqlData(get(), '{ usersPermissionsRoles(sort: ["type"], filters: { type: { ne: "public" } }) { documentId name type users { username } } }', undefined, as('eddy'));
    expect(data.usersPermissionsRoles.map((r: Json) => [r.type, r.users.map((u: Json) => u.username).join()])).to.deep.equal([['admin', 'adm'], ['authenticated', 'plain'], ['editor', 'eddy']]);
    const one = await gqlData(get(), 'query($id: ID!) { usersPermissionsRole(documentId: $id) { name } }', { id: data.usersPermissionsRoles[2].documentId }, as('eddy'));
    expect(one.usersPermissionsRole).to.deep.equal({ name: 'editor' });
  });

  it('refuses each query and mutation without its REST permission', async () => {
    for (const query of ['{ usersPermissionsUsers { username } }', '{ usersPermissionsRoles { name } }', 'mutation { createUsersPermissionsRole(data: { name: "nope" }) { ok } }']) {
      oneError(await gql(get(), query, undefined, as('plain')), 'FORBIDDEN');
    }
    oneError(await gql(get(), 'mutation { createUsersPermissionsRole(data: { name: "nope" }) { ok } }', undefined, as('eddy')), 'FORBIDDEN');
    oneError(await gql(get(), 'mutation { deleteUsersPermissionsUser(id: "1") { data { username } } }', undefined, as('adm')), 'FORBIDDEN');
  });

  it('creates, updates and deletes a user, answering { data } as Strapi; the checks are REST\'s', async () => {
    const role = (await gqlData(get(), '{ usersPermissionsRoles(filters: { type: { eq: "authenticated" } }) { documentId } }', undefined, as('eddy'))).usersPermissionsRoles[0].documentId;
    const created = await gqlData(get(), 'mutation($d: UsersPermissionsUserInput!) { createUsersPermissionsUser(data: $d) { data { documentId username confirmed role { type } } } }', {
      d: { username: 'made', email: 'made@example.com', password: 'Passw0rd!long', confirmed: true, role },
    }, as('eddy'));
    expect(created.createUsersPermissionsUser.data).to.deep.include({ username: 'made', confirmed: true, role: { type: 'authenticated' } });
    const login = await get().post('/api/auth/local', { identifier: 'made', password: 'Passw0rd!long' });
    expect(login.status, login.text).to.equal(200);
    const id = String(login.body.user.id);
    const taken = await gql(get(), 'mutation { createUsersPermissionsUser(data: { username: "made", email: "made@example.com", password: "Passw0rd!long" }) { data { username } } }', undefined, as('eddy'));
    expect(oneError(taken, 'STRAPI_APPLICATION_ERROR').message).to.equal('Email or Username are already taken');
    const updated = await gqlData(get(), 'mutation($id: ID!) { updateUsersPermissionsUser(id: $id, data: { username: "remade", blocked: true }) { data { username blocked } } }', { id }, as('eddy'));
    expect(updated.updateUsersPermissionsUser.data).to.deep.equal({ username: 'remade', blocked: true });
    const deleted = await gqlData(get(), 'mutation($id: ID!) { deleteUsersPermissionsUser(id: $id) { data { username } } }', { id }, as('eddy'));
    expect(deleted.deleteUsersPermissionsUser.data).to.deep.equal({ username: 'remade' });
    expect(await get().kernel.documents(`${UP}.user`).findFirst({ filters: { username: { $eq: 'remade' } } })).to.equal(null);
    oneError(await gql(get(), 'mutation($id: ID!) { deleteUsersPermissionsUser(id: $id) { data { username } } }', { id }, as('eddy')), 'STRAPI_NOT_FOUND_ERROR');
  });

  it('creates, updates and deletes a role with its permissions, answering { ok }', async () => {
    const permissions = { 'api::article': { controllers: { article: { find: { enabled: true } } } } };
    const created = await gqlData(get(), 'mutation($d: UsersPermissionsRoleInput!) { createUsersPermissionsRole(data: $d) { ok } }', {
      d: { name: 'Reviewer', description: 'Reads', permissions },
    }, as('adm'));
    expect(created.createUsersPermissionsRole).to.deep.equal({ ok: true });
    const role = await get().kernel.documents(`${UP}.role`).findFirst({ filters: { name: { $eq: 'Reviewer' } } });
    const rest = await get().request('GET', `/api/users-permissions/roles/${role!.id as number}`, undefined, as('adm'));
    expect(rest.body.role.permissions['api::article'].controllers.article.find.enabled).to.equal(true);
    const updated = await gqlData(get(), 'mutation($id: ID!) { updateUsersPermissionsRole(id: $id, data: { description: "Reads more" }) { ok } }', { id: String(role!.id) }, as('adm'));
    expect(updated.updateUsersPermissionsRole).to.deep.equal({ ok: true });
    const short = await gql(get(), 'mutation($id: ID!) { updateUsersPermissionsRole(id: $id, data: { name: "R" }) { ok } }', { id: String(role!.id) }, as('adm'));
    expect(oneError(short, 'BAD_USER_INPUT').message).to.equal('name must be at least 3 characters');
    const deleted = await gqlData(get(), 'mutation($id: ID!) { deleteUsersPermissionsRole(id: $id) { ok } }', { id: String(role!.id) }, as('adm'));
    expect(deleted.deleteUsersPermissionsRole).to.deep.equal({ ok: true });
    expect(await get().kernel.documents(`${UP}.role`).findFirst({ filters: { name: { $eq: 'Reviewer' } } })).to.equal(null);
  });

  it('keeps REST\'s answers: a bare list of users, roles with their numbers of users', async () => {
    const users = await get().request('GET', '/api/users', undefined, as('eddy'));
    expect(users.body).to.be.an('array');
    const roles = await get().request('GET', '/api/users-permissions/roles', undefined, as('eddy'));
    expect((roles.body.roles as Json[]).find((r) => r.type === 'editor')).to.deep.include({ name: 'editor', nb_users: 1 });
  });
});
