// An app's own plugin extending the GraphQL schema through the graphql service, as any plugin
// would: it imports core's public API only (nothing from plugins/graphql). Enable it in
// config/plugins.ts after graphql:
//
//   reading: { enabled: true, resolve: './examples/graphql-extension' },
//
// It keeps categories from being deleted over GraphQL, adds Article.readingMinutes (guarded by a
// policy), a public greeting query, reading statistics for callers who may list articles, and
// shortens long titles with a middleware around the generated resolver.

import { definePlugin } from '../../core/index.js';

declare module '../../core/index.js' {
  interface Policies { 'reading.has-header': { header: string } }
  interface ResolverMiddlewares { 'reading.shorten': { max: number } }
}

const ARTICLE = 'api::article.article';
const WORDS_PER_MINUTE = 200;

export default definePlugin({
  name: 'reading',
  dependsOn: ['graphql'],
  register(api) {
    // A policy any surface can name: REST routes as well as resolvers
    api.policies.define('reading.has-header', (context, { header }) => context.request.get(header) !== '');

    const graphql = api.services.get('graphql');
    graphql.shadowCRUD('api::category.category').disableAction('delete');

    graphql.defineMiddleware('reading.shorten', ({ max }) => async (next, parent, args, context, info) => {
      const value = await next(parent, args, context, info);
      return typeof value === 'string' && value.length > max ? `${value.slice(0, max - 1)}…` : value;
    });

    graphql.use(({ graphql: g }) => ({
      types: [
        new g.GraphQLObjectType({
          name: 'ReadingStats',
          fields: { articles: { type: new g.GraphQLNonNull(g.GraphQLInt) }, minutes: { type: new g.GraphQLNonNull(g.GraphQLInt) } },
        }),
      ],
      typeDefs: `
        extend type Article { "Minutes a reader needs for the body" readingMinutes: Int }
        extend type Query {
          "Says hello; anyone may ask"
          greeting(name: String = "reader"): String!
          readingStats: ReadingStats!
        }
      `,
      resolvers: {
        Article: { readingMinutes: (parent) => minutesOf((parent as { body?: unknown }).body) },
        Query: {
          greeting: (_parent, args) => `Hello, ${String(args.name)}`,
          // Through the caller's view of the documents: the published articles it may read (the
          // plugin's own api.documents() would count drafts too)
          readingStats: async (_parent, _args, context) => {
            const articles = await context.caller.documents(ARTICLE).findMany({ fields: ['body'] });
            return { articles: articles.length, minutes: articles.reduce((sum, a) => sum + minutesOf(a.body), 0) };
          },
        },
      },
      resolversConfig: {
        'Query.greeting': { auth: false },
        'Query.readingStats': { auth: { scope: [`${ARTICLE}.find`] } },
        'Article.readingMinutes': { auth: false, policies: [{ name: 'reading.has-header', config: { header: 'x-reader' } }] },
        'Article.title': { middlewares: [{ name: 'reading.shorten', options: { max: 24 } }] },
      },
    }));
  },
});

function minutesOf(body: unknown): number {
  const words = typeof body === 'string' ? body.split(/\s+/).filter(Boolean).length : 0;
  return Math.ceil(words / WORDS_PER_MINUTE);
}
