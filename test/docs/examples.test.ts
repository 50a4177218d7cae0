// Runs every HTTP example in README.md and docs/**/*.md against a real kernel, over HTTP, and
// compares status and body with the expected response written under it. The convention is
// described in docs/README.md. One fresh kernel (the example app's content types and its
// config/api.ts as shipped: test/fixture/config/api.ts) per Markdown file; examples run in file order and may use values saved by
// earlier ones.

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createEnv, type KernelConfigInput, type Plugin, type PluginsConfig } from '../../core/index.js';
import { FIXTURE_CONFIG } from '../helpers/fixture.js';
import { ROOT, startKernel, type TestKernel } from '../helpers/kernel.js';
import { readSettings } from '../../plugins/openapi/config.js';
import { buildDocument } from '../../plugins/openapi/document.js';
import type { OpenApi } from '../plugins/openapi/helpers.js';
import { validatorFor } from '../plugins/openapi/validate.js';
import { parseDoc, type ParsedDoc } from './markdown.js';
import type { Bindings } from './match.js';
import { run, type ExchangeCheck } from './run-example.js';
import { seedMediaFiles } from './media-fixtures.js';

/** Pages that run elsewhere: getting-started walks a packed app of its own (test/package/). */
const OWN_RUNNER = new Set(['docs/getting-started.md']);

function markdownFiles(): string[] {
  const out: string[] = [];
  const readme = join(ROOT, 'README.md');
  if (existsSync(readme)) out.push(readme);
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md') && !OWN_RUNNER.has(relative(ROOT, path))) out.push(path);
    }
  };
  walk(join(ROOT, 'docs'));
  return out;
}

type ConfigFile = (env: ReturnType<typeof createEnv>) => unknown;

async function configFrom(file: string): Promise<unknown> {
  const mod = await import(pathToFileURL(file).href) as { default: ConfigFile };
  return mod.default(createEnv({}));
}

/**
 * Loads a plugin the way this test file itself was loaded and hands the kernel the module object,
 * so the plugin and the test share one copy of core/index.ts whatever loader runs the tests (with
 * tsx's CommonJS hook, test files came through require() while the kernel's plugin loader uses
 * import(): a second copy, whose UnauthorizedError was not the kernel's and answered 500).
 */
async function loadPluginModule(path: string): Promise<Plugin> {
  const file = [path, `${path}.ts`, join(path, 'index.ts')].find((f) => existsSync(f) && statSync(f).isFile());
  if (!file) throw new Error(`no plugin module at ${path}`);
  const mod = (typeof require === 'function' ? require(file) : await import(pathToFileURL(file).href)) as { default?: Plugin };
  if (!mod.default) throw new Error(`${file} has no default export`);
  return mod.default;
}

/**
 * The app a document's examples run against: the example app, plus the files the document
 * declares with `file=<path>` blocks (written to a temporary app folder whose core/ and
 * content-types/ link to the repository's). config/api.ts and config/plugins.ts from the
 * document replace the example app's.
 */
async function appFor(doc: ParsedDoc): Promise<{ appDir?: string; contentTypesDir?: string; config: KernelConfigInput; cleanup(): void }> {
  let appDir: string | undefined;
  // A page declaring content types gets its own copy of the example app's (never the repository's)
  const ownTypes = doc.files.some((f) => f.path.startsWith('content-types/'));
  if (doc.files.length) {
    appDir = mkdtempSync(join(tmpdir(), 'strata-docs-'));
    writeFileSync(join(appDir, 'package.json'), '{ "type": "module" }\n');
    symlinkSync(join(ROOT, 'core'), join(appDir, 'core'), 'dir');
    // First-party plugins come with the CMS: their services' declarations are part of an app's
    // compilation (an app's plugin asks for the graphql service by name, importing nothing of it).
    // Each is linked into the app's own plugins/, where the page's plugins are written
    mkdirSync(join(appDir, 'plugins'));
    for (const name of readdirSync(join(ROOT, 'plugins'))) symlinkSync(join(ROOT, 'plugins', name), join(appDir, 'plugins', name), 'dir');
    if (ownTypes) cpSync(join(ROOT, 'content-types'), join(appDir, 'content-types'), { recursive: true });
    else symlinkSync(join(ROOT, 'content-types'), join(appDir, 'content-types'), 'dir');
    symlinkSync(join(ROOT, 'node_modules'), join(appDir, 'node_modules'), 'dir');
    for (const f of doc.files) {
      const target = join(appDir, f.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, `${f.content}\n`);
    }
  }
  const declared = (name: string) => (appDir && doc.files.some((f) => f.path === `config/${name}.ts`) ? join(appDir, 'config', `${name}.ts`) : undefined);
  // The example app's api config as shipped (the test fixture's copy), unless the page gives one
  const api = await configFrom(declared('api') ?? join(FIXTURE_CONFIG, 'api.ts')) as KernelConfigInput['api'];
  // A page's server config (the content-type builder's runs with autoReload, as develop sets it)
  const serverFile = declared('server');
  const server = serverFile ? await configFrom(serverFile) as KernelConfigInput['server'] : undefined;
  const pluginsFile = declared('plugins');
  const plugins = pluginsFile ? await configFrom(pluginsFile) as PluginsConfig : undefined;
  for (const [name, entry] of Object.entries(plugins ?? {})) {
    if (typeof entry === 'object' && typeof entry.resolve === 'string' && appDir) {
      plugins![name] = { ...entry, resolve: await loadPluginModule(join(appDir, entry.resolve)) };
    }
  }
  return {
    ...(appDir ? { appDir } : {}),
    ...(appDir && ownTypes ? { contentTypesDir: join(appDir, 'content-types') } : {}),
    config: { api, ...(plugins ? { plugins } : {}), ...(server ? { server } : {}) },
    cleanup: () => { if (appDir) rmSync(appDir, { recursive: true, force: true }); },
  };
}

/** Type-checks a document's TypeScript files with the project's compiler options, beside the
 *  first-party plugins: the repository's own files, so their additions to core's declarations
 *  land on the module `strata-cms` names (tsconfig paths), not on a symlinked copy. */
function typecheck(appDir: string, doc: ParsedDoc): void {
  const files = doc.files.filter((f) => f.path.endsWith('.ts')).map((f) => f.path);
  writeFileSync(join(appDir, 'tsconfig.json'), JSON.stringify({
    extends: join(ROOT, 'tsconfig.json'), compilerOptions: { noEmit: true }, include: [...files, join(ROOT, 'plugins', '*', 'index.ts')],
  }));
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(appDir, 'tsconfig.json')], { encoding: 'utf8' });
  if (tsc.status !== 0) expect.fail(`the TypeScript files of ${doc.files[0]?.path ?? 'the document'} do not compile:\n${tsc.stdout}${tsc.stderr}`);
}

/** Every exchange fits the OpenAPI document of the page's own app (its routes, parameters and
 *  models, built as the openapi plugin builds it): a request the page shows succeeding is one the
 *  document describes, and every answer is one it lists, in the schema it gives. */
function exchangeCheck(app: TestKernel): ExchangeCheck {
  const { kernel } = app;
  const settings = readSettings({}, kernel.config);
  // One document per realm, as the plugin serves them: the content API's and the admin API's
  const validators = (['content-api', 'admin'] as const).map((realm) => validatorFor(buildDocument({
    routes: kernel.routes.all().filter((r) => (r.config.realm ?? 'content-api') === realm), registry: kernel.registry, params: kernel.params, settings, realm,
  }) as unknown as OpenApi));
  return (request, response) => {
    const path = new URL(request.target, 'http://x').pathname;
    const validator = validators.find((v) => v.covers(path));
    // Not a route of either API (the GraphQL endpoint, an uploaded file, the webhooks' test receiver)
    if (!validator) return [];
    const problems = response.status < 400 && request.expectedStatus < 400 ? validator.request(request.method, request.target, request.body) : [];
    return [...problems, ...validator.response(request.method, path, response.status, response.body)];
  };
}

const files = markdownFiles();
const parsed = files.map((file) => ({ rel: relative(ROOT, file), doc: parseDoc({ path: relative(ROOT, file), content: readFileSync(file, 'utf8') }) }));

describe('documentation examples', () => {
  it('finds the examples in README.md and docs/', () => {
    expect(parsed.map((p) => p.rel)).to.include('README.md');
    expect(parsed.reduce((n, p) => n + p.doc.examples.length, 0)).to.be.greaterThan(0);
  });

  for (const { rel, doc } of parsed) {
    describe(rel, () => {
      if (doc.errors.length) {
        it('has well-formed examples', () => { expect.fail(doc.errors.join('\n')); });
      }
      if (!doc.examples.length) return;
      let app: TestKernel | undefined;
      let appDir: string | undefined;
      let cleanup = (): void => {};
      const bindings: Bindings = new Map();
      let check: ExchangeCheck | undefined;

      before(async function () {
        this.timeout(60_000);
        const setup = await appFor(doc);
        cleanup = setup.cleanup;
        appDir = setup.appDir;
        app = await startKernel({
          config: setup.config,
          ...(setup.appDir ? { appDir: setup.appDir } : {}),
          ...(setup.contentTypesDir ? { contentTypesDir: setup.contentTypesDir } : {}),
        });
        await seedMediaFiles(app.kernel);
        check = exchangeCheck(app);
        // {{adminToken}}: a full-access API token, for the pages whose routes need one
        if (doc.examples.some((e) => JSON.stringify(e.request).includes('{{adminToken}}'))) {
          bindings.set('adminToken', (await app.kernel.apiTokens.create({ name: 'docs', type: 'full-access' })).secret);
        }
      });
      after(async () => {
        await app?.stop();
        cleanup();
      });

      // The compiler does not depend on the database: check once, on the default (SQLite) run.
      if (doc.files.some((f) => f.path.endsWith('.ts')) && (process.env.DATABASE_CLIENT ?? 'sqlite') === 'sqlite') {
        it('has TypeScript files that compile', function () {
          this.timeout(120_000);
          if (!appDir) throw new Error('the app folder was not set up');
          typecheck(appDir, doc);
        });
      }

      for (const example of doc.examples) {
        it(`line ${example.line}: ${example.request.method} ${example.request.target}`, async () => {
          if (!app) throw new Error('the kernel did not start');
          await run(app, example, bindings, check);
        });
      }
    });
  }
});
