// /api/users and /api/users/count, /api/users/:id: Strapi's user routes, answering bare arrays,
// numbers and objects. Stricter than Strapi: PUT accepts only the user's own attributes, and
// private fields can be neither read nor used to filter or sort.

import { expect } from 'chai';
import { AUTH_STAGE, definePlugin } from '../../../core/index.js';
import { as, expectFieldError, expectStatus, fresh, qstring, register, UP, useKernel, type Json } from './helpers.js';
import type { TestKernel } from '../../helpers/kernel.js';

const USER = 'plugin::users-permissions.user';
const PUBLIC_KEYS = ['blocked', 'confirmed', 'createdAt', 'documentId', 'email', 'id', 'provider', 'updatedAt', 'username'];
const USER_ACTIONS = ['find', 'count', 'findOne', 'create', 'update', 'destroy'].map((a) => `${UP}.user.${a}`);
const PRIVATE = ['password', 'resetPasswordToken', 'confirmationToken', 'tokenVersion'];

const envelope = (status: number, name: string, message: string) => ({ data: null, error: { status, name, message, details: {} } });

/** Moves a user to the role of that type through the internal document service. */
async function moveTo(app: TestKernel, user: Json, type: string): Promise<void> {
  const role = await app.kernel.documents(`${UP}.role`).findFirst({ filters: { type: { $eq: type } }, source: 'internal' });
  expect(role, `role ${type}`).to.not.equal(undefined);
  await app.kernel.documents(USER).update({ documentId: user.documentId, data: { role: role!.documentId }, source: 'internal' });
}

async function roleId(app: TestKernel, type: string): Promise<number> {
  const role = await app.kernel.documents(`${UP}.role`).findFirst({ filters: { type: { $eq: type } }, source: 'internal' });
  return role!.id;
}

describe('users-permissions: /api/users routes', () => {
  const app = useKernel({ permissions: { admin: USER_ACTIONS } });
  let admin: { jwt: string; user: Json; password: string };
  let plain: { jwt: string; user: Json; password: string };

  before(async () => {
    admin = await register(app(), 'admin');
    await moveTo(app(), admin.user, 'admin');
    plain = await register(app(), 'plain');
  });

  it('each route without its permission: 403 anonymous or authenticated, in the error envelope', async () => {
    const id = plain.user.id;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/users'], ['GET', '/api/users/count'], ['GET', `/api/users/${id}`],
      ['POST', '/api/users', { username: 'nobody_x', email: 'nobody_x@example.com', password: 'secret123' }],
      ['PUT', `/api/users/${id}`, { username: 'renamed_x' }], ['DELETE', `/api/users/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const anonymous = await app().request(method, path, body);
      expect(anonymous.status, `${method} ${path}`).to.equal(403);
      expect(anonymous.body).to.deep.equal(envelope(403, 'ForbiddenError', 'Forbidden'));
      const authenticated = await app().request(method, path, body, { authorization: `Bearer ${plain.jwt}` });
      expect(authenticated.status, `${method} ${path}`).to.equal(403);
      expect(authenticated.body.error.message, `${method} ${path}`).to.match(/^Forbidden: plugin::users-permissions\.user\.\w+$/);
    }
    const me = await as(app(), plain.jwt).get('/api/users/me');
    expect(me.body.username).to.equal(plain.user.username);
  });

  it('GET /api/users answers a bare array, with filters, sort, pagination and fields, never a private field', async () => {
    const tag = fresh('lst').replace(/\W+/g, '_').toLowerCase();
    for (const n of ['b', 'a', 'c']) await register(app(), `${tag}_${n}`);
    const all = await as(app(), admin.jwt).get('/api/users');
    expectStatus(all, 200);
    expect(all.body).to.be.an('array');
    expect(all.body.length).to.be.at.least(5);
    for (const user of all.body) expect(Object.keys(user).sort()).to.deep.equal(PUBLIC_KEYS);

    const query = { filters: { username: { $startsWith: tag } }, sort: 'username:desc' };
    const sorted = await as(app(), admin.jwt).get(`/api/users${qstring(query)}`);
    expectStatus(sorted, 200);
    expect(sorted.body.map((u: Json) => u.username.slice(tag.length, tag.length + 2))).to.deep.equal(['_c', '_b', '_a']);

    const page = await as(app(), admin.jwt).get(`/api/users${qstring({ ...query, pagination: { page: 2, pageSize: 2 }, fields: ['username'] })}`);
    expectStatus(page, 200);
    expect(page.body).to.have.length(1);
    expect(Object.keys(page.body[0]).sort()).to.deep.equal(['documentId', 'id', 'username']);
    expect(page.body[0].username.startsWith(`${tag}_a`)).to.equal(true);

    const populated = await as(app(), admin.jwt).get(`/api/users${qstring({ ...query, populate: '*' })}`);
    expectStatus(populated, 200);
    for (const user of populated.body) expect(Object.keys(user).sort()).to.deep.equal(PUBLIC_KEYS);
  });

  it('GET /api/users/count answers a bare number, filtered', async () => {
    const tag = fresh('cnt').replace(/\W+/g, '_').toLowerCase();
    await register(app(), `${tag}_1`);
    await register(app(), `${tag}_2`);
    const res = await as(app(), admin.jwt).get(`/api/users/count${qstring({ filters: { username: { $startsWith: tag } } })}`);
    expectStatus(res, 200);
    expect(res.body).to.equal(2);
    const all = await as(app(), admin.jwt).get('/api/users/count');
    expect(all.body).to.equal((await as(app(), admin.jwt).get('/api/users')).body.length);
  });

  it('filtering or sorting on a private field is a 400 that reveals nothing', async () => {
    const row = await app().kernel.documents(USER).findFirst({ filters: { id: { $eq: plain.user.id } }, fields: PRIVATE, source: 'internal' });
    for (const field of PRIVATE) {
      const real = row![field] === null ? '' : String(row![field]).slice(0, 4);
      const answers: Json[] = [];
      for (const path of ['/api/users', '/api/users/count']) {
        for (const value of [real, 'zz-no-match']) {
          const res = await as(app(), admin.jwt).get(`${path}${qstring({ filters: { [field]: { $startsWith: value } } })}`);
          expect(res.status, `${path} filter ${field}`).to.equal(400);
          expect(res.body.data).to.equal(null);
          expect(res.body.error.message).to.equal(`Invalid key ${field}`);
          answers.push(res.body);
        }
        const nested = await as(app(), admin.jwt).get(`${path}${qstring({ filters: { $or: [{ [field]: { $null: true } }, { id: { $gt: 0 } }] } })}`);
        expect(nested.status, `${path} $or ${field}`).to.equal(400);
      }
      expect(answers[1]).to.deep.equal(answers[0]);
      expect(answers[3]).to.deep.equal(answers[2]);
      const sort = await as(app(), admin.jwt).get(`/api/users?sort=${field}:asc`);
      expect(sort.status, `sort ${field}`).to.equal(400);
      expect(sort.body.error.message).to.equal(`Invalid key ${field}`);
      const fields = await as(app(), admin.jwt).get(`/api/users?fields[0]=${field}`);
      expect(fields.status, `fields ${field}`).to.equal(400);
    }
    // _q searches public fields only
    const hash = String(row!.password).slice(7, 27);
    expect((await as(app(), admin.jwt).get(`/api/users/count${qstring({ _q: hash })}`)).body).to.equal(0);
    expect((await as(app(), admin.jwt).get(`/api/users/count${qstring({ _q: plain.user.username })}`)).body).to.equal(1);
  });

  it('GET /api/users/:id answers the user; unknown and non-numeric ids are 404', async () => {
    const res = await as(app(), admin.jwt).get(`/api/users/${plain.user.id}`);
    expectStatus(res, 200);
    expect(res.body).to.deep.equal(plain.user);
    for (const id of ['987654', 'abc', plain.user.documentId, '0', '1.5', '-1']) {
      const miss = await as(app(), admin.jwt).get(`/api/users/${id}`);
      expect(miss.status, id).to.equal(404);
      expect(miss.body).to.deep.equal(envelope(404, 'NotFoundError', 'Not Found'));
    }
  });

  it('POST /api/users creates (201) in the authenticated role unless a role id is given', async () => {
    const name = fresh('made').replace(/\W+/g, '_').toLowerCase();
    const res = await as(app(), admin.jwt).post('/api/users', { username: name, email: `${name}@Example.com`, password: 'secret123' });
    expectStatus(res, 201);
    expect(Object.keys(res.body).sort()).to.deep.equal(PUBLIC_KEYS);
    expect(res.body).to.include({ username: name, email: `${name}@example.com`, provider: 'local', confirmed: false, blocked: false });
    const row = await app().kernel.documents(USER).findFirst({ filters: { id: { $eq: res.body.id } }, populate: { role: { fields: ['type'] } }, source: 'internal' });
    expect((row!.role as Json).type).to.equal('authenticated');
    const login = await app().post('/api/auth/local', { identifier: name, password: 'secret123' });
    expectStatus(login, 200);

    const adminRole = await roleId(app(), 'admin');
    for (const role of [adminRole, { id: adminRole }]) {
      const other = `${name}_${typeof role}`;
      const withRole = await as(app(), admin.jwt).post('/api/users', { username: other, email: `${other}@example.com`, password: 'secret123', role, confirmed: true });
      expectStatus(withRole, 201);
      expect(withRole.body.confirmed).to.equal(true);
      const made = await app().kernel.documents(USER).findFirst({ filters: { id: { $eq: withRole.body.id } }, populate: { role: { fields: ['type'] } }, source: 'internal' });
      expect((made!.role as Json).type).to.equal('admin');
    }
  });

  it('POST /api/users refuses unknown keys, a taken username or email, and a bad role, creating nothing', async () => {
    const before = (await as(app(), admin.jwt).get('/api/users/count')).body;
    const name = fresh('bad').replace(/\W+/g, '_').toLowerCase();
    const ok = { username: name, email: `${name}@example.com`, password: 'secret123' };
    const unknown = await as(app(), admin.jwt).post('/api/users', { ...ok, tokenVersion: 5, resetPasswordToken: 'x' });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.error.message).to.equal('Invalid parameters: tokenVersion, resetPasswordToken');
    for (const clash of [{ username: plain.user.username }, { email: plain.user.email.toUpperCase() }, { username: plain.user.email.toUpperCase() }]) {
      const res = await as(app(), admin.jwt).post('/api/users', { ...ok, ...clash });
      expect(res.status, JSON.stringify(clash)).to.equal(400);
      expect(res.body).to.deep.equal(envelope(400, 'ApplicationError', 'Email or Username are already taken'));
    }
    for (const role of [987654, 'authenticated', null, { id: 'x' }]) {
      expectFieldError(await as(app(), admin.jwt).post('/api/users', { ...ok, role }), ['role']);
    }
    expectFieldError(await as(app(), admin.jwt).post('/api/users', { ...ok, password: '123' }), ['password']);
    expect((await as(app(), admin.jwt).get('/api/users/count')).body).to.equal(before);
  });

  it('PUT /api/users/:id changes only the user\'s own attributes; a taken email or username is a 400', async () => {
    const target = await register(app(), 'upd');
    const name = `${target.user.username}_new`;
    const res = await as(app(), admin.jwt).put(`/api/users/${target.user.id}`, { username: name, email: `${name}@EXAMPLE.com` });
    expectStatus(res, 200);
    expect(res.body).to.include({ id: target.user.id, username: name, email: `${name}@example.com` });
    expect(Object.keys(res.body).sort()).to.deep.equal(PUBLIC_KEYS);
    expectStatus(await as(app(), target.jwt).get('/api/users/me'), 200, 'a rename keeps the JWT');

    for (const body of [{ id: 1 }, { documentId: 'x' }, { tokenVersion: 0 }, { confirmationToken: 'x' }, { createdAt: '2020-01-01' }]) {
      const bad = await as(app(), admin.jwt).put(`/api/users/${target.user.id}`, body);
      expect(bad.status, JSON.stringify(body)).to.equal(400);
      expect(bad.body.error.message).to.equal(`Invalid parameters: ${Object.keys(body)[0]}`);
    }
    const email = await as(app(), admin.jwt).put(`/api/users/${target.user.id}`, { email: plain.user.email });
    expect(email.status).to.equal(400);
    expect(email.body).to.deep.equal(envelope(400, 'ApplicationError', 'Email already taken'));
    const username = await as(app(), admin.jwt).put(`/api/users/${target.user.id}`, { username: plain.user.username });
    expect(username.status).to.equal(400);
    expect(username.body).to.deep.equal(envelope(400, 'ApplicationError', 'Username already taken'));
    // Each is checked against both columns: login by either would otherwise be ambiguous
    for (const taken of [plain.user.email, plain.user.email.toUpperCase()]) {
      const res = await as(app(), admin.jwt).put(`/api/users/${target.user.id}`, { username: taken });
      expect(res.body, taken).to.deep.equal(envelope(400, 'ApplicationError', 'Username already taken'));
    }
    const emailish = `${name}_alias@example.com`;
    expectStatus(await as(app(), admin.jwt).post('/api/users', { username: emailish, email: `${name}_other@example.com`, password: 'secret123' }), 201);
    const crossed = await as(app(), admin.jwt).put(`/api/users/${target.user.id}`, { email: emailish });
    expect(crossed.body).to.deep.equal(envelope(400, 'ApplicationError', 'Email already taken'));
    const same = await as(app(), admin.jwt).put(`/api/users/${target.user.id}`, { email: `${name}@example.com`, username: name });
    expectStatus(same, 200, 'its own email and username are not a clash');
    const missing = await as(app(), admin.jwt).put('/api/users/987654', { username: 'whoever' });
    expect(missing.status).to.equal(404);
  });

  it('PUT /api/users/:id with a new password revokes the old JWT, and the new password logs in', async () => {
    const target = await register(app(), 'pwd');
    const res = await as(app(), admin.jwt).put(`/api/users/${target.user.id}`, { password: 'brand-new-pass' });
    expectStatus(res, 200);
    expect(res.body).to.not.have.property('password');
    expect((await as(app(), target.jwt).get('/api/users/me')).status).to.equal(401);
    expect((await app().post('/api/auth/local', { identifier: target.user.username, password: target.password })).status).to.equal(400);
    const login = await app().post('/api/auth/local', { identifier: target.user.username, password: 'brand-new-pass' });
    expectStatus(login, 200);
    expectStatus(await as(app(), login.body.jwt).get('/api/users/me'), 200);
  });

  it('PUT /api/users/:id: a block or a role change revokes the user\'s JWTs; a rename or an empty body does not', async () => {
    const target = await register(app(), 'revoke');
    expectStatus(await as(app(), admin.jwt).put(`/api/users/${target.user.id}`, {}), 200);
    const authenticated = await roleId(app(), 'authenticated');
    expectStatus(await as(app(), admin.jwt).put(`/api/users/${target.user.id}`, { role: authenticated }), 200);
    expectStatus(await as(app(), target.jwt).get('/api/users/me'), 200, 'the same role');
    expectStatus(await as(app(), admin.jwt).put(`/api/users/${target.user.id}`, { role: await roleId(app(), 'admin') }), 200);
    expect((await as(app(), target.jwt).get('/api/users/me')).status).to.equal(401);
    const login = await app().post('/api/auth/local', { identifier: target.user.email, password: target.password });
    expectStatus(await as(app(), login.body.jwt).get('/api/users/count'), 200, 'the admin role\'s rights');
    const blocked = await as(app(), admin.jwt).put(`/api/users/${target.user.id}`, { blocked: true });
    expectStatus(blocked, 200);
    expect(blocked.body.blocked).to.equal(true);
    expect((await as(app(), login.body.jwt).get('/api/users/count')).status).to.equal(401);
    const refused = await app().post('/api/auth/local', { identifier: target.user.email, password: target.password });
    expect(refused.body).to.deep.equal(envelope(400, 'ApplicationError', 'Your account has been blocked by an administrator'));
  });

  it('DELETE /api/users/:id answers the deleted user; its JWT is then a 401', async () => {
    const target = await register(app(), 'del');
    const res = await as(app(), admin.jwt).del(`/api/users/${target.user.id}`);
    expectStatus(res, 200);
    expect(res.body).to.deep.equal(target.user);
    expect((await as(app(), target.jwt).get('/api/users/me')).status).to.equal(401);
    expect((await as(app(), admin.jwt).get(`/api/users/${target.user.id}`)).status).to.equal(404);
    expect((await as(app(), admin.jwt).del(`/api/users/${target.user.id}`)).status).to.equal(404);
  });
});

// Another strategy (an API token, a service account) may authenticate a caller whose credentials
// carry an unrelated id: /users/me and change-password are about users only.
const service = definePlugin({
  name: 'test-service-auth',
  register(kernel) {
    kernel.hooks.authenticate.tapPromise({ name: 'test-service-auth', stage: AUTH_STAGE.API_TOKEN }, async (ctx) =>
      ctx.get('authorization') === 'Bearer service-secret' ? { strategy: 'service', credentials: { id: 1, name: 'svc' }, ability: { can: () => true } } : undefined);
  },
});

describe('users-permissions: /users/me and change-password for callers that are not users', () => {
  const app = useKernel({ permissions: { public: [`${UP}.user.me`, `${UP}.auth.changePassword`] } }, { plugins: [service] });

  it('answer 401 and 400, never the user whose id the credentials happen to carry', async () => {
    const first = await register(app(), 'first');
    expect(first.user.id).to.equal(1);
    const change = { currentPassword: first.password, password: 'taken-over-1', passwordConfirmation: 'taken-over-1' };
    for (const headers of [{ authorization: 'Bearer service-secret' }, {}] as Array<Record<string, string>>) {
      const me = await app().request('GET', '/api/users/me', undefined, headers);
      expect(me.body, JSON.stringify(headers)).to.deep.equal(envelope(401, 'UnauthorizedError', 'Missing or invalid credentials'));
      const res = await app().request('POST', '/api/auth/change-password', change, headers);
      expect(res.body, JSON.stringify(headers)).to.deep.equal(envelope(400, 'ApplicationError', 'You must be authenticated to reset your password'));
    }
    expectStatus(await as(app(), first.jwt).get('/api/users/me'), 200, 'the password is unchanged, the JWT still valid');
  });
});
