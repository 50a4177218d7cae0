// Several instances starting at once on one database (containers rolling out, cluster workers
// of separate hosts): one syncs the schema, the others wait for its lock, find the state it
// recorded and serve; none fails on a table another one created a moment before.

import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { buildOnce, startServer } from '../helpers/server-process.js';
import { databaseEnv, directConnection, exampleAppFolder } from './helpers.js';

describe('instances starting together on one database', function () {
  this.timeout(180_000);
  let db: TestDatabase;
  before(() => buildOnce());
  beforeEach(async () => { db = await createTestDatabase({ persistent: true }); });
  afterEach(async () => { await db.drop(); });

  it('all serve, the schema is synced once, and the default roles are seeded once', async () => {
    const appDir = exampleAppFolder();
    const env = { ...databaseEnv(db), USERS_PERMISSIONS: 'true', JWT_SECRET: 'instances-test-jwt-secret-0123456789' };
    const servers = [startServer(appDir, env), startServer(appDir, env), startServer(appDir, env)];
    try {
      const urls = await Promise.all(servers.map((s) => s.ready));
      for (const url of urls) expect((await fetch(`${url}/api/categories`)).status).to.equal(200);
      const direct = directConnection(db);
      try {
        expect((await direct.table('strata_schema_state')).length, 'one recorded sync').to.equal(1);
        const roles = await direct.table('up_roles') as Array<{ type: string }>;
        expect(roles.map((r) => r.type).sort()).to.deep.equal(['authenticated', 'public']);
      } finally {
        await direct.destroy();
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
});
