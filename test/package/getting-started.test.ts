// The framework as a user gets it: `npm pack` of strata-cms and create-strata-cms, then
// docs/getting-started.md walked step by step in a temporary folder outside this repository
// (its `sh run=true` blocks as commands, the `run=checkout` ones too, as the page's path before
// a release; its files written, its requests sent to `npm run develop`), then what a user does
// next with the same app. The `run=registry` line needs a published release: it is only checked to
// make the same app. Only on SQLite (the CI phases that run the suite on a database server test
// the server, not the package).

import { expect } from 'chai';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ROOT } from '../helpers/kernel.js';
import { parseBlocks, parseDoc, type Block, type Example } from '../docs/markdown.js';
import type { Bindings } from '../docs/match.js';
import { run } from '../docs/run-example.js';
import { Develop, mustRun, packTarballs, sh, type Tarballs } from './packed-app.js';

const DOC = 'docs/getting-started.md';
const onServerDatabase = (process.env.DATABASE_CLIENT ?? 'sqlite') !== 'sqlite';

type Step = { line: number; block: Block } | { line: number; example: Example };

function steps(): Step[] {
  // `$NAME` in a request is the shell variable a step set: the runner's {{NAME}}
  const content = readFileSync(join(ROOT, DOC), 'utf8').replace(/\$([A-Z][A-Z0-9_]*)/g, '{{$1}}');
  const doc = parseDoc({ path: DOC, content });
  if (doc.errors.length) throw new Error(doc.errors.join('\n'));
  const blocks = parseBlocks(content).filter((b) => b.attrs.run === 'true' || b.attrs.run === 'checkout' || b.attrs.run === 'registry' || b.attrs.file);
  return [...blocks.map((block) => ({ line: block.line, block })), ...doc.examples.map((example) => ({ line: example.line, example }))]
    .sort((a, b) => a.line - b.line);
}

describe(`${DOC}, on the packed packages`, function () {
  this.timeout(300_000);
  let work = '';
  let tarballs: Tarballs;
  let cwd = '';
  let develop: Develop | undefined;
  const bindings: Bindings = new Map();
  const appDir = () => join(work, 'my-site');

  before(function () {
    if (onServerDatabase) this.skip();
    work = mkdtempSync(join(tmpdir(), 'strata-package-'));
    // Where the page's checkout block starts: a clone beside the app (its packing is done here)
    cwd = join(work, 'strata-cms');
  });

  after(async () => {
    await develop?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** One command line of a `sh run=true` or `run=checkout` block, as the page's reader would type it. */
  async function command(line: string): Promise<void> {
    const pack = /^npm pack \. \.\/packages\/create-strata-cms --pack-destination (\S+)$/.exec(line);
    if (pack) {
      // The same packages, from this checkout: built once and packed without prepack's clean
      // build, which would delete dist/ under other suites' servers
      tarballs = packTarballs(resolve(cwd, pack[1]!));
      return;
    }
    const cd = /^cd (\S+)$/.exec(line);
    if (cd) { cwd = resolve(cwd, cd[1]!); return; }
    if (line === 'npm install') {
      const install = mustRun('npm install --prefer-offline --no-audit --no-fund', cwd);
      // No dependency's install script is left undecided (swagger-ui-dist's @scarf/scarf is denied)
      expect(install.stdout + install.stderr).to.not.match(/install-scripts|scarf/i);
      return;
    }
    if (line === 'npm run develop') {
      develop = new Develop(cwd);
      await develop.waitForStart(1);
      return;
    }
    const assignment = /^([A-Z][A-Z0-9_]*)=\$\((.*)\)$/.exec(line);
    if (assignment) {
      bindings.set(assignment[1]!, mustRun(assignment[2]!, cwd).stdout.trim());
      return;
    }
    const starts = develop?.starts() ?? 0;
    mustRun(line, cwd);
    // A schema written while develop runs: the next request needs the restarted server
    if (develop && line.startsWith('npm run generate')) await develop.waitForStart(starts + 1);
  }

  it('walks every step, from npm create to npm run build', async () => {
    for (const step of steps()) {
      if ('block' in step && step.block.attrs.run === 'registry') {
        // Not published from here: the checkout's path below makes the same app
        expect(step.block.content.trim(), `${DOC}:${step.line}`).to.equal('npm create strata-cms@latest my-site');
        continue;
      }
      if ('example' in step) {
        expect(develop, `${DOC}:${step.line}: a request before npm run develop`).to.not.equal(undefined);
        await run({ get url() { return develop!.url; }, logs: [] }, step.example, bindings);
      } else if (step.block.attrs.file) {
        const starts = develop?.starts() ?? 0;
        const target = join(cwd, step.block.attrs.file);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, `${step.block.content}\n`);
        if (develop && /^(config|content-types)\//.test(step.block.attrs.file)) await develop.waitForStart(starts + 1);
      } else {
        for (const line of step.block.content.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))) await command(line);
      }
    }
    expect(cwd).to.equal(appDir());
    expect(bindings.get('TOKEN')).to.match(/^[0-9a-f]{64,}$/);
  });

  it('made the folder the page describes, running the packed framework and nothing of this repository', () => {
    const files = readdirSync(appDir()).sort();
    for (const f of ['.env.example', '.gitignore', '.npmrc', 'README.md', 'config', 'content-types', 'package.json', 'public', 'tsconfig.json']) {
      expect(files, f).to.include(f);
    }
    const pkg = JSON.parse(readFileSync(join(appDir(), 'package.json'), 'utf8')) as { type: string; dependencies: Record<string, string> };
    expect(pkg.type).to.equal('module');
    expect(pkg.dependencies['strata-cms']).to.equal(`file:${tarballs.framework}`);
    const installed = realpathSync(join(appDir(), 'node_modules', 'strata-cms'));
    expect(installed.startsWith(ROOT), installed).to.equal(false);
    // Compiled JavaScript and declarations only: no framework sources, tests or docs
    expect(existsSync(join(installed, 'dist', 'index.d.ts'))).to.equal(true);
    expect(readdirSync(join(installed, 'core'))).to.deep.equal(['cli']);
    for (const absent of ['test', 'docs', 'bench', 'plugins', 'tsconfig.build.json']) expect(existsSync(join(installed, absent)), absent).to.equal(false);
    expect(readFileSync(join(appDir(), 'content-types', 'recipe.json'), 'utf8')).to.contain('"servings"');
    // The start-up's documentation line names what the package holds, not a registry page
    expect(develop!.output()).to.contain('Documentation: node_modules/strata-cms/README.md\n');
    expect(existsSync(join(installed, 'README.md'))).to.equal(true);
  });

  it('serves GraphQL and its playground from the package, compiled by graphql-jit (one copy of graphql)', async () => {
    const url = develop!.url;
    const page = await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.status).to.equal(200);
    const asset = /src="(\/graphql\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(asset, 'the playground page names its script').to.be.a('string');
    expect((await fetch(`${url}${asset}`)).status).to.equal(200);
    const res = await fetch(`${url}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ recipes { title servings } }' }),
    });
    expect(await res.json()).to.deep.equal({ data: { recipes: [{ title: 'Pancakes', servings: 4 }] } });
    expect(develop!.output()).to.not.contain('graphql-jit cannot compile');
  });

  it('serves the admin panel a new app has with no extra step, built in the package (never at run time)', async () => {
    const url = develop!.url;
    expect(develop!.output()).to.match(/Admin panel: http:\/\/127\.0\.0\.1:\d+\/admin\n/);
    const installed = realpathSync(join(appDir(), 'node_modules', 'strata-cms'));
    expect(readdirSync(join(installed, 'dist', 'admin-panel')).sort()).to.deep.equal(['main.css', 'main.js']);
    const page = await fetch(`${url}/admin/content-manager`, { headers: { accept: 'text/html' } });
    expect(page.status).to.equal(200);
    const assets = [...(await page.text()).matchAll(/(?:src|href)="(\/admin\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets).to.have.length(2);
    for (const asset of assets) expect((await fetch(`${url}${asset}`)).status, asset).to.equal(200);
    expect(((await (await fetch(`${url}/admin/init`)).json()) as { data: { hasAdmin: boolean } }).data.hasAdmin).to.equal(false);
  });

  it("loads the app's TypeScript plugin typed from the package; a type error fails npm run build", async () => {
    const plugin = join(appDir(), 'plugins', 'hello', 'index.ts');
    mkdirSync(dirname(plugin), { recursive: true });
    const source = (call: string) => `import { definePlugin } from 'strata-cms';

export default definePlugin<{ greeting?: string }>({
  name: 'hello',
  register(api, config) {
    api.logger.${call}(\`hello plugin: \${config.greeting ?? 'hi'} (\${api.registry.contentTypes().length} content types)\`);
  },
});
`;
    writeFileSync(plugin, source('info'));
    const plugins = join(appDir(), 'config', 'plugins.ts');
    writeFileSync(plugins, readFileSync(plugins, 'utf8').replace(/\n\}\)\) satisfies PluginsConfigFile;/, `\n  hello: { enabled: true, resolve: './plugins/hello', config: { greeting: 'bonjour' } },\n})) satisfies PluginsConfigFile;`));
    const starts = develop!.starts();
    await develop!.waitForStart(starts + 1);
    expect(develop!.output()).to.contain('hello plugin: bonjour');
    expect(mustRun('npm run build', appDir()).stdout).to.contain('plugins draft-and-publish, i18n, graphql, openapi, upload, admin, users-permissions, hello');

    // The types are the package's: a method the logger lacks is a compile error
    writeFileSync(plugin, source('shout'));
    const build = sh('npm run build', appDir());
    expect(build.status).to.equal(1);
    expect(build.stdout).to.match(/plugins\/hello\/index\.ts.*error TS2339: Property 'shout' does not exist/);
    writeFileSync(plugin, source('info'));
    await develop!.waitForStart(starts + 2);
  });

  it('develop watches a plugin given by path, and nothing else of src/ (generated client types)', async () => {
    const plugin = join(appDir(), 'src', 'plugins', 'greeter', 'index.ts');
    mkdirSync(dirname(plugin), { recursive: true });
    const source = (n: number) => `import { definePlugin } from 'strata-cms';\n\nexport default definePlugin({ name: 'greeter', register(api) { api.logger.info('greeter ${n}'); } });\n`;
    writeFileSync(plugin, source(1));
    const plugins = join(appDir(), 'config', 'plugins.ts');
    writeFileSync(plugins, readFileSync(plugins, 'utf8').replace(/\n\}\)\) satisfies PluginsConfigFile;/, `\n  greeter: { enabled: true, resolve: './src/plugins/greeter' },\n})) satisfies PluginsConfigFile;`));
    let starts = develop!.starts();
    await develop!.waitForStart(++starts);
    await develop!.waitFor((out) => out.includes('develop: and on a change in src/plugins/greeter (plugins given by path)'), 'the plugin folder watched');
    // What it watches, said when it starts: never src/ as a whole
    const watched = [...develop!.output().matchAll(/develop: starting again on a change in (.*)/g)].map((m) => m[1]!);
    expect(watched.at(-1)).to.equal('config, content-types, plugins');
    // docs/openapi.md's generated types go under src/: the plugin's change is what restarts it
    writeFileSync(join(appDir(), 'src', 'api.d.ts'), 'export type Paths = {};\n');
    writeFileSync(plugin, source(2));
    await develop!.waitForStart(++starts);
    expect(develop!.output()).to.contain('greeter 2');
  });

  it('develop prints why a schema does not start and starts again once it is fixed', async () => {
    const file = join(appDir(), 'content-types', 'note.json');
    const starts = develop!.starts();
    const schema = (type: string) => JSON.stringify({
      kind: 'collectionType', collectionName: 'notes', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' }, attributes: { body: { type } },
    });
    writeFileSync(file, schema('strng'));
    await develop!.waitFor((out) => /start-up failed[^\n]*\n(.+\n)*.*unknown type "strng"/.test(out), 'the start-up error');
    const build = sh('npm run build', appDir());
    expect(build.status).to.equal(1);
    expect(build.stderr).to.match(/build failed \[SCHEMA_ERR_INVALID\][\s\S]*note\.json: attributes\.body\.type: unknown type "strng"/);
    writeFileSync(file, schema('text'));
    await develop!.waitForStart(starts + 1);
    expect((await fetch(`${develop!.url}/api/notes`, { headers: { authorization: `Bearer ${bindings.get('TOKEN') as string}` } })).status).to.equal(200);
  });

  it('develop watches a .env made while it runs, and reads .env again at each restart', async () => {
    const env = join(appDir(), '.env');
    const pageSize = async () => ((await (await fetch(`${develop!.url}/api/recipes`)).json()) as { meta: { pagination: { pageSize: number } } }).meta.pagination.pageSize;
    // Made after develop started: Node cannot watch it until it exists
    let starts = develop!.starts();
    writeFileSync(env, 'API_DEFAULT_LIMIT=1\n');
    await develop!.waitForStart(++starts);
    expect(await pageSize()).to.equal(1);

    // Started with a .env: a changed value and a removed one are seen all the same
    await develop!.stop();
    develop = new Develop(appDir());
    await develop.waitForStart(1);
    expect(await pageSize()).to.equal(1);
    writeFileSync(env, 'API_DEFAULT_LIMIT=2\n');
    await develop.waitForStart(2);
    expect(await pageSize()).to.equal(2);
    writeFileSync(env, '# nothing set\n');
    await develop.waitForStart(3);
    expect(await pageSize()).to.equal(25);
  });

  it('stops develop, watcher and server together on SIGTERM', async () => {
    const url = develop!.url;
    await develop!.stop();
    // The server said it stops and did not fail to; what the watcher or npm print around it (their
    // order under load varies) is not this test's (a local CI run once saw other output last)
    const output = develop!.output();
    expect(output, output.slice(-3000)).to.match(/server: SIGTERM, shutting down/);
    expect(output, output.slice(-3000)).to.not.match(/shutdown failed/);
    // Nothing of the group is left once the server has shut down (npm itself exits first)
    const alive = () => { try { process.kill(-develop!.child.pid!, 0); return true; } catch { return false; } };
    for (let i = 0; i < 100 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive(), 'a process of develop is still running 10 s after SIGTERM').to.equal(false);
    expect(await fetch(`${url}/api/recipes`).then(() => 'answered', () => 'refused')).to.equal('refused');
  });

  it('npx strata-cms new makes another app from the installed package, depending on its version', () => {
    const out = mustRun('npx strata-cms new ../second-site', appDir());
    expect(out.stdout).to.contain('npm run develop');
    const pkg = JSON.parse(readFileSync(join(work, 'second-site', 'package.json'), 'utf8')) as { name: string; dependencies: Record<string, string> };
    expect(pkg).to.include({ name: 'second-site' });
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(pkg.dependencies).to.deep.equal({ 'strata-cms': `^${version}` });
    const again = sh('npx strata-cms new ../second-site', appDir());
    expect(again.status).to.equal(1);
    expect(again.stderr).to.contain('is not empty');
  });
});
