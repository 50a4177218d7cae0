// What an anonymous caller (no credentials: the public role) hears when refused: Strapi's 403
// ForbiddenError by default, over REST and GraphQL alike (FORBIDDEN), or the 401 of
// api.auth.anonymousStatus: 401 (UNAUTHENTICATED). Bad credentials (a malformed header, an unknown
// token, a revoked JWT) are a 401 either way, and an identified caller without the permission a 403.

import { expect } from 'chai';
import { denial, type AuthResult, type KernelConfigInput } from '../../../core/index.js';
import { startKernel } from '../../helpers/kernel.js';
import { useKernel as useSuiteKernel } from '../../helpers/suite.js';
import { gql, oneError } from '../graphql/helpers.js';
import { ARTICLE, as, expectStatus, FIXTURES, JWT_SECRET, register, type Json } from './helpers.js';

const PERMISSIONS = { public: [`${ARTICLE}.find`], authenticated: [`${ARTICLE}.find`, `${ARTICLE}.create`] };
const FORBIDDEN = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };
/** What an identified caller hears: the action it lacks. */
const forbidden = (action: string) => ({ data: null, error: { ...FORBIDDEN.error, message: `Forbidden: ${action}` } });
const UNAUTHORIZED = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } };
const CREATE = 'mutation { createArticle(data: { title: "x" }) { documentId } }';

function config(anonymousStatus?: number): KernelConfigInput {
  return {
    api: { rest: { strictParams: true }, ...(anonymousStatus === undefined ? {} : { auth: { anonymousStatus } as never }) },
    plugins: {
      'users-permissions': { enabled: true, config: { jwt: { secret: JWT_SECRET }, ratelimit: { enabled: false }, permissions: PERMISSIONS } },
      graphql: { enabled: true },
    },
  };
}

/** The answers to bad credentials: a 401 whatever the config says. */
async function expectBadCredentials(app: ReturnType<ReturnType<typeof useSuiteKernel>>, revokedJwt: string): Promise<void> {
  for (const authorization of ['Bearer not-a-token', 'Basic dXNlcjpwdw==', 'Bearer', `Bearer ${revokedJwt}`]) {
    const res = await app.request('POST', '/api/articles', { data: { title: 'x' } }, { authorization });
    expect(res.body, authorization).to.deep.equal(UNAUTHORIZED);
    const graphql = await gql(app, CREATE, undefined, { authorization });
    expect(graphql.status, authorization).to.equal(401);
    expect(graphql.body.errors[0].extensions.code).to.equal('UNAUTHENTICATED');
  }
}

/** A user whose JWT the password change revoked. */
async function revokedJwt(app: ReturnType<ReturnType<typeof useSuiteKernel>>): Promise<string> {
  const { jwt, password } = await register(app, 'revoked');
  const changed = await as(app, jwt).post('/api/auth/change-password', { currentPassword: password, password: `${password}-2`, passwordConfirmation: `${password}-2` });
  expectStatus(changed, 200, 'change-password');
  return jwt;
}

describe('users-permissions: anonymous refusals, by default', () => {
  const app = useSuiteKernel(() => ({ contentTypesDir: FIXTURES, config: config() }));

  it('an anonymous caller without the permission gets Strapi\'s 403 ForbiddenError; with it, the answer', async () => {
    expect((await app().post('/api/articles', { data: { title: 'x' } })).body).to.deep.equal(FORBIDDEN);
    expect((await app().get('/api/users/me')).body).to.deep.equal(FORBIDDEN);
    expect((await app().get('/api/categories')).body).to.deep.equal(FORBIDDEN);
    expectStatus(await app().get('/api/articles'), 200);
  });

  it('GraphQL says FORBIDDEN, as Strapi does, with the REST error', async () => {
    const error = oneError(await gql(app(), CREATE), 'FORBIDDEN');
    expect(error.extensions.error).to.deep.equal({ name: 'ForbiddenError', message: 'Forbidden', details: {} });
    oneError(await gql(app(), '{ me { username } }'), 'FORBIDDEN');
  });

  it('bad, unknown or revoked credentials stay a 401', async () => {
    await expectBadCredentials(app(), await revokedJwt(app()));
  });

  it('an identified caller without the permission gets a 403', async () => {
    const { jwt } = await register(app(), 'identified');
    expect((await as(app(), jwt).get('/api/categories')).body).to.deep.equal(forbidden('api::category.category.find'));
    oneError(await gql(app(), '{ categories { name } }', undefined, { authorization: `Bearer ${jwt}` }), 'FORBIDDEN');
  });
});

describe('users-permissions: api.auth.anonymousStatus: 401', () => {
  const app = useSuiteKernel(() => ({ contentTypesDir: FIXTURES, config: config(401) }));

  it('an anonymous caller without the permission gets the 401, on REST and GraphQL (UNAUTHENTICATED)', async () => {
    expect((await app().post('/api/articles', { data: { title: 'x' } })).body).to.deep.equal(UNAUTHORIZED);
    expect((await app().get('/api/users/me')).body).to.deep.equal(UNAUTHORIZED);
    const error = oneError(await gql(app(), CREATE), 'UNAUTHENTICATED');
    expect(error.extensions.error).to.deep.equal({ name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} });
    expectStatus(await app().get('/api/articles'), 200);
  });

  it('bad credentials are a 401 and an identified caller without the permission a 403, as by default', async () => {
    await expectBadCredentials(app(), await revokedJwt(app()));
    const { jwt } = await register(app(), 'identified');
    expect((await as(app(), jwt).get('/api/categories')).body).to.deep.equal(forbidden('api::category.category.find'));
  });
});

describe('api.auth.anonymousStatus: the verdict and the config', () => {
  it('denial: 403 for the public role, 401 when no strategy answered for the caller or when asked', () => {
    const publicRole: AuthResult = { strategy: 'users-permissions', credentials: null };
    const user: AuthResult = { strategy: 'users-permissions', credentials: { id: 1 } };
    const seen = (auth: AuthResult | undefined, status?: 401 | 403): Json => {
      const err = status === undefined ? denial(auth, 'No') : denial(auth, 'No', status);
      return { name: err.name, message: err.message };
    };
    expect(seen(publicRole)).to.deep.equal({ name: 'ForbiddenError', message: 'No' });
    expect(seen(publicRole, 401)).to.deep.equal({ name: 'UnauthorizedError', message: 'Missing or invalid credentials' });
    expect(seen(undefined)).to.deep.equal({ name: 'UnauthorizedError', message: 'Missing or invalid credentials' });
    expect(seen(user, 401)).to.deep.equal({ name: 'ForbiddenError', message: 'No' });
  });

  for (const bad of [402, '403', null]) {
    it(`refuses ${JSON.stringify(bad)} at start-up, naming the key`, async function () {
      this.timeout(60_000);
      let error: Error | undefined;
      try {
        const app = await startKernel({ contentTypesDir: FIXTURES, config: { api: { auth: { anonymousStatus: bad } as never } } });
        await app.stop();
      } catch (err) {
        error = err as Error;
      }
      expect(error?.message).to.contain('api.auth.anonymousStatus: expected 401 or 403');
    });
  }
});
