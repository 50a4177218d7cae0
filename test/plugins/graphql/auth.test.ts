// Who may do what over GraphQL: the same operations and permission checks as REST. The plural
// query needs find, the singular findOne, each mutation its action; a relation whose target the
// caller cannot find is Strapi's FORBIDDEN at its path; JWTs and API tokens work as on REST.

import { expect } from 'chai';
import { tokenClient } from '../../helpers/api-tokens.js';
import { gql, gqlData, oneError, upPlugin, useGraphqlKernel, type Json } from './helpers.js';

const A = 'api::article.article';
const C = 'api::category.category';

describe('GraphQL: authorization', () => {
  const get = useGraphqlKernel({}, {
    config: { api: { tokens: { salt: 'test-salt-for-api-tokens' } } },
    pluginsConfig: upPlugin({
      // Anonymous callers list articles and categories, and nothing else
      permissions: { public: [`${A}.find`, `${C}.find`], authenticated: [`${A}.find`, `${A}.findOne`, `${A}.create`, `${C}.find`] },
    }),
  });
  let articleId = '';

  before(async () => {
    const app = get();
    const docs = (uid: string) => app.kernel.documents(uid);
    const cat = await docs(C).create({ data: { name: 'Open' } });
    const author = await docs('api::author.author').create({ data: { name: 'Hidden author', email: 'hidden@example.com' } });
    articleId = (await docs(A).create({ data: { title: 'Visible', category: cat.documentId, authors: [author.documentId] }, status: 'published' })).documentId;
  });

  it('lets the plural query run with find; a relation to a target the caller cannot find is Strapi\'s FORBIDDEN at its path', async () => {
    const data = await gqlData(get(), '{ articles { title category { name } } }');
    expect(data.articles).to.deep.equal([{ title: 'Visible', category: { name: 'Open' } }]);
    const FORBIDDEN = { code: 'FORBIDDEN', error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} } };
    // A to-one relation is null beside the error
    const one = await gql(get(), '{ articles { title spotlightOf { name } authors_connection { nodes { name } } } }');
    expect(one.body.data).to.deep.equal({ articles: [{ title: 'Visible', spotlightOf: null, authors_connection: null }] });
    expect((one.body.errors as Json[]).map((e) => [e.path, e.extensions])).to.deep.equal([
      [['articles', 0, 'spotlightOf'], FORBIDDEN], [['articles', 0, 'authors_connection'], FORBIDDEN],
    ]);
    // A to-many relation is a non-null list: its parent is null, as in Strapi
    const many = await gql(get(), '{ articles { title authors { name } } }');
    expect(many.body.data).to.deep.equal({ articles: [null] });
    expect((many.body.errors as Json[]).map((e) => [e.message, e.path])).to.deep.equal([['Forbidden access', ['articles', 0, 'authors']]]);
    expect(many.text).to.not.contain('Hidden author');
  });

  // An anonymous caller without the permission hears FORBIDDEN, as a signed-in one does (REST's 403,
  // Strapi's code); bad credentials are UNAUTHENTICATED (below)
  it('refuses the singular query without findOne, with no data', async () => {
    const res = await gql(get(), 'query($id: ID!) { article(documentId: $id) { title } }', { id: articleId });
    const error = oneError(res, 'FORBIDDEN');
    expect(error.extensions.error).to.deep.equal({ name: 'ForbiddenError', message: 'Forbidden', details: {} });
    expect(error.path).to.deep.equal(['article']);
    expect(res.body.data).to.deep.equal({ article: null });
    expect(res.text).to.not.contain('Visible');
  });

  it('refuses a query on a type without find, and a mutation without its action', async () => {
    oneError(await gql(get(), '{ authors { name } }'), 'FORBIDDEN');
    oneError(await gql(get(), 'mutation { createArticle(data: { title: "x" }) { documentId } }'), 'FORBIDDEN');
  });

  it('refuses filters through a relation the caller cannot read (as REST does)', async () => {
    const res = await gql(get(), '{ articles(filters: { authors: { name: { eq: "Hidden author" } } }) { title } }');
    oneError(res, 'BAD_USER_INPUT');
    expect(res.text).to.not.contain('Visible');
  });

  it('answers a bad token with HTTP 401 and UNAUTHENTICATED before running anything', async () => {
    const res = await gql(get(), '{ articles { title } }', undefined, { authorization: 'Bearer not-a-token' });
    expect(res.status).to.equal(401);
    expect(res.body.errors[0].extensions.code).to.equal('UNAUTHENTICATED');
    expect(res.body).to.not.have.any.keys('data');
  });

  it('runs with a JWT: the authenticated role may read one article and create', async () => {
    const reg = await get().post('/api/auth/local/register', { username: 'gqluser', email: 'gql@example.com', password: 'Passw0rd!long' });
    expect(reg.status, reg.text).to.equal(200);
    const headers = { authorization: `Bearer ${reg.body.jwt as string}` };
    const one = await gqlData(get(), 'query($id: ID!) { article(documentId: $id) { title } }', { id: articleId }, headers);
    expect(one.article).to.deep.equal({ title: 'Visible' });
    const made = await gqlData(get(), 'mutation { createArticle(data: { title: "By JWT" }) { title } }', undefined, headers);
    expect(made.createArticle).to.deep.equal({ title: 'By JWT' });
    const refused = oneError(await gql(get(), '{ authors { name } }', undefined, headers), 'FORBIDDEN');
    expect(refused.extensions.error.name).to.equal('ForbiddenError');
  });

  it('runs with an API token: read-only reads but cannot write', async () => {
    const secret = await tokenClient(get()).secret({ type: 'read-only' });
    const headers = { authorization: `Bearer ${secret}` };
    const data = await gqlData(get(), '{ authors { name } }', undefined, headers);
    expect(data.authors).to.deep.equal([{ name: 'Hidden author' }]);
    const res = await gql(get(), 'mutation { createArticle(data: { title: "nope" }) { title } }', undefined, headers);
    oneError(res, 'FORBIDDEN');
  });

  it('never answers a draft to a caller without readDraft', async () => {
    const res = await gql(get(), '{ articles(status: DRAFT) { title } }', undefined, { authorization: `Bearer ${(await get().post('/api/auth/local/register', { username: 'drafty', email: 'drafty@example.com', password: 'Passw0rd!long' })).body.jwt as string}` });
    const error = oneError(res, 'FORBIDDEN');
    expect((error as Json).message).to.match(/draft/i);
  });
});
