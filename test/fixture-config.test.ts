// The example app (config/) is the user's to edit, not the tests' fixture: enabling a plugin in its
// config/plugins.ts must not break the framework's tests. Test kernels read no config folder,
// tests that want the example app's settings read test/fixture/config/, and every app folder a
// CLI test starts a process in gets that copy. Checked here: no test names the repository's
// config/, a test kernel loads no plugin it was not given, and a CLI test's app folder is given
// the fixture's config.

import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createKernel } from '../core/index.js';
import { FIXTURE_CONFIG } from './helpers/fixture.js';
import { ROOT, startKernel } from './helpers/kernel.js';
import { appEnv } from './helpers/server-process.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Ways a test could reach the repository's config/: a path built from the root, or an import. */
const REPOSITORY_CONFIG = [
  /join\(ROOT,\s*['"]config['"]/,
  /ROOT\}?\/?config\//,
  /from\s+['"](\.\.\/)+config\//,
  /import\(\s*['"](\.\.\/)+config\//,
];

describe('the example app is not the test fixture', () => {
  it('no test reads the repository\'s config/ (they read test/fixture/config/)', () => {
    const self = 'test/fixture-config.test.ts';
    const offenders = files(join(ROOT, 'test'))
      .map((file) => relative(ROOT, file))
      .filter((file) => file !== self && !file.startsWith('test/fixture/'))
      .filter((file) => REPOSITORY_CONFIG.some((pattern) => pattern.test(readFileSync(join(ROOT, file), 'utf8'))));
    expect(offenders).to.deep.equal([]);
    // The fixture is a copy, not a door back to the example app
    for (const file of files(FIXTURE_CONFIG)) expect(readFileSync(file, 'utf8'), file).to.not.match(/\.\.\/(\.\.\/)*config\//);
  });

  it('a test kernel loads no config folder: only the plugins it is given', async () => {
    const app = await startKernel({ contentTypesDir: false });
    try {
      expect(app.kernel.pluginNames()).to.deep.equal([]);
      expect(app.kernel.config.api.rest.strictParams).to.equal(false); // the default, not config/api.ts's true
    } finally { await app.stop(); }
  });

  it('gives a CLI test\'s app folder without config/ the fixture\'s, before the process reads it', async () => {
    const appDir = mkdtempSync(join(tmpdir(), 'strata-fixture-'));
    try {
      expect(appEnv(appDir).APP_DIR).to.equal(appDir);
      const stem = (names: string[]) => names.map((n) => n.replace(/\.(js|ts)$/, '')).sort();
      expect(stem(readdirSync(join(appDir, 'config')))).to.deep.equal(stem(readdirSync(FIXTURE_CONFIG)));
      // The same settings as the fixture's TypeScript, whatever the environment says
      const env = { ADMIN: 'true', LOCALES: 'en,de', PORT: '4000' };
      const copied = await createKernel({ configDir: join(appDir, 'config'), env, contentTypesDir: false });
      const fixture = await createKernel({ configDir: FIXTURE_CONFIG, env, contentTypesDir: false });
      expect(JSON.parse(JSON.stringify(copied.config))).to.deep.equal(JSON.parse(JSON.stringify(fixture.config)));
      expect(copied.config.plugins).to.have.property('admin');
    } finally { rmSync(appDir, { recursive: true, force: true }); }
  });
});
