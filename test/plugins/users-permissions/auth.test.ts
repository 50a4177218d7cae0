// POST /api/auth/local and /register, GET /api/users/me, and the JWT rules: what a token is,
// when it stops working, and the errors on the way.

import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../../helpers/database.js';
import { startKernel } from '../../helpers/kernel.js';
import { as, bearer, expectFieldError, expectStatus, FIXTURES, fresh, JWT_SECRET, register, upConfig, useKernel, type Json } from './helpers.js';

const ENVELOPE_KEYS = ['data', 'error'];

describe('users-permissions: register and login', () => {
  const app = useKernel();

  it('register answers { jwt, user } with the public user record, confirmed, in the authenticated role', async () => {
    const { jwt: token, user } = await register(app());
    expect(token).to.be.a('string');
    expect(Object.keys(user).sort()).to.deep.equal(['blocked', 'confirmed', 'createdAt', 'documentId', 'email', 'id', 'provider', 'updatedAt', 'username']);
    expect(user.confirmed).to.equal(true);
    expect(user.blocked).to.equal(false);
    expect(user.provider).to.equal('local');
    // The role exists, but populating it needs find on roles, which no role has by default
    const me = await as(app(), token).get('/api/users/me?populate=role');
    expectStatus(me, 200);
    expect(me.body).to.deep.equal(user);
    expect((await app().kernel.documents('plugin::users-permissions.user').findFirst({
      filters: { id: user.id }, populate: { role: { fields: ['type'] } }, source: 'internal',
    }))?.role).to.include({ type: 'authenticated' });
  });

  it('login with email or username answers { jwt, user }; the token carries { id, iat, exp } only, HS256, 30 days', async () => {
    const { user, password } = await register(app());
    for (const identifier of [user.email, user.username, user.email.toUpperCase()]) {
      const res = await app().post('/api/auth/local', { identifier, password });
      expectStatus(res, 200, identifier);
      expect(res.body.user).to.deep.equal(user);
      const decoded = jwt.decode(res.body.jwt, { complete: true }) as jwt.Jwt & { payload: Json };
      expect(decoded.header.alg).to.equal('HS256');
      expect(Object.keys(decoded.payload).sort()).to.deep.equal(['exp', 'iat', 'id']);
      expect(decoded.payload.id).to.equal(user.id);
      expect(decoded.payload.exp - decoded.payload.iat).to.equal(30 * 24 * 3600);
    }
  });

  it('a wrong password and an unknown user get the same 400', async () => {
    const { user } = await register(app());
    const wrong = await app().post('/api/auth/local', { identifier: user.email, password: 'not-the-password' });
    const unknown = await app().post('/api/auth/local', { identifier: 'nobody@example.com', password: 'whatever1' });
    for (const res of [wrong, unknown]) {
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password', details: {} } });
    }
  });

  it('GET /api/users/me answers the caller; without a token 403 (the public role lacks user.me); with a bad token 401', async () => {
    const { jwt: token, user } = await register(app());
    const me = await as(app(), token).get('/api/users/me');
    expectStatus(me, 200);
    expect(me.body).to.deep.equal(user);
    const anonymous = await app().get('/api/users/me');
    expect(anonymous.status).to.equal(403);
    expect(Object.keys(anonymous.body)).to.deep.equal(ENVELOPE_KEYS);
    expect(anonymous.body.error.name).to.equal('ForbiddenError');
    for (const header of [`Bearer ${token}x`, 'Bearer garbage', `Basic ${token}`, `Bearer ${token} extra`]) {
      const res = await app().request('GET', '/api/users/me', undefined, { authorization: header });
      expect(res.status, header).to.equal(401);
      expect(res.body.error.message).to.equal('Missing or invalid credentials');
    }
  });

  it('register refuses role, confirmed, blocked, provider and any other key, creating nothing', async () => {
    const name = fresh('sneaky').replace(/\W+/g, '_');
    for (const extra of [{ role: 1 }, { confirmed: true }, { blocked: false }, { provider: 'github' }, { isAdmin: true }]) {
      const res = await app().post('/api/auth/local/register', { username: name, email: `${name}@example.com`, password: 'secret123', ...extra });
      expect(res.status, JSON.stringify(extra)).to.equal(400);
      expect(res.body.error.message).to.equal(`Invalid parameters: ${Object.keys(extra)[0]}`);
    }
    const login = await app().post('/api/auth/local', { identifier: name, password: 'secret123' });
    expect(login.status).to.equal(400);
  });

  it('register validates username, email and password (at most 72 bytes)', async () => {
    const ok = { username: 'valid_name', email: 'valid@example.com', password: 'secret123' };
    expectFieldError(await app().post('/api/auth/local/register', { ...ok, username: 'ab' }), ['username']);
    expectFieldError(await app().post('/api/auth/local/register', { ...ok, email: 'not-an-email' }), ['email']);
    expectFieldError(await app().post('/api/auth/local/register', { ...ok, password: '12345' }), ['password']);
    expectFieldError(await app().post('/api/auth/local/register', { ...ok, password: 'é'.repeat(37) }), ['password'], 'Password must be less than 73 bytes');
    expectFieldError(await app().post('/api/auth/local/register', { email: ok.email, password: ok.password }), ['username']);
    const notObject = await app().post('/api/auth/local/register', '[1,2]');
    expect(notObject.status).to.equal(400);
  });

  it('register refuses a taken username or email, in either column', async () => {
    const { user } = await register(app());
    for (const body of [
      { username: user.username, email: 'other1@example.com' },
      { username: 'other_name1', email: user.email.toUpperCase() },
      { username: user.email, email: 'other2@example.com' },
    ]) {
      const res = await app().post('/api/auth/local/register', { ...body, password: 'secret123' });
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.error).to.include({ name: 'ApplicationError', message: 'Email or Username are already taken' });
    }
  });

  it('a token signed with another secret, with alg none, or for a missing user is a 401', async () => {
    const { user } = await register(app());
    const forged = [
      jwt.sign({ id: user.id }, 'another-secret-of-some-length'),
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ id: user.id, iat: 1 })).toString('base64url')}.`,
      jwt.sign({ id: user.id }, JWT_SECRET),
      jwt.sign({ id: 987654 }, JWT_SECRET),
      jwt.sign({ id: '1' }, JWT_SECRET),
      jwt.sign({ sub: user.id }, JWT_SECRET),
    ];
    for (const token of forged) {
      const res = await app().request('GET', '/api/users/me', undefined, bearer(token));
      expect(res.status, token).to.equal(401);
    }
  });
});

describe('users-permissions: the JWT secret', () => {
  it('is required in production: start-up stops naming the key', async () => {
    const config = upConfig({ jwt: {} }, { server: { environment: 'production' }, api: { tokens: { salt: 'production-test-salt' } } });
    const err = await startKernel({ contentTypesDir: FIXTURES, config }).then(async (app) => { await app.stop(); return null; }, (e: unknown) => e);
    expect((err as Error)?.message).to.contain('config plugins.users-permissions.config.jwt.secret: required in production');
  });

  it('is generated once in development, kept in .tmp, and tokens survive a restart', async function () {
    this.timeout(30_000);
    const appDir = mkdtempSync(join(tmpdir(), 'strata-jwt-'));
    const db = await createTestDatabase({ persistent: true });
    try {
      const first = await startKernel({ contentTypesDir: FIXTURES, appDir, db, config: upConfig({ jwt: {} }) });
      let token = '';
      try {
        ({ jwt: token } = await register(first));
      } finally { await first.stop(); }
      const secret = readFileSync(join(appDir, '.tmp', 'jwt-secret'), 'utf8').trim();
      expect(secret).to.have.length.above(40);
      const second = await startKernel({ contentTypesDir: FIXTURES, appDir, db, config: upConfig({ jwt: {} }) });
      try {
        expect(readFileSync(join(appDir, '.tmp', 'jwt-secret'), 'utf8').trim()).to.equal(secret);
        expectStatus(await as(second, token).get('/api/users/me'), 200);
      } finally { await second.stop(); }
    } finally {
      await db.drop();
      rmSync(appDir, { recursive: true, force: true });
    }
  });
});
