// Strapi 5.54's arguments and nullability (issue #46): required attributes are non-null; a
// repeatable component and a multiple media field take filters, pagination and sort, loaded per
// parent in the one query plan; media are not in filter inputs; write inputs have publishedAt;
// deletes take no status; reads take publicationFilter and hasPublishedVersion.

import { expect } from 'chai';
import { countStatements } from '../../helpers/statements.js';
import { gql, gqlData, oneError, useGraphqlKernel, type Json } from './helpers.js';

const A = 'api::article.article';
const AU = 'api::author.author';
const FILE = 'plugin::upload.file';

describe('GraphQL: Strapi\'s arguments and nullability', () => {
  const get = useGraphqlKernel();
  const ids: Record<string, string> = {};

  before(async () => {
    const docs = (uid: string) => get().kernel.documents(uid);
    const files: number[] = [];
    for (const name of ['b.png', 'c.png', 'a.png']) {
      files.push((await docs(FILE).create({ data: { name, url: `/${name}`, mime: 'image/png', ext: '.png', size: 1, hash: name } })).id as number);
    }
    const links = ['b', 'c', 'a'].map((label) => ({ label, url: `https://${label}.example.com` }));
    ids.ada = (await docs(AU).create({ data: { name: 'Ada', email: 'ada@example.com', links } })).documentId;
    await docs(AU).create({ data: { name: 'Grace', email: 'grace@example.com', links: links.slice(0, 1) } });
    ids.gallery = (await docs(A).create({ data: { title: 'Gallery', gallery: files }, status: 'published' })).documentId;
  });

  it('makes required attributes non-null, and a list of components or a dynamic zone nullable unless required', async () => {
    const data = await gqlData(get(), `{
      article: __type(name: "Article") { fields { name type { kind name ofType { kind name } } } }
      link: __type(name: "ComponentSharedLink") { fields { name type { kind } } }
    }`);
    const kind = (type: string, field: string) => (data[type].fields as Json[]).find((f) => f.name === field)!.type.kind;
    expect([kind('article', 'title'), kind('article', 'slug'), kind('article', 'blocks'), kind('article', 'gallery')]).to.deep.equal(['NON_NULL', 'SCALAR', 'LIST', 'NON_NULL']);
    expect([kind('link', 'label'), kind('link', 'url')]).to.deep.equal(['NON_NULL', 'NON_NULL']);
    const author = await gqlData(get(), '{ __type(name: "Author") { fields { name type { kind } } } }');
    expect((author.__type.fields as Json[]).find((f) => f.name === 'links')!.type.kind).to.equal('LIST');
  });

  it('filters, sorts and pages a repeatable component per parent', async () => {
    const links = async (args: string) => ((await gqlData(get(), `{ authors(sort: ["name"]) { name links${args} { label } } }`)).authors as Json[])
      .map((a) => [a.name, a.links.map((l: Json) => l.label).join()]);
    // Grace has one link: her page is not Ada's second one
    expect(await links('(sort: ["label"], pagination: { limit: 2 })')).to.deep.equal([['Ada', 'a,b'], ['Grace', 'b']]);
    expect(await links('(sort: ["label:desc"], pagination: { page: 2, pageSize: 2 })')).to.deep.equal([['Ada', 'a'], ['Grace', '']]);
    expect(await links('(filters: { label: { ne: "b" } })')).to.deep.equal([['Ada', 'c,a'], ['Grace', '']]);
    expect(await links(''), 'unsorted: in the order written').to.deep.equal([['Ada', 'b,c,a'], ['Grace', 'b']]);
  });

  it('filters, sorts and pages a multiple media field, and its connection', async () => {
    const gallery = async (field: string) => (await gqlData(get(), `query($id: ID!) { article(documentId: $id) { ${field} } }`, { id: ids.gallery })).article;
    expect(await gallery('gallery { name }')).to.deep.equal({ gallery: [{ name: 'b.png' }, { name: 'c.png' }, { name: 'a.png' }] });
    expect(await gallery('gallery(sort: ["name:desc"], pagination: { page: 2, pageSize: 2 }) { name }')).to.deep.equal({ gallery: [{ name: 'a.png' }] });
    expect(await gallery('gallery_connection(filters: { name: { startsWith: "c" } }) { nodes { url } }')).to.deep.equal({ gallery_connection: { nodes: [{ url: '/c.png' }] } });
  });

  it('loads a paged component or media list in as many statements for one parent as for many', async () => {
    const query = (size: number) => `{ authors(pagination: { pageSize: ${size} }) { links(pagination: { limit: 1 }, sort: ["label"]) { label } } articles(pagination: { pageSize: ${size} }) { gallery(pagination: { limit: 1 }) { name } } }`;
    const one = await countStatements(get(), () => gqlData(get(), query(1)));
    const all = await countStatements(get(), () => gqlData(get(), query(10)));
    expect(all.result.authors).to.have.lengthOf(2);
    expect(all.statements).to.equal(one.statements);
  });

  it('has no media field in a filter input, as Strapi', async () => {
    const res = await gql(get(), '{ articles(filters: { cover: { name: { eq: "a.png" } } }) { title } }');
    expect(res.status).to.equal(400);
    expect(oneError(res, 'GRAPHQL_VALIDATION_FAILED').message).to.match(/^Expected value of type "ArticleFiltersInput" not to include unknown field "cover"/);
  });

  it('takes publishedAt in a write input, and says how to publish instead', async () => {
    const res = await gql(get(), 'mutation { createArticle(data: { title: "Dated", publishedAt: "2024-01-01T00:00:00.000Z" }) { documentId } }');
    const error = oneError(res, 'BAD_USER_INPUT');
    expect(error.message).to.match(/publishedAt cannot be set in the body: use the status parameter/);
  });

  it('gives a delete documentId and locale, no status', async () => {
    const res = await gql(get(), 'mutation($id: ID!) { deleteArticle(documentId: $id, status: DRAFT) { documentId } }', { id: ids.gallery });
    expect(oneError(res, 'GRAPHQL_VALIDATION_FAILED').message).to.equal('Unknown argument "status" on field "Mutation.deleteArticle".');
  });
});

describe('GraphQL: publicationFilter and hasPublishedVersion, as Strapi 5.54 has them', () => {
  const get = useGraphqlKernel({}, { pluginsConfig: { i18n: false } });

  before(async () => {
    const docs = get().kernel.documents(A);
    // Modified: published, then its draft written again (later than the published version)
    const modified = await docs.create({ data: { title: 'Modified' }, status: 'published' });
    for (let i = 0; i < 5; i++) {
      await docs.update({ documentId: modified.documentId, data: { title: 'Modified' }, status: 'draft' });
      const [draft, published] = await Promise.all([docs.findOne({ documentId: modified.documentId, status: 'draft' }), docs.findOne({ documentId: modified.documentId, status: 'published' })]);
      if (new Date(draft!.updatedAt as string) > new Date(published!.updatedAt as string)) break;
    }
    await docs.create({ data: { title: 'Unmodified' }, status: 'published' });
    await docs.create({ data: { title: 'Never' }, status: 'draft' });
  });

  const titles = async (args: string) => ((await gqlData(get(), `{ articles(${args}, sort: ["title"]) { title } }`)).articles as Json[]).map((a) => a.title);

  it('keeps the drafts of each kind of document', async () => {
    expect(await titles('status: DRAFT, publicationFilter: NEVER_PUBLISHED')).to.deep.equal(['Never']);
    expect(await titles('status: DRAFT, publicationFilter: HAS_PUBLISHED_VERSION')).to.deep.equal(['Modified', 'Unmodified']);
    expect(await titles('status: DRAFT, publicationFilter: MODIFIED')).to.deep.equal(['Modified']);
    expect(await titles('status: DRAFT, publicationFilter: UNMODIFIED')).to.deep.equal(['Unmodified']);
    expect(await titles('status: DRAFT, hasPublishedVersion: false')).to.deep.equal(['Never']);
  });

  it('keeps the published versions of each kind', async () => {
    expect(await titles('publicationFilter: MODIFIED')).to.deep.equal(['Modified']);
    expect(await titles('publicationFilter: UNMODIFIED')).to.deep.equal(['Unmodified']);
    expect(await titles('publicationFilter: NEVER_PUBLISHED')).to.deep.equal([]);
  });

  it('takes them on one document and on REST too', async () => {
    const [never] = await get().kernel.documents(A).findMany({ filters: { title: { $eq: 'Never' } }, status: 'draft' });
    const one = await gqlData(get(), 'query($id: ID!) { article(documentId: $id, status: DRAFT, publicationFilter: HAS_PUBLISHED_VERSION) { title } }', { id: never!.documentId });
    expect(one.article).to.equal(null);
    const rest = await get().get('/api/articles?status=draft&publicationFilter=modified&fields[0]=title');
    expect(rest.status).to.equal(200);
    expect((rest.body.data as Json[]).map((a) => a.title)).to.deep.equal(['Modified']);
    const bad = await get().get('/api/articles?publicationFilter=sometimes');
    expect(bad.status).to.equal(400);
    expect(bad.body.error.message).to.equal("Invalid value for 'publicationFilter'. Expected one of: never-published, has-published-version, modified, unmodified.");
  });
});
