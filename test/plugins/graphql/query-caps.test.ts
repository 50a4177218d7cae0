// The query caps of api.rest hold over GraphQL too: its arguments and selections compile to the
// same query as REST's, and the caps are checked there, so each is a BAD_USER_INPUT naming the
// limit. GraphQL's JSON arguments are not bounded by the query-string parser ($in lists of 150).

import { expect } from 'chai';
import { captureStatements } from '../../helpers/statements.js';
import { gql, gqlData, oneError, useGraphqlKernel, type GqlResponse, type Json } from './helpers.js';

const SORTABLE = ['title', 'slug', 'description', 'body', 'readingTime', 'views', 'rating', 'price', 'featured', 'publishDate', 'reviewState'];

function expectCap(res: GqlResponse, message: string, details: Json): void {
  const error = oneError(res, 'BAD_USER_INPUT');
  expect(error.message).to.equal(message);
  expect(error.extensions.error).to.deep.equal({ name: 'ValidationError', message, details });
}

describe('GraphQL: query caps (defaults)', () => {
  const get = useGraphqlKernel();
  const list = 'query($s: [String], $f: ArticleFiltersInput) { articles(sort: $s, filters: $f) { title } }';

  it('sort takes 10 distinct keys; 11 is refused, 200 repeats of one are one ORDER BY term', async () => {
    await gqlData(get(), list, { s: SORTABLE.slice(0, 10) });
    expectCap(await gql(get(), list, { s: SORTABLE }),
      'sort has too many keys: 11, at most 10 are allowed',
      { key: 'sort', path: 'sort', source: 'query', param: 'sort', count: 11, limit: 10 });
    const { sql } = await captureStatements(get(), () => gqlData(get(), list, { s: Array(200).fill('description') }));
    const statement = sql.find((s) => /from [`"]articles[`"]/i.test(s) && /order by/i.test(s));
    expect(statement, sql.join('\n')).to.be.a('string');
    expect(statement!.slice(statement!.toLowerCase().lastIndexOf('order by')).match(/description/g)).to.have.lengthOf(1);
  });

  it('filters take 100 nodes; an or of 100 comparisons (101 nodes) is refused', async () => {
    const or = (n: number) => ({ or: Array.from({ length: n }, (_, i) => ({ title: { eq: `t${i}` } })) });
    await gqlData(get(), list, { f: or(99) });
    expectCap(await gql(get(), list, { f: or(100) }),
      'filters have too many conditions: 101, at most 100 are allowed',
      { key: 'filters', source: 'query', param: 'filters', count: 101, limit: 100 });
  });

  it('in and notIn take 100 values, even where no query string would carry more', async () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
    await gqlData(get(), list, { f: { title: { in: values(100) } } });
    expectCap(await gql(get(), list, { f: { title: { in: values(150) } } }),
      '$in has too many values: 150, at most 100 are allowed',
      { key: '$in', path: 'filters.title.$in', source: 'query', param: 'filters', count: 150, limit: 100 });
    expectCap(await gql(get(), list, { f: { title: { notIn: values(101) } } }),
      '$notIn has too many values: 101, at most 100 are allowed',
      { key: '$notIn', path: 'filters.title.$notIn', source: 'query', param: 'filters', count: 101, limit: 100 });
  });
});

describe('GraphQL: query caps (configured)', () => {
  const get = useGraphqlKernel({}, { config: { api: { rest: { maxPopulateNodes: 2, maxFields: 3 } } } });

  it('the relations a selection populates count against api.rest.maxPopulateNodes', async () => {
    await gqlData(get(), '{ articles { title category { name } authors { name } } }');
    expectCap(await gql(get(), '{ articles { title category { name } authors { name } seo { metaTitle } } }'),
      'populate reaches too many attributes: 3, at most 2 are allowed',
      { key: 'populate', source: 'query', param: 'populate', count: 3, limit: 2 });
  });

  it('the fields a selection reads count against api.rest.maxFields (documentId included)', async () => {
    await gqlData(get(), '{ articles { title description } }');
    const res = await gql(get(), '{ articles { title description body } }');
    expectCap(res, 'fields has too many entries: 4, at most 3 are allowed',
      { key: 'fields', path: 'fields', source: 'query', param: 'fields', count: 4, limit: 3 });
  });
});
