// database.statementTimeout on the server databases: each pool connection carries the budget as a
// session variable, a statement past it is cancelled by the server, and the request answers 503
// in the envelope, logged with its request id. SQLite has no such budget: skipped there (CI runs
// this file in its MariaDB and PostgreSQL passes).

import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Plugin } from '../../core/index.js';
import { CLIENT } from '../helpers/database.js';
import { startKernel, type TestKernel } from '../helpers/kernel.js';

interface LogLine { level: string; message: string; extra?: Record<string, unknown> }

/** The budget as the session reports it, in ms. */
async function sessionBudget(db: Knex): Promise<number> {
  if (CLIENT === 'postgres') {
    const { rows } = await db.raw('SHOW statement_timeout') as { rows: Array<{ statement_timeout: string }> };
    const [, n = '0', unit = 'ms'] = /^(\d+)\s*(ms|s|min)?$/.exec(rows[0]?.statement_timeout ?? '') ?? [];
    return Number(n) * (unit === 's' ? 1000 : unit === 'min' ? 60_000 : 1);
  }
  // MariaDB's variable (CI's server); MySQL's max_execution_time is set instead there
  const [rows] = await db.raw('SELECT @@SESSION.max_statement_time AS t') as [Array<{ t: number | string }>];
  return Math.round(Number(rows[0]?.t ?? 0) * 1000);
}

/** A route that runs one slow statement through the kernel's database. */
function slowRoute(db: () => Knex): Plugin {
  return {
    name: 'slow',
    register(kernel) {
      kernel.hooks.buildRoutes.tap('slow', (routes) => routes.add({
        method: 'GET', path: '/api/slow', action: 'plugin::slow.run', query: [], config: { auth: false, owner: 'slow' },
        handler: async (ctx) => {
          await db().raw(CLIENT === 'postgres' ? 'SELECT pg_sleep(2)' : 'SELECT SLEEP(2)');
          ctx.body = { data: 'finished' };
        },
      }));
    },
  };
}

describe('database.statementTimeout', () => {
  let app: TestKernel | undefined;
  before(function () {
    if (CLIENT === 'sqlite') this.skip();
  });
  afterEach(async () => {
    await app?.stop();
    app = undefined;
  });

  it('cancels a statement past the budget: 503 in the envelope, logged with the request id', async () => {
    app = await startKernel({ plugins: [slowRoute(() => app!.kernel.db)], config: { database: { statementTimeout: 200 } } });
    expect(await sessionBudget(app.kernel.db)).to.equal(200);
    const res = await app.request('GET', '/api/slow', undefined, { 'x-request-id': 'slow-statement-1' });
    expect(res.status, res.text).to.equal(503);
    expect(res.body).to.deep.equal({ data: null, error: {
      status: 503, name: 'ServiceUnavailableError', message: 'The query took too long and was cancelled', details: {},
    } });
    expect(res.text).to.not.match(/sleep|select/i);
    const logged = (app.logs as LogLine[]).find((l) => l.level === 'error' && l.extra?.requestId === 'slow-statement-1');
    expect(logged?.message, JSON.stringify(app.logs)).to.match(/GET \/api\/slow failed/);
    // the connection is still good for the next request
    expect((await app.get('/api/categories')).status).to.equal(200);
  });

  it('is 30 s by default and off at 0', async () => {
    app = await startKernel({});
    expect(await sessionBudget(app.kernel.db)).to.equal(30_000);
    await app.stop();
    app = await startKernel({ config: { database: { statementTimeout: 0 } } });
    expect(await sessionBudget(app.kernel.db)).to.equal(0);
  });
});
