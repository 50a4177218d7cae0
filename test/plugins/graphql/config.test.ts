// The plugin's configuration is checked at start-up; a bad value names its key.

import { expect } from 'chai';
import { startKernel } from '../../helpers/kernel.js';
import { gqlConfig } from './helpers.js';

describe('GraphQL: configuration', () => {
  const cases: Array<{ config: Record<string, unknown>; message: RegExp }> = [
    { config: { depthLimit: 0 }, message: /plugins\.graphql\.config\.depthLimit: expected an integer of at least 1, got 0/ },
    { config: { amountLimit: '100' }, message: /plugins\.graphql\.config\.amountLimit: expected an integer/ },
    { config: { endpoint: 'graphql' }, message: /plugins\.graphql\.config\.endpoint: expected a path such as \/graphql/ },
    { config: { shadowCRUD: 'yes' }, message: /plugins\.graphql\.config\.shadowCRUD: expected true or false/ },
    { config: { maxDepth: 3 }, message: /plugins\.graphql\.config\.maxDepth: unknown key; expected one of endpoint, shadowCRUD/ },
    { config: { amountLimit: 10, defaultLimit: 20 }, message: /plugins\.graphql\.config\.defaultLimit: 20 is above amountLimit \(10\)/ },
  ];
  for (const c of cases) {
    it(`refuses ${JSON.stringify(c.config)}`, async () => {
      let error: unknown;
      try {
        const app = await startKernel({ config: gqlConfig(c.config) });
        await app.stop();
      } catch (err) {
        error = err;
      }
      expect(error, 'the kernel started').to.be.instanceOf(Error);
      expect((error as Error).message).to.match(c.message);
    });
  }

  it("accepts Strapi's apolloServer options (and ignores them: this server is not Apollo)", async () => {
    const app = await startKernel({ config: gqlConfig({ apolloServer: { tracing: false }, depthLimit: 7, amountLimit: 100 }) });
    try {
      expect(app.kernel.service('graphql').settings).to.deep.include({ depthLimit: 7, amountLimit: 100, endpoint: '/graphql' });
    } finally {
      await app.stop();
    }
  });

  it('with shadowCRUD: false generates no content-type queries', async () => {
    const app = await startKernel({ config: gqlConfig({ shadowCRUD: false }) });
    try {
      expect(app.kernel.service('graphql').sdl()).to.not.match(/articles|type Article /);
    } finally {
      await app.stop();
    }
  });
});
