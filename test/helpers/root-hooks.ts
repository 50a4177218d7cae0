// Mocha root hooks (loaded through .mocharc's `require`). A test that starts a kernel must stop it:
// every supported Node line has to see the process exit with its connections closed explicitly.

import { stopLeftoverKernels } from './kernel.js';

export const mochaHooks = {
  async afterAll(): Promise<void> {
    const left = await stopLeftoverKernels();
    if (left.length) throw new Error(`${left.length} test kernel(s) were started and never stopped (stop each one in an after() hook): ${[...new Set(left)].join(', ')}`);
  },
};
