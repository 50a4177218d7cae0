// The example app's schema in every shape is checked in (schema/*.graphql): a change to the
// generated schema shows in review. UPDATE_SDL=1 npm test rewrites the files.

import { expect } from 'chai';
import { buildSchema, validateSchema } from 'graphql';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { upPlugin, useGraphqlKernel } from './helpers.js';

const SHAPES: Array<{ file: string; config: Record<string, unknown> }> = [
  { file: 'example-app.graphql', config: {} },
  { file: 'example-app.v4-compatibility.graphql', config: { v4CompatibilityMode: true } },
  { file: 'example-app.v4.graphql', config: { shape: 'v4' } },
];

// The example app's plugins: users-permissions contributes its types and mutations too
const pluginsConfig = upPlugin();

for (const { file, config } of SHAPES) {
  describe(`GraphQL: the example app schema, ${JSON.stringify(config)}`, () => {
    const path = fileURLToPath(new URL(`./schema/${file}`, import.meta.url));
    const get = useGraphqlKernel(config, { pluginsConfig });

    it(`equals the checked-in schema/${file}`, () => {
      const sdl = get().kernel.service('graphql').sdl();
      if (process.env.UPDATE_SDL === '1') writeFileSync(path, sdl);
      expect(sdl, 'the generated schema changed: check the change, then run UPDATE_SDL=1 npm test').to.equal(readFileSync(path, 'utf8'));
    });

    it('is a valid schema on its own', () => {
      expect(validateSchema(buildSchema(readFileSync(path, 'utf8')))).to.deep.equal([]);
    });
  });
}
