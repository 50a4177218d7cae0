// The endpoint over HTTP: the GraphQL-over-HTTP spec (graphql-http's own audit suite, every MUST),
// GET for queries only, the configured path, the body limit, and the limits on what one request
// may ask, each refused before any SQL runs with an error naming the limit.

import { expect } from 'chai';
import { getIntrospectionQuery } from 'graphql';
import { auditServer } from 'graphql-http';
import { countStatements } from '../../helpers/statements.js';
import { gql, gqlData, useGraphqlKernel, type Json } from './helpers.js';

describe('GraphQL: HTTP', () => {
  const get = useGraphqlKernel({ endpoint: '/gql', depthLimit: 4, amountLimit: 5, maxAliases: 3, maxRootFields: 3, maxCost: 400 }, {
    config: { api: { bodyLimit: 4096 } },
  });

  it("passes every MUST of graphql-http's server audits", async () => {
    const results = await auditServer({ url: `${get().url}/gql` });
    const failed = results.filter((r) => r.status === 'error' && r.name.startsWith('MUST'));
    expect(failed.map((r) => `${r.name}: ${"reason" in r ? r.reason : ""}`)).to.deep.equal([]);
    expect(results.filter((r) => r.name.startsWith('MUST')).length).to.be.greaterThan(10);
  });

  it('serves the configured path only', async () => {
    const res = await fetch(`${get().url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    expect(res.status).to.equal(404);
  });

  it('answers GET queries and refuses a mutation over GET with 405, as Apollo under Strapi does', async () => {
    const ok = await fetch(`${get().url}/gql?query=${encodeURIComponent('{ __typename }')}`, { headers: { accept: 'application/graphql-response+json' } });
    expect(ok.status).to.equal(200);
    expect(ok.headers.get('content-type')).to.match(/application\/graphql-response\+json/);
    expect(await ok.json()).to.deep.equal({ data: { __typename: 'Query' } });
    const mutation = await fetch(`${get().url}/gql?query=${encodeURIComponent('mutation { deleteGlobal { documentId } }')}`, { headers: { accept: 'application/graphql-response+json' } });
    expect(mutation.status).to.equal(405);
    expect(mutation.headers.get('allow')).to.equal('POST');
    // graphql-http gives its 405 no content type; the body is JSON all the same
    expect(mutation.headers.get('content-type')).to.match(/^application\/json/);
    expect(await mutation.json()).to.deep.equal({
      errors: [{ message: 'GET requests only support query operations, not mutation operations', extensions: { code: 'BAD_REQUEST' } }],
    });
  });

  it('answers a missing or wrongly typed variable as BAD_USER_INPUT, before anything runs', async () => {
    const missing = await gql(get(), 'query($id: ID!) { article(documentId: $id) { title } }');
    // graphql-js 17's wording (Apollo's graphql 16 says 'Variable "$id" of required type "ID!" was not provided.')
    expect(missing.body.errors.map((e: { message: string; extensions: { code: string } }) => [e.message, e.extensions.code])).to.deep.equal([
      ['Variable "$id" has invalid value: Expected a value of non-null type "ID!" to be provided.', 'BAD_USER_INPUT'],
    ]);
    expect(missing.body).to.not.have.property('data');
    const typed = await gql(get(), 'query($p: PaginationArg) { articles(pagination: $p) { title } }', { p: { page: 'two' } });
    expect(typed.body.errors[0].extensions.code).to.equal('BAD_USER_INPUT');
    expect(typed.body.errors[0].message).to.equal('Variable "$p" has invalid value at .page: Int cannot represent non-integer value: "two"');
  });

  it('answers a malformed body and an over-large body as GraphQL errors', async () => {
    const bad = await fetch(`${get().url}/gql`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' }, body: '{"query": ' });
    expect(bad.status).to.equal(400);
    const parsed = await bad.json() as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(parsed.errors).to.have.lengthOf(1);
    // The request's fault, said as such: not an internal error, and nothing logged as one
    expect(parsed.errors[0]!.extensions.code).to.equal('BAD_REQUEST');
    expect(get().logs.filter((l) => l.level === 'error')).to.deep.equal([]);
    const big = await fetch(`${get().url}/gql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: `{ __typename }${' '.repeat(5000)}` }) });
    expect(big.status).to.equal(413);
    const body = await big.json() as { errors: Array<{ message: string }> };
    expect(body.errors[0]!.message).to.match(/at most 4096 bytes/);
  });

  const refusals: Array<{ what: string; query: string; limit: string }> = [
    { what: 'depth', query: '{ articles { category { articles { category { name } } } } }', limit: 'depthLimit' },
    { what: 'aliases', query: '{ articles { a: title b: title c: title d: title } }', limit: 'maxAliases' },
    { what: 'root fields', query: '{ articles { title } authors { name } categories { name } global { siteName } }', limit: 'maxRootFields' },
    { what: 'cost', query: '{ articles(pagination: { pageSize: 5 }) { authors(pagination: { pageSize: 5 }) { articles(pagination: { pageSize: 5 }) { title slug description body } } } }', limit: 'maxCost' },
    {
      what: 'fragments that multiply fields',
      query: `{ global { ...F5 } } fragment F5 on Global { ...F4 ...F4 ...F4 ...F4 } fragment F4 on Global { ...F3 ...F3 ...F3 ...F3 }
        fragment F3 on Global { ...F2 ...F2 ...F2 ...F2 } fragment F2 on Global { ...F1 ...F1 ...F1 ...F1 }
        fragment F1 on Global { ...F0 ...F0 ...F0 ...F0 } fragment F0 on Global { siteName }`,
      limit: 'maxCost',
    },
  ];
  for (const r of refusals) {
    it(`refuses too many ${r.what} (${r.limit}) before any SQL runs`, async () => {
      const { result: res, statements } = await countStatements(get(), () => gql(get(), r.query));
      expect(res.status, res.text).to.equal(400);
      expect(res.body.errors[0].message).to.contain(`(${r.limit})`);
      expect(res.body.errors[0].extensions).to.deep.include({ code: 'GRAPHQL_VALIDATION_FAILED', limit: r.limit });
      expect(statements).to.equal(0);
    });
  }

  it('caps a page above amountLimit, reads limit -1 as "up to amountLimit", and refuses a size below 1', async () => {
    for (let i = 0; i < 7; i++) await get().kernel.documents('api::category.category').create({ data: { name: `Capped ${i}` }, status: 'published' });
    const names = (data: Json) => (data.categories as Json[]).length;
    expect(names(await gqlData(get(), '{ categories(pagination: { pageSize: 6 }) { name } }'))).to.equal(5);
    expect(names(await gqlData(get(), '{ categories(pagination: { limit: -1 }) { name } }'))).to.equal(5);
    const page = await gqlData(get(), '{ categories_connection(pagination: { pageSize: 500 }) { pageInfo { page pageSize pageCount total } } }');
    expect(page.categories_connection.pageInfo).to.deep.equal({ page: 1, pageSize: 5, pageCount: 2, total: 7 });
    const nested = await gqlData(get(), '{ categories(pagination: { pageSize: 1 }) { articles(pagination: { limit: 50 }) { title } } }');
    expect(nested.categories).to.have.lengthOf(1);
    const zero = await gql(get(), '{ categories { articles(pagination: { pageSize: 0 }) { title } } }');
    expect(zero.body.errors[0].message).to.equal('categories.articles(pagination).pageSize is 0: it must be at least 1');
    expect(zero.body.errors[0].extensions.code).to.equal('BAD_USER_INPUT');
  });

  it('estimates and checks only the operation that runs (operationName)', async () => {
    const res = await fetch(`${get().url}/gql`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query: 'query A($id: ID!) { article(documentId: $id) { title } } query B { articles(pagination: { pageSize: 1 }) { title } }', operationName: 'B' }),
    });
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ data: { articles: [] } });
  });

  // graphql-query-complexity threw on an anonymous operation asked for by name: a 500
  for (const query of ['{ __typename }', 'query A { __typename }']) {
    it(`answers an operationName the document lacks as the request's error (${query})`, async () => {
      const res = await fetch(`${get().url}/gql`, {
        method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
        body: JSON.stringify({ query, operationName: 'Missing' }),
      });
      expect(res.status).to.equal(400);
      const body = await res.json() as { errors: Array<{ message: string; extensions: { code: string } }> };
      expect(body.errors.map((e) => [e.message, e.extensions.code])).to.deep.equal([['Unknown operation named "Missing".', 'OPERATION_RESOLUTION_FAILURE']]);
      expect(get().logs.filter((l) => l.level === 'error')).to.deep.equal([]);
    });
  }

  it('serves introspection outside production', async () => {
    const data = await gqlData(get(), '{ __schema { queryType { name } } }');
    expect(data.__schema.queryType.name).to.equal('Query');
  });

  // What GraphiQL and codegen tools send nests 15 levels: graphql-js's MaxIntrospectionDepthRule
  // bounds introspection instead of depthLimit
  it('answers the standard introspection query whatever depthLimit, and refuses nested introspection lists', async () => {
    const data = await gqlData(get(), getIntrospectionQuery());
    expect(data.__schema.types.map((t: { name: string }) => t.name)).to.include('Article');
    const res = await gql(get(), '{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }');
    expect(res.body.errors[0].message).to.equal('Maximum introspection depth exceeded');
  });

  describe('in production', () => {
    const prod = useGraphqlKernel({}, { config: { server: { environment: 'production' }, api: { tokens: { salt: 'test-salt-0123456789abcdef-0123456789' } } } });

    it('refuses introspection unless playgroundAlways', async () => {
      const res = await gql(prod(), '{ __schema { queryType { name } } }');
      expect(res.status).to.equal(400);
      expect(res.body.errors[0].message).to.match(/introspection/i);
    });
  });
});

describe('GraphQL: large answers', () => {
  const get = useGraphqlKernel();
  // Characters JSON escapes or UTF-8 writes in 2, 3 and 4 bytes, and line separators
  const MIXED = 'Crème brûlée "à la" \\maison\\\n\t— 東京 😀 \u2028\u2029 ';

  it('an answer over 128 KiB (written in pieces) is exactly JSON.stringify of its value, compiled or not', async () => {
    const docs = get().kernel.documents('api::article.article');
    for (let i = 0; i < 30; i++) await docs.create({ data: { title: `Large ${i}`, body: `${i} ${MIXED.repeat(150)}` }, status: 'published' });
    const query = '{ articles(filters: { title: { startsWith: "Large " } }, pagination: { pageSize: 30 }, sort: "title") { documentId title body } }';
    for (let run = 0; run < 2; run++) {
      const res = await fetch(`${get().url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
      const bytes = Buffer.from(await res.arrayBuffer());
      const text = bytes.toString('utf8');
      expect(res.status, text.slice(0, 300)).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      expect(bytes.length).to.be.greaterThan(128 * 1024);
      expect(Number(res.headers.get('content-length'))).to.equal(bytes.length);
      const value = JSON.parse(text) as Json;
      expect(text).to.equal(JSON.stringify(value));
      expect(value.data.articles).to.have.lengthOf(30);
      expect(value.data.articles[0]).to.include({ title: 'Large 0', body: `0 ${MIXED.repeat(150)}` });
    }
  });
});
