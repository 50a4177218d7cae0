// Reading over GraphQL: Strapi 5's flat shape, lists and connections, filters, sort and pagination
// compiled by the REST query engine, relations with their own arguments, components, dynamic zones,
// scalars, single types, status and locale from the plugins' typed parameters.

import { expect } from 'chai';
import { fresh, gql, gqlData, oneError, useGraphqlKernel, type Json } from './helpers.js';

describe('GraphQL: reading', () => {
  const get = useGraphqlKernel();
  const ids: Record<string, string> = {};

  before(async () => {
    const app = get();
    const category = async (name: string) => (await gqlData(app, 'mutation($d: CategoryInput!) { createCategory(data: $d) { documentId } }', { d: { name } })).createCategory.documentId as string;
    // Private attributes are not in the GraphQL input: REST writes them here
    const author = async (name: string, secretNote: string) => (await app.post('/api/authors', { data: { name, email: `${name}@example.com`, secretNote } })).body.data.documentId as string;
    ids.science = await category('Science');
    ids.cooking = await category('Cooking');
    ids.ada = await author('ada', 'SECRET-ADA');
    ids.grace = await author('grace', 'SECRET-GRACE');
    ids.emile = await author('emile', 'SECRET-EMILE');
    const article = async (data: Json, status?: string) => (await gqlData(app, 'mutation($d: ArticleInput!, $s: PublicationStatus) { createArticle(data: $d, status: $s) { documentId } }', { d: data, s: status })).createArticle.documentId as string;
    ids.alpha = await article({
      title: 'Alpha', readingTime: 5, views: '1234567890123', rating: 4.5, featured: true, publishDate: '2024-03-01', reviewState: 'draft_review',
      metadata: { tags: ['a'] }, category: ids.science, authors: [ids.ada, ids.grace, ids.emile],
      seo: { metaTitle: 'Alpha SEO', keywords: ['x'], openGraph: { ogTitle: 'OG' } },
      blocks: [{ __typename: 'ComponentSharedQuote', title: 'Q1', body: 'quoted', person: ids.grace }, { __typename: 'ComponentSharedRichText', body: '# rich' }],
    });
    ids.bravo = await article({ title: 'Bravo', readingTime: 12, category: ids.science, authors: [ids.grace] });
    ids.charlie = await article({ title: 'Charlie', readingTime: 1, category: ids.cooking });
    ids.draft = await article({ title: 'Delta draft' }, 'DRAFT');
  });

  it('lists documents in the flat shape: documentId and attributes on the type, no id', async () => {
    const data = await gqlData(get(), '{ articles(sort: ["title"]) { documentId title readingTime } }');
    expect(data.articles).to.deep.equal([
      { documentId: ids.alpha, title: 'Alpha', readingTime: 5 },
      { documentId: ids.bravo, title: 'Bravo', readingTime: 12 },
      { documentId: ids.charlie, title: 'Charlie', readingTime: 1 },
    ]);
  });

  it('filters with every kind of operator, and/or/not, through relations', async () => {
    const titles = async (filters: Json) => (await gqlData(get(), 'query($f: ArticleFiltersInput) { articles(filters: $f, sort: ["title"]) { title } }', { f: filters })).articles.map((a: Json) => a.title);
    expect(await titles({ title: { containsi: 'RAV' } })).to.deep.equal(['Bravo']);
    expect(await titles({ readingTime: { gte: 5 } })).to.deep.equal(['Alpha', 'Bravo']);
    expect(await titles({ readingTime: { between: [1, 5] } })).to.deep.equal(['Alpha', 'Charlie']);
    expect(await titles({ title: { in: ['Alpha', 'Charlie'] } })).to.deep.equal(['Alpha', 'Charlie']);
    expect(await titles({ or: [{ title: { eq: 'Alpha' } }, { readingTime: { lt: 2 } }] })).to.deep.equal(['Alpha', 'Charlie']);
    expect(await titles({ not: { title: { startsWith: 'A' } } })).to.deep.equal(['Bravo', 'Charlie']);
    expect(await titles({ category: { name: { eq: 'Cooking' } } })).to.deep.equal(['Charlie']);
    expect(await titles({ authors: { name: { eq: 'grace' } } })).to.deep.equal(['Alpha', 'Bravo']);
    expect(await titles({ seo: { metaTitle: { notNull: true } } })).to.deep.equal(['Alpha']);
    expect(await titles({ title: { or: [{ eq: 'Alpha' }, { eq: 'Bravo' }] } })).to.deep.equal(['Alpha', 'Bravo']);
    expect(await titles({ documentId: { eq: ids.bravo } })).to.deep.equal(['Bravo']);
  });

  it('takes in a scalar filter\'s and / or conditions, or Strapi\'s plain values, as variables and as literals', async () => {
    const titles = async (filters: Json) => (await gqlData(get(), 'query($f: ArticleFiltersInput) { articles(filters: $f, sort: ["title"]) { title } }', { f: filters })).articles.map((a: Json) => a.title);
    expect(await titles({ title: { or: ['Alpha', 'Bravo'] } })).to.deep.equal(['Alpha', 'Bravo']);
    expect(await titles({ title: { or: ['Alpha', { startsWith: 'Ch' }] } })).to.deep.equal(['Alpha', 'Charlie']);
    expect(await titles({ readingTime: { and: [{ gt: 1 }, { not: { eq: 12 } }] } })).to.deep.equal(['Alpha']);
    const literal = await gqlData(get(), '{ articles(filters: { title: { or: ["Bravo", { eq: "Charlie" }] } }, sort: ["title"]) { title } }');
    expect(literal.articles.map((a: Json) => a.title)).to.deep.equal(['Bravo', 'Charlie']);
    // Checked as the filter input is: an operator it lacks, a value of another type
    const unknown = await gql(get(), '{ articles(filters: { title: { or: [{ like: "A" }] } }) { title } }');
    expect(oneError(unknown, 'GRAPHQL_VALIDATION_FAILED').message).to.match(/"like" is no operator/);
    const typed = await gql(get(), 'query($f: ArticleFiltersInput) { articles(filters: $f) { title } }', { f: { readingTime: { or: ['five'] } } });
    expect(oneError(typed, 'BAD_USER_INPUT').message).to.match(/Int cannot represent non-integer value: "five"/);
  });

  it('refuses a filter on a private attribute: it is not in the filter input at all', async () => {
    const res = await gql(get(), '{ authors(filters: { secretNote: { startsWith: "S" } }) { name } }');
    expect(res.status).to.equal(400);
    expect(res.body.errors[0].message).to.match(/secretNote/);
    const sort = await gql(get(), '{ authors(sort: ["secretNote"]) { name } }');
    expect(oneError(sort, 'BAD_USER_INPUT').extensions.error.message).to.equal('Invalid key secretNote');
  });

  it('sorts with the REST syntax and pages by page/pageSize or start/limit', async () => {
    const q = 'query($p: PaginationArg, $s: [String]) { articles(pagination: $p, sort: $s) { title } }';
    expect((await gqlData(get(), q, { s: ['readingTime:desc'] })).articles.map((a: Json) => a.title)).to.deep.equal(['Bravo', 'Alpha', 'Charlie']);
    expect((await gqlData(get(), q, { s: ['title'], p: { page: 2, pageSize: 2 } })).articles.map((a: Json) => a.title)).to.deep.equal(['Charlie']);
    expect((await gqlData(get(), q, { s: ['title'], p: { start: 1, limit: 1 } })).articles.map((a: Json) => a.title)).to.deep.equal(['Bravo']);
    const mixed = await gql(get(), q, { p: { page: 1, limit: 2 } });
    // Strapi's PaginationError, named as Strapi names it
    const error = oneError(mixed, 'STRAPI_PAGINATION_ERROR');
    expect([error.message, error.extensions.error.name]).to.deep.equal(['Cannot use both page & offset pagination in the same query', 'PaginationError']);
  });

  it('answers a connection with nodes and pageInfo (also for start/limit)', async () => {
    const data = await gqlData(get(), '{ a: articles_connection(pagination: { pageSize: 2 }, sort: ["title"]) { nodes { title } pageInfo { page pageSize pageCount total } } b: articles_connection(pagination: { start: 2, limit: 2 }) { pageInfo { page pageSize pageCount total } } }');
    expect(data.a).to.deep.equal({ nodes: [{ title: 'Alpha' }, { title: 'Bravo' }], pageInfo: { page: 1, pageSize: 2, pageCount: 2, total: 3 } });
    expect(data.b.pageInfo).to.deep.equal({ page: 2, pageSize: 2, pageCount: 2, total: 3 });
  });

  it('reads one document by documentId; an unknown one is null', async () => {
    const data = await gqlData(get(), 'query($id: ID!) { article(documentId: $id) { title category { name } } missing: article(documentId: "nope") { title } }', { id: ids.alpha });
    expect(data).to.deep.equal({ article: { title: 'Alpha', category: { name: 'Science' } }, missing: null });
  });

  it('nests relations with their own filters, sort and pagination, and connections of relations', async () => {
    const data = await gqlData(get(), `query($id: ID!) { article(documentId: $id) {
      all: authors(sort: ["name:desc"]) { name }
      authors_connection(sort: ["name:desc"]) { nodes { name } }
      category { name articles(sort: ["title"]) { title } }
    } }`, { id: ids.alpha });
    expect(data.article.all.map((a: Json) => a.name)).to.deep.equal(['grace', 'emile', 'ada']);
    expect(data.article.authors_connection.nodes.map((a: Json) => a.name)).to.deep.equal(['grace', 'emile', 'ada']);
    expect(data.article.category).to.deep.equal({ name: 'Science', articles: [{ title: 'Alpha' }, { title: 'Bravo' }] });
    const paged = await gqlData(get(), 'query($id: ID!) { article(documentId: $id) { authors(sort: ["name"], pagination: { page: 2, pageSize: 2 }, filters: { name: { ne: "nobody" } }) { name } } }', { id: ids.alpha });
    expect(paged.article.authors.map((a: Json) => a.name)).to.deep.equal(['grace']);
  });

  it('loads the same relation with different arguments once per argument set (aliases, a connection twin, below a relation reached twice)', async () => {
    const names = (list: Json[]) => list.map((a) => a.name).join();
    const data = await gqlData(get(), 'query($id: ID!) { article(documentId: $id) { a: authors(sort: ["name"]) { name } b: authors(sort: ["name:desc"], pagination: { limit: 2 }) { name } c: authors(sort: ["name"]) { email } authors_connection(filters: { name: { eq: "emile" } }) { nodes { name } } } }', { id: ids.alpha });
    expect([names(data.article.a), names(data.article.b), data.article.c.map((a: Json) => a.email).join(), names(data.article.authors_connection.nodes)])
      .to.deep.equal(['ada,emile,grace', 'grace,emile', 'ada@example.com,emile@example.com,grace@example.com', 'emile']);
    const nested = await gqlData(get(), `{ categories(sort: ["name"], filters: { name: { eq: "Science" } }) {
      articles(sort: ["title"]) { title authors(sort: ["name"], pagination: { limit: 1 }) { name } }
      articles_connection(sort: ["title"]) { nodes { title authors(sort: ["name:desc"]) { name } } }
    } }`);
    expect(nested.categories).to.deep.equal([{
      articles: [{ title: 'Alpha', authors: [{ name: 'ada' }] }, { title: 'Bravo', authors: [{ name: 'grace' }] }],
      articles_connection: { nodes: [{ title: 'Alpha', authors: [{ name: 'grace' }, { name: 'emile' }, { name: 'ada' }] }, { title: 'Bravo', authors: [{ name: 'grace' }] }] },
    }]);
  });

  it('reads a fragment with its own arguments wherever it is spread', async () => {
    const data = await gqlData(get(), `query($id: ID!) {
      one: article(documentId: $id) { ...First }
      two: article(documentId: $id) { ...First all: authors(sort: ["name"]) { name } }
    } fragment First on Article { first: authors(sort: ["name"], pagination: { limit: 1 }) { name } }`, { id: ids.alpha });
    expect(data).to.deep.equal({ one: { first: [{ name: 'ada' }] }, two: { first: [{ name: 'ada' }], all: [{ name: 'ada' }, { name: 'emile' }, { name: 'grace' }] } });
  });

  it('merges the same relation selected twice with the same arguments (aliases, fragments)', async () => {
    const data = await gqlData(get(), `query($id: ID!) { article(documentId: $id) { category { name } ...C } }
      fragment C on Article { c: category { documentId } }`, { id: ids.alpha });
    expect(data.article).to.deep.equal({ category: { name: 'Science' }, c: { documentId: ids.science } });
  });

  it('returns components and dynamic zones (unions, picked by inline fragments)', async () => {
    const data = await gqlData(get(), `query($id: ID!) { article(documentId: $id) {
      seo { id metaTitle keywords openGraph { ogTitle } }
      blocks { __typename ... on ComponentSharedQuote { title person { name } } ... on ComponentSharedRichText { body } }
    } }`, { id: ids.alpha });
    expect(data.article.seo).to.deep.include({ metaTitle: 'Alpha SEO', keywords: ['x'], openGraph: { ogTitle: 'OG' } });
    expect(data.article.seo.id).to.be.a('string');
    expect(data.article.blocks).to.deep.equal([
      { __typename: 'ComponentSharedQuote', title: 'Q1', person: { name: 'grace' } },
      { __typename: 'ComponentSharedRichText', body: '# rich' },
    ]);
  });

  it('follows a fragment on the dynamic zone union itself', async () => {
    const data = await gqlData(get(), `query($id: ID!) { article(documentId: $id) { blocks { ...B } } }
      fragment B on ArticleBlocksDynamicZone { ... on ComponentSharedQuote { title } ... on ComponentSharedRichText { body } }`, { id: ids.alpha });
    expect(data.article.blocks).to.deep.equal([{ title: 'Q1' }, { body: '# rich' }]);
  });

  it("serialises Strapi's scalars: Long, Date, DateTime, JSON, enums by their GraphQL names", async () => {
    const data = await gqlData(get(), 'query($id: ID!) { article(documentId: $id) { views publishDate createdAt metadata reviewState rating featured } }', { id: ids.alpha });
    expect(data.article).to.deep.include({ views: 1234567890123, publishDate: '2024-03-01', metadata: { tags: ['a'] }, reviewState: 'draft_review', rating: 4.5, featured: true });
    expect(data.article.createdAt).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    const bad = await gql(get(), '{ articles(filters: { publishDate: { eq: "yesterday" } }) { title } }');
    expect(bad.status).to.equal(400);
    expect(bad.body.errors[0].message).to.match(/Date cannot represent "yesterday"/);
  });

  it('never shows a private or password attribute: not on the type, not in any answer', async () => {
    const res = await gql(get(), '{ authors { name secretNote } }');
    expect(res.status).to.equal(400);
    expect(res.body.errors[0].message).to.match(/Cannot query field "secretNote"/);
    const sdl = get().kernel.service('graphql').sdl();
    expect(sdl).to.not.match(/secretNote|passcode/);
    const all = await gql(get(), '{ authors { name articles { title authors { name } } } }');
    expect(all.text).to.not.match(/SECRET-/);
  });

  it('reads drafts with status: DRAFT; the default is the published version', async () => {
    const published = await gqlData(get(), '{ articles(filters: { title: { eq: "Delta draft" } }) { title } }');
    expect(published.articles).to.deep.equal([]);
    const drafts = await gqlData(get(), '{ articles(status: DRAFT, filters: { title: { eq: "Delta draft" } }) { title publishedAt } }');
    expect(drafts.articles).to.deep.equal([{ title: 'Delta draft', publishedAt: null }]);
  });

  it('reads a locale with the locale argument, and refuses an unknown one', async () => {
    await gqlData(get(), 'mutation($id: ID!) { updateArticle(documentId: $id, locale: "fr", data: { title: "Alpha FR" }) { documentId } }', { id: ids.alpha });
    const fr = await gqlData(get(), '{ articles(locale: "fr") { title locale localizations { locale title } } }');
    expect(fr.articles).to.deep.equal([{ title: 'Alpha FR', locale: 'fr', localizations: [{ locale: 'en', title: 'Alpha' }] }]);
    // An unknown literal: the document does not validate, as with Strapi's scalar (no data key)
    const bad = await gql(get(), '{ articles(locale: "xx") { title } }');
    expect(bad.status).to.equal(400);
    expect(oneError(bad, 'GRAPHQL_VALIDATION_FAILED').message).to.equal('I18NLocaleCode cannot represent "xx": Unknown locale: xx (the locales are en, fr)');
    expect(bad.body).to.not.have.property('data');
    const notACode = await gql(get(), '{ articles(locale: "not a code") { title } }');
    expect(oneError(notACode, 'GRAPHQL_VALIDATION_FAILED').message).to.match(/expected a locale code such as en or fr/);
    // The same value as a variable reaches the operation, which refuses it
    const variable = await gql(get(), 'query($l: I18NLocaleCode) { articles(locale: $l) { title } }', { l: 'xx' });
    expect(oneError(variable, 'BAD_USER_INPUT').message).to.match(/Unknown locale: xx/);
    expect(variable.body.data).to.equal(null);
    // * is every locale on a list, and still not on one document
    expect((await gqlData(get(), '{ articles(locale: "*", filters: { title: { startsWith: "Alpha" } }, sort: ["locale"]) { locale } }')).articles).to.deep.equal([{ locale: 'en' }, { locale: 'fr' }]);
    oneError(await gql(get(), 'query($id: ID!) { article(documentId: $id, locale: "*") { title } }', { id: ids.alpha }), 'BAD_USER_INPUT');
  });

  it('lists the locales with i18NLocales (Strapi\'s name), as GET /api/i18n/locales does', async () => {
    const data = await gqlData(get(), '{ i18NLocales { documentId code name isDefault publishedAt } }');
    const rest = await get().get('/api/i18n/locales');
    expect(data.i18NLocales).to.deep.equal((rest.body as Json[]).map((l) => ({ documentId: l.documentId, code: l.code, name: l.name, isDefault: l.isDefault, publishedAt: l.publishedAt })));
    expect((data.i18NLocales as Json[]).map((l) => l.code)).to.deep.equal(['en', 'fr']);
  });

  it('serves a single type: global(...) and updateGlobal(data)', async () => {
    expect((await gqlData(get(), '{ global { siteName } }')).global).to.equal(null);
    await gqlData(get(), 'mutation { updateGlobal(data: { siteName: "Strata", defaultSeo: { metaTitle: "Home" } }) { siteName } }');
    const data = await gqlData(get(), '{ global { siteName defaultSeo { metaTitle } } }');
    expect(data.global).to.deep.equal({ siteName: 'Strata', defaultSeo: { metaTitle: 'Home' } });
  });

  it('supports variables, fragments, @skip and @include in the selection it loads', async () => {
    const q = `query($withCat: Boolean!, $skipTitle: Boolean!) { articles(sort: ["title"], pagination: { pageSize: 1 }) {
      title @skip(if: $skipTitle) ...Cat @include(if: $withCat) } }
      fragment Cat on Article { category { name } }`;
    expect((await gqlData(get(), q, { withCat: true, skipTitle: false })).articles).to.deep.equal([{ title: 'Alpha', category: { name: 'Science' } }]);
    expect((await gqlData(get(), q, { withCat: false, skipTitle: true })).articles).to.deep.equal([{}]);
  });

  it('answers __typename anywhere without loading anything for it', async () => {
    const data = await gqlData(get(), '{ __typename articles(pagination: { pageSize: 1 }, sort: ["title"]) { __typename category { __typename } } }');
    expect(data).to.deep.equal({ __typename: 'Query', articles: [{ __typename: 'Article', category: { __typename: 'Category' } }] });
  });

  void fresh;
});
