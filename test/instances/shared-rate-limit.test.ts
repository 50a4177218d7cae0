// server.rateLimitStore 'database': two instances on one database count one budget. With the
// in-memory store each instance counts its own, and a client spreading its attempts over both
// gets twice the budget.

import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { buildOnce, startServer } from '../helpers/server-process.js';
import { databaseEnv, exampleAppFolder } from './helpers.js';

describe('rate limits across instances', function () {
  this.timeout(180_000);
  let db: TestDatabase;
  before(() => buildOnce());
  beforeEach(async () => { db = await createTestDatabase({ persistent: true }); });
  afterEach(async () => { await db.drop(); });

  async function attemptsAllowed(store: 'memory' | 'database'): Promise<number[]> {
    const appDir = exampleAppFolder();
    const env = { ...databaseEnv(db), RATE_LIMIT_STORE: store, USERS_PERMISSIONS: 'true', JWT_SECRET: 'rate-limit-test-jwt-secret-0123456789', GRAPHQL: 'false' };
    const first = startServer(appDir, env);
    const urls = [await first.ready];
    const second = startServer(appDir, env);
    urls.push(await second.ready);
    try {
      // users-permissions allows 10 attempts per identifier, flow and address in a minute
      const statuses: number[] = [];
      for (let i = 0; i < 24; i++) {
        const res = await fetch(`${urls[i % 2]}/api/auth/local`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'nobody@example.com', password: `guess-${i}` }),
        });
        statuses.push(res.status);
      }
      return statuses;
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  }

  it('in the database: ten wrong passwords in all, whichever instance takes them, then 429', async () => {
    const statuses = await attemptsAllowed('database');
    expect(statuses.filter((s) => s === 400)).to.have.length(10);
    expect(statuses.slice(10).every((s) => s === 429), statuses.join(' ')).to.equal(true);
  });

  it('in memory: each instance counts its own, twice the budget (why the database store exists)', async () => {
    const statuses = await attemptsAllowed('memory');
    expect(statuses.filter((s) => s === 400)).to.have.length(20);
  });
});
