// A locale made through the admin API is accepted at once by the instance that made it, by the
// others at their next signal read (server.signalInterval), and after a restart; a default chosen
// at run time stays until the config names another one.

import { expect } from 'chai';
import { createTestDatabase } from '../helpers/database.js';
import { startKernel, type TestKernel } from '../helpers/kernel.js';
import { until } from '../helpers/poll.js';
import { adminOptions, as, registerFirstAdmin } from '../plugins/admin/helpers.js';

type Locale = { id: number; code: string; isDefault: boolean };

describe('locales made at run time', function () {
  this.timeout(120_000);

  it('reach the other instances through a signal, and outlive a restart beside the config\'s', async () => {
    const db = await createTestDatabase({ persistent: true });
    const base = adminOptions().config!;
    const config = (defaultLocale = 'en') => ({
      ...base, server: { signalInterval: 200 },
      plugins: { ...base.plugins, i18n: { enabled: true, config: { locales: ['en', 'fr', 'de'], defaultLocale } } },
    }) as typeof base;
    const apps: TestKernel[] = [];
    const start = async (defaultLocale?: string) => { const app = await startKernel({ db, config: config(defaultLocale) }); apps.push(app); return app; };
    try {
      const [first, second] = [await start(), await start()];
      const { secret } = await first.kernel.apiTokens.create({ name: 'reader', type: 'full-access' });
      const articles = (app: TestKernel, locale: string) => as(app, { token: secret }).get(`/api/articles?locale=${locale}`);
      const admin = as(first, await registerFirstAdmin(first));
      expect((await articles(second, 'es')).status).to.equal(400);
      const es = await admin.post('/i18n/locales', { code: 'es', name: 'Español', isDefault: true });
      expect(es.status, es.text).to.equal(200);
      expect((await articles(first, 'es')).status, 'at once where it was made').to.equal(200);
      // On the other instance at a signal read (every 200 ms): a poll for it, bounded
      await until('the other instance to accept the locale', async () => (await articles(second, 'es')).status === 200);
      for (const app of apps.splice(0)) await app.stop();

      // The same config: the locale made at run time and the default chosen then stay
      const third = await start();
      const defaults = async (app: TestKernel) => ((await as(app, { token: secret }).get('/api/i18n/locales')).body as Locale[]).map((l) => `${l.code}${l.isDefault ? '*' : ''}`);
      expect(await defaults(third)).to.deep.equal(['en', 'fr', 'de', 'es*']);
      expect((await third.kernel.documents('api::category.category').create({ data: { name: 'Sin locale' } })).locale).to.equal('es');
      await apps.pop()!.stop();

      // A config naming another default than at the last start: the config's
      const fourth = await start('fr');
      expect(await defaults(fourth)).to.deep.equal(['en', 'fr*', 'de', 'es']);
      expect((await articles(fourth, 'es')).status).to.equal(200);
    } finally {
      for (const app of apps) await app.stop();
      await db.drop();
    }
  });
});
