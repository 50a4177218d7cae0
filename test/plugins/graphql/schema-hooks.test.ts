// The other public seam: a plugin that extends the schema through the kernel's scoped schema
// hooks, as users-permissions, draft-and-publish and i18n do, without naming the graphql plugin.
// Its fields run operations, so the runner's permission check applies to them unchanged; with
// GraphQL switched off the same plugin starts and serves REST.

import { expect } from 'chai';
import { definePlugin, type Plugin } from '../../../core/index.js';
import { useKernel } from '../../helpers/suite.js';
import type { TestKernel } from '../../helpers/kernel.js';
import { gql, gqlData, oneError, upPlugin, useGraphqlKernel, type Json } from './helpers.js';

const HELLO = 'plugin::greeter.greeting.hello';

/** Knows nothing of GraphQL: an operation, a REST route for it, a payload type, a root field
 *  that runs it, and an argument added to a field another plugin wrote. */
const greeter: Plugin = definePlugin({
  name: 'greeter',
  register(api) {
    api.hooks.defineOperations.tap('greeter', (operations) => {
      operations.define({
        name: HELLO, owner: 'greeter', kind: 'read', params: [], description: 'Greets the caller',
        run: async (input) => ({ greeting: `hello, ${String((input.body as { name?: unknown } | undefined)?.name ?? 'stranger')}` }),
      });
    });
    api.hooks.buildRoutes.tap('greeter', (routes) => {
      routes.addOperation({ method: 'GET', path: '/api/greeter/hello', operation: HELLO });
    });
    api.hooks.schemaInit.tap('greeter', (builder) => {
      builder.addType({ name: 'GreeterGreeting', kind: 'object', fields: { greeting: { type: 'String!', args: {} } } }, { role: 'other', owner: 'greeter' });
    });
    api.hooks.schemaFields.tap('greeter', (fields, scope) => (scope.role !== 'query' ? fields : {
      ...fields,
      hello: { type: 'GreeterGreeting!', args: { name: { type: 'String' } }, operation: { name: HELLO, input: (args) => ({ body: { name: args.name } }) } },
    }));
    api.hooks.schemaFieldArgs.tap('greeter', (args, scope) => (
      scope.contentType?.uid === 'api::article.article' && scope.action === 'find' && scope.typeName === 'Query'
        ? { ...args, greeterHint: { type: 'String', description: 'Ignored: shows who may add an argument' } }
        : args));
  },
});

describe('GraphQL: a plugin extending the schema through the kernel hooks', () => {
  const get = useGraphqlKernel({}, {
    plugins: [greeter],
    pluginsConfig: upPlugin({ permissions: { authenticated: [HELLO] } }),
  });

  it('adds its type, its root field and an argument on a generated field', () => {
    const sdl = get().kernel.service('graphql').sdl();
    expect(sdl).to.match(/type GreeterGreeting \{\s+greeting: String!\s+\}/);
    expect(sdl).to.match(/\n {2}hello\(name: String\): GreeterGreeting!/);
    expect(sdl).to.match(/\n {2}articles\([^)]*greeterHint: String/);
    expect(sdl).not.to.match(/\n {2}authors\([^)]*greeterHint/);
  });

  it('runs its field through the permission check: refused to an anonymous caller, answered to a user who has it', async () => {
    oneError(await gql(get(), '{ hello(name: "ada") { greeting } }'), 'FORBIDDEN');
    const jwt = await register(get());
    expect(await gqlData(get(), '{ hello(name: "ada") { greeting } }', undefined, { authorization: `Bearer ${jwt}` }))
      .to.deep.equal({ hello: { greeting: 'hello, ada' } });
  });
});

describe('GraphQL off: the same plugin', () => {
  const get = useKernel(() => ({ plugins: [greeter], config: { plugins: { graphql: false } } }));

  it('starts and serves its REST route', async () => {
    const res = await get().get('/api/greeter/hello');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ data: { greeting: 'hello, stranger' }, meta: {} });
  });
});

async function register(app: TestKernel): Promise<string> {
  const data = await gqlData(app, 'mutation($in: UsersPermissionsRegisterInput!) { register(input: $in) { jwt } }', {
    in: { username: 'greeter_user', email: 'greeter_user@example.com', password: 'Passw0rd!long' },
  });
  return (data.register as Json).jwt as string;
}
