// Stopping (SIGTERM, kernel.destroy()) refuses new connections at once and lets requests in flight
// finish and commit before the pool closes; a request longer than server.shutdownTimeout is cut.

import { expect } from 'chai';
import { definePlugin, type PluginApi } from '../../core/index.js';
import { createTestDatabase } from '../helpers/database.js';
import { startKernel } from '../helpers/kernel.js';

/** GET /slow?ms=N waits N ms, then creates a category and answers with it. */
const slowRoute = definePlugin({
  name: 'slow-route',
  register(api: PluginApi) {
    api.middleware('beforeRoutes', async (ctx, next) => {
      if (ctx.path !== '/slow') return next();
      await new Promise((resolve) => setTimeout(resolve, Number(ctx.query.ms)));
      const doc = await api.documents('api::category.category').create({ data: { name: `Slow ${String(ctx.query.ms)}` } });
      ctx.body = { documentId: doc.documentId };
    });
  },
});

const PLUGINS = { 'users-permissions': { enabled: false }, graphql: { enabled: false } };

describe('stopping a kernel', function () {
  this.timeout(30_000);

  it('finishes the requests in flight and writes what they write, refusing new connections meanwhile', async () => {
    const db = await createTestDatabase({ persistent: true });
    const app = await startKernel({ plugins: [slowRoute], config: { plugins: PLUGINS }, db });
    const inFlight = fetch(`${app.url}/slow?ms=500`).then(async (res) => ({ status: res.status, body: await res.json() as { documentId: string }, connection: res.headers.get('connection') }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = app.kernel.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const late = await fetch(`${app.url}/api/categories`).then(() => 'answered', () => 'refused');
    expect(late).to.equal('refused');
    const answer = await inFlight;
    expect(answer.status).to.equal(200);
    expect(answer.connection).to.equal('close');
    await stopping;
    // The write committed before the pool closed: a new kernel on the same data finds it
    const again = await startKernel({ db: app.db, config: { plugins: PLUGINS } });
    try {
      const found = await again.get(`/api/categories/${answer.body.documentId}`);
      expect(found.status).to.equal(200);
    } finally {
      await again.stop();
      await db.drop();
    }
  });

  it('cuts a request that outlasts server.shutdownTimeout', async () => {
    const app = await startKernel({ plugins: [slowRoute], config: { plugins: PLUGINS, server: { shutdownTimeout: 200 } } });
    const inFlight = fetch(`${app.url}/slow?ms=3000`).then(() => 'answered', () => 'cut');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await app.stop();
    expect(Date.now() - started).to.be.below(2000);
    expect(await inFlight).to.equal('cut');
  });
});
