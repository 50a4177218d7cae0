// The plugin's configuration is checked at start-up; a bad value names its key.

import { expect } from 'chai';
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
