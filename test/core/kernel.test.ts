import { expect } from 'chai';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createKernel, definePlugin, KernelError, QUERY_STAGE, ForbiddenError, UnauthorizedError,
  type Kernel, type Plugin,
} from '../../core/index.js';
import knexFactory, { type Knex } from 'knex';
import { startKernel, ROOT, type TestKernel } from '../helpers/kernel.js';
import { CLIENT, createTestDatabase } from '../helpers/database.js';
import { until } from '../helpers/poll.js';
import { FIXTURE_CONFIG } from '../helpers/fixture.js';

const tagSchema = {
  kind: 'collectionType', collectionName: 'tags',
  info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' },
  options: {}, pluginOptions: {},
  attributes: { name: { type: 'string' } },
};
const tagOnly = { contentTypesDir: false as const, schemas: { contentTypes: [{ file: 'tag.json', schema: tagSchema }], components: [] } };

/** The server's id for a session of the pool: MariaDB's connection id, PostgreSQL's backend pid. */
async function sessionOf(knex: Knex): Promise<number | undefined> {
  if (CLIENT === 'sqlite') return undefined;
  const result = await knex.raw(CLIENT === 'mysql' ? 'SELECT CONNECTION_ID() AS id' : 'SELECT pg_backend_pid() AS id');
  return Number((CLIENT === 'mysql' ? result[0][0] : result.rows[0]).id);
}

/** Whether the server still lists a session, asked over a connection of the test's own. */
async function sessionOpen(app: TestKernel, id: number): Promise<boolean> {
  const own = knexFactory({ client: CLIENT === 'mysql' ? 'mysql2' : 'pg', connection: app.db.database.connection as Knex.StaticConnectionConfig, pool: { min: 0, max: 1 } });
  try {
    const sql = CLIENT === 'mysql' ? 'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE ID = ?' : 'SELECT COUNT(*) AS n FROM pg_stat_activity WHERE pid = ?';
    const result = await own.raw(sql, [id]);
    return Number((CLIENT === 'mysql' ? result[0][0] : result.rows[0]).n) > 0;
  } finally {
    await own.destroy();
  }
}

describe('kernel', () => {
  it('runs the lifecycle in order: register, registerModels, buildRoutes, bootstrap, destroy', async () => {
    const seen: string[] = [];
    const plugin = definePlugin({
      name: 'order-probe',
      register(kernel) {
        seen.push(`register:${kernel.name}`);
        kernel.hooks.registerModels.tap('order-probe', (registry) => { seen.push(`registerModels:${registry.contentTypes().map((c) => c.uid).join(',')}`); });
        kernel.hooks.buildRoutes.tap('order-probe', (routes) => { seen.push(`buildRoutes:${routes.all().filter((r) => r.path.startsWith('/api/tags')).length}`); });
        kernel.hooks.bootstrap.tapPromise('order-probe', async () => { seen.push('bootstrap'); });
        kernel.hooks.destroy.tapPromise('order-probe', async () => { seen.push('destroy'); });
      },
    });
    const app = await startKernel({ ...tagOnly, plugins: [plugin] });
    await app.stop();
    // core's API-token type is registered before the hook, so plugins see it (it gets no routes);
    // the tag's five routes are there when buildRoutes runs
    expect(seen).to.deep.equal(['register:order-probe', 'registerModels:api::tag.tag,admin::api-token', 'buildRoutes:5', 'bootstrap', 'destroy']);
  });

  it('lets a plugin add a content type and an attribute in registerModels', async () => {
    const plugin: Plugin = {
      name: 'model-adder',
      register(kernel) {
        kernel.hooks.registerModels.tap('model-adder', (registry) => {
          registry.addAttribute('api::tag.tag', 'color', { type: 'string' }, { owner: 'model-adder' });
        });
      },
    };
    const app = await startKernel({ ...tagOnly, plugins: [plugin] });
    try {
      const res = await app.post('/api/tags', { data: { name: 'a', color: 'red' } });
      expect(res.status).to.equal(201);
      expect(res.body.data).to.include({ name: 'a', color: 'red' });
    } finally { await app.stop(); }
  });

  it('names both owners when a plugin redefines an attribute', async () => {
    const plugin: Plugin = {
      name: 'clash',
      register(kernel) {
        kernel.hooks.registerModels.tap('clash', (r) => r.addAttribute('api::tag.tag', 'name', { type: 'text' }, { owner: 'clash' }));
      },
    };
    const err = await startKernel({ ...tagOnly, plugins: [plugin] }).then(() => null, (e: unknown) => e);
    expect(err).to.be.instanceOf(KernelError);
    expect((err as Error).message).to.equal('attribute name on api::tag.tag: added by clash, already defined by app');
  });

  it('checks models added by plugins: a relation to a missing target stops start-up', async () => {
    const plugin: Plugin = {
      name: 'dangling',
      register(kernel) {
        kernel.hooks.registerModels.tap('dangling', (r) => r.addAttribute('api::tag.tag', 'owner', { type: 'relation', relation: 'manyToOne', target: 'plugin::dangling.user' }, { owner: 'dangling' }));
      },
    };
    const err = await startKernel({ ...tagOnly, plugins: [plugin] }).then(() => null, (e: unknown) => e);
    expect((err as KernelError).code).to.equal('SCHEMA_ERR_INVALID');
    expect((err as Error).message).to.equal('api::tag.tag.owner (dangling): relation target plugin::dangling.user is not a registered content type');
  });

  it('checks a plugin type\'s storedNames against its attributes', async () => {
    const plugin: Plugin = {
      name: 'grants',
      register(kernel) {
        kernel.hooks.registerModels.tap('grants', (r) => r.addContentType({
          kind: 'collectionType', collectionName: 'grants', info: { singularName: 'grant', pluralName: 'grants', displayName: 'Grant' },
          attributes: { subject: { type: 'integer' }, fields: { type: 'json' }, action: { type: 'string' } },
        }, {
          owner: 'grants', uid: 'plugin::grants.grant',
          storedNames: [{ attribute: 'subject', holds: 'uid' }, { attribute: 'fields', holds: 'paths', of: 'action' }, { attribute: 'missing', holds: 'actions' }],
        }));
      },
    };
    const err = await startKernel({ ...tagOnly, plugins: [plugin] }).then(() => null, (e: unknown) => e);
    expect((err as KernelError).code).to.equal('SCHEMA_ERR_INVALID');
    expect((err as Error).message.split('\n')).to.deep.equal([
      'plugin::grants.grant (grants): storedNames[0]: subject is of type integer, which cannot hold uid',
      'plugin::grants.grant (grants): storedNames[1]: of names action, which is not declared to hold a uid',
      'plugin::grants.grant (grants): storedNames[2]: no attribute missing',
    ]);
  });

  it('refuses a tap on a boot hook after that hook fired', async () => {
    let late: unknown;
    const plugin: Plugin = {
      name: 'late',
      register(kernel) {
        kernel.hooks.bootstrap.tapPromise('late', async () => {
          try { kernel.hooks.registerModels.tap('late', () => {}); } catch (err) { late = err; }
        });
      },
    };
    const app = await startKernel({ ...tagOnly, plugins: [plugin] });
    await app.stop();
    expect(late).to.be.instanceOf(KernelError);
    expect((late as KernelError).code).to.equal('KERNEL_ERR_LATE_TAP');
  });

  it('refuses registry changes after registerModels', async () => {
    let err: unknown;
    const plugin: Plugin = {
      name: 'late-model',
      register(kernel) {
        kernel.hooks.bootstrap.tapPromise('late-model', async () => {
          try { kernel.registry.addAttribute('api::tag.tag', 'x', { type: 'string' }, { owner: 'late-model' }); } catch (e) { err = e; }
        });
      },
    };
    const app = await startKernel({ ...tagOnly, plugins: [plugin] });
    await app.stop();
    expect((err as KernelError).code).to.equal('KERNEL_ERR_LATE_MUTATION');
  });

  it('runs beforeQuery and afterQuery taps around every read, in stage order', async () => {
    const calls: string[] = [];
    const plugin: Plugin = {
      name: 'query-probe',
      register(kernel) {
        kernel.hooks.beforeQuery.tap({ name: 'query-probe', stage: QUERY_STAGE.SCOPE }, (ctx) => {
          calls.push(`scope:${ctx.action}`);
          // Row scopes apply everywhere: hide tags whose name starts with "secret"
          ctx.rowScopes.push(() => ({ kind: 'not', child: { kind: 'compare', field: 'name', operator: '$startsWith', value: 'secret' } }));
          return ctx;
        });
        kernel.hooks.beforeQuery.tap({ name: 'query-probe-defaults', stage: QUERY_STAGE.DEFAULTS }, (ctx) => { calls.push(`defaults:${ctx.action}`); return ctx; });
        kernel.hooks.afterQuery.tap({ name: 'query-probe', stage: QUERY_STAGE.SANITIZE }, (result) => {
          if (result.kind === 'many') for (const d of result.documents) d.seen = true;
          return result;
        });
      },
    };
    const app = await startKernel({ ...tagOnly, plugins: [plugin] });
    try {
      await app.post('/api/tags', { data: { name: 'public' } });
      // a write answers with the row it wrote, even one its own row scope hides from reads
      const hidden = await app.post('/api/tags', { data: { name: 'secret-1' } });
      expect(hidden.status).to.equal(201);
      expect(hidden.body.data.name).to.equal('secret-1');
      calls.length = 0;
      const res = await app.get('/api/tags');
      expect(calls).to.deep.equal(['defaults:findMany', 'scope:findMany']);
      expect(res.body.data.map((d: { name: string }) => d.name)).to.deep.equal(['public']);
      expect(res.body.data[0].seen).to.equal(true);
      expect(res.body.meta.pagination.total).to.equal(1);
    } finally { await app.stop(); }
  });

  it('answers 401 and 403 from authenticate/authorize taps in the error envelope', async () => {
    const plugin: Plugin = {
      name: 'gate',
      register(kernel) {
        kernel.hooks.authenticate.tapPromise('gate', async (request) => {
          const header = request.get('authorization');
          if (!header) return undefined;
          if (header !== 'Bearer good' && header !== 'Bearer reader') throw new UnauthorizedError('Missing or invalid credentials');
          return { strategy: 'gate', credentials: header.slice(7) };
        });
        kernel.hooks.authorize.tapPromise('gate', async (req) => {
          if (req.auth?.credentials === 'good') return { allowed: true };
          if (req.action.endsWith('.find')) return { allowed: true };
          return { allowed: false };
        });
      },
    };
    const app = await startKernel({ ...tagOnly, plugins: [plugin] });
    try {
      const bad = await app.request('POST', '/api/tags', { data: { name: 'x' } }, { authorization: 'Bearer nope' });
      expect(bad.status).to.equal(401);
      expect(bad.body).to.deep.equal({ data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } });
      const reader = await app.request('POST', '/api/tags', { data: { name: 'x' } }, { authorization: 'Bearer reader' });
      expect(reader.status).to.equal(403);
      expect(reader.body).to.deep.equal({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden: api::tag.tag.create', details: {} } });
      const good = await app.request('POST', '/api/tags', { data: { name: 'x' } }, { authorization: 'Bearer good' });
      expect(good.status).to.equal(201);
      expect((await app.get('/api/tags')).status).to.equal(200);
    } finally { await app.stop(); }
    void ForbiddenError;
  });

  it('emits one documentEvent per write, after commit', async () => {
    const events: string[] = [];
    const plugin: Plugin = {
      name: 'events',
      register(kernel) {
        kernel.hooks.documentEvent.tapPromise('events', async (e) => { events.push(`${e.action}:${e.uid}`); });
      },
    };
    const app = await startKernel({ ...tagOnly, plugins: [plugin] });
    try {
      const created = await app.post('/api/tags', { data: { name: 'a' } });
      await app.put(`/api/tags/${created.body.data.documentId}`, { data: { name: 'b' } });
      await app.del(`/api/tags/${created.body.data.documentId}`);
      await app.post('/api/tags', { data: { name: 5 } }); // invalid: no event
      expect(events).to.deep.equal(['create:api::tag.tag', 'update:api::tag.tag', 'delete:api::tag.tag']);
    } finally { await app.stop(); }
  });

  it('runs two kernels side by side in one process, each with its own data', async () => {
    const a = await startKernel(tagOnly);
    const b = await startKernel(tagOnly);
    try {
      await a.post('/api/tags', { data: { name: 'only-in-a' } });
      expect((await a.get('/api/tags')).body.data).to.have.length(1);
      expect((await b.get('/api/tags')).body.data).to.have.length(0);
    } finally { await a.stop(); await b.stop(); }
  });

  it('closes the server and the pool on destroy', async () => {
    const app = await startKernel(tagOnly);
    const knex = app.kernel.db;
    // A session of the pool, as the database server knows it (none for SQLite in memory)
    const session = await sessionOf(knex);
    if (session !== undefined) expect(await sessionOpen(app, session), 'the session before destroy').to.equal(true);
    await app.kernel.destroy();
    const err = await fetch(`${app.url}/api/tags`).then(() => null, (e: unknown) => e);
    expect(err).to.be.instanceOf(Error);
    const query = await knex.raw('select 1').then(() => null, (e: unknown) => e as Error);
    expect(query?.message, 'a query through the destroyed kernel\'s pool').to.match(/Unable to acquire a connection/);
    // The server lets go of a closed connection a moment later
    if (session !== undefined) await until('the server to end the pool\'s session', async () => !(await sessionOpen(app, session)));
    await app.kernel.destroy(); // twice is fine
    await app.db.drop();
    // a destroyed kernel does not serve again
    const restart = await app.kernel.start().then(() => null, (e: unknown) => e as { code?: string });
    expect(restart?.code).to.equal('KERNEL_ERR_STATE');
  });

  it('a start-up that fails in bootstrap lets plugins release what they opened, and reports the first error', async () => {
    const released: string[] = [];
    const holder = definePlugin({ name: 'holder', register() {}, destroy() { released.push('holder'); } });
    const breaker = definePlugin({ name: 'breaker', register() {}, bootstrap() { throw new Error('bootstrap broke'); } });
    const failed = await startKernel({ ...tagOnly, plugins: [holder, breaker] }).then((a) => a.stop().then(() => null), (e: unknown) => e as Error);
    expect(failed?.message).to.equal('bootstrap broke');
    expect(released).to.deep.equal(['holder']);
  });

  it('loads a custom plugin by path from config plugins, with its config', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-plugin-'));
    mkdirSync(join(dir, 'greeter'));
    writeFileSync(join(dir, 'greeter', 'index.ts'), `
      export default {
        name: 'greeter',
        register(kernel, config) {
          kernel.hooks.buildRoutes.tap('greeter', (routes) => routes.add({
            method: 'GET', path: '/api/greeting', action: 'plugin::greeter.greet', query: [],
            config: { auth: false, owner: 'greeter' },
            handler: async (ctx) => { ctx.body = { greeting: config.word }; },
          }));
        },
      };`);
    const app = await startKernel({ ...tagOnly, appDir: dir, config: { plugins: { greeter: { enabled: true, resolve: './greeter', config: { word: 'hello' } } } } });
    try {
      const res = await app.get('/api/greeting');
      expect(res.body).to.deep.equal({ greeting: 'hello' });
    } finally { await app.stop(); }
  });

  it('refuses an unknown plugin name and a missing dependency', async () => {
    const unknown = await startKernel({ ...tagOnly, config: { plugins: { 'no-such-plugin': { enabled: true } } } }).then(() => null, (e: unknown) => e);
    expect((unknown as KernelError).code).to.equal('PLUGIN_ERR_UNKNOWN');
    expect((unknown as Error).message).to.contain('no-such-plugin');
    const needy: Plugin = { name: 'needy', dependsOn: ['i18n'], register() {} };
    const missing = await startKernel({ ...tagOnly, plugins: [needy] }).then(() => null, (e: unknown) => e);
    expect((missing as Error).message).to.equal('plugin needy depends on i18n, which is not enabled');
  });

  it('maps application errors from another copy of core by their class, not by identity', async () => {
    // What a plugin loaded through a second module instance throws: same class names, same brand
    class ApplicationError extends Error {
      details = {};
      constructor(message: string) { super(message); Object.defineProperty(this, Symbol.for('strata.ApplicationError'), { value: true }); }
    }
    class UnauthorizedError extends ApplicationError { override name = 'UnauthorizedError'; }
    const plugin: Plugin = {
      name: 'foreign',
      register(kernel) {
        kernel.hooks.authenticate.tapPromise('foreign', async () => { throw new UnauthorizedError('Token expired'); });
      },
    };
    const app = await startKernel({ ...tagOnly, plugins: [plugin] });
    try {
      const res = await app.get('/api/tags');
      expect(res.status).to.equal(401);
      expect(res.body.error).to.deep.equal({ status: 401, name: 'UnauthorizedError', message: 'Token expired', details: {} });
    } finally { await app.stop(); }
  });

  it('says which plugin file could not be loaded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-plugin-'));
    writeFileSync(join(dir, 'broken.js'), 'export default {{ not javascript');
    const err = await startKernel({ ...tagOnly, appDir: dir, config: { plugins: { broken: { enabled: true, resolve: './broken' } } } }).then(() => null, (e: unknown) => e);
    expect((err as KernelError).code).to.equal('PLUGIN_ERR_UNKNOWN');
    expect((err as Error).message).to.match(/^config plugins\.broken: cannot load .*broken\.js: /);
  });

  it('ignores a disabled plugin', async () => {
    const app = await startKernel({ ...tagOnly, config: { plugins: { 'no-such-plugin': { enabled: false } } } });
    await app.stop();
  });

  it('stops start-up on a bad config value, naming the key', async () => {
    const cases: Array<[object, string]> = [
      [{ server: { port: 'abc' } }, 'config server.port: expected an integer between 0 and 65535, got "abc"'],
      [{ api: { rest: { maxLimit: 0 } } }, 'config api.rest.maxLimit: expected a positive integer, got 0'],
      [{ api: { rest: { defaultLimit: 500 } } }, 'config api.rest.defaultLimit: must not exceed api.rest.maxLimit (100), got 500'],
      [{ database: { client: 'oracle' } }, "config database.client: expected one of 'sqlite', 'mysql', 'postgres', got \"oracle\""],
      [{ api: { rest: { prefix: 'api' } } }, "config api.rest.prefix: expected a path such as '/api', got \"api\""],
    ];
    for (const [config, message] of cases) {
      const err = await createKernel({ ...tagOnly, config: config as never, env: {} }).then(() => null, (e: unknown) => e);
      expect(err, JSON.stringify(config)).to.be.instanceOf(KernelError);
      expect((err as Error).message).to.equal(message);
    }
  });

  it('reads config files that default-export a function of env', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-config-'));
    writeFileSync(join(dir, 'api.ts'), `export default (env) => ({ rest: { defaultLimit: env.int('LIMIT', 25), maxLimit: 50 } });`);
    writeFileSync(join(dir, 'server.ts'), `export default (env) => ({ port: env.int('PORT', 1337) });`);
    const kernel = await createKernel({ ...tagOnly, configDir: dir, env: { LIMIT: '7', PORT: 'not-a-port' } }).then((k) => k, (e: unknown) => e);
    expect((kernel as Error).message).to.equal('config server.port: expected an integer between 0 and 65535, got "not-a-port"');
    const ok = await createKernel({ ...tagOnly, configDir: dir, env: { LIMIT: '7' } });
    expect(ok.config.api.rest).to.include({ defaultLimit: 7, maxLimit: 50, prefix: '/api' });
    expect(ok.config.server.port).to.equal(1337);
  });

  it('loads the example app config folder (the test fixture\'s copy of it)', async () => {
    const kernel = await createKernel({ configDir: FIXTURE_CONFIG, env: {}, contentTypesDir: false });
    expect(kernel.config.database.client).to.equal('sqlite');
    expect(kernel.config.api.rest).to.include({ prefix: '/api', defaultLimit: 25, maxLimit: 100, strictParams: true });
  });

  it('stops start-up on an invalid schema file, naming the file and attribute path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-schema-'));
    writeFileSync(join(dir, 'post.json'), JSON.stringify({
      kind: 'collectionType', collectionName: 'posts',
      info: { singularName: 'post', pluralName: 'posts', displayName: 'Post' },
      attributes: { title: { type: 'string', maxLength: -1 }, author: { type: 'relation', relation: 'manyToOne', target: 'api::nobody.nobody' } },
    }));
    const db = await createTestDatabase();
    const err = await startKernel({ contentTypesDir: dir, db }).then(() => null, (e: unknown) => e);
    await db.drop();
    expect(err).to.be.instanceOf(KernelError);
    expect((err as KernelError).code).to.equal('SCHEMA_ERR_INVALID');
    expect((err as Error).message).to.contain('post.json: attributes.title.maxLength');
    expect((err as Error).message).to.contain('post.json: attributes.author.target');
  });

  it('stops start-up on a schema file that is not JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-schema-'));
    writeFileSync(join(dir, 'post.json'), '{ "kind": ');
    const err = await createKernel({ contentTypesDir: dir, env: {}, config: { database: { client: 'sqlite', connection: { filename: ':memory:' } } } })
      .then((k) => k.load()).then(() => null, (e: unknown) => e);
    expect((err as KernelError).code).to.equal('SCHEMA_ERR_LOAD');
    expect((err as Error).message).to.match(/^post\.json: not valid JSON/);
  });
});
