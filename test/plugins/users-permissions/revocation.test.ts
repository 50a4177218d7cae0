// A JWT stops working when its user's token version moves (block, role change, password change),
// when the user is blocked or deleted, and when it expires.

import { expect } from 'chai';
import { until } from '../../helpers/poll.js';
import { as, expectStatus, register, useKernel, UP } from './helpers.js';

const USER = 'plugin::users-permissions.user';

describe('users-permissions: JWT revocation', () => {
  const app = useKernel({
    permissions: { admin: [`${UP}.user.update`, `${UP}.user.findOne`, `${UP}.user.destroy`, `${UP}.user.me`] },
  });
  let adminJwt = '';
  let adminRoleId = 0;

  before(async () => {
    const admin = await register(app(), 'admin');
    const role = await app().kernel.documents(`${UP}.role`).findFirst({ filters: { type: 'admin' }, source: 'internal' });
    adminRoleId = role!.id;
    await app().kernel.documents(USER).update({ documentId: admin.user.documentId, data: { role: role!.documentId }, source: 'internal' });
    adminJwt = admin.jwt;
  });

  const me = (jwt: string) => as(app(), jwt).get('/api/users/me');

  it('blocking a user revokes its tokens, and it cannot log in again (400) until unblocked', async () => {
    const { jwt, user, password } = await register(app());
    expectStatus(await me(jwt), 200);
    expectStatus(await as(app(), adminJwt).put(`/api/users/${user.id}`, { blocked: true }), 200);
    expect((await me(jwt)).status).to.equal(401);
    const login = await app().post('/api/auth/local', { identifier: user.username, password });
    expect(login.body).to.deep.equal({ data: null, error: { status: 400, name: 'ApplicationError', message: 'Your account has been blocked by an administrator', details: {} } });
    expectStatus(await as(app(), adminJwt).put(`/api/users/${user.id}`, { blocked: false }), 200);
    expect((await me(jwt)).status, 'unblocking does not bring old tokens back').to.equal(401);
    const again = await app().post('/api/auth/local', { identifier: user.username, password });
    expectStatus(again, 200);
    expectStatus(await me(again.body.jwt), 200);
  });

  it('a blocked flag set behind the API also stops the token (checked on every request)', async () => {
    const { jwt, user } = await register(app());
    await app().kernel.documents(USER).update({ documentId: user.documentId, data: { blocked: true }, source: 'internal' });
    expect((await me(jwt)).status).to.equal(401);
  });

  it('a role change revokes earlier tokens; an unrelated update does not', async () => {
    const { jwt, user } = await register(app());
    expectStatus(await as(app(), adminJwt).put(`/api/users/${user.id}`, { username: `${user.username}_x` }), 200);
    expectStatus(await me(jwt), 200);
    expectStatus(await as(app(), adminJwt).put(`/api/users/${user.id}`, { role: adminRoleId }), 200);
    expect((await me(jwt)).status).to.equal(401);
  });

  it('a deleted user\'s token is a 401', async () => {
    const { jwt, user } = await register(app());
    expectStatus(await as(app(), adminJwt).del(`/api/users/${user.id}`), 200);
    expect((await me(jwt)).status).to.equal(401);
  });

  it('change-password revokes every earlier token of the user, not those of others', async () => {
    const first = await register(app());
    const other = await register(app());
    const second = await app().post('/api/auth/local', { identifier: first.user.email, password: first.password });
    const change = await as(app(), first.jwt).post('/api/auth/change-password', {
      currentPassword: first.password, password: 'brand-new-password', passwordConfirmation: 'brand-new-password',
    });
    expectStatus(change, 200);
    expect((await me(first.jwt)).status).to.equal(401);
    expect((await me(second.body.jwt)).status).to.equal(401);
    expectStatus(await me(change.body.jwt), 200);
    expectStatus(await me(other.jwt), 200);
  });
});

describe('users-permissions: JWT expiry', () => {
  const app = useKernel({ jwt: { secret: 'expiry-test-secret-0123456789', expiresIn: 2 } });

  // exp = floor(iat) + 2 s: valid for at least 1 s after it is issued, whatever the clock's phase
  it('an expired token is a 401', async function () {
    this.timeout(15_000);
    const { jwt } = await register(app());
    const { iat, exp } = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
    expect(exp - iat, 'the configured lifetime').to.equal(2);
    expectStatus(await as(app(), jwt).get('/api/users/me'), 200);
    // Refused once exp has passed: a poll for the refusal, bounded well past it
    const res = await until('the token to be refused', async () => {
      const me = await as(app(), jwt).get('/api/users/me');
      return me.status !== 200 && me;
    }, { within: 6_000, every: 100 });
    expect(Date.now() / 1000, 'refused only once expired').to.be.at.least(exp);
    expect(res.body).to.deep.equal({ data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } });
  });
});
