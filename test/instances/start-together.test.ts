// Several instances starting at once on one database (containers rolling out, cluster workers
// of separate hosts): one syncs the schema, the others wait for its lock, find the state it
// recorded and serve; none fails on a table another one created a moment before.

import { expect } from 'chai';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { ROOT } from '../helpers/kernel.js';
import { buildOnce, startServer } from '../helpers/server-process.js';
import { databaseEnv } from './database-env.js';

describe('instances starting together on one database', function () {
  this.timeout(180_000);
  let db: TestDatabase;
  before(() => buildOnce());
  beforeEach(async () => { db = await createTestDatabase({ persistent: true }); });
  afterEach(async () => { await db.drop(); });

  it('all serve, the schema is synced once, and the default roles are seeded once', async () => {
    const appDir = mkdtempSync(join(tmpdir(), 'strata-app-'));
    cpSync(join(ROOT, 'content-types'), join(appDir, 'content-types'), { recursive: true });
    const env = { ...databaseEnv(db), USERS_PERMISSIONS: 'true', JWT_SECRET: 'instances-test-jwt-secret-0123456789' };
    const servers = [startServer(appDir, env), startServer(appDir, env), startServer(appDir, env)];
    try {
      const urls = await Promise.all(servers.map((s) => s.ready));
      for (const url of urls) expect((await fetch(`${url}/api/categories`)).status).to.equal(200);
      const knex = knexFactory({ ...db.database, client: db.database.client === 'sqlite' ? 'better-sqlite3' : db.database.client === 'mysql' ? 'mysql2' : 'pg', useNullAsDefault: true } as never);
      try {
        const inSchema = (table: string) => (db.database.client === 'postgres' && 'schema' in db.database ? knex.withSchema(String(db.database.schema)).from(table) : knex(table));
        expect((await inSchema('strata_schema_state')).length, 'one recorded sync').to.equal(1);
        const roles = await inSchema('up_roles') as Array<{ type: string }>;
        expect(roles.map((r) => r.type).sort()).to.deep.equal(['authenticated', 'public']);
      } finally {
        await knex.destroy();
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
});
