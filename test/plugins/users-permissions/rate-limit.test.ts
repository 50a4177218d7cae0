// Rate limiting of the auth routes: per identifier, route and client, 429 in Strapi's envelope once
// the budget is spent; content routes are never limited; a store passed in config is the one
// used, so kernels sharing it share the budget.

import { expect } from 'chai';
import { MemoryRateLimitStore, type RateLimitStore } from '../../../core/index.js';
import { startKernel, type TestKernel, type TestResponse } from '../../helpers/kernel.js';
import { as, expectStatus, FIXTURES, fresh, register, upConfig, useKernel } from './helpers.js';

const LIMITED = { data: null, error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} } };
const RATE = { enabled: true, max: 3, interval: 60_000 };

/** Sends `call` max+1 times: the first max answer `status`, the last is the 429. */
async function spend(call: () => Promise<TestResponse>, status: number, what: string): Promise<void> {
  for (let i = 1; i <= RATE.max; i++) expectStatus(await call(), status, `${what} #${i}`);
  const over = await call();
  expect(over.status, `${what} #${RATE.max + 1}`).to.equal(429);
  expect(over.body).to.deep.equal(LIMITED);
}

const email = (prefix: string) => `${fresh(prefix).replace(/\W+/g, '_')}@example.com`;

describe('users-permissions: rate limiting', () => {
  const app = useKernel({ ratelimit: RATE, permissions: { public: ['api::article.article.find'] } });

  it('the 4th login attempt for an identifier is a 429, even with the right password; another identifier gets through', async () => {
    const { user, password } = await register(app(), 'rl_login');
    await spend(() => app().post('/api/auth/local', { identifier: user.email, password: 'wrong-password' }), 400, 'login');
    expect((await app().post('/api/auth/local', { identifier: user.email, password })).body).to.deep.equal(LIMITED);
    expect((await app().post('/api/auth/local', { identifier: user.email.toUpperCase(), password })).status).to.equal(429);
    // The username is another identifier, so it has its own budget
    expectStatus(await app().post('/api/auth/local', { identifier: user.username, password }), 200);
    expectStatus(await app().post('/api/auth/local', { identifier: 'someone-else@example.com', password: 'whatever1' }), 400);
  });

  it('register is limited per email', async () => {
    const address = email('rl_reg');
    const name = () => fresh('rl_reg').replace(/\W+/g, '_');
    expectStatus(await app().post('/api/auth/local/register', { username: name(), email: address, password: 'secret123' }), 200);
    expectStatus(await app().post('/api/auth/local/register', { username: name(), email: address, password: 'secret123' }), 400);
    expectStatus(await app().post('/api/auth/local/register', { username: name(), email: address, password: 'secret123' }), 400);
    const over = await app().post('/api/auth/local/register', { username: name(), email: address, password: 'secret123' });
    expect(over.body).to.deep.equal(LIMITED);
    expectStatus(await app().post('/api/auth/local/register', { username: name(), email: email('rl_reg'), password: 'secret123' }), 200);
  });

  it('forgot-password and send-email-confirmation are limited per email', async () => {
    const address = email('rl_forgot');
    await spend(() => app().post('/api/auth/forgot-password', { email: address }), 200, 'forgot-password');
    expectStatus(await app().post('/api/auth/forgot-password', { email: email('rl_forgot') }), 200);
    await spend(() => app().post('/api/auth/send-email-confirmation', { email: address }), 200, 'send-email-confirmation');
  });

  it('reset-password is limited per client, whatever the code', async () => {
    let n = 0;
    await spend(() => app().post('/api/auth/reset-password', { code: String(++n).padStart(64, '0'), password: 'secret123', passwordConfirmation: 'secret123' }), 400, 'reset-password');
  });

  it('change-password is limited', async () => {
    const { jwt } = await register(app(), 'rl_change');
    const body = { currentPassword: 'not-the-password', password: 'secret1234', passwordConfirmation: 'secret1234' };
    await spend(() => as(app(), jwt).post('/api/auth/change-password', body), 400, 'change-password');
  });

  it('content routes are not limited', async () => {
    for (let i = 0; i < RATE.max * 3; i++) expectStatus(await app().get('/api/articles'), 200, `GET /api/articles #${i + 1}`);
  });
});

describe('users-permissions: a rate-limit store passed in config', () => {
  const keys: string[] = [];
  const memory = new MemoryRateLimitStore();
  const store: RateLimitStore = {
    hit: async (key, interval) => {
      keys.push(`${key} ${interval}`);
      return memory.hit(key, interval);
    },
  };
  const apps: TestKernel[] = [];
  before(async function () {
    this.timeout(120_000);
    for (let i = 0; i < 2; i++) {
      apps.push(await startKernel({ contentTypesDir: FIXTURES, config: upConfig({ ratelimit: { ...RATE, store } }) }));
    }
  });
  after(async () => { for (const app of apps) await app.stop(); });

  it('is the one used, and two kernels sharing it share the budget', async () => {
    const [a, b] = apps as [TestKernel, TestKernel];
    const login = (app: TestKernel) => app.post('/api/auth/local', { identifier: 'Shared@Example.com', password: 'whatever1' });
    expectStatus(await login(a), 400);
    expectStatus(await login(b), 400);
    expectStatus(await login(a), 400);
    expect((await login(b)).body).to.deep.equal(LIMITED);
    expect((await login(a)).body).to.deep.equal(LIMITED);
    // Two budgets per attempt: <identifier>:<operation>:<client address> and, across identifiers,
    // <operation>:<client address>, each with its window: the same whichever surface logs in
    expect(keys).to.have.length(10);
    const own = keys.filter((key) => key.startsWith('shared@'));
    expect(own).to.have.length(5);
    for (const key of own) expect(key).to.match(/^shared@example\.com:plugin::users-permissions\.auth\.callback:\S+ 60000$/);
    expect(new Set(own).size).to.equal(1);
    const perAddress = keys.filter((key) => !key.startsWith('shared@'));
    for (const key of perAddress) expect(key).to.match(/^plugin::users-permissions\.auth\.callback:\S+ 60000$/);
    expect(new Set(perAddress).size).to.equal(1);
    expectStatus(await b.post('/api/auth/local', { identifier: 'other@example.com', password: 'whatever1' }), 400);
  });
});
