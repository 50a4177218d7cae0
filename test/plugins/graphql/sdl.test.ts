// The example app's schema is checked in (schema/example-app.graphql): a change to the generated
// schema shows in review. UPDATE_SDL=1 npm test rewrites the file.

import { expect } from 'chai';
import { buildSchema, validateSchema } from 'graphql';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { useGraphqlKernel } from './helpers.js';

const FILE = fileURLToPath(new URL('./schema/example-app.graphql', import.meta.url));

describe('GraphQL: the example app schema', () => {
  const get = useGraphqlKernel();

  it('equals the checked-in SDL', () => {
    const sdl = get().kernel.service('graphql').sdl();
    if (process.env.UPDATE_SDL === '1') writeFileSync(FILE, sdl);
    expect(sdl, 'the generated schema changed: check the change, then run UPDATE_SDL=1 npm test').to.equal(readFileSync(FILE, 'utf8'));
  });

  it('is a valid schema on its own', () => {
    expect(validateSchema(buildSchema(readFileSync(FILE, 'utf8')))).to.deep.equal([]);
  });
});
