// The extension API of the graphql service (shadowCRUD, use, resolversConfig, middlewares) and the
// kernel's policies, through HTTP against real kernels. Plugins here reach the service by name,
// as an app's own would.

import { expect } from 'chai';
import { definePlugin, type Plugin, type PluginApi } from '../../../core/index.js';
import { startKernel } from '../../helpers/kernel.js';
import { gql, gqlConfig, gqlData, oneError, upPlugin, useGraphqlKernel, type Json } from './helpers.js';

const A = 'api::article.article';
const AU = 'api::author.author';
const C = 'api::category.category';

declare module '../../../core/index.js' {
  interface Policies { 'test.header-is': { value: string }; 'test.always': undefined }
  interface ResolverMiddlewares { 'test.suffix': { suffix: string }; 'test.upper': undefined }
}

/** A plugin that registers after graphql and runs `fn` in its register. */
function extending(name: string, fn: (api: PluginApi) => void): Plugin {
  return definePlugin({ name, dependsOn: ['graphql'], register: (api) => fn(api) });
}

const sdlOf = (get: () => { kernel: { service(name: 'graphql'): { sdl(): string } } }) => get().kernel.service('graphql').sdl();
const typeBlock = (sdl: string, name: string) => new RegExp(`(type|input) ${name} \\{[\\s\\S]*?\\n\\}`).exec(sdl)?.[0] ?? '';

describe('GraphQL extension: shadowCRUD', () => {
  const getters: Record<string, unknown> = {};
  const get = useGraphqlKernel({}, {
    plugins: [extending('shadow', (api) => {
      const graphql = api.services.get('graphql');
      graphql.shadowCRUD(C).disable();
      graphql.shadowCRUD('shared.quote').disable();
      graphql.shadowCRUD(AU).disableQueries();
      graphql.shadowCRUD('api::global.global').disableMutations();
      graphql.shadowCRUD(A).disableAction('delete').disableActions(['publish', 'unpublish']);
      graphql.shadowCRUD(A).field('description').disable();
      graphql.shadowCRUD(A).field('slug').disableOutput();
      graphql.shadowCRUD(A).field('rating').disableInput();
      graphql.shadowCRUD(A).field('readingTime').disableFilters();
      const a = graphql.shadowCRUD(A);
      const au = graphql.shadowCRUD(AU);
      const c = graphql.shadowCRUD(C);
      Object.assign(getters, {
        categoryEnabled: c.isEnabled(), categoryDisabled: c.isDisabled(), categoryQueries: c.areQueriesEnabled(),
        authorQueries: au.areQueriesEnabled(), authorQueriesDisabled: au.areQueriesDisabled(),
        authorMutations: au.areMutationsEnabled(), authorMutationsDisabled: au.areMutationsDisabled(),
        articleFind: a.isActionEnabled('find'), articleDelete: a.isActionEnabled('delete'), articleDeleteDisabled: a.isActionDisabled('delete'),
        authorFind: au.isActionEnabled('find'), authorCreate: au.isActionDisabled('create'),
        description: [a.field('description').isEnabled(), a.field('description').isDisabled()],
        slug: [a.field('slug').hasOutputEnabled(), a.field('slug').hasInputEnabled(), a.field('slug').hasFiltersEnabled()],
        rating: [a.field('rating').hasOutputEnabled(), a.field('rating').hasInputEnabled(), a.field('rating').hasFiltersEnabled()],
        readingTime: [a.field('readingTime').hasFiltersEnabled(), a.field('readingTime').isEnabled()],
        title: a.field('title').isEnabled(),
      });
    })],
  });

  it('answers every getter from the switches', () => {
    expect(getters).to.deep.equal({
      categoryEnabled: false, categoryDisabled: true, categoryQueries: false,
      authorQueries: false, authorQueriesDisabled: true, authorMutations: true, authorMutationsDisabled: false,
      articleFind: true, articleDelete: false, articleDeleteDisabled: true, authorFind: false, authorCreate: false,
      description: [false, true], slug: [false, true, true], rating: [true, false, true], readingTime: [false, true], title: true,
    });
  });

  it('removes a disabled content type everywhere: its types, queries, and the relations, filters and inputs that lead to it', async () => {
    const sdl = sdlOf(get);
    expect(sdl).to.not.match(/\bCategory\b|CategoryFiltersInput|categories|createCategory/);
    expect(typeBlock(sdl, 'Article')).to.not.match(/\bcategory\b/);
    expect(typeBlock(sdl, 'ArticleInput')).to.not.match(/\bcategory\b/);
    expect(typeBlock(sdl, 'ArticleFiltersInput')).to.not.match(/\bcategory\b/);
    // The schema still serves
    expect(await gqlData(get(), '{ articles { title } }')).to.deep.equal({ articles: [] });
  });

  it('removes a disabled component from dynamic zones and the other models', () => {
    const sdl = sdlOf(get);
    expect(sdl).to.not.match(/ComponentSharedQuote\b/);
    expect(sdl).to.match(/union ArticleBlocksDynamicZone = [^\n]*ComponentSharedRichText/);
  });

  it('drops the queries, the mutations or single actions of a content type', () => {
    const sdl = sdlOf(get);
    const query = typeBlock(sdl, 'Query');
    const mutation = typeBlock(sdl, 'Mutation');
    expect(query).to.not.match(/\bauthors?\b|authors_connection/);
    expect(mutation).to.match(/createAuthor/);
    expect(typeBlock(sdl, 'Author')).to.match(/name: String/);
    expect(query).to.match(/\bglobal\b/);
    expect(mutation).to.not.match(/updateGlobal|deleteGlobal/);
    expect(mutation).to.match(/createArticle/).and.match(/updateArticle/).and.match(/discardDraftArticle/);
    expect(mutation).to.not.match(/deleteArticle|publishArticle|unpublishArticle/);
  });

  it('leaves a field out of the output, the input or the filters as asked', async () => {
    const sdl = sdlOf(get);
    const [output, input, filters] = ['Article', 'ArticleInput', 'ArticleFiltersInput'].map((t) => typeBlock(sdl, t));
    for (const block of [output, input, filters]) expect(block).to.not.match(/\bdescription\b/);
    expect(output).to.not.match(/\bslug\b/);
    expect(input).to.match(/\bslug\b/);
    expect(input).to.not.match(/\brating\b/);
    expect(output).to.match(/\brating\b/);
    expect(filters).to.not.match(/\breadingTime\b/);
    expect(output).to.match(/\breadingTime\b/);
    const res = await gql(get(), '{ articles { slug } }');
    expect(res.body.errors[0].extensions.code).to.equal('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('GraphQL extension: shadowCRUD mistakes stop start-up', () => {
  const cases: Array<{ name: string; fn: (api: PluginApi) => void; message: RegExp }> = [
    { name: 'an unknown uid', fn: (api) => { api.services.get('graphql').shadowCRUD('api::artcle.artcle').disable(); }, message: /shadowCRUD\('api::artcle.artcle'\): no content type or component/ },
    { name: 'an unknown field', fn: (api) => { api.services.get('graphql').shadowCRUD(A).field('titel').disable(); }, message: /field\('titel'\): api::article.article has no attribute titel/ },
    { name: 'a resolver of no field', fn: (api) => api.services.get('graphql').use({ resolvers: { Query: { nothing: () => 1 } } }), message: /resolvers.Query.nothing: Query has no field nothing/ },
    { name: 'a config of no field', fn: (api) => api.services.get('graphql').use({ resolversConfig: { 'Query.artcles': { auth: false } } }), message: /resolversConfig\['Query.artcles'\]: Query has no field artcles/ },
    { name: 'an undefined policy', fn: (api) => api.services.get('graphql').use({ resolversConfig: { 'Query.articles': { policies: ['test.always'] } } }), message: /no policy test.always is defined/ },
    { name: 'an undefined middleware', fn: (api) => api.services.get('graphql').use({ resolversConfig: { 'Query.articles': { middlewares: ['test.upper'] } } }), message: /no middleware "test.upper" is defined/ },
    { name: 'a field named after a private attribute', fn: (api) => api.services.get('graphql').use({ typeDefs: 'extend type Author { secretNote: String }' }), message: /Author.secretNote: api::author.author's secretNote is private/ },
    { name: 'bad SDL', fn: (api) => api.services.get('graphql').use({ typeDefs: 'extend type Query { x: Nope }' }), message: /the extensions' types do not build: .*Nope/ },
    { name: 'an unknown extension key', fn: (api) => api.services.get('graphql').use({ resolver: {} } as never), message: /unknown key resolver/ },
  ];
  for (const c of cases) {
    it(`refuses ${c.name}`, async () => {
      let error: unknown;
      try {
        const app = await startKernel({ config: gqlConfig(), plugins: [extending('mistake', c.fn)] });
        await app.stop();
      } catch (err) {
        error = err;
      }
      expect(error, 'the kernel started').to.be.instanceOf(Error);
      expect((error as Error).message).to.match(c.message);
    });
  }

  it('refuses a change once the schema is built', async () => {
    let late: (() => void) | undefined;
    const app = await startKernel({ config: gqlConfig(), plugins: [extending('late', (api) => { late = () => api.services.get('graphql').shadowCRUD(A).disable(); })] });
    try {
      expect(() => late!()).to.throw(/the schema is built already/);
      expect(() => app.kernel.service('graphql').use({})).to.throw(/the schema is built already/);
    } finally {
      await app.stop();
    }
  });
});

describe('GraphQL extension: use(), resolversConfig, policies and middlewares', () => {
  const seen: Json = {};
  const get = useGraphqlKernel({}, {
    pluginsConfig: upPlugin({
      permissions: {
        public: [`${A}.find`, `${AU}.find`],
        authenticated: [`${A}.find`, `${AU}.find`, 'plugin::graphql.Query.secret'],
      },
    }),
    plugins: [extending('ext', (api) => {
      api.policies.define('test.header-is', (ctx, { value }) => ctx.request.get('x-test') === value);
      api.policies.define('test.always', () => true);
      const graphql = api.services.get('graphql');
      graphql.defineMiddleware('test.suffix', ({ suffix }) => async (next, ...args) => `${String(await next(...args))}${suffix}`);
      graphql.defineMiddleware('test.upper', () => async (next, ...args) => String(await next(...args)).toUpperCase());
      // The object form
      graphql.use({
        typeDefs: `
          extend type Query {
            hello(name: String = "you"): String!
            secret: String
            scoped: String
            byName(name: String!): Author
            policed: String
          }
          extend type Author { keys: [String!]! }
        `,
        resolvers: {
          Query: {
            hello: (_p, args) => `hi ${String(args.name)}`,
            secret: () => 'the secret',
            scoped: () => 'scoped answer',
            policed: () => 'passed',
            // An override that calls the document service: the raw document carries private fields
            byName: async (_p, args) => api.documents(AU).findFirst({ filters: { name: args.name } }),
          },
          Author: { keys: (parent) => Object.keys(parent as object).sort() },
        },
        resolversConfig: {
          'Query.hello': { auth: false, middlewares: ['test.upper', { name: 'test.suffix', options: { suffix: '!' } }] },
          'Query.scoped': { auth: { scope: [`${A}.create`] } },
          'Query.byName': { auth: false },
          'Author.keys': { auth: false },
          'Query.policed': {
            auth: false,
            policies: ['test.always', { name: 'test.header-is', config: { value: 'open' } }, (ctx) => ctx.args && ctx.surface === 'graphql' && ctx.info !== undefined],
          },
          'Query.articles': { policies: [(ctx) => ctx.request.get('x-block') !== 'yes'] },
          'Article.title': {
            middlewares: [async (next, parent, args, context, info) => {
              seen.nested = [...(seen.nested ?? []), info.path.prev?.prev?.key];
              return next(parent, args, context, info);
            }],
          },
        },
      });
      // The function form: the server's own graphql module, names, and the generated resolvers
      graphql.use(({ graphql: g, typeName, generated, shape }) => ({
        types: [new g.GraphQLObjectType({ name: 'Shape', fields: { name: { type: g.GraphQLString, resolve: () => shape }, model: { type: g.GraphQLString, resolve: () => typeName(A) } } })],
        typeDefs: 'extend type Query { shape: Shape! }',
        resolvers: {
          Query: {
            shape: () => ({}),
            // An override of a generated field that calls it and changes its answer
            authors: async (parent, args, context, info) => {
              const list = await generated('Query.authors')(parent, args, context, info) as Json[];
              return list.map((a) => ({ ...a, name: `${String(a.name)} (via override)` }));
            },
          },
        },
        resolversConfig: { 'Query.shape': { auth: false } },
        plugins: [(schema) => {
          const field = schema.getQueryType()!.getFields().shape!;
          field.description = 'Transformed by a schema plugin';
          return schema;
        }],
      }));
    })],
  });

  before(async () => {
    await get().kernel.documents(AU).create({ data: { name: 'Ada', email: 'ada@example.com', secretNote: 'hush', passcode: 'pass-word-123' } });
    await get().kernel.documents(A).create({ data: { title: 'One' }, status: 'published' });
  });

  async function jwt(username: string): Promise<Record<string, string>> {
    const res = await get().post('/api/auth/local/register', { username, email: `${username}@example.com`, password: 'Passw0rd!long' });
    expect(res.status, res.text).to.equal(200);
    return { authorization: `Bearer ${res.body.jwt as string}` };
  }

  it('serves typeDefs and types with their resolvers, and applies schema plugins', async () => {
    expect(await gqlData(get(), '{ shape { name model } }')).to.deep.equal({ shape: { name: 'flat', model: 'Article' } });
    expect(sdlOf(get)).to.match(/Transformed by a schema plugin"+\s+shape: Shape!/);
  });

  it('runs middlewares in order, named, with options and written in place, also on nested fields', async () => {
    expect(await gqlData(get(), '{ hello }')).to.deep.equal({ hello: 'HI YOU!' });
    expect(await gqlData(get(), '{ hello(name: "ada") }')).to.deep.equal({ hello: 'HI ADA!' });
    seen.nested = [];
    expect(await gqlData(get(), '{ articles { title } }')).to.deep.equal({ articles: [{ title: 'One' }] });
    expect(seen.nested).to.deep.equal(['articles']);
  });

  it('lets an override call the generated resolver', async () => {
    expect(await gqlData(get(), '{ authors { name } }')).to.deep.equal({ authors: [{ name: 'Ada (via override)' }] });
  });

  it('checks policies in all three forms, on custom and generated fields, as FORBIDDEN', async () => {
    const refused = oneError(await gql(get(), '{ policed }'), 'FORBIDDEN');
    expect(refused.extensions.error).to.deep.include({ name: 'PolicyError', message: 'Policy Failed' });
    expect(await gqlData(get(), '{ policed }', undefined, { 'x-test': 'open' })).to.deep.equal({ policed: 'passed' });
    oneError(await gql(get(), '{ articles { title } }', undefined, { 'x-block': 'yes' }), 'FORBIDDEN');
  });

  it('needs an explicit permission for a custom field without config, and an identified caller', async () => {
    const anonymous = oneError(await gql(get(), '{ secret }'), 'FORBIDDEN');
    expect(anonymous.path).to.deep.equal(['secret']);
    expect(await gqlData(get(), '{ secret }', undefined, await jwt('reader1'))).to.deep.equal({ secret: 'the secret' });
    expect(get().kernel.knownActions().has('plugin::graphql.Query.secret')).to.equal(true);
  });

  it('checks an auth scope instead', async () => {
    oneError(await gql(get(), '{ scoped }'), 'FORBIDDEN');
    oneError(await gql(get(), '{ scoped }', undefined, await jwt('reader2')), 'FORBIDDEN');
  });

  it('cleans private fields out of what a custom resolver returns', async () => {
    const data = await gqlData(get(), '{ byName(name: "Ada") { name keys } }');
    expect(data.byName.name).to.equal('Ada');
    expect(data.byName.keys).to.include('name').and.not.include('secretNote').and.not.include('passcode');
  });
});

describe('REST: policies on routes', () => {
  const get = useGraphqlKernel({}, {
    plugins: [definePlugin({
      name: 'rest-policies',
      register(api) {
        api.policies.define('test.header-is', (ctx, { value }) => ctx.request.get('x-test') === value && ctx.surface === 'rest');
        api.hooks.defineOperations.tap('rest-policies', (operations) => {
          operations.define({ name: 'plugin::rest-policies.ping.find', owner: 'rest-policies', kind: 'read', params: [], run: async () => ({ pong: true }) });
        });
        api.hooks.buildRoutes.tap('rest-policies', (routes) => {
          routes.addOperation({ method: 'GET', path: '/api/ping', operation: 'plugin::rest-policies.ping.find', policies: [{ name: 'test.header-is', config: { value: 'ok' } }] });
          routes.add({
            method: 'GET', path: '/api/plain', action: 'plugin::rest-policies.plain.find', query: [],
            handler: async (ctx) => { ctx.body = { plain: ctx.state.auth === undefined ? 'anonymous' : 'known' }; },
            config: { auth: true, owner: 'rest-policies', policies: [(ctx) => (ctx.args.query as Json).pass === '1'] },
          });
        });
      },
    })],
  });

  it('runs an operation route only for a caller its policies let through', async () => {
    const refused = await get().get('/api/ping');
    expect(refused.status).to.equal(403);
    expect(refused.body.error).to.deep.include({ name: 'PolicyError', message: 'Policy Failed' });
    const ok = await get().request('GET', '/api/ping', undefined, { 'x-test': 'ok' });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body.data).to.deep.equal({ pong: true });
  });

  it('runs a plain route after its policies', async () => {
    expect((await get().get('/api/plain')).status).to.equal(403);
    const ok = await get().get('/api/plain?pass=1');
    expect(ok.status, ok.text).to.equal(200);
  });
});
