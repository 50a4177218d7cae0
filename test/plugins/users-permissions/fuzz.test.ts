// Property-based tests (fast-check, fixed seed) against a kernel with users-permissions: random
// query strings through user relations, random JSON bodies on the auth, user and content routes,
// and random Authorization and other headers. No answer is a 5xx; none carries a private value
// (password hashes, reset codes or their hashes, private attributes, the JWT secret).
//
// FUZZ_RUNS sets the runs per property (default 60); e.g. FUZZ_RUNS=2000 for a long run.

import { expect } from 'chai';
import fc from 'fast-check';
import jwt from 'jsonwebtoken';
import qs from 'qs';
import { startKernel, type TestKernel, type TestResponse } from '../../helpers/kernel.js';
import { ARTICLE, CATEGORY, FIXTURES, JWT_SECRET, mailbox, register, UP, upConfig } from './helpers.js';

const SEED = 7;
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 60) || 60);
const SECRET_NOTE = 'PRIVATE-NOTE-4f1c';

const FIELDS = ['username', 'email', 'password', 'resetPasswordToken', 'confirmationToken', 'tokenVersion', 'provider',
  'confirmed', 'blocked', 'role', 'id', 'documentId', 'secretNote', 'title', 'owner', 'category', 'meta', 'reviewer',
  'articles', 'name', '__proto__', 'constructor', 'type', 'permissions', 'users', '*'];
const OPERATORS = ['$eq', '$ne', '$startsWith', '$containsi', '$null', '$notNull', '$in', '$lt', '$gt', '$or', '$not', '$bogus'];
const VALUES = ['$2a$10$', '$2b$', 'a', '', '%', '_', '0', '1', 'true', 'null', "' OR 1=1 --", SECRET_NOTE, 'x'.repeat(300)];

const value = fc.oneof(fc.constantFrom(...VALUES), fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null));
const path = fc.array(fc.constantFrom(...FIELDS, ...OPERATORS), { minLength: 1, maxLength: 5 });

/** A query object: filters, sort, fields and populate over user-related paths. */
const queryObject = fc.record({
  filters: fc.option(path.chain((p) => value.map((v) => p.reduceRight<unknown>((acc, key) => ({ [key]: acc }), v))), { nil: undefined }),
  sort: fc.option(fc.array(fc.constantFrom(...FIELDS, 'owner.password', 'owner.username', 'meta.reviewer.email', 'title:desc'), { maxLength: 3 }), { nil: undefined }),
  fields: fc.option(fc.array(fc.constantFrom(...FIELDS), { maxLength: 3 }), { nil: undefined }),
  populate: fc.option(fc.oneof(
    fc.constantFrom('*', 'owner', 'category', 'meta', 'role'),
    path.map((p) => p.reduceRight<unknown>((acc, key) => ({ [key]: { populate: acc } }), true)),
    fc.constantFrom(...FIELDS).map((f) => ({ owner: { fields: [f] } })),
  ), { nil: undefined }),
  _q: fc.option(fc.constantFrom(SECRET_NOTE, '$2', 'a'), { nil: undefined }),
}, { requiredKeys: [] });

/** JSON bodies: shapes the routes expect, broken in random ways, and arbitrary JSON. */
const bodyValue = fc.oneof(
  fc.record({
    identifier: value, password: value, username: value, email: value, passwordConfirmation: value, currentPassword: value,
    code: value, role: fc.oneof(value, fc.constant({ id: 1 })), confirmed: value, blocked: value,
    data: fc.oneof(value, fc.record({ title: value, secretNote: value, owner: value, category: value }, { requiredKeys: [] })),
  }, { requiredKeys: [] }),
  fc.jsonValue({ maxDepth: 3 }),
);

const BODY_ROUTES: Array<[string, string]> = [
  ['POST', '/api/auth/local'], ['POST', '/api/auth/local/register'], ['POST', '/api/auth/forgot-password'],
  ['POST', '/api/auth/reset-password'], ['POST', '/api/auth/change-password'], ['POST', '/api/auth/send-email-confirmation'],
  ['POST', '/api/users'], ['PUT', '/api/users/1'], ['POST', '/api/articles'], ['POST', '/api/users-permissions/roles'],
];

describe('users-permissions: fuzzing (fast-check)', function () {
  this.timeout(Math.max(120_000, RUNS * 3000));
  let app: TestKernel;
  let userJwt = '';
  let adminJwt = '';
  const secrets: string[] = [SECRET_NOTE, JWT_SECRET];

  before(async () => {
    const mail = mailbox();
    app = await startKernel({
      contentTypesDir: FIXTURES,
      config: upConfig({
        email: { provider: mail.provider },
        permissions: {
          public: [`${ARTICLE}.find`, `${ARTICLE}.findOne`],
          authenticated: [`${ARTICLE}.find`, `${ARTICLE}.create`, `${CATEGORY}.find`, `${UP}.user.find`],
          admin: [`${UP}.user.find`, `${UP}.user.update`, `${UP}.user.create`, `${UP}.role.createRole`, `${ARTICLE}.find`],
        },
      }),
    });
    const owner = await register(app, 'owner');
    userJwt = owner.jwt;
    const admin = await register(app, 'admin');
    const role = await app.kernel.documents(`${UP}.role`).findFirst({ filters: { type: 'admin' }, source: 'internal' });
    await app.kernel.documents(`${UP}.user`).update({ documentId: admin.user.documentId, data: { role: role!.documentId }, source: 'internal' });
    adminJwt = admin.jwt;
    await app.post('/api/auth/forgot-password', { email: owner.user.email });
    const code = /code=([0-9a-f]{64})/.exec((await mail.received(1))[0]!.text)![1]!;
    const category = await app.kernel.documents(CATEGORY).create({ data: { name: 'Fuzzed' } });
    await app.kernel.documents(ARTICLE).create({
      data: { title: 'Fuzz target', secretNote: SECRET_NOTE, owner: owner.user.documentId, category: category.documentId, meta: { label: 'm', reviewer: owner.user.documentId } },
    });
    const rows = await app.kernel.db('up_users').select('password', 'reset_password_token') as Array<{ password: string; reset_password_token: string | null }>;
    for (const row of rows) {
      secrets.push(row.password);
      if (row.reset_password_token) secrets.push(row.reset_password_token);
    }
    secrets.push(code);
  });
  after(async () => { await app?.stop(); });

  function check(what: string, res: TestResponse): void {
    expect(res.status, `${what} -> ${res.text.slice(0, 300)}`).to.be.below(500);
    if (res.status >= 400) {
      expect(res.body?.data, what).to.equal(null);
      expect(res.body?.error?.status, what).to.equal(res.status);
    }
    for (const secret of secrets) expect(res.text.includes(secret), `${what} leaks a private value`).to.equal(false);
    expect(res.text, what).to.not.match(/\$2[aby]\$\d\d\$/);
  }

  it('random queries through user relations, as anonymous, user and admin', async () => {
    await fc.assert(fc.asyncProperty(queryObject, fc.constantFrom('/api/articles', '/api/users', '/api/users/me', '/api/users/count'), fc.nat(2), async (query, endpoint, who) => {
      const search = qs.stringify(query, { encodeValuesOnly: true });
      const headers: Record<string, string> = who === 0 ? {} : { authorization: `Bearer ${who === 1 ? userJwt : adminJwt}` };
      check(`GET ${endpoint}?${search}`, await app.request('GET', `${endpoint}?${search}`, undefined, headers));
    }), { seed: SEED, numRuns: RUNS });
  });

  it('random JSON bodies on the auth, user, role and content routes', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...BODY_ROUTES), bodyValue, fc.nat(2), async ([method, route], body, who) => {
      const headers: Record<string, string> = who === 0 ? {} : { authorization: `Bearer ${who === 1 ? userJwt : adminJwt}` };
      check(`${method} ${route} ${JSON.stringify(body).slice(0, 200)}`, await app.request(method, route, body, headers));
    }), { seed: SEED, numRuns: RUNS * 2 });
  });

  it('random Authorization, Content-Type and other headers', async () => {
    const forged = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', 'Bearer', 'Bearer ', 'bearer x', 'Basic dXNlcjpwYXNz', `Bearer ${'a'.repeat(256)}`, `Bearer ${'0'.repeat(256)}`),
      fc.record({ id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double()), extra: fc.string() })
        .chain((payload) => fc.constantFrom(JWT_SECRET, 'other-secret-of-enough-length').map((secret) => `Bearer ${jwt.sign(payload, secret)}`)),
      fc.nat(20).map((n) => `Bearer ${userJwt.slice(0, userJwt.length - n)}${'x'.repeat(n)}`),
    );
    const contentType = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset=latin1', '');
    await fc.assert(fc.asyncProperty(forged, contentType, fc.string({ maxLength: 80 }), fc.constantFrom(...BODY_ROUTES, ['GET', '/api/users/me'] as [string, string]), async (authorization, type, requestId, [method, route]) => {
      // Only what a client can put in a header (fetch refuses the rest before sending)
      const printable = (s: string) => s.replace(/[^\x20-\x7e]/g, '');
      const headers: Record<string, string> = { 'x-request-id': printable(requestId) };
      if (printable(authorization)) headers.authorization = printable(authorization);
      if (type) headers['content-type'] = type;
      const res = await app.request(method, route, method === 'GET' ? undefined : '{"identifier":"a","password":"b"}', headers);
      check(`${method} ${route} auth=${JSON.stringify(authorization).slice(0, 80)} type=${type}`, res);
    }), { seed: SEED, numRuns: RUNS * 2 });
  });
});
