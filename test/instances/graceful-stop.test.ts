// Stopping (SIGTERM, kernel.destroy()) refuses new connections at once and lets requests in flight
// finish and commit before the pool closes; a request longer than server.shutdownTimeout is cut.

import { expect } from 'chai';
import { definePlugin, type Plugin, type PluginApi } from '../../core/index.js';
import { createTestDatabase } from '../helpers/database.js';
import { startKernel } from '../helpers/kernel.js';

/** GET /slow: a request the test holds. `arrived` resolves once it is in the handler; it then
 *  waits for `release` before it creates a category and answers with it. */
function heldRoute(): { plugin: Plugin; arrived: Promise<void>; release: () => void } {
  let arrive!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => { arrive = resolve; });
  const released = new Promise<void>((resolve) => { release = resolve; });
  const plugin = definePlugin({
    name: 'held-route',
    register(api: PluginApi) {
      api.middleware('beforeRoutes', async (ctx, next) => {
        if (ctx.path !== '/slow') return next();
        arrive();
        await released;
        const doc = await api.documents('api::category.category').create({ data: { name: 'Held' } });
        ctx.body = { documentId: doc.documentId };
      });
    },
  });
  return { plugin, arrived, release };
}

const PLUGINS = { 'users-permissions': { enabled: false }, graphql: { enabled: false } };

describe('stopping a kernel', function () {
  this.timeout(30_000);

  it('finishes the requests in flight and writes what they write, refusing new connections meanwhile', async () => {
    const db = await createTestDatabase({ persistent: true });
    const held = heldRoute();
    const app = await startKernel({ plugins: [held.plugin], config: { plugins: PLUGINS }, db });
    const inFlight = fetch(`${app.url}/slow`).then(async (res) => ({ status: res.status, body: await res.json() as { documentId: string }, connection: res.headers.get('connection') }));
    await held.arrived;
    const stopping = app.kernel.destroy();
    // At once: destroy() stops accepting before its first await
    const late = await fetch(`${app.url}/api/categories`).then(() => 'answered', () => 'refused');
    expect(late).to.equal('refused');
    held.release();
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
    // Never released: only the shutdown timeout can end it
    const held = heldRoute();
    const app = await startKernel({ plugins: [held.plugin], config: { plugins: PLUGINS, server: { shutdownTimeout: 200 } } });
    const inFlight = fetch(`${app.url}/slow`).then(() => 'answered', () => 'cut');
    await held.arrived;
    let bound: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      app.stop().then(() => 'stopped'),
      new Promise<string>((resolve) => { bound = setTimeout(() => resolve('still waiting for the held request'), 10_000); }),
    ]);
    clearTimeout(bound);
    expect(stopped).to.equal('stopped');
    expect(await inFlight).to.equal('cut');
  });
});
