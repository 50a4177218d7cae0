// Prototype keys anywhere in a JSON body are a 400 and pollute nothing; the log never holds a
// password, a token, a reset code or an Authorization header.

import { expect } from 'chai';
import { startKernel, type TestKernel } from '../../helpers/kernel.js';
import { until } from '../../helpers/poll.js';
import { ARTICLE, as, FIXTURES, mailbox, register, upConfig } from './helpers.js';

describe('hardening: prototype keys in bodies', () => {
  let app: TestKernel;
  before(async () => {
    app = await startKernel({ contentTypesDir: FIXTURES, config: upConfig({ permissions: { public: [`${ARTICLE}.create`, `${ARTICLE}.find`] } }) });
  });
  after(async () => { await app?.stop(); });

  const bodies = [
    '{ "data": { "title": "x", "__proto__": { "polluted": true } } }',
    '{ "data": { "title": "x", "meta": { "label": "m", "__proto__": { "polluted": true } } } }',
    '{ "data": { "title": "x", "constructor": { "prototype": { "polluted": true } } } }',
    '{ "data": { "title": "x", "category": { "connect": [{ "__proto__": { "polluted": true } }] } } }',
    '{ "__proto__": { "polluted": true }, "data": { "title": "x" } }',
  ];

  it('a content write with __proto__, constructor or prototype at any depth is a 400, and nothing is polluted or stored', async () => {
    for (const body of bodies) {
      const res = await app.request('POST', '/api/articles', body);
      expect(res.status, body).to.equal(400);
      expect(res.body.data, body).to.equal(null);
      expect(res.body.error.status, body).to.equal(400);
      // Refused by the JSON parser (Strapi's SyntaxError and the parser's message), or (constructor
      // alone is valid JSON) by the input validator
      expect([res.body.error.name, res.body.error.message], body).to.be.deep.oneOf([
        ['SyntaxError', 'Object contains forbidden prototype property'], ['ValidationError', 'Invalid key constructor'],
      ]);
      expect(({} as Record<string, unknown>).polluted, body).to.equal(undefined);
    }
    expect((await app.get('/api/articles')).body.data).to.deep.equal([]);
  });

  it('the auth routes refuse them too', async () => {
    for (const route of ['/api/auth/local', '/api/auth/local/register', '/api/auth/forgot-password']) {
      const res = await app.request('POST', route, '{ "__proto__": { "polluted": true }, "identifier": "a", "password": "b", "email": "a@example.com" }');
      expect(res.status, route).to.equal(400);
      expect(({} as Record<string, unknown>).polluted, route).to.equal(undefined);
    }
  });
});

describe('hardening: what the log holds', () => {
  it('no password, JWT, reset code, API token or Authorization header, at any level, in production', async function () {
    this.timeout(60_000);
    const mail = mailbox();
    const app = await startKernel({
      contentTypesDir: FIXTURES,
      config: upConfig({ email: { provider: 'log' }, permissions: { authenticated: [`${ARTICLE}.create`] } }, { server: { environment: 'production' }, api: { tokens: { salt: 'log-test-salt-0123' } } }),
    });
    void mail;
    try {
      const { jwt, user, password } = await register(app, 'logged');
      await app.post('/api/auth/local', { identifier: user.email, password });
      await app.post('/api/auth/local', { identifier: user.email, password: 'wrong-password-123' });
      await as(app, jwt).post('/api/articles', { data: { title: 'x'.repeat(10) } });
      await as(app, jwt).post('/api/articles', { data: { nope: 1 } });
      await app.request('GET', '/api/users/me', undefined, { authorization: 'Bearer not-a-valid-token-value' });
      await app.post('/api/auth/forgot-password', { email: user.email });
      const { secret } = await app.kernel.apiTokens.create({ name: 'logged', type: 'read-only' });
      await app.request('GET', '/api/articles', undefined, { authorization: `Bearer ${secret}` });
      // The reset email is written to the log after forgot-password's answer
      const log = await until('the reset email in the log', () => {
        const text = app.logs.map((l) => l.message).join('\n');
        return text.includes(`email to ${user.email}`) && text;
      });
      for (const value of [password, 'wrong-password-123', jwt, secret, 'not-a-valid-token-value', 'Bearer', 'authorization']) {
        expect(log.toLowerCase().includes(value.toLowerCase()), `the log holds ${value.slice(0, 12)}...`).to.equal(false);
      }
      expect(log).to.not.match(/[0-9a-f]{64}/);
    } finally {
      await app.stop();
    }
  });
});
