// Administrators sign in as Strapi 5's admin does: the first one registers while none exists,
// login answers { token, accessToken, user } and sets an httpOnly refresh cookie on /admin, the
// refresh route rotates it and a reused one ends the session, and only a bearer access token of a
// live session opens admin routes.

import { expect } from 'chai';
import { startKernel } from '../../helpers/kernel.js';
import { expectStatus, useKernel } from '../../helpers/suite.js';
import { adminOptions, as, login, PASSWORD, refreshCookie, registerFirstAdmin, type Session } from './helpers.js';

describe('admin: first run, sessions and refresh', () => {
  const app = useKernel(adminOptions());
  let first: Session;

  it('says no administrator exists, registers the first one, then refuses a second registration', async () => {
    const init = await app().get('/admin/init');
    expectStatus(init, 200);
    expect(init.body).to.deep.equal({ data: { uuid: false, hasAdmin: false, menuLogo: null, authLogo: null } });
    first = await registerFirstAdmin(app());
    expect(first.user).to.include({ email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', isActive: true, blocked: false });
    expect(first.user.roles.map((r: { code: string }) => r.code)).to.deep.equal(['strapi-super-admin']);
    expect(first.user).to.not.have.any.keys('password', 'resetPasswordToken', 'registrationToken');
    expect((await app().get('/admin/init')).body.data.hasAdmin).to.equal(true);
    const again = await app().post('/admin/register-admin', { email: 'eve@example.com', password: PASSWORD, firstname: 'Eve' });
    expectStatus(again, 400);
    expect(again.body.error.message).to.equal('You cannot register a new super admin');
  });

  it('sets the refresh token as an httpOnly, SameSite cookie on /admin only', async () => {
    const res = await app().post('/admin/login', { email: 'ADA@example.com', password: PASSWORD });
    expectStatus(res, 200);
    expect(res.body.data.token).to.equal(res.body.data.accessToken);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('strata_admin_refresh='))!;
    expect(cookie).to.match(/; path=\/admin/i).and.match(/; httponly/i).and.match(/; samesite=strict/i);
    expect(cookie, 'not Secure over plain HTTP').to.not.match(/; secure/i);
    expect(JSON.stringify(res.body)).to.not.contain(cookie.split(';')[0]!.split('=')[1]!);
  });

  it('refuses a wrong password with the same answer as an unknown address', async () => {
    const wrong = await app().post('/admin/login', { email: 'ada@example.com', password: 'Wrong-Password-1' });
    const unknown = await app().post('/admin/login', { email: 'nobody@example.com', password: 'Wrong-Password-1' });
    expectStatus(wrong, 400);
    expect(unknown.body).to.deep.equal(wrong.body);
  });

  it('rotates the refresh token, and a token used twice ends the whole session', async () => {
    const session = await login(app(), 'ada@example.com');
    const refresh = await app().request('POST', '/admin/access-token', {}, { cookie: session.cookie });
    expectStatus(refresh, 200);
    const next = refreshCookie(refresh);
    expect(next).to.not.equal(session.cookie);
    expectStatus(await as(app(), { token: refresh.body.data.token }).get('/admin/sessions'), 200);
    // The first cookie again: a replay, so the session ends, with every token it issued
    const replay = await app().request('POST', '/admin/access-token', {}, { cookie: session.cookie });
    expectStatus(replay, 401);
    expectStatus(await app().request('POST', '/admin/access-token', {}, { cookie: next }), 401);
    expectStatus(await as(app(), { token: refresh.body.data.token }).get('/admin/sessions'), 401);
    expectStatus(await as(app(), session).get('/admin/sessions'), 401);
    // Other sessions of the same administrator live on
    expectStatus(await as(app(), first).get('/admin/sessions'), 200);
  });

  it('logs out with the refresh cookie alone (an expired access token), and a foreign origin cannot', async () => {
    const session = await login(app(), 'ada@example.com');
    expectStatus(await app().request('POST', '/admin/logout', {}, { cookie: session.cookie, origin: 'https://evil.example' }), 403);
    expectStatus(await as(app(), session).get('/admin/sessions'), 200);
    const out = await app().request('POST', '/admin/logout', {}, { cookie: session.cookie });
    expectStatus(out, 200);
    expect(out.headers.getSetCookie().join()).to.match(/strata_admin_refresh=;/);
    expectStatus(await as(app(), session).get('/admin/sessions'), 401);
    // A cookie that is not the session's current one ends nothing
    const other = await login(app(), 'ada@example.com');
    const [id] = other.cookie.split('=')[1]!.split('.');
    expectStatus(await app().request('POST', '/admin/logout', {}, { cookie: `strata_admin_refresh=${id}.${'x'.repeat(43)}` }), 200);
    expectStatus(await as(app(), other).get('/admin/sessions'), 200);
  });

  it('refreshes only from the server\'s own origin', async () => {
    const session = await login(app(), 'ada@example.com');
    const foreign = await app().request('POST', '/admin/access-token', {}, { cookie: session.cookie, origin: 'https://evil.example' });
    expectStatus(foreign, 403);
    const own = await app().request('POST', '/admin/access-token', {}, { cookie: session.cookie, origin: app().url });
    expectStatus(own, 200);
  });

  it('opens admin routes with the bearer token only: not with the cookie alone, a forged or an expired token', async () => {
    const session = await login(app(), 'ada@example.com');
    const cookieOnly = await app().request('GET', '/admin/sessions', undefined, { cookie: session.cookie });
    expectStatus(cookieOnly, 401);
    expect(cookieOnly.body.error.name).to.equal('UnauthorizedError');
    const [head, payload] = session.token.split('.');
    const forged = `${head}.${payload}.${'A'.repeat(43)}`;
    expectStatus(await as(app(), { token: forged }).get('/admin/sessions'), 401);
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).to.include({ userId: first.user.id, type: 'access' });
    expect(Number(claims.exp) - Number(claims.iat)).to.equal(30 * 60);
    const jwt = await import('jsonwebtoken');
    const expired = jwt.default.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, 'an admin test secret, long enough', { algorithm: 'HS256' });
    expectStatus(await as(app(), { token: expired }).get('/admin/sessions'), 401);
    const otherKey = jwt.default.sign({ userId: claims.userId, sessionId: claims.sessionId, type: 'access' }, 'another secret, equally long', { algorithm: 'HS256' });
    expectStatus(await as(app(), { token: otherKey }).get('/admin/sessions'), 401);
    expectStatus(await as(app(), session).get('/admin/sessions'), 200);
  });

  it('lists the caller\'s sessions, ends one, and logs out', async () => {
    const a = await login(app(), 'ada@example.com');
    const b = await login(app(), 'ada@example.com');
    const list = await as(app(), a).get('/admin/sessions');
    expectStatus(list, 200);
    const current = list.body.data.filter((s: { current: boolean }) => s.current);
    expect(current).to.have.length(1);
    const bId = JSON.parse(Buffer.from(b.token.split('.')[1]!, 'base64url').toString()).sessionId as string;
    expect(list.body.data.map((s: { sessionId: string }) => s.sessionId)).to.include(bId);
    expectStatus(await as(app(), a).del(`/admin/sessions/${bId}`), 200);
    expectStatus(await as(app(), b).get('/admin/sessions'), 401);
    expectStatus(await as(app(), a).del('/admin/sessions/not-a-session-of-mine'), 404);
    const out = await as(app(), a).post('/admin/logout');
    expectStatus(out, 200);
    expect(out.headers.getSetCookie().join()).to.match(/strata_admin_refresh=;/);
    expectStatus(await as(app(), a).get('/admin/sessions'), 401);
    expectStatus(await app().request('POST', '/admin/access-token', {}, { cookie: a.cookie }), 401);
  });

  it('keeps the realms apart: an end user\'s JWT or an API token opens no admin route, an admin token reads no content', async () => {
    const admin = await login(app(), 'ada@example.com');
    const user = await app().post('/api/auth/local/register', { username: 'reader', email: 'reader@example.com', password: 'reader-password' });
    expectStatus(user, 200);
    expectStatus(await as(app(), { token: user.body.jwt }).get('/admin/sessions'), 401);
    const { secret } = await app().kernel.apiTokens.create({ name: 'full', type: 'full-access' });
    expectStatus(await as(app(), { token: secret }).get('/admin/sessions'), 401);
    expectStatus(await as(app(), { token: secret }).get('/api/articles'), 200);
    const content = await as(app(), admin).get('/api/articles');
    expectStatus(content, 401);
    expect(content.body.error.message).to.equal('Missing or invalid credentials');
    // Nor through the other content surface
    const graphql = await app().request('POST', '/graphql', { query: '{ articles { documentId } }' }, { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' });
    expectStatus(graphql, 401);
    // Who wrote a version is no field of the content API's schema, and no admin type is in it
    const introspection = await app().request('POST', '/graphql', { query: '{ __type(name: "Article") { fields { name } } __schema { types { name } } }' }, { authorization: `Bearer ${secret}`, 'content-type': 'application/json' });
    expectStatus(introspection, 200);
    const fields = (introspection.body.data.__type.fields as Array<{ name: string }>).map((f) => f.name);
    expect(fields).to.include('title').and.not.include.members(['createdById', 'updatedById', 'createdBy', 'updatedBy']);
    const types = (introspection.body.data.__schema.types as Array<{ name: string }>).map((t) => t.name);
    expect(types.filter((t) => /^Admin|Session|CmConfiguration/.test(t))).to.deep.equal([]);
  });
});

describe('admin: sign-in budgets', () => {
  const app = useKernel(adminOptions({ rateLimit: { enabled: true, interval: 60_000, max: 3, maxPerAddress: 5 } }));

  it('refuse a fourth try on one address and identifier, and a sixth across identifiers, with Retry-After', async () => {
    await registerFirstAdmin(app());
    const attempt = (email: string) => app().post('/admin/login', { email, password: 'Wrong-Horse-9' });
    for (let i = 0; i < 3; i++) expectStatus(await attempt('ada@example.com'), 400);
    const fourth = await attempt('ada@example.com');
    expectStatus(fourth, 429);
    expect(fourth.body.error.name).to.equal('RateLimitError');
    expect(Number(fourth.headers.get('retry-after'))).to.be.within(1, 60);
    // Password spraying: other identifiers from the same address run into the address's budget
    expectStatus(await attempt('bob@example.com'), 400);
    expectStatus(await attempt('eve@example.com'), 429);
    // Even the right password waits for the budget
    expectStatus(await app().post('/admin/login', { email: 'ada@example.com', password: PASSWORD }), 429);
  });
});

describe('admin: its configuration, each mistake named by its path', () => {
  const cases: Array<{ extra: Record<string, unknown>; message: string }> = [
    { extra: { rateLimit: { max: 0 } }, message: 'config plugins.admin.config.rateLimit.max: expected a positive integer, got 0' },
    { extra: { email: { provider: 'pigeon' } }, message: "config plugins.admin.config.email.provider: expected 'log', 'smtp' or an object with a send(message) function" },
    { extra: { email: { provider: 'smtp' } }, message: 'config plugins.admin.config.email.smtp: the smtp provider needs transport options (host, port, auth)' },
    { extra: { auth: { secret: 'an admin test secret, long enough', sessions: 5 } }, message: 'config plugins.admin.config.auth.sessions: expected an object' },
    { extra: { auth: { secret: 'an admin test secret, long enough', sessions: { idleSessionLifespan: 7200, maxSessionLifespan: 3600 } } }, message: 'config plugins.admin.config.auth.sessions: the session idle lifespan (7200 s) is longer than its maximum (3600 s)' },
    { extra: { panel: { enabled: 'yes' } }, message: "config plugins.admin.config.panel.enabled: expected true or false, got \"yes\"" },
    { extra: { panel: { path: '/api' } }, message: "config plugins.admin.config.panel.path: expected a path such as /admin (not under /api, /content-manager, /uploads, /graphql, /upload, /i18n, /users-permissions), got \"/api\"" },
    { extra: { panel: { path: 'admin/' } }, message: "config plugins.admin.config.panel.path: expected a path such as /admin (not under /api, /content-manager, /uploads, /graphql, /upload, /i18n, /users-permissions), got \"admin/\"" },
  ];
  for (const c of cases) {
    it(`refuses ${JSON.stringify(c.extra)}`, async () => {
      const failed = await startKernel(adminOptions(c.extra)).then(async (app) => { await app.stop(); return undefined; }, (err: unknown) => err as Error);
      expect(failed, 'the kernel started').to.be.instanceOf(Error);
      expect(failed!.message).to.equal(c.message);
    });
  }
});
