// The caller, as plugin code gets it on every surface: typed (the user, the strategy's
// credentials), in an operation's call, in a route's ctx.state, in a resolver's context.state
// (Strapi's context.state.user); and the document service as the caller sees it, so that a
// resolver answering a caller does not read drafts, private fields or types it may not read.

import { expect } from 'chai';
import { definePlugin, type Attributes, type Caller, type ContentTypeSchema } from '../../core/index.js';
import { useKernel, type Json } from '../helpers/suite.js';

const ARTICLE = 'api::article.article';
const NOTE = 'api::note.note';

const schema = (singularName: string, pluralName: string, attributes: Attributes, draftAndPublish: boolean): ContentTypeSchema => ({
  kind: 'collectionType', collectionName: pluralName,
  info: { singularName, pluralName, displayName: singularName }, options: { draftAndPublish }, pluginOptions: {}, attributes,
});

/** What plugin code can say of its caller, whichever surface it runs on. */
function describeCaller(caller: Caller): Json {
  return {
    strategy: caller.strategy ?? null,
    anonymous: caller.anonymous,
    user: caller.user?.username ?? null,
    token: caller.credentials('api-token')?.name ?? null,
    signedIn: caller.credentials('users-permissions')?.email ?? null,
  };
}

const WHO = 'plugin::who.caller.find';

const who = definePlugin({
  name: 'who',
  dependsOn: ['graphql'],
  register(api) {
    api.hooks.defineOperations.tap('who', (operations) => {
      operations.define({ name: WHO, owner: 'who', kind: 'read', params: [], run: async (_input, call) => describeCaller(call.caller) });
    });
    api.hooks.buildRoutes.tap('who', (routes) => {
      routes.addOperation({ method: 'GET', path: '/api/who', operation: WHO });
      // A plain route: Strapi's ctx.state.user, after the mount authenticated
      routes.add({
        method: 'GET', path: '/api/who/state', action: WHO, query: [], config: { auth: true, owner: 'who' },
        handler: async (ctx) => { ctx.body = { user: ctx.state.user?.username ?? null, same: ctx.state.caller?.auth === ctx.state.auth }; },
      });
    });
    api.services.get('graphql').use({
      typeDefs: `
        type Who { strategy: String anonymous: Boolean! user: String token: String signedIn: String }
        extend type Query { who: Who!  stateUser: String  titles(status: PublicationStatus): [String!]!  internalTitles: [String!]!  noteCount: Int! }
      `,
      resolvers: {
        Query: {
          who: (_parent, _args, context) => describeCaller(context.caller),
          stateUser: (_parent, _args, context) => context.state.user?.username ?? null,
          // The documented pattern: the document service as the caller sees it
          titles: async (_parent, args, context) => {
            const found = await context.caller.documents(ARTICLE).findMany(args.status ? { status: String(args.status).toLowerCase() } : {});
            return found.map((a) => `${String(a.title)}${'secret' in a ? ' (with its secret)' : ''}`);
          },
          // On the plugin's own account, asked for explicitly: everything, drafts included
          internalTitles: async () => (await api.documents(ARTICLE).findMany({ fields: ['title'], status: 'draft' })).map((a) => String(a.title)),
          noteCount: (_parent, _args, context) => context.caller.documents(NOTE).count(),
        },
      },
      resolversConfig: {
        'Query.who': { auth: false }, 'Query.stateUser': { auth: false }, 'Query.titles': { auth: false },
        'Query.internalTitles': { auth: false }, 'Query.noteCount': { auth: false },
      },
    });
  },
});

describe('the caller, typed, on every surface', () => {
  const get = useKernel({
    contentTypesDir: false,
    schemas: {
      contentTypes: [
        { file: 'article.json', schema: schema('article', 'articles', { title: { type: 'string' }, secret: { type: 'string', private: true } }, true) },
        { file: 'note.json', schema: schema('note', 'notes', { text: { type: 'string' } }, false) },
      ],
      components: [],
    },
    plugins: [who],
    config: {
      plugins: {
        'draft-and-publish': true,
        graphql: { enabled: true, config: { jit: 0 } },
        'users-permissions': {
          enabled: true,
          config: {
            jwt: { secret: 'plugin-caller-secret-0123456789abcdef' }, ratelimit: { enabled: false },
            permissions: { public: [WHO, `${ARTICLE}.find`], authenticated: [WHO, `${ARTICLE}.find`] },
          },
        },
      },
    },
  });

  let jwt = '';
  let token = '';
  before(async () => {
    const app = get();
    jwt = (await app.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'Passw0rd!long' })).body.jwt as string;
    token = (await app.kernel.apiTokens.create({ name: 'reader-token', type: 'read-only' })).secret;
    const articles = app.kernel.documents(ARTICLE);
    await articles.create({ data: { title: 'Published', secret: 's1' }, status: 'published' });
    await articles.create({ data: { title: 'Only a draft', secret: 's2' } });
  });

  const as = (credential: string | undefined): Record<string, string> => (credential ? { authorization: `Bearer ${credential}` } : {});
  const gql = async (query: string, credential?: string) => (await get().request('POST', '/graphql', { query }, as(credential))).body as Json;

  it('hands an operation its caller: a signed-in user, an API token, an anonymous caller', async () => {
    const rest = async (credential?: string) => (await get().request('GET', '/api/who', undefined, as(credential))).body.data as Json;
    expect(await rest(jwt)).to.deep.equal({ strategy: 'users-permissions', anonymous: false, user: 'ada', token: null, signedIn: 'ada@example.com' });
    expect(await rest(token)).to.deep.equal({ strategy: 'api-token', anonymous: false, user: null, token: 'reader-token', signedIn: null });
    expect(await rest()).to.deep.equal({ strategy: 'users-permissions', anonymous: true, user: null, token: null, signedIn: null });
  });

  it('sets ctx.state.user and ctx.state.caller for a route\'s handler', async () => {
    expect((await get().request('GET', '/api/who/state', undefined, as(jwt))).body).to.deep.equal({ user: 'ada', same: true });
    expect((await get().request('GET', '/api/who/state')).body).to.deep.equal({ user: null, same: true });
  });

  it('gives a resolver the same caller, and Strapi\'s context.state.user', async () => {
    expect(await gql('{ who { strategy anonymous user token signedIn } stateUser }', jwt)).to.deep.equal({
      data: { who: { strategy: 'users-permissions', anonymous: false, user: 'ada', token: null, signedIn: 'ada@example.com' }, stateUser: 'ada' },
    });
    expect(await gql('{ who { strategy user token } stateUser }', token)).to.deep.equal({
      data: { who: { strategy: 'api-token', user: null, token: 'reader-token' }, stateUser: null },
    });
  });

  it('reads through the caller\'s view in a resolver: published versions, no private fields, no drafts without readDraft', async () => {
    expect(await gql('{ titles }', jwt)).to.deep.equal({ data: { titles: ['Published'] } });
    const drafts = await gql('{ titles(status: DRAFT) }', jwt);
    expect(drafts.data).to.equal(null);
    expect(drafts.errors[0].extensions.code).to.equal('FORBIDDEN');
    expect(drafts.errors[0].message).to.equal('You are not allowed to read draft content for this content type');
    // What the plugin reads on its own account, when it says so: the draft is there
    expect((await gql('{ internalTitles }', jwt)).data.internalTitles).to.have.members(['Published', 'Only a draft']);
  });

  it('checks the caller\'s permission for the content type, as its REST route does', async () => {
    const refused = await gql('{ noteCount }', jwt);
    expect(refused.errors[0].extensions.code).to.equal('FORBIDDEN');
    expect(refused.errors[0].message).to.equal(`Forbidden: ${NOTE}.find`);
    expect((await get().request('GET', '/api/notes', undefined, as(jwt))).body.error.message).to.equal(`Forbidden: ${NOTE}.find`);
    // An API token whose type reads everything may count them
    expect(await gql('{ noteCount }', token)).to.deep.equal({ data: { noteCount: 0 } });
  });
});
