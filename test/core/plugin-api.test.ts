// What a plugin gets: a narrow handle (no Koa app, no database), typed services it publishes for
// others, middleware at named positions, and taps whose failures name the plugin and the hook.

import { expect } from 'chai';
import { definePlugin, type PluginApi } from '../../core/index.js';
import { startKernel } from '../helpers/kernel.js';

// The services this test's plugins publish, declared as any plugin would declare its own
declare module '../../core/index.js' {
  interface Services {
    'test.greeter': { greet(name: string): string };
  }
}

const tag = {
  kind: 'collectionType', collectionName: 'tags',
  info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' },
  options: {}, pluginOptions: {}, attributes: { name: { type: 'string' } },
};
const tagOnly = { contentTypesDir: false as const, schemas: { contentTypes: [{ file: 'tag.json', schema: tag }], components: [] } };

const greeter = definePlugin<{ greeting?: string }>({
  name: 'greeter',
  register(api, config) {
    api.services.provide('test.greeter', { greet: (name) => `${config.greeting ?? 'hello'}, ${name}` });
  },
});

describe('the plugin API', () => {
  it('is narrow: no Koa app, no database handle, no kernel life cycle', async () => {
    let seen: PluginApi | undefined;
    const probe = definePlugin({ name: 'probe', register(api) { seen = api; } });
    const app = await startKernel({ ...tagOnly, plugins: [probe] });
    try {
      expect(seen).to.not.have.any.keys('app', 'db', 'model', 'load', 'start', 'destroy', 'routes');
      expect(seen!.name).to.equal('probe');
      expect(Object.isFrozen(seen)).to.equal(true);
    } finally { await app.stop(); }
  });

  it('lets a plugin publish a typed service that another plugin and the app look up by name', async () => {
    let greeting = '';
    const user = definePlugin({
      name: 'greeting-user',
      register(api) {
        api.hooks.bootstrap.tapPromise('greeting-user', async () => { greeting = api.services.get('test.greeter').greet('plugin'); });
      },
    });
    const app = await startKernel({ ...tagOnly, plugins: [user], config: { plugins: { greeter: { resolve: greeter, config: { greeting: 'hi' } } } } });
    try {
      expect(greeting).to.equal('hi, plugin');
      expect(app.kernel.service('test.greeter').greet('app')).to.equal('hi, app');
      expect(app.kernel.services.list()).to.deep.equal([{ name: 'test.greeter', owner: 'greeter' }]);
    } finally { await app.stop(); }
  });

  it('names both plugins when two provide one service, and says what is missing', async () => {
    const second = definePlugin({ name: 'second', register(api) { api.services.provide('test.greeter', { greet: () => '' }); } });
    const failed = await startKernel({ ...tagOnly, plugins: [second], config: { plugins: { greeter: { resolve: greeter } } } })
      .then((a) => a.stop().then(() => null), (err: unknown) => err as Error & { code?: string });
    expect(failed?.code).to.equal('PLUGIN_ERR_DUPLICATE');
    expect(failed?.message).to.equal('service test.greeter: provided by second, already provided by greeter');
    const app = await startKernel(tagOnly);
    try {
      expect(() => app.kernel.service('test.greeter')).to.throw('no service test.greeter: no enabled plugin provides it');
      expect(app.kernel.services.find('test.greeter')).to.equal(undefined);
    } finally { await app.stop(); }
  });

  it('runs middleware at its named position: before the body parser, or after it before the routes', async () => {
    const seen: Array<[string, unknown]> = [];
    const mw = definePlugin({
      name: 'mw',
      register(api) {
        api.middleware('beforeBody', async (ctx, next) => { seen.push(['beforeBody', (ctx.request as { body?: unknown }).body]); await next(); });
        api.middleware('beforeRoutes', async (ctx, next) => {
          seen.push(['beforeRoutes', (ctx.request as { body?: unknown }).body]);
          if (ctx.path === '/ping') { ctx.body = { pong: true }; return; }
          await next();
        });
      },
    });
    const app = await startKernel({ ...tagOnly, plugins: [mw] });
    try {
      expect((await app.post('/api/tags', { data: { name: 'x' } })).status).to.equal(201);
      expect(seen).to.deep.equal([['beforeBody', undefined], ['beforeRoutes', { data: { name: 'x' } }]]);
      expect((await app.get('/ping')).body).to.deep.equal({ pong: true });
    } finally { await app.stop(); }
  });

  it('a failing tap names its plugin and hook: HOOK_ERR_TAP_FAILED at start-up, a logged 500 in a request', async () => {
    const boot = definePlugin({ name: 'broken-boot', register(api) { api.hooks.registerModels.tap('any-name', () => { throw new TypeError('boom'); }); } });
    const failed = await startKernel({ ...tagOnly, plugins: [boot] }).then((a) => a.stop().then(() => null), (err: unknown) => err as Error & { code?: string });
    expect(failed?.code).to.equal('HOOK_ERR_TAP_FAILED');
    expect(failed?.message).to.equal("broken-boot's registerModels tap failed: boom");
    expect((failed?.cause as Error).name).to.equal('TypeError');

    const query = definePlugin({
      name: 'broken-query',
      register(api) {
        api.hooks.beforeQuery.tap('broken-query', (ctx) => {
          if (ctx.params.filters) throw new RangeError('bad arithmetic');
          return ctx;
        });
      },
    });
    const app = await startKernel({ ...tagOnly, plugins: [query] });
    try {
      const res = await app.get('/api/tags?filters[name][$eq]=x');
      expect(res.status).to.equal(500);
      expect(res.body.error).to.deep.equal({ status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} });
      expect(app.logs.filter((l) => l.level === 'error').map((l) => l.message).join('\n')).to.contain("broken-query's beforeQuery tap failed: bad arithmetic");
      // A deliberate answer (an application error) passes through unchanged
      expect((await app.get('/api/tags')).status).to.equal(200);
    } finally { await app.stop(); }
  });

  it('refuses middleware and document actions after registration', async () => {
    let api: PluginApi | undefined;
    const keep = definePlugin({ name: 'keep', register(a) { api = a; } });
    const app = await startKernel({ ...tagOnly, plugins: [keep] });
    try {
      expect(() => api!.middleware('beforeRoutes', async (_ctx, next) => { await next(); })).to.throw(/keep added beforeRoutes middleware during phase ready/);
      expect(() => api!.defineDocumentAction({ name: 'x', owner: 'keep', run: async () => null })).to.throw(/KERNEL_ERR_LATE_TAP|during phase ready/);
      expect(() => api!.params.define({ name: 'late', owner: 'keep', description: '', schema: { type: 'boolean' }, appliesTo: () => true })).to.throw(/after plugins registered/);
    } finally { await app.stop(); }
  });
});
