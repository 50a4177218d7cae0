// The budget per client address holds over GraphQL as over REST: a login mutation spends it like
// a request, each aliased login field of one document like one more request, and both surfaces
// spend the same budget (default: 30 attempts a minute per address).

import { expect } from 'chai';
import { gql, oneError, upPlugin, useGraphqlKernel, type GqlResponse } from '../graphql/helpers.js';
import { expectStatus, fresh } from './helpers.js';

const LOGIN = 'mutation($i: String!, $p: String!) { login(input: { identifier: $i, password: $p }) { jwt } }';
const name = (prefix: string) => fresh(prefix).replace(/\W+/g, '_');
// Enough room for 31 aliased root fields (the defaults allow 30 aliases and 20 root fields)
const ROOMY = { maxAliases: 40, maxRootFields: 40 };

function expectRateLimited(res: GqlResponse, path: string): void {
  const error = oneError(res, 'STRAPI_RATE_LIMIT_ERROR');
  expect(error.path).to.deep.equal([path]);
  expect(error.extensions.error).to.deep.equal({ name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} });
}

describe('GraphQL: the budget per client address, one login mutation per request', () => {
  const get = useGraphqlKernel({}, { pluginsConfig: upPlugin({ ratelimit: { enabled: true } }) });

  it('the 31st login mutation for another identifier is a RateLimitError, and REST shares the spent budget', async () => {
    for (let i = 1; i <= 30; i++) {
      oneError(await gql(get(), LOGIN, { i: `${name('gql_spray')}@example.com`, p: 'Summer2024!' }), 'BAD_USER_INPUT');
    }
    expectRateLimited(await gql(get(), LOGIN, { i: `${name('gql_spray')}@example.com`, p: 'Summer2024!' }), 'login');
    const rest = await get().post('/api/auth/local', { identifier: `${name('gql_spray')}@example.com`, password: 'Summer2024!' });
    expect(rest.status, rest.text).to.equal(429);
    expect(rest.headers.get('retry-after')).to.match(/^\d+$/);
  });
});

describe('GraphQL: the budget per client address, aliased logins in one document', () => {
  const get = useGraphqlKernel(ROOMY, { pluginsConfig: upPlugin({ ratelimit: { enabled: true } }) });

  it('31 aliased logins for 31 identifiers count as 31 attempts: the 31st is a RateLimitError', async () => {
    // 30 accounts (this address's whole register budget), each logged in with its right
    // password, so every field runs: GraphQL stops a mutation at the first error of a non-null
    // field such as login
    const accounts: string[] = [];
    for (let i = 0; i < 30; i++) {
      const username = name('gql_alias');
      expectStatus(await get().post('/api/auth/local/register', { username, email: `${username}@example.com`, password: 'Summer2024!' }), 200, `register #${i + 1}`);
      accounts.push(`${username}@example.com`);
    }
    const field = (alias: string, identifier: string) => `${alias}: login(input: { identifier: "${identifier}", password: "Summer2024!" }) { jwt }`;
    const fields = [...accounts.map((email, i) => field(`l${i}`, email)), field('l30', `${name('gql_alias')}@example.com`)];
    const res = await gql(get(), `mutation { ${fields.join(' ')} }`);
    expectRateLimited(res, 'l30');
    // The budget is spent for REST too, even with a right password
    const rest = await get().post('/api/auth/local', { identifier: accounts[0], password: 'Summer2024!' });
    expect(rest.status, rest.text).to.equal(429);
  });
});
