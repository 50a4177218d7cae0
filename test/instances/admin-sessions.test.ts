// Admin sessions live in the database: two instances on one database accept each other's access
// tokens and refresh cookies, and a session ended on one (logout, a reused refresh token) is
// refused by the other on its very next request; an admin role changed on one applies on the
// other at its next signal read.

import { expect } from 'chai';
import { createTestDatabase } from '../helpers/database.js';
import { startKernel, type TestKernel } from '../helpers/kernel.js';
import { adminOptions, as, login, refreshCookie, registerFirstAdmin } from '../plugins/admin/helpers.js';

describe('admin sessions across instances', function () {
  this.timeout(60_000);

  it('are one set of sessions for every instance on the database', async () => {
    const db = await createTestDatabase({ persistent: true });
    const options = adminOptions();
    const config = { ...options.config, server: { signalInterval: 200 } };
    const apps: TestKernel[] = [];
    try {
      apps.push(await startKernel({ db, config }));
      apps.push(await startKernel({ db, config }));
      const [a, b] = apps as [TestKernel, TestKernel];
      await registerFirstAdmin(a);
      const session = await login(a, 'ada@example.com');
      expect((await as(b, session).get('/admin/users/me')).status, 'a token of one instance opens the other').to.equal(200);
      const refreshed = await b.request('POST', '/admin/access-token', {}, { cookie: session.cookie });
      expect(refreshed.status).to.equal(200);
      // The first cookie, replayed on the other instance: the session ends everywhere
      expect((await a.request('POST', '/admin/access-token', {}, { cookie: session.cookie })).status).to.equal(401);
      expect((await as(b, { token: refreshed.body.data.token }).get('/admin/users/me')).status).to.equal(401);
      expect((await b.request('POST', '/admin/access-token', {}, { cookie: refreshCookie(refreshed) })).status).to.equal(401);
      const other = await login(b, 'ada@example.com');
      expect((await as(a, other).post('/admin/logout')).status).to.equal(200);
      expect((await as(b, other).get('/admin/users/me')).status, 'logged out on the other instance').to.equal(401);

      // A role's permissions changed through one instance apply on the other at its next signal read
      const ada = await login(a, 'ada@example.com');
      const roles = (await as(a, ada).get('/admin/roles')).body.data as Array<{ id: number; code: string }>;
      const editorRole = roles.find((r) => r.code === 'strapi-editor')!.id;
      const invited = await as(a, ada).post('/admin/users', { email: 'ed@example.com', firstname: 'Ed', roles: [editorRole] });
      const registered = await a.post('/admin/register', { registrationToken: invited.body.data.registrationToken, userInfo: { password: 'Editor-Pass-1' } });
      const editor = { token: registered.body.data.token as string };
      expect((await as(b, editor).get('/admin/users')).status).to.equal(403);
      const current = (await as(a, ada).get(`/admin/roles/${editorRole}/permissions`)).body.data as Array<Record<string, unknown>>;
      const granted = [...current.map(({ action, subject, properties, conditions }) => ({ action, subject, properties, conditions })), { action: 'admin::users.read' }];
      expect((await as(a, ada).put(`/admin/roles/${editorRole}/permissions`, { permissions: granted })).status).to.equal(200);
      const started = Date.now();
      let status = 0;
      while (Date.now() - started < 5_000 && status !== 200) status = (await as(b, editor).get('/admin/users')).status;
      expect(status, 'on the other instance').to.equal(200);
      expect(Date.now() - started, 'within a few signal reads, not the cache\'s 10 s').to.be.below(3_000);
    } finally {
      for (const app of apps) await app.stop();
      await db.drop();
    }
  });
});
