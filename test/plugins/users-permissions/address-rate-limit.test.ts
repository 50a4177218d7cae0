// Password spraying (one password tried against many accounts from one address) meets a budget
// per client address across identifiers (ratelimit.maxPerAddress, 30 a minute by default) on
// every auth flow, beside the budget per identifier; beyond it a 429 with Retry-After. The
// address is the socket's, X-Forwarded-For counting only behind a trusted proxy (server.proxy),
// and a shared store shares the budget between instances.

import { expect } from 'chai';
import { KernelError, MemoryRateLimitStore } from '../../../core/index.js';
import { startKernel, type TestKernel, type TestResponse } from '../../helpers/kernel.js';
import { as, expectStatus, FIXTURES, fresh, mailbox, upConfig, useKernel, type Json } from './helpers.js';

const LIMITED = { data: null, error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} } };
const PER_ADDRESS = { enabled: true, max: 10, maxPerAddress: 3, interval: 60_000 };
const RESET = { password: 'secret123', passwordConfirmation: 'secret123' };

function expectLimited(res: TestResponse, what: string): void {
  expect(res.status, `${what} -> ${res.text}`).to.equal(429);
  expect(res.body).to.deep.equal(LIMITED);
  // Seconds until the window that was spent ends: within the minute
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter, `${what}: Retry-After`).to.match(/^\d+$/);
  expect(Number(retryAfter)).to.be.within(1, 60);
}

const name = (prefix: string) => fresh(prefix).replace(/\W+/g, '_');
const address = (prefix: string) => `${name(prefix)}@example.com`;
const forwarded = (ip: string) => ({ 'x-forwarded-for': ip });

describe('users-permissions: the budget per client address, defaults', () => {
  const app = useKernel({ ratelimit: { enabled: true } });

  it('10 attempts per identifier and 30 per address a minute: the 31st identifier is a 429 with Retry-After', async () => {
    const login = (identifier: string) => app().post('/api/auth/local', { identifier, password: 'Summer2024!' });
    for (let i = 1; i <= 10; i++) expectStatus(await login('target@example.com'), 400, `target #${i}`);
    expectLimited(await login('target@example.com'), 'target #11');
    // 11 attempts spent; 19 more identifiers bring the address to 30
    for (let i = 1; i <= 19; i++) expectStatus(await login(address('spray')), 400, `identifier #${i}`);
    expectLimited(await login(address('spray')), 'the 31st attempt from this address');
    // Another flow keeps its own budget
    expectStatus(await app().post('/api/auth/forgot-password', { email: address('other') }), 200);
  });
});

describe('users-permissions: ratelimit.maxPerAddress on every auth flow', () => {
  const box = mailbox();
  const app = useKernel(() => ({ ratelimit: PER_ADDRESS, email: { provider: box.provider } }));
  const users: Array<{ jwt: string; email: string; password: string }> = [];

  before(async () => {
    // The whole register budget of this address: three accounts
    for (let i = 0; i < 3; i++) {
      const username = name('pa_user');
      const password = `pw-${username}`;
      const res = await app().post('/api/auth/local/register', { username, email: `${username}@example.com`, password });
      expectStatus(res, 200, 'register');
      users.push({ jwt: (res.body as Json).jwt, email: `${username}@example.com`, password });
    }
  });

  it('register: the 4th account from one address is a 429', async () => {
    expectLimited(await app().post('/api/auth/local/register', { username: name('pa_more'), email: address('pa_more'), password: 'secret123' }), 'register #4');
  });

  it('login: the 4th identifier is a 429 even with the right password, whatever X-Forwarded-For says (no trusted proxy)', async () => {
    const login = (identifier: string, password: string, ip: string) =>
      app().request('POST', '/api/auth/local', { identifier, password }, forwarded(ip));
    for (let i = 1; i <= 3; i++) expectStatus(await login(address('pa_login'), 'Summer2024!', `203.0.113.${i}`), 400, `login #${i}`);
    const [user] = users;
    expectLimited(await login(user!.email, user!.password, '203.0.113.99'), 'login #4');
  });

  it('forgot-password: the 4th address asked for is a 429', async () => {
    for (let i = 1; i <= 3; i++) expectStatus(await app().post('/api/auth/forgot-password', { email: address('pa_forgot') }), 200, `forgot #${i}`);
    expectLimited(await app().post('/api/auth/forgot-password', { email: users[0]!.email }), 'forgot #4');
  });

  it('send-email-confirmation: the 4th address asked for is a 429', async () => {
    for (let i = 1; i <= 3; i++) expectStatus(await app().post('/api/auth/send-email-confirmation', { email: address('pa_confirm') }), 200, `send #${i}`);
    expectLimited(await app().post('/api/auth/send-email-confirmation', { email: address('pa_confirm') }), 'send #4');
  });

  it('reset-password: the 4th code tried is a 429', async () => {
    for (let i = 1; i <= 3; i++) expectStatus(await app().post('/api/auth/reset-password', { code: String(i).padStart(64, 'a'), ...RESET }), 400, `reset #${i}`);
    expectLimited(await app().post('/api/auth/reset-password', { code: 'b'.repeat(64), ...RESET }), 'reset #4');
  });

  it('change-password: the 4th attempt is a 429, whichever account it is for', async () => {
    const change = (jwt: string) => as(app(), jwt).post('/api/auth/change-password', { currentPassword: 'not-the-password', ...RESET });
    for (const [i, user] of users.entries()) expectStatus(await change(user.jwt), 400, `change #${i + 1}`);
    expectLimited(await change(users[0]!.jwt), 'change #4');
  });
});

describe('users-permissions: the budget per address behind a trusted proxy (server.proxy)', () => {
  const app = useKernel({ ratelimit: PER_ADDRESS }, { config: { server: { proxy: true } } });

  it('counts per forwarded client address', async () => {
    const login = (ip: string) => app().request('POST', '/api/auth/local', { identifier: address('px'), password: 'Summer2024!' }, forwarded(ip));
    for (let i = 1; i <= 3; i++) expectStatus(await login('198.51.100.1'), 400, `198.51.100.1 #${i}`);
    expectLimited(await login('198.51.100.1'), '198.51.100.1 #4');
    expectStatus(await login('198.51.100.2'), 400, 'another client');
  });
});

describe('users-permissions: the budget per address in a shared store', () => {
  const store = new MemoryRateLimitStore();
  const apps: TestKernel[] = [];
  before(async function () {
    this.timeout(120_000);
    for (let i = 0; i < 2; i++) {
      apps.push(await startKernel({ contentTypesDir: FIXTURES, config: upConfig({ ratelimit: { ...PER_ADDRESS, store } }) }));
    }
  });
  after(async () => { for (const app of apps) await app.stop(); });

  it('is spent by attempts on either instance', async () => {
    const [a, b] = apps as [TestKernel, TestKernel];
    const login = (app: TestKernel) => app.post('/api/auth/local', { identifier: address('shared'), password: 'Summer2024!' });
    expectStatus(await login(a), 400);
    expectStatus(await login(b), 400);
    expectStatus(await login(a), 400);
    expectLimited(await login(b), 'the 4th, on the second instance');
    expectLimited(await login(a), 'the 5th, on the first instance');
  });
});

describe('users-permissions: ratelimit.maxPerAddress in the config', function () {
  this.timeout(60_000);

  for (const bad of [0, -1, 2.5, '30', null]) {
    it(`refuses ${JSON.stringify(bad)} at start-up, naming the key`, async () => {
      const err = await startKernel({ contentTypesDir: FIXTURES, config: upConfig({ ratelimit: { maxPerAddress: bad } }) }).then(() => null, (e: unknown) => e);
      expect(err).to.be.instanceOf(KernelError);
      expect((err as KernelError).code).to.equal('CONFIG_ERR_INVALID');
      expect((err as Error).message).to.equal(`config plugins.users-permissions.config.ratelimit.maxPerAddress: expected a positive integer, got ${JSON.stringify(bad)}`);
    });
  }

  it('is off with the rest of the auth rate limit (ratelimit.enabled: false)', async () => {
    const app = await startKernel({ contentTypesDir: FIXTURES, config: upConfig({ ratelimit: { ...PER_ADDRESS, enabled: false } }) });
    try {
      for (let i = 1; i <= 5; i++) expectStatus(await app.post('/api/auth/local', { identifier: address('off'), password: 'Summer2024!' }), 400, `login #${i}`);
    } finally {
      await app.stop();
    }
  });
});
