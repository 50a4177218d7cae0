// A permission changed through one instance takes effect on another at its next signal read
// (server.signalInterval), not when that instance's permission cache expires.

import { expect } from 'chai';
import { createTestDatabase } from '../helpers/database.js';
import { startKernel, type TestKernel } from '../helpers/kernel.js';
import { until } from '../helpers/poll.js';
import { upConfig, UP } from '../plugins/users-permissions/helpers.js';

const FIXTURES = new URL('../plugins/users-permissions/content-types', import.meta.url).pathname;

describe('a permission change reaches the other instances', function () {
  this.timeout(60_000);

  it('through a signal in the database, well before the cache expires', async () => {
    const db = await createTestDatabase({ persistent: true });
    // A cache that would keep the old answer for a minute
    const config = { ...upConfig({ permissionCacheTtl: 60_000 }), server: { signalInterval: 200 } };
    const apps: TestKernel[] = [];
    try {
      apps.push(await startKernel({ db, contentTypesDir: FIXTURES, config }));
      apps.push(await startKernel({ db, contentTypesDir: FIXTURES, config }));
      const [first, second] = apps as [TestKernel, TestKernel];
      expect((await second.get('/api/categories')).status, 'the public role may not list yet').to.equal(403);
      const publicRole = await first.kernel.documents(`${UP}.role`).findFirst({ filters: { type: { $eq: 'public' } }, source: 'internal' });
      await first.kernel.documents(`${UP}.permission`).create({ data: { action: 'api::category.category.find', role: publicRole!.documentId }, source: 'internal' });
      expect((await first.get('/api/categories')).status, 'at once where it was made').to.equal(200);
      // Within 10 s, where the cache would answer 403 for a minute: the signal (read every 200 ms)
      // carried it, not the cache's expiry
      await until('the other instance to allow the list', async () => (await second.get('/api/categories')).status === 200, { within: 10_000 });
    } finally {
      for (const app of apps) await app.stop();
      await db.drop();
    }
  });
});
