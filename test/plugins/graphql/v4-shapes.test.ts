// The two v4 ways to read: shape 'v4' serves the spec's schema (Strapi v4's ArticleEntityResponse
// { data { id attributes } }, id = documentId, publicationState), and Strapi 5's
// v4CompatibilityMode adds v4's deprecated id / attributes / data / meta to the flat shape. Both
// load a selection with the same one query plan as the flat shape.

import { expect } from 'chai';
import { countStatements } from '../../helpers/statements.js';
import { gql, gqlData, upPlugin, useGraphqlKernel, type Json } from './helpers.js';

const A = 'api::article.article';
const C = 'api::category.category';
const ARTICLE_FIELDS = 'id attributes { title category { data { id attributes { name } } } authors(sort: ["name"]) { data { id attributes { name } } } seo { metaTitle } }';

describe('GraphQL: shape v4 (the spec\'s schema)', () => {
  const get = useGraphqlKernel({ shape: 'v4' });
  const ids: Record<string, string> = {};

  before(async () => {
    const app = get();
    const created = async (mutation: string, variables: Json) => ((await gqlData(app, mutation, variables)) as Json);
    ids.science = (await created('mutation($d: CategoryInput!) { createCategory(data: $d) { data { id } } }', { d: { name: 'Science' } })).createCategory.data.id;
    ids.ada = (await created('mutation($d: AuthorInput!) { createAuthor(data: $d) { data { id } } }', { d: { name: 'ada', email: 'ada@example.com' } })).createAuthor.data.id;
    ids.grace = (await created('mutation($d: AuthorInput!) { createAuthor(data: $d) { data { id } } }', { d: { name: 'grace', email: 'grace@example.com' } })).createAuthor.data.id;
    const article = async (data: Json, status = 'PUBLISHED') => (await created(
      'mutation($d: ArticleInput!, $s: PublicationStatus) { createArticle(data: $d, status: $s) { data { id attributes { title } } } }', { d: data, s: status },
    )).createArticle.data;
    const alpha = await article({ title: 'Alpha', category: ids.science, authors: [ids.grace, ids.ada], seo: { metaTitle: 'A' } });
    expect(alpha.attributes).to.deep.equal({ title: 'Alpha' });
    ids.alpha = alpha.id;
    ids.bravo = (await article({ title: 'Bravo' })).id;
    ids.draft = (await article({ title: 'Charlie draft' }, 'DRAFT')).id;
  });

  it('lists { data { id attributes } meta { pagination } }, relations wrapped the same way', async () => {
    const data = await gqlData(get(), `{ articles(sort: ["title"], pagination: { pageSize: 1 }) { data { ${ARTICLE_FIELDS} } meta { pagination { page pageSize pageCount total } } } }`);
    expect(data.articles).to.deep.equal({
      data: [{
        id: ids.alpha,
        attributes: {
          title: 'Alpha', category: { data: { id: ids.science, attributes: { name: 'Science' } } },
          authors: { data: [{ id: ids.ada, attributes: { name: 'ada' } }, { id: ids.grace, attributes: { name: 'grace' } }] },
          seo: { metaTitle: 'A' },
        },
      }],
      meta: { pagination: { page: 1, pageSize: 1, pageCount: 2, total: 2 } },
    });
  });

  it('reads one document by id (the documentId), and { data: null } for an unknown one', async () => {
    const one = await gqlData(get(), 'query($id: ID) { article(id: $id) { data { id attributes { title category { data { attributes { name } } } } } } }', { id: ids.alpha });
    expect(one.article).to.deep.equal({ data: { id: ids.alpha, attributes: { title: 'Alpha', category: { data: { attributes: { name: 'Science' } } } } } });
    const none = await gqlData(get(), '{ article(id: "nope") { data { id } } }');
    expect(none.article).to.deep.equal({ data: null });
  });

  it('filters on id and through relations, and an empty relation is { data: null } or { data: [] }', async () => {
    const byId = await gqlData(get(), 'query($id: ID) { articles(filters: { id: { eq: $id } }) { data { attributes { title } } } }', { id: ids.bravo });
    expect(byId.articles.data).to.deep.equal([{ attributes: { title: 'Bravo' } }]);
    const through = await gqlData(get(), '{ articles(filters: { category: { name: { eq: "Science" } } }) { data { id } } }');
    expect(through.articles.data).to.deep.equal([{ id: ids.alpha }]);
    const bravo = await gqlData(get(), 'query($id: ID) { article(id: $id) { data { attributes { category { data { id } } authors { data { id } } } } } }', { id: ids.bravo });
    expect(bravo.article.data.attributes).to.deep.equal({ category: { data: null }, authors: { data: [] } });
  });

  it('takes publicationState: LIVE (the default) reads published versions, PREVIEW drafts too', async () => {
    const titles = async (state: string) => (await gqlData(get(), `{ articles(publicationState: ${state}, sort: ["title"]) { data { attributes { title publishedAt } } } }`))
      .articles.data.map((a: Json) => a.attributes.title);
    expect(await titles('LIVE')).to.deep.equal(['Alpha', 'Bravo']);
    expect(await titles('PREVIEW')).to.deep.equal(['Alpha', 'Bravo', 'Charlie draft']);
    const res = await gql(get(), '{ articles(status: DRAFT) { data { id } } }');
    expect(res.body.errors[0].extensions.code).to.equal('GRAPHQL_VALIDATION_FAILED');
  });

  it('updates, publishes and deletes by id, answering with { data }', async () => {
    const updated = await gqlData(get(), 'mutation($id: ID!) { updateArticle(id: $id, data: { title: "Charlie" }, status: DRAFT) { data { id attributes { title publishedAt } } } }', { id: ids.draft });
    expect(updated.updateArticle.data).to.deep.equal({ id: ids.draft, attributes: { title: 'Charlie', publishedAt: null } });
    const published = await gqlData(get(), 'mutation($id: ID!) { publishArticle(id: $id) { data { attributes { title } } } }', { id: ids.draft });
    expect(published.publishArticle.data.attributes).to.deep.equal({ title: 'Charlie' });
    const deleted = await gqlData(get(), 'mutation($id: ID!) { deleteArticle(id: $id) { data { id } } }', { id: ids.draft });
    expect(deleted.deleteArticle).to.deep.equal({ data: { id: ids.draft } });
    // Strapi v4 answered a missing document's delete with data null
    expect((await gqlData(get(), 'mutation($id: ID!) { deleteArticle(id: $id) { data { id } } }', { id: ids.draft })).deleteArticle).to.deep.equal({ data: null });
  });

  it('serves a single type as { data }', async () => {
    expect((await gqlData(get(), '{ global { data { id } } }')).global).to.deep.equal({ data: null });
    await gqlData(get(), 'mutation { updateGlobal(data: { siteName: "Strata" }, status: PUBLISHED) { data { id } } }');
    const data = await gqlData(get(), '{ global { data { attributes { siteName } } } }');
    expect(data.global).to.deep.equal({ data: { attributes: { siteName: 'Strata' } } });
  });

  it('issues the same statements for a v4 selection as for the flat one', async () => {
    const v4 = await countStatements(get(), () => gqlData(get(), `{ articles { data { ${ARTICLE_FIELDS} } } }`));
    const rest = await countStatements(get(), () => get().get('/api/articles?fields[0]=title&populate[category][fields][0]=name&populate[authors][fields][0]=name&populate[authors][sort][0]=name&populate[seo][fields][0]=metaTitle'));
    expect(rest.result.status).to.equal(200);
    // v4 always counts (meta.pagination may be selected); REST counts too
    expect(v4.statements).to.equal(rest.statements);
  });
});

describe('GraphQL: v4CompatibilityMode (Strapi 5\'s)', () => {
  const get = useGraphqlKernel({ v4CompatibilityMode: true });
  let science = '';
  let alpha = '';
  const rowId = async (uid: string, documentId: string) => String((await get().kernel.documents(uid).findOne({ documentId, status: 'published' }))!.id);

  before(async () => {
    science = (await gqlData(get(), 'mutation { createCategory(data: { name: "Science" }, status: PUBLISHED) { documentId } }')).createCategory.documentId;
    alpha = (await gqlData(get(), 'mutation($c: ID) { createArticle(data: { title: "Alpha", category: $c, seo: { metaTitle: "A" } }, status: PUBLISHED) { documentId } }', { c: science })).createArticle.documentId;
  });

  it('answers a v4 query on a connection with the flat data, id being the row id as Strapi serves it', async () => {
    const data = await gqlData(get(), `{ articles_connection { data { id attributes { title category { data { id attributes { name } } } } } meta { pagination { total } } } }`);
    expect(data.articles_connection).to.deep.equal({
      data: [{ id: await rowId(A, alpha), attributes: { title: 'Alpha', category: { data: { id: await rowId(C, science), attributes: { name: 'Science' } } } } }],
      meta: { pagination: { total: 1 } },
    });
  });

  it('keeps the flat fields beside the old ones; a component has attributes and data too', async () => {
    const data = await gqlData(get(), '{ articles { documentId title attributes { category { name } } seo { id data { metaTitle } } } articles_connection { nodes { title } pageInfo { total } } }');
    expect(data).to.deep.equal({
      articles: [{ documentId: alpha, title: 'Alpha', attributes: { category: { name: 'Science' } }, seo: { id: data.articles[0].seo.id, data: { metaTitle: 'A' } } }],
      articles_connection: { nodes: [{ title: 'Alpha' }], pageInfo: { total: 1 } },
    });
  });

  it('shows in introspection exactly Strapi\'s names, types, nullability and deprecation reasons', async () => {
    const data = await gqlData(get(), `{
      article: __type(name: "Article") { ...F } seo: __type(name: "ComponentSharedSeo") { ...F }
      page: __type(name: "ArticleEntityResponseCollection") { ...F } related: __type(name: "ArticleRelationResponseCollection") { ...F }
    }
    fragment F on __Type { fields(includeDeprecated: true) { name isDeprecated deprecationReason type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } }`);
    const fields = (type: string, names: string[]) => Object.fromEntries((data[type].fields as Json[]).filter((f) => names.includes(f.name))
      .map((f) => [f.name, [print(f.type), f.deprecationReason]]));
    expect(fields('article', ['id', 'documentId', 'attributes', 'data'])).to.deep.equal({
      id: ['ID!', 'Use `documentId` instead'], documentId: ['ID!', null],
      attributes: ['Article!', 'Use root level fields instead'], data: ['Article!', 'Use root level fields instead'],
    });
    expect(fields('seo', ['id', 'attributes', 'data'])).to.deep.equal({
      id: ['ID!', null], attributes: ['ComponentSharedSeo!', 'Use root level fields instead'], data: ['ComponentSharedSeo!', 'Use root level fields instead'],
    });
    expect(fields('page', ['nodes', 'pageInfo', 'data', 'meta'])).to.deep.equal({
      nodes: ['[Article!]!', null], pageInfo: ['Pagination!', null], data: ['[Article!]!', 'Use `nodes` field instead'], meta: ['ResponseCollectionMeta!', 'Use the `pagination` field instead'],
    });
    expect(fields('related', ['nodes', 'data', 'meta'])).to.deep.equal({ nodes: ['[Article!]!', null], data: ['[Article!]!', 'Use `nodes` field instead'] });
  });

  it('refuses what the mode does not add, as Strapi: the v4 list shape, id as an argument, publicationState, EntityResponse types', async () => {
    const refused = async (query: string, message: RegExp) => {
      const res = await gql(get(), query);
      expect(res.status, res.text).to.equal(400);
      expect(res.body.errors[0].message).to.match(message);
    };
    await refused('{ articles { data { title } meta { pagination { total } } } }', /Cannot query field "meta" on type "Article"/);
    await refused(`{ article(id: "${alpha}") { title } }`, /Unknown argument "id"/);
    await refused('{ articles(publicationState: PREVIEW) { title } }', /Unknown argument "publicationState"/);
    await refused('{ a: __type(name: "ArticleEntityResponse") { name } } fragment X on ArticleEntityResponse { data { id } }', /Unknown type "ArticleEntityResponse"/);
  });

  it('refuses v4CompatibilityMode together with shape v4', async () => {
    const { startKernel } = await import('../../helpers/kernel.js');
    const { gqlConfig } = await import('./helpers.js');
    let error: unknown;
    try { await (await startKernel({ config: gqlConfig({ shape: 'v4', v4CompatibilityMode: true }) })).stop(); } catch (err) { error = err; }
    expect((error as Error).message).to.match(/plugins\.graphql\.config\.v4CompatibilityMode/);
  });
});

/** An introspected type as GraphQL writes it: [Article!]! */
function print(type: Json): string {
  if (type.kind === 'NON_NULL') return `${print(type.ofType)}!`;
  if (type.kind === 'LIST') return `[${print(type.ofType)}]`;
  return type.name;
}

describe('GraphQL: shape v4, the plugins\' types', () => {
  const get = useGraphqlKernel({ shape: 'v4' }, { pluginsConfig: upPlugin({ permissions: { public: ['plugin::i18n.locales.listLocales'], authenticated: [] } }) });

  it('answers me with id = documentId, the role too, as every v4 id', async () => {
    const reg = await get().post('/api/auth/local/register', { username: 'v4me', email: 'v4me@example.com', password: 'Passw0rd!long' });
    expect(reg.status).to.equal(200);
    const headers = { authorization: `Bearer ${reg.body.jwt as string}` };
    const rest = await get().request('GET', '/api/users/me', undefined, headers);
    const role = await get().kernel.documents('plugin::users-permissions.role').findFirst({ filters: { type: { $eq: 'authenticated' } } });
    const data = await gqlData(get(), '{ me { id username role { id type } } }', undefined, headers);
    expect(data.me).to.deep.equal({ id: rest.body.documentId, username: 'v4me', role: { id: role?.documentId, type: 'authenticated' } });
    expect((await gql(get(), '{ me { documentId } }', undefined, headers)).body.errors[0].message).to.match(/Cannot query field "documentId"/);
  });

  it('lists the locales as v4 did: { data { id attributes } meta }', async () => {
    const rest = await get().get('/api/i18n/locales');
    const data = await gqlData(get(), '{ i18NLocales { data { id attributes { code isDefault } } meta { pagination { page pageSize pageCount total } } } }');
    expect(data.i18NLocales).to.deep.equal({
      data: (rest.body as Json[]).map((l) => ({ id: l.documentId, attributes: { code: l.code, isDefault: l.isDefault } })),
      meta: { pagination: { page: 1, pageSize: 2, pageCount: 1, total: 2 } },
    });
  });
});
