// The supported Node.js lines: one range in package.json's engines, which npm enforces on this
// checkout (devEngines) and on an app (its .npmrc's engine-strict), and `npm start` / `npm run
// token` check before loading anything native.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_NODE, satisfies } from '../../scripts/node-range.mjs';
import { ROOT } from '../helpers/kernel.js';

describe('supported Node.js lines', () => {
  it('are the maintained lines 22, 24 and 26 on, and this process runs on one of them', () => {
    const accepted = ['22.12.0', '22.23.3', '24.0.0', '24.21.0', '26.0.0', '26.10.0', '28.1.0'];
    const refused = ['18.20.0', '20.20.2', '22.11.0', '23.11.0', '25.9.0'];
    for (const v of accepted) expect(satisfies(v), v).to.equal(true);
    for (const v of refused) expect(satisfies(v), v).to.equal(false);
    expect(satisfies(process.versions.node), process.versions.node).to.equal(true);
  });

  it('come from package.json, which npm enforces for this project, not for its development tools', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string }; devEngines: { runtime: unknown } };
    expect(SUPPORTED_NODE).to.equal(pkg.engines.node);
    // npm checks devEngines before install, ci and run, for this checkout only: a development
    // dependency whose engines end before a supported line (@strapi/client's, at 24) only warns,
    // where engine-strict stopped `npm ci` on Node 26
    expect(pkg.devEngines.runtime).to.deep.equal({ name: 'node', version: pkg.engines.node, onFail: 'error' });
    expect(readFileSync(join(ROOT, '.npmrc'), 'utf8')).to.not.match(/^engine-strict/m);
    // An app has production dependencies only: there engine-strict keeps its own lines
    expect(readFileSync(join(ROOT, 'core', 'cli', 'template', 'npmrc'), 'utf8')).to.match(/^engine-strict=true$/m);
  });
});
