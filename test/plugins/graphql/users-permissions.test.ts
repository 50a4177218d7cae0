// users-permissions over GraphQL: Strapi's me query and auth mutations, contributed from the
// plugin's own folder through the schema hooks. Each runs the REST route's operation: the same
// answers, the same errors, the same rate limit (an aliased mutation spends budget like a request).

import { expect } from 'chai';
import { mailbox } from '../users-permissions/helpers.js';
import { gql, gqlData, oneError, upPlugin, useGraphqlKernel, type Json } from './helpers.js';

const LOGIN = 'mutation($i: String!, $p: String!) { login(input: { identifier: $i, password: $p }) { jwt user { id documentId username email confirmed blocked role { name type } } } }';

describe('GraphQL: users-permissions', () => {
  const box = mailbox();
  const get = useGraphqlKernel({}, {
    pluginsConfig: upPlugin({
      email: { provider: box.provider, from: 'cms@example.com' }, resetPasswordUrl: 'https://front.example.com/reset',
      permissions: { public: [], authenticated: ['api::article.article.find'] },
    }),
  });
  const auth = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

  async function register(name: string): Promise<Json> {
    const data = await gqlData(get(), 'mutation($in: UsersPermissionsRegisterInput!) { register(input: $in) { jwt user { username email } } }', {
      in: { username: name, email: `${name}@example.com`, password: 'Passw0rd!long' },
    });
    return data.register as Json;
  }

  it('registers, logs in and answers me with the role, as REST does', async () => {
    const reg = await register('gql_up_one');
    expect(reg.jwt).to.be.a('string');
    expect(reg.user).to.deep.equal({ username: 'gql_up_one', email: 'gql_up_one@example.com' });
    const login = (await gqlData(get(), LOGIN, { i: 'gql_up_one@example.com', p: 'Passw0rd!long' })).login as Json;
    expect(login.user).to.include({ username: 'gql_up_one', email: 'gql_up_one@example.com', confirmed: true, blocked: false });
    expect(login.user.role).to.deep.equal({ name: 'Authenticated', type: 'authenticated' });
    const rest = await get().request('GET', '/api/users/me', undefined, { authorization: `Bearer ${login.jwt as string}` });
    expect(login.user.documentId).to.equal(rest.body.documentId);
    const me = await gqlData(get(), '{ me { username role { type } } }', undefined, auth(login.jwt));
    expect(me.me).to.deep.equal({ username: 'gql_up_one', role: { type: 'authenticated' } });
  });

  it('keeps private fields out of every user type', async () => {
    const sdl = get().kernel.service('graphql').sdl();
    const me = /type UsersPermissionsMe \{([^}]*)\}/.exec(sdl)![1]!;
    for (const name of ['password', 'resetPasswordToken', 'confirmationToken', 'tokenVersion']) expect(me).to.not.contain(name);
    const res = await gql(get(), '{ me { password } }');
    oneError(res, 'GRAPHQL_VALIDATION_FAILED');
  });

  it('answers a wrong password with REST message and code, and me without a JWT with FORBIDDEN', async () => {
    await register('gql_up_two');
    const bad = oneError(await gql(get(), LOGIN, { i: 'gql_up_two', p: 'wrong-password' }), 'BAD_USER_INPUT');
    expect(bad.extensions.error).to.deep.equal({ name: 'ValidationError', message: 'Invalid identifier or password', details: {} });
    const anonymous = await gql(get(), '{ me { username } }');
    oneError(anonymous, 'FORBIDDEN');
    expect(anonymous.body.data).to.deep.equal({ me: null });
  });

  it('changes the password with the JWT, then resets it with the mailed code', async () => {
    const reg = await register('gql_up_three');
    const changed = await gqlData(get(), 'mutation { changePassword(currentPassword: "Passw0rd!long", password: "NewPassw0rd!", passwordConfirmation: "NewPassw0rd!") { jwt user { username } } }', undefined, auth(reg.jwt));
    expect((changed.changePassword as Json).user).to.deep.equal({ username: 'gql_up_three' });
    // The old JWT is revoked by the change (as on REST)
    oneError(await gql(get(), '{ me { username } }', undefined, auth(reg.jwt)), 'UNAUTHENTICATED');

    box.messages.length = 0;
    const forgot = await gqlData(get(), 'mutation { forgotPassword(email: "gql_up_three@example.com") { ok } }');
    expect(forgot.forgotPassword).to.deep.equal({ ok: true });
    const [message] = await box.received(1);
    const code = /code=([0-9a-f]+)/.exec(message!.text)![1]!;
    const reset = await gqlData(get(), 'mutation($c: String!) { resetPassword(code: $c, password: "Reset0Passw0rd", passwordConfirmation: "Reset0Passw0rd") { jwt user { username } } }', { c: code });
    expect((reset.resetPassword as Json).jwt).to.be.a('string');
    const again = await gql(get(), 'mutation($c: String!) { resetPassword(code: $c, password: "Other0Passw0rd", passwordConfirmation: "Other0Passw0rd") { jwt } }', { c: code });
    expect(oneError(again, 'BAD_USER_INPUT').extensions.error.message).to.equal('Incorrect code provided');
    expect((await gqlData(get(), LOGIN, { i: 'gql_up_three', p: 'Reset0Passw0rd' })).login).to.have.property('jwt');
  });

  it('refuses a login input field Strapi does not have', async () => {
    const res = await gql(get(), 'mutation { login(input: { identifier: "x", password: "y", role: 1 }) { jwt } }');
    expect(res.status).to.equal(400);
    expect(res.body.errors[0].extensions.code).to.equal('GRAPHQL_VALIDATION_FAILED');
    expect(res.body).to.not.have.any.keys('data');
  });
});

describe('GraphQL: users-permissions rate limits', () => {
  const get = useGraphqlKernel({}, { pluginsConfig: upPlugin({ ratelimit: { enabled: true, max: 3, interval: 60_000 } }) });

  it('spends the budget once per aliased mutation, and shares it with REST', async () => {
    const ask = (alias: string) => `${alias}: forgotPassword(email: "rl@example.com") { ok }`;
    const res = await gql(get(), `mutation { ${ask('a')} ${ask('b')} ${ask('c')} ${ask('d')} }`);
    expect(res.body.data).to.deep.equal({ a: { ok: true }, b: { ok: true }, c: { ok: true }, d: null });
    const limited = oneError(res, 'STRAPI_RATE_LIMIT_ERROR');
    expect(limited.path).to.deep.equal(['d']);
    expect((await get().post('/api/auth/forgot-password', { email: 'rl@example.com' })).status).to.equal(429);
  });

  it('limits logins per identifier as REST does', async () => {
    const login = 'mutation { login(input: { identifier: "rl2@example.com", password: "wrong-password" }) { jwt } }';
    for (let i = 0; i < 3; i++) oneError(await gql(get(), login), 'BAD_USER_INPUT');
    const over = oneError(await gql(get(), login), 'STRAPI_RATE_LIMIT_ERROR');
    expect(over.extensions.error.name).to.equal('RateLimitError');
  });
});

describe('GraphQL: without users-permissions', () => {
  const get = useGraphqlKernel();

  it('has no me query and no auth mutations', () => {
    const sdl = get().kernel.service('graphql').sdl();
    expect(sdl).to.not.match(/\bme: |login\(|register\(|UsersPermissionsMe/);
  });
});
