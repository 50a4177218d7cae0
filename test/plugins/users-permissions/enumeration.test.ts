// Authentication does not tell who exists: for login and forgot-password, a known and an unknown
// account get the same answer after the same SQL statements. Timing is kept out of tests; these
// structural facts are what make the timing alike (plus the dummy-hash compare for logins).

import { expect } from 'chai';
import { definePlugin } from '../../../core/index.js';
import type { TestKernel } from '../../helpers/kernel.js';
import { until } from '../../helpers/poll.js';
import { expectStatus, mailbox, register, UP, useKernel } from './helpers.js';

/** Records each statement, and whether the route handler had returned (the answer was on its way). */
function statementRecorder(routes: Array<['POST', string]>) {
  const log: Array<{ sql: string; afterAnswer: boolean }> = [];
  let answered = true;
  const plugin = definePlugin({
    name: 'statement-recorder',
    register(kernel) {
      kernel.hooks.buildRoutes.tap({ name: 'statement-recorder', stage: 1000 }, (table) => {
        for (const [method, path] of routes) {
          table.update(method, path, (route) => ({
            ...route,
            handler: async (ctx) => {
              answered = false;
              try { await route.handler(ctx); } finally { answered = true; }
            },
          }));
        }
      });
    },
  });
  return {
    plugin,
    /** Listens to the kernel's database (a plugin gets no handle on it). */
    attach(app: TestKernel): void {
      app.kernel.db.on('query', (q: { sql: string }) => { log.push({ sql: q.sql, afterAnswer: answered }); });
    },
    take(): Array<{ sql: string; afterAnswer: boolean }> { return log.splice(0); },
    /** What was recorded so far, kept. */
    peek(): ReadonlyArray<{ sql: string; afterAnswer: boolean }> { return log; },
  };
}

describe('users-permissions: who exists does not show', () => {
  const box = mailbox();
  const recorder = statementRecorder([['POST', '/api/auth/forgot-password'], ['POST', '/api/auth/local']]);
  const app = useKernel(() => ({ email: { provider: box.provider, from: 'cms@example.com' } }), { plugins: [recorder.plugin] });
  before(() => recorder.attach(app()));

  it('forgot-password: a known and an unknown address answer alike after the same statements; the code is stored after the answer', async () => {
    const { user } = await register(app(), 'known');
    recorder.take();

    const unknown = await app().post('/api/auth/forgot-password', { email: 'nobody-at-all@example.com' });
    const unknownSql = recorder.take();
    const known = await app().post('/api/auth/forgot-password', { email: user.email });
    await box.received(1);
    // The code is stored after the answer: its UPDATE is what the recording waits for
    await until('the code stored after the answer', () => recorder.peek().some((s) => s.afterAnswer && /^update/i.test(s.sql)));
    const knownSql = recorder.take();

    expect(known.status).to.equal(unknown.status);
    expect(known.body).to.deep.equal(unknown.body);
    expect(known.body).to.deep.equal({ ok: true });
    const during = (log: typeof knownSql) => log.filter((s) => !s.afterAnswer).map((s) => s.sql);
    expect(during(knownSql)).to.have.length.greaterThan(0);
    expect(during(knownSql)).to.deep.equal(during(unknownSql));
    expect(unknownSql.filter((s) => s.afterAnswer)).to.deep.equal([]);
    expect(knownSql.filter((s) => s.afterAnswer).some((s) => /^update/i.test(s.sql))).to.equal(true);
  });

  it('login: an unknown identifier and a wrong password answer alike after the same statements', async () => {
    const { user } = await register(app(), 'login');
    recorder.take();
    const wrong = await app().post('/api/auth/local', { identifier: user.email, password: 'not-the-password-1' });
    const wrongSql = recorder.take().map((s) => s.sql);
    const unknown = await app().post('/api/auth/local', { identifier: 'nobody-at-all@example.com', password: 'not-the-password-1' });
    const unknownSql = recorder.take().map((s) => s.sql);
    expectStatus(wrong, 400);
    expect(unknown.body).to.deep.equal(wrong.body);
    expect(unknownSql).to.deep.equal(wrongSql);
  });

  it('the forgot-password code stored after the answer works for reset-password', async () => {
    box.messages.length = 0;
    const { user } = await register(app(), 'resets');
    await app().post('/api/auth/forgot-password', { email: user.email });
    const [mail] = await box.received(1);
    const code = /code=([0-9a-f]{64})/.exec(mail!.text)![1]!;
    const reset = await app().post('/api/auth/reset-password', { code, password: 'a-new-password-1', passwordConfirmation: 'a-new-password-1' });
    expectStatus(reset, 200);
    expect(reset.body.user.email).to.equal(user.email);
    void UP;
  });
});
