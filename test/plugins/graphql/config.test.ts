// The plugin's configuration is checked at start-up; a bad value names its key.

import { expect } from 'chai';
import { definePlugin } from '../../../core/index.js';
import { startKernel } from '../../helpers/kernel.js';
import { gqlConfig, type Json } from './helpers.js';

describe('GraphQL: configuration', () => {
  const cases: Array<{ config: Record<string, unknown>; message: RegExp }> = [
    { config: { depthLimit: 0 }, message: /plugins\.graphql\.config\.depthLimit: expected an integer of at least 1, got 0/ },
    { config: { amountLimit: '100' }, message: /plugins\.graphql\.config\.amountLimit: expected an integer/ },
    { config: { endpoint: 'graphql' }, message: /plugins\.graphql\.config\.endpoint: expected a path such as \/graphql/ },
    { config: { shadowCRUD: 'yes' }, message: /plugins\.graphql\.config\.shadowCRUD: expected true or false/ },
    { config: { maxDepth: 3 }, message: /plugins\.graphql\.config\.maxDepth: unknown key \(known keys: endpoint, shadowCRUD, / },
    { config: { depthLimt: 3 }, message: /plugins\.graphql\.config\.depthLimt: unknown key \(did you mean depthLimit\?\)$/ },
    { config: { jit: true }, message: /plugins\.graphql\.config\.jit: expected false or an integer of at least 0, got true/ },
    { config: { jit: -1 }, message: /plugins\.graphql\.config\.jit: expected false or an integer of at least 0, got -1/ },
    { config: { amountLimit: 10, defaultLimit: 20 }, message: /plugins\.graphql\.config\.defaultLimit: 20 is above amountLimit \(10\)/ },
  ];
  for (const c of cases) {
    it(`refuses ${JSON.stringify(c.config)}`, async () => {
      let error: unknown;
      try {
        const app = await startKernel({ config: gqlConfig(c.config) });
        await app.stop();
      } catch (err) {
        error = err;
      }
      expect(error, 'the kernel started').to.be.instanceOf(Error);
      expect((error as Error).message).to.match(c.message);
    });
  }

  it("accepts Strapi's apolloServer options (and ignores them: this server is not Apollo)", async () => {
    const app = await startKernel({ config: gqlConfig({ apolloServer: { tracing: false }, depthLimit: 7, amountLimit: 100 }) });
    try {
      expect(app.kernel.service('graphql').settings).to.deep.include({ depthLimit: 7, amountLimit: 100, endpoint: '/graphql' });
    } finally {
      await app.stop();
    }
  });

  // The fuzz test compares compiled and interpreted answers: it means nothing if compilation
  // fell back (a loader that gives graphql-jit a second copy of graphql, as tsx's CommonJS hook does)
  it('compiles documents here: no fallback to graphql-js once the endpoint is loaded', async () => {
    const app = await startKernel({ config: gqlConfig() });
    try {
      // The endpoint loads with its first request: the check is made then
      const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
      expect(res.status).to.equal(200);
      expect(app.logs.map((l) => l.message).join('\n')).to.not.contain('graphql-jit cannot compile');
    } finally {
      await app.stop();
    }
  });

  it('with shadowCRUD: false generates no content-type queries', async () => {
    const app = await startKernel({ config: gqlConfig({ shadowCRUD: false }) });
    try {
      expect(app.kernel.service('graphql').sdl()).to.not.match(/articles|type Article /);
    } finally {
      await app.stop();
    }
  });
});

describe('GraphQL: names from any schema', () => {
  const tricky = {
    contentTypesDir: false as const,
    schemas: {
      contentTypes: [{
        file: 'signal.json',
        schema: {
          kind: 'collectionType', collectionName: 'signals', info: { singularName: 'signal', pluralName: 'signals', displayName: 'Signal' },
          // Values that spell the same GraphQL name, or a reserved one; an attribute named like a connection
          attributes: { state: { type: 'enumeration', enum: ['a-b', 'a_b', 'true', 'null', '1'] }, wifi_connection: { type: 'string' } },
        },
      }],
      components: [],
    },
  };

  it('gives every enumeration value its own valid name, and reads an attribute ending in _connection', async () => {
    const app = await startKernel({ ...tricky, config: gqlConfig({}, {}, { 'draft-and-publish': false, i18n: false }) });
    try {
      const sdl = app.kernel.service('graphql').sdl();
      expect(sdl).to.match(/enum ENUM_SIGNAL_STATE \{\n {2}a_b\n {2}a_b_2\n {2}_true\n {2}_null\n {2}_1\n\}/);
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'mutation { createSignal(data: { state: a_b_2, wifi_connection: "on" }) { state wifi_connection } }' }),
      });
      expect(await res.json()).to.deep.equal({ data: { createSignal: { state: 'a_b_2', wifi_connection: 'on' } } });
      const list = await app.get('/api/signals');
      expect(list.body.data[0]).to.deep.include({ state: 'a_b', wifi_connection: 'on' });
    } finally {
      await app.stop();
    }
  });
});

describe('GraphQL: a content type with a relation to i18n\'s locales', () => {
  const withLocaleRelation = {
    contentTypesDir: false as const,
    schemas: {
      contentTypes: [{
        file: 'edition.json',
        schema: {
          kind: 'collectionType', collectionName: 'editions', info: { singularName: 'edition', pluralName: 'editions', displayName: 'Edition' },
          attributes: { title: { type: 'string' }, language: { type: 'relation', relation: 'manyToOne', target: 'plugin::i18n.locale' } },
        },
      }],
      components: [],
    },
  };
  const i18n = { 'draft-and-publish': false, i18n: { enabled: true, config: { locales: ['en', 'fr'], defaultLocale: 'en' } } };
  const cases: Array<{ graphql: Record<string, unknown>; query: string; locales: (data: Json) => unknown }> = [
    { graphql: {}, query: '{ i18NLocales { code } editions { title language { code } } }', locales: (d) => (d.i18NLocales as Json[]).map((l) => l.code) },
    {
      graphql: { shape: 'v4' },
      query: '{ i18NLocales { data { id attributes { code } } meta { pagination { total } } } editions { data { attributes { title language { data { id } } } } } }',
      locales: (d) => (d.i18NLocales.data as Json[]).map((l) => l.attributes.code),
    },
  ];
  for (const c of cases) {
    it(`starts and answers i18NLocales beside it, ${JSON.stringify(c.graphql)}`, async () => {
      const app = await startKernel({ ...withLocaleRelation, config: gqlConfig(c.graphql, {}, i18n) });
      try {
        await app.kernel.documents('api::edition.edition').create({ data: { title: 'First' } });
        const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: c.query }) });
        const body = await res.json() as Json;
        expect(body.errors, JSON.stringify(body.errors)).to.equal(undefined);
        expect(c.locales(body.data)).to.deep.equal(['en', 'fr']);
      } finally {
        await app.stop();
      }
    });
  }
});

describe('GraphQL: when the executable schema is built', () => {
  const PRODUCTION = { environment: 'production' };
  const SALT = { tokens: { salt: 'graphql-lazy-test-salt-0123456789abcdef' } };
  /** Adds a field of a type that does not exist to every entity type: a schema hook's mistake. */
  const badField = definePlugin({
    name: 'bad-field',
    register(api) {
      api.hooks.schemaFields.tap('bad-field', (fields, scope) => (scope.role === 'entity' ? { ...fields, oops: { type: 'NoSuchType', args: {} } } : fields));
    },
  });
  const post = (url: string, query: string) => fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });

  it('outside production, at start: a schema hook naming a type that does not exist stops it', async () => {
    const failed = await startKernel({ config: gqlConfig(), plugins: [badField] }).then(async (app) => { await app.stop(); return undefined; }, (err: unknown) => err as Error);
    expect(failed, 'the kernel started').to.be.instanceOf(Error);
    expect(failed!.message).to.match(/^graphql: the schema does not build: .*NoSuchType/);
  });

  it('in production, at the first GraphQL request; a build that fails is a GraphQL 500, tried again by the next request', async () => {
    const app = await startKernel({ config: { ...gqlConfig(), server: PRODUCTION, api: SALT } as never, plugins: [badField] });
    try {
      expect((await app.get('/api/articles')).status).to.equal(200);
      for (let i = 0; i < 2; i++) {
        const res = await post(app.url, '{ __typename }');
        expect(res.status).to.equal(500);
        expect(await res.json()).to.deep.equal({ errors: [{ message: 'Internal Server Error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
      }
      // Each request tried the build again: each logged why it failed
      expect(app.logs.filter((l) => l.level === 'error' && /the schema does not build: .*NoSuchType/.test(l.message))).to.have.lengthOf(2);
    } finally {
      await app.stop();
    }
  });

  it('refuses schema() before the routes are built without keeping the refusal', async () => {
    let early: Promise<unknown> | undefined;
    const asker = definePlugin({ name: 'asker', register(api) { early = api.services.get('graphql').schema(); early.catch(() => undefined); } });
    const app = await startKernel({ config: { ...gqlConfig(), server: PRODUCTION, api: SALT } as never, plugins: [asker] });
    try {
      expect(await early!.then(() => 'built', (err: Error) => err.message)).to.match(/it is not ready yet/);
      const res = await post(app.url, '{ articles { title } }');
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({ data: { articles: [] } });
      expect((await app.kernel.service('graphql').schema()).getQueryType()?.name).to.equal('Query');
    } finally {
      await app.stop();
    }
  });
});
