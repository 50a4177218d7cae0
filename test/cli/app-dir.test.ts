// APP_DIR moves the whole app: content types, its own TypeScript config/ and plugins (loaded by the
// compiled server without a build of the app's own), .tmp/ and the SQLite file; a folder without
// config/ runs on the example app's and says so.

import { expect } from 'chai';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, FIXTURE_CONTENT_TYPES } from '../helpers/kernel.js';
import { startServer } from '../helpers/server-process.js';

function writeApp(dir: string): void {
  cpSync(FIXTURE_CONTENT_TYPES, join(dir, 'content-types'), { recursive: true });
  mkdirSync(join(dir, 'config'));
  mkdirSync(join(dir, 'plugins', 'hello'), { recursive: true });
  // Type annotations and a .js specifier naming a .ts file: only a TypeScript loader reads these
  writeFileSync(join(dir, 'config', 'locales.ts'), `export const LOCALES: string[] = ['en:English (en)', 'de:Deutsch'];\n`);
  writeFileSync(join(dir, 'config', 'api.ts'), `
interface Env { int(name: string, fallback: number): number }
export default (env: Env) => ({ rest: { prefix: '/api', defaultLimit: env.int('APP_LIMIT', 2) } });
`);
  writeFileSync(join(dir, 'config', 'plugins.ts'), `
import { LOCALES } from './locales.js';
export default () => ({
  i18n: { enabled: true, config: { locales: LOCALES, defaultLocale: 'de' } },
  hello: { enabled: true, resolve: './plugins/hello' },
});
`);
  writeFileSync(join(dir, 'plugins', 'hello', 'index.ts'), `
interface Api { logger: { info(message: string): void } }
const greeting: string = 'hello from the app folder';
export default { name: 'hello', register(api: Api): void { api.logger.info(greeting); } };
`);
}

describe('APP_DIR', function () {
  this.timeout(120_000);
  const dirs: string[] = [];
  const tempDir = () => { const d = mkdtempSync(join(tmpdir(), 'strata-appdir-')); dirs.push(d); return d; };
  after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

  it("serves an app folder with its own TypeScript config and plugin, its data kept in that folder", async () => {
    const appDir = tempDir();
    writeApp(appDir);
    const server = startServer(appDir);
    try {
      const url = await server.ready;
      expect(server.output()).to.contain('hello from the app folder');
      expect(server.output()).to.not.contain('has no config/ folder');
      const locales = await (await fetch(`${url}/api/i18n/locales`)).json() as Array<{ code: string; name: string; isDefault: boolean }>;
      expect(locales.map(({ code, name, isDefault }) => ({ code, name, isDefault }))).to.deep.equal([
        { code: 'en', name: 'English (en)', isDefault: false },
        { code: 'de', name: 'Deutsch', isDefault: true },
      ]);
      // The app's api.ts replaced the example's: no users-permissions, a page of 2
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${url}/api/categories`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { name: `c${i}` } }),
        });
        expect(res.status).to.equal(201);
      }
      const list = await (await fetch(`${url}/api/categories`)).json() as { data: unknown[]; meta: { pagination: { pageSize: number; total: number } } };
      expect(list.meta.pagination).to.include({ pageSize: 2, total: 3 });
      expect(existsSync(join(appDir, '.tmp', 'data.db'))).to.equal(true);
    } finally {
      await server.stop();
    }
  });

  it("runs a folder without config/ on the example app's config and says so", async () => {
    const appDir = tempDir();
    // The one test on the example app's config (the fallback it tests): everything else of the
    // example app is linked in, so what that config names relative to the app (a plugin of the
    // user's under plugins/) is found as in the checkout
    for (const name of readdirSync(ROOT)) {
      if (!['config', '.tmp', '.git', 'node_modules', 'dist', 'public'].includes(name)) symlinkSync(join(ROOT, name), join(appDir, name));
    }
    const server = startServer(appDir, { USERS_PERMISSIONS: 'false' }, { exampleConfig: true });
    try {
      await server.ready;
      expect(server.output()).to.contain(`${appDir} has no config/ folder: using the example app's`);
    } finally {
      await server.stop();
    }
  });
});
