// The supported Node.js lines: one range in package.json's engines, which `npm install` enforces
// (.npmrc engine-strict) and `npm start` / `npm run token` check before loading anything native.

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

  it('come from package.json, which npm enforces', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(SUPPORTED_NODE).to.equal(pkg.engines.node);
    expect(readFileSync(join(ROOT, '.npmrc'), 'utf8')).to.match(/^engine-strict=true$/m);
  });
});
