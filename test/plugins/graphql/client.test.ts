// A GraphQL client nobody here wrote (@urql/core) drives the endpoint: a list with filters and
// variables, nested relations, a mutation, and an error as the client reports it.

import { expect } from 'chai';
import { Client, fetchExchange, gql as tag } from '@urql/core';
import { useGraphqlKernel } from './helpers.js';

describe('GraphQL: a real client (@urql/core)', () => {
  const get = useGraphqlKernel();
  const client = () => new Client({ url: `${get().url}/graphql`, exchanges: [fetchExchange], requestPolicy: 'network-only', preferGetMethod: false });

  it('creates with a mutation, then lists with filters and nested relations', async () => {
    const created = await client().mutation(tag`mutation($d: CategoryInput!) { createCategory(data: $d) { documentId name } }`, { d: { name: 'Urql' } }).toPromise();
    expect(created.error).to.equal(undefined);
    const category = created.data.createCategory.documentId as string;
    const article = await client().mutation(tag`mutation($d: ArticleInput!) { createArticle(data: $d) { documentId } }`, { d: { title: 'From urql', category } }).toPromise();
    expect(article.error).to.equal(undefined);
    const list = await client().query(tag`query($f: ArticleFiltersInput) { articles(filters: $f) { title category { name articles { title } } } }`, { f: { category: { name: { eq: 'Urql' } } } }).toPromise();
    expect(list.error).to.equal(undefined);
    expect(list.data.articles).to.deep.equal([{ title: 'From urql', category: { name: 'Urql', articles: [{ title: 'From urql' }] } }]);
  });

  it('reports an error with its code in graphQLErrors', async () => {
    const res = await client().query(tag`{ articles(sort: ["nope"]) { title } }`, {}).toPromise();
    expect(res.error?.graphQLErrors[0]?.extensions.code).to.equal('BAD_USER_INPUT');
    expect(res.error?.graphQLErrors[0]?.message).to.equal('Invalid key nope');
  });
});
