// `npm test -- <file>` runs that file alone (mocha's config used to add the whole suite to it).

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../helpers/kernel.js';

interface MochaJson { stats: { suites: number; tests: number }; tests: Array<{ file: string }> }

function runTests(args: string[]): MochaJson {
  const res = spawnSync(process.execPath, [join(ROOT, 'scripts', 'test.mjs'), ...args, '--reporter', 'json'], { cwd: ROOT, encoding: 'utf8' });
  expect(res.status, res.stderr).to.equal(0);
  return JSON.parse(res.stdout.slice(res.stdout.indexOf('{'))) as MochaJson;
}

describe('npm test', function () {
  this.timeout(60_000);

  it('runs only the file named, with mocha options passed through', () => {
    const one = runTests(['test/architecture.test.ts']);
    expect([...new Set(one.tests.map((t) => t.file))]).to.deep.equal([join(ROOT, 'test', 'architecture.test.ts')]);
    expect(one.stats.tests).to.be.greaterThan(1);
    const grepped = runTests(['test/architecture.test.ts', '--grep', 'cycle']);
    expect(grepped.stats.tests).to.be.greaterThan(0).and.lessThan(one.stats.tests);
  });

  it('refuses a file that does not exist rather than running the whole suite', () => {
    const res = spawnSync(process.execPath, [join(ROOT, 'scripts', 'test.mjs'), 'test/cli/no-such.test.ts'], { cwd: ROOT, encoding: 'utf8' });
    expect(res.status).to.equal(2);
    expect(res.stderr).to.equal('npm test: no file or folder test/cli/no-such.test.ts\n');
  });
});
