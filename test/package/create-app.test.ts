// What the published packages are made of, and the commands that need no install: `strata new`,
// `create-strata-cms` and `strata build` run from this checkout, on every database's suite (they
// open no database). The walk through an installed app is getting-started.test.ts.

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../helpers/kernel.js';
import { buildOnce } from '../helpers/server-process.js';

interface PackageJson {
  name: string; version: string; type?: string; private?: boolean; engines: { node: string };
  bin: Record<string, string>; files?: string[]; exports?: unknown; types?: string; license?: string;
  scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>; scarfSettings?: unknown;
}

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
const framework = read(join(ROOT, 'package.json'));
const creator = read(join(ROOT, 'packages', 'create-strata-cms', 'package.json'));
const TEMPLATE = join(ROOT, 'core', 'cli', 'template');

function node(args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the packages and their creator', function () {
  this.timeout(120_000);
  const dirs: string[] = [];
  const tempDir = () => { const d = mkdtempSync(join(tmpdir(), 'strata-create-')); dirs.push(d); return d; };
  after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

  it('publishes the two packages in lockstep, strata-cms as compiled code with its declarations', () => {
    expect(creator.version).to.equal(framework.version);
    expect(creator.engines).to.deep.equal(framework.engines);
    expect(framework.private).to.equal(undefined);
    expect(framework.license).to.equal('MIT');
    expect(framework.exports).to.deep.equal({ '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './package.json': './package.json' });
    // An app's editor reads the declarations, which name koa's types
    expect(framework.dependencies).to.have.property('@types/koa');
    buildOnce();
    for (const entry of framework.files ?? []) {
      if (entry.startsWith('!')) continue;
      const [folder, glob] = entry.endsWith('/*.ts') ? [entry.slice(0, -5), true] : [entry, false];
      expect(existsSync(join(ROOT, folder)), entry).to.equal(true);
      if (glob) expect(readdirSync(join(ROOT, folder)).some((f) => f.endsWith('.ts')), entry).to.equal(true);
    }
    const index = readFileSync(join(ROOT, 'dist', 'index.d.ts'), 'utf8');
    // Each first-party plugin's declarations, so `api.services.get('graphql')` is typed in an app
    for (const plugin of readdirSync(join(ROOT, 'plugins'))) expect(index).to.contain(`import './plugins/${plugin}/index.js';`);
    for (const [name, bin] of [...Object.entries(framework.bin), ...Object.entries(creator.bin).map(([n, b]) => [n, join('packages', 'create-strata-cms', b)] as const)]) {
      expect(readFileSync(join(ROOT, bin), 'utf8').startsWith('#!/usr/bin/env node\n'), name).to.equal(true);
      accessSync(join(ROOT, bin), constants.X_OK);
    }
  });

  it("gives a new app the template's own config, never the example app's (which a user may have changed)", () => {
    const parent = tempDir();
    expect(node([join(ROOT, 'scripts', 'strata.mjs'), 'new', 'app'], parent).status).to.equal(0);
    const config = join(parent, 'app', 'config');
    const files = readdirSync(config).sort();
    expect(files).to.deep.equal(['api.ts', 'database.ts', 'permissions.ts', 'plugins.ts', 'server.ts', 'webhooks.ts']);
    for (const file of files) {
      expect(readFileSync(join(config, file), 'utf8'), file).to.equal(readFileSync(join(TEMPLATE, 'config', file), 'utf8'));
    }
    // The permissions name no content type of the example app's
    expect(readFileSync(join(config, 'permissions.ts'), 'utf8')).to.not.contain('api::article.article');
  });

  it('strata new makes the app folder: dotfiles named, package.json depending on this version', () => {
    const parent = tempDir();
    const res = node([join(ROOT, 'scripts', 'strata.mjs'), 'new', 'My Site!'], parent);
    expect(res.status, res.stderr).to.equal(0);
    // One shell word, whatever the folder is called
    expect(res.stdout).to.contain("cd 'My Site!'\n  npm install\n  npm run develop");
    const app = join(parent, 'My Site!');
    expect(readdirSync(app).sort()).to.deep.equal(['.env.example', '.gitignore', '.npmrc', 'README.md', 'config', 'content-types', 'package.json', 'plugins', 'public', 'tsconfig.json']);
    const pkg = read(join(app, 'package.json'));
    expect(pkg).to.include({ name: 'my-site', version: '0.1.0', private: true, type: 'module' });
    expect(pkg.engines).to.deep.equal(framework.engines);
    expect(pkg.dependencies).to.deep.equal({ 'strata-cms': `^${framework.version}` });
    expect(pkg.devDependencies?.typescript).to.equal(framework.devDependencies?.typescript);
    // The framework's decisions on install scripts (swagger-ui-dist's @scarf/scarf denied, and
    // its report off where npm runs every script), read by npm from the app's own package.json
    expect(pkg.allowScripts).to.deep.equal(framework.allowScripts);
    expect(pkg.scarfSettings).to.deep.equal({ enabled: false });
    expect(pkg.scripts).to.include({ develop: 'strata develop', start: 'strata start', build: 'strata build', generate: 'strata generate', token: 'strata token' });
    expect(readFileSync(join(app, '.gitignore'), 'utf8')).to.match(/^\.env$/m).and.to.match(/^\.tmp\/$/m).and.to.match(/^node_modules\/$/m);

    // Never over what is there
    const again = node([join(ROOT, 'scripts', 'strata.mjs'), 'new', 'My Site!'], parent);
    expect(again.status).to.equal(1);
    expect(again.stderr).to.contain('is not empty: name a new folder');
    expect(node([join(ROOT, 'scripts', 'strata.mjs'), 'new'], parent).status).to.equal(2);
  });

  it('names the package after the folder as npm allows, in an empty folder too; refuses a bad command line', () => {
    const parent = tempDir();
    mkdirSync(join(parent, 'empty'));
    const cases: Array<[string, string]> = [['._Weird~Name..', 'weird-name'], ['...', 'strata-app'], ['empty', 'empty'], [`${'a'.repeat(213)}-b`, 'a'.repeat(213)]];
    for (const [folder, name] of cases) {
      const res = node([join(ROOT, 'scripts', 'strata.mjs'), 'new', folder], parent);
      expect(res.status, `${folder}: ${res.stderr}`).to.equal(0);
      expect(read(join(parent, folder, 'package.json')).name, folder).to.equal(name);
    }
    for (const args of [['a', 'b'], ['--framework'], ['x', '--framework'], ['--framework=file:x.tgz']]) {
      const res = node([join(ROOT, 'scripts', 'strata.mjs'), 'new', ...args], parent);
      expect(res.status, args.join(' ')).to.equal(2);
      expect(res.stderr).to.match(/^usage: strata new <folder>/);
    }
  });

  it('create-strata-cms does the same from a checkout, with --framework naming what to install', () => {
    const parent = tempDir();
    const res = node([join(ROOT, 'packages', 'create-strata-cms', 'index.mjs'), 'site', '--framework', 'file:../strata-cms.tgz'], parent);
    expect(res.status, res.stderr).to.equal(0);
    // npm reads a path in the app's package.json from the app: made absolute from where the command ran
    expect(read(join(parent, 'site', 'package.json')).dependencies).to.deep.equal({ 'strata-cms': `file:${join(parent, '..', 'strata-cms.tgz')}` });
    const named = node([join(ROOT, 'packages', 'create-strata-cms', 'index.mjs'), 'other', '--framework', 'strata-cms@0.1.0'], parent);
    expect(named.status, named.stderr).to.equal(0);
    expect(read(join(parent, 'other', 'package.json')).dependencies).to.deep.equal({ 'strata-cms': 'strata-cms@0.1.0' });
    expect(readFileSync(join(parent, 'site', 'config', 'permissions.ts'), 'utf8')).to.equal(readFileSync(join(TEMPLATE, 'config', 'permissions.ts'), 'utf8'));
  });

  it('strata build checks an app without starting it: reads .env under the environment, exits 1 on a bad value', () => {
    const parent = tempDir();
    expect(node([join(ROOT, 'scripts', 'strata.mjs'), 'new', 'app'], parent).status).to.equal(0);
    const app = join(parent, 'app');
    mkdirSync(join(app, 'content-types'), { recursive: true });
    cpSchema(app);
    writeFileSync(join(app, '.env'), 'PORT=eighty\n');
    const strata = (env: Record<string, string> = {}) => node([join(ROOT, 'scripts', 'strata.mjs'), 'build'], app, env);
    const bad = strata();
    expect(bad.status).to.equal(1);
    expect(bad.stderr).to.contain('build failed [CONFIG_ERR_INVALID]: config server.port');
    // A variable already set wins over .env
    const good = strata({ PORT: '8080' });
    expect(good.status, good.stderr).to.equal(0);
    // 16: the admin's seven (administrators, roles, permissions, sessions, view settings, history
    // versions, the audit log), the media library's files and folders, and users-permissions'
    // run-time settings among them
    expect(good.stdout, good.stdout).to.contain(`checked ${join(app, 'config')}: 16 content types, plugins draft-and-publish, i18n, graphql, openapi, upload, admin, users-permissions`);
    // A check says what it checked, and nothing is served: no playground or reference page line
    expect(good.stdout + good.stderr).to.not.match(/is served|playground/);
    // A misspelt key is named, with the one meant, however the value would have passed
    const server = join(app, 'config', 'server.ts');
    writeFileSync(server, readFileSync(server, 'utf8').replace("port: env.int('PORT', 1337),", "prot: env.int('PORT', 1337),"));
    const typo = strata({ PORT: '8080' });
    expect(typo.status).to.equal(1);
    expect(typo.stderr).to.contain('build failed [CONFIG_ERR_INVALID]: config server.prot: unknown key (did you mean port?) in config/server.ts');
    // Nothing opened: no database file
    expect(existsSync(join(app, '.tmp', 'data.db'))).to.equal(false);
  });

  it('strata --version prints the framework version', () => {
    expect(node([join(ROOT, 'scripts', 'strata.mjs'), '--version'], ROOT).stdout).to.equal(`${framework.version}\n`);
  });
});

function cpSchema(app: string): void {
  writeFileSync(join(app, 'content-types', 'recipe.json'), JSON.stringify({
    kind: 'collectionType', collectionName: 'recipes', info: { singularName: 'recipe', pluralName: 'recipes', displayName: 'Recipe' },
    attributes: { title: { type: 'string' } },
  }));
}
