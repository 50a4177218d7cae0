// Strapi 5.54 for the side-by-side (--dataset grown --strapi): installed once from the npm registry
// into a cache folder OUTSIDE the repository (every @strapi/* package at 5.54.0, better-sqlite3
// 12, on Node 22 through scripts/node.sh: better-sqlite3 12 aborted on Node 24 here), given the
// grown dataset's model (bench/grown/content-types, written in Strapi's project layout), public
// permissions for what the bench sends and the fr locale, and started in production on an empty
// SQLite file. None of Strapi's code is in the repository; only this script that installs and
// drives it.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { GROWN_APP } from './grown-runner.js';
import { ROOT } from './paths.js';
import { stopper, type ServerProcess, type ProcessExit } from './proc.js';

export const STRAPI_VERSION = '5.54.0';
const NODE_LINE = '22';

/** Where Strapi is installed: $STRATA_BENCH_CACHE or ~/.cache/strata-bench. */
export function strapiDir(): string {
  return join(process.env.STRATA_BENCH_CACHE ?? join(homedir(), '.cache', 'strata-bench'), `strapi-${STRAPI_VERSION}`);
}

const PACKAGE = {
  name: 'strata-bench-strapi', private: true, version: '0.0.0', description: 'Strapi for Strata\'s bench (bench/strapi.ts); not part of the repository',
  scripts: { start: 'strapi start' },
  dependencies: {
    '@strapi/strapi': STRAPI_VERSION,
    '@strapi/plugin-users-permissions': STRAPI_VERSION,
    '@strapi/plugin-graphql': STRAPI_VERSION,
    'better-sqlite3': '12.6.2',
    react: '18.3.1', 'react-dom': '18.3.1', 'react-router-dom': '6.30.3', 'styled-components': '6.1.19',
  },
};

const FILES: Record<string, string> = {
  'config/server.js': "module.exports = ({ env }) => ({ host: env('HOST', '127.0.0.1'), port: env.int('PORT', 1337), app: { keys: env.array('APP_KEYS') } });\n",
  'config/admin.js': `module.exports = ({ env }) => ({
  auth: { secret: env('ADMIN_JWT_SECRET') },
  apiToken: { salt: env('API_TOKEN_SALT') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY') },
  // The bench measures the content API; the panel would need a build
  serveAdminPanel: false,
});
`,
  'config/database.js': "module.exports = ({ env }) => ({ connection: { client: 'sqlite', connection: { filename: env('DATABASE_FILENAME') }, useNullAsDefault: true } });\n",
  'config/plugins.js': `module.exports = ({ env }) => ({
  'users-permissions': { config: { jwtSecret: env('JWT_SECRET') } },
  graphql: { config: { endpoint: '/graphql', playgroundAlways: false, depthLimit: 10, amountLimit: 100 } },
});
`,
  'config/middlewares.js': "module.exports = ['strapi::logger', 'strapi::errors', 'strapi::security', 'strapi::cors', 'strapi::poweredBy', 'strapi::query', 'strapi::body', 'strapi::session', 'strapi::favicon', 'strapi::public'];\n",
  // What our server allows with users-permissions off: reads, and the writes the fill and (f) send
  'src/index.js': `const TYPES = ['api::restaurant.restaurant', 'api::city.city', 'api::chef.chef'];
module.exports = {
  register() {},
  async bootstrap({ strapi }) {
    const locales = strapi.plugin('i18n').service('locales');
    if (!(await locales.findByCode('fr'))) await locales.create({ code: 'fr', name: 'French (fr)' });
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
    const actions = [...TYPES.flatMap((uid) => ['find', 'findOne', 'create', 'update'].map((a) => uid + '.' + a)), 'plugin::upload.content-api.upload'];
    for (const action of actions) {
      const found = await strapi.db.query('plugin::users-permissions.permission').findOne({ where: { action, role: role.id } });
      if (!found) await strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
    }
  },
};
`,
};

const log = (message: string) => process.stderr.write(`${message}\n`);

/** Installs Strapi into the cache folder if it is not there yet, and writes the app's files. */
export function ensureStrapi(): string {
  const dir = strapiDir();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(PACKAGE, null, 2)}\n`);
  if (installedVersion(dir) !== STRAPI_VERSION) {
    log(`strapi: npm install ${STRAPI_VERSION} into ${dir} on Node ${NODE_LINE} (once; several minutes)`);
    const res = spawnSync('bash', [join(ROOT, 'scripts', 'node.sh'), NODE_LINE, '--', 'npm', 'install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 2, 2] });
    if (res.status !== 0) throw new Error(`strapi: npm install exited with ${res.status}`);
    if (installedVersion(dir) !== STRAPI_VERSION) throw new Error(`strapi: ${dir} does not hold @strapi/strapi ${STRAPI_VERSION} after npm install`);
  }
  writeApp(dir);
  return dir;
}

function installedVersion(dir: string): string | undefined {
  const file = join(dir, 'node_modules', '@strapi', 'strapi', 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : undefined;
}

/** The grown model in Strapi's layout: src/api/<name>/{content-types,routes,controllers,services}, src/components. */
function writeApp(dir: string): void {
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  rmSync(join(dir, 'src', 'api'), { recursive: true, force: true });
  rmSync(join(dir, 'src', 'components'), { recursive: true, force: true });
  const types = join(GROWN_APP, 'content-types');
  for (const file of readdirSync(types).filter((f) => f.endsWith('.json'))) {
    const name = basename(file, '.json');
    const schema = strapiSchema(JSON.parse(readFileSync(join(types, file), 'utf8')) as Schema);
    const api = join(dir, 'src', 'api', name);
    mkdirSync(join(api, 'content-types', name), { recursive: true });
    writeFileSync(join(api, 'content-types', name, 'schema.json'), `${JSON.stringify(schema, null, 2)}\n`);
    for (const [kind, factory] of [['routes', 'createCoreRouter'], ['controllers', 'createCoreController'], ['services', 'createCoreService']] as const) {
      mkdirSync(join(api, kind), { recursive: true });
      writeFileSync(join(api, kind, `${name}.js`), `const { factories } = require('@strapi/strapi');\nmodule.exports = factories.${factory}('api::${name}.${name}');\n`);
    }
  }
  const components = join(types, 'components');
  for (const category of readdirSync(components)) {
    mkdirSync(join(dir, 'src', 'components', category), { recursive: true });
    for (const file of readdirSync(join(components, category))) {
      const schema = strapiSchema(JSON.parse(readFileSync(join(components, category, file), 'utf8')) as Schema);
      writeFileSync(join(dir, 'src', 'components', category, file), `${JSON.stringify(schema, null, 2)}\n`);
    }
  }
  // Uploads of earlier runs
  rmSync(join(dir, 'public', 'uploads'), { recursive: true, force: true });
  mkdirSync(join(dir, 'public', 'uploads'), { recursive: true });
}

interface Schema { attributes: Record<string, Record<string, unknown>>; [key: string]: unknown }

/** Our options Strapi does not know (searchable: our trigram index) are left out. In a localized
 *  type, an attribute is localized unless it says otherwise here; Strapi shares across locales
 *  every attribute that does not say `localized: true` (its content-type builder writes it on
 *  each), so that is written out. Relations carry no such option. */
function strapiSchema(schema: Schema): Schema {
  const localized = (schema.pluginOptions as { i18n?: { localized?: boolean } } | undefined)?.i18n?.localized === true;
  const attributes = Object.fromEntries(Object.entries(schema.attributes).map(([name, attr]) => {
    const { searchable: _searchable, ...rest } = attr;
    const own = (rest.pluginOptions as { i18n?: unknown } | undefined)?.i18n;
    if (localized && rest.type !== 'relation' && own === undefined) rest.pluginOptions = { ...(rest.pluginOptions as object | undefined), i18n: { localized: true } };
    return [name, rest];
  }));
  return { ...schema, attributes };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const SECRETS = {
  APP_KEYS: 'strata-bench-key-1,strata-bench-key-2', ADMIN_JWT_SECRET: 'strata-bench-admin-jwt', API_TOKEN_SALT: 'strata-bench-api-token-salt',
  TRANSFER_TOKEN_SALT: 'strata-bench-transfer-salt', ENCRYPTION_KEY: 'strata-bench-encryption-key', JWT_SECRET: 'strata-bench-jwt-secret',
};

/** `strapi start` in production on Node 22, on an empty SQLite file; ready when /_health answers. */
export async function startStrapi(dir: string, dbFile: string, logFile: string, timeoutMs = 300_000): Promise<ServerProcess> {
  const bin = spawnSync('bash', [join(ROOT, 'scripts', 'node.sh'), NODE_LINE, '--print-bin'], { encoding: 'utf8' });
  if (bin.status !== 0) throw new Error(`strapi: no Node ${NODE_LINE}: ${bin.stderr}`);
  const node = join(bin.stdout.trim().split('\n').at(-1)!, 'node');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const out = openSync(logFile, 'a');
  const spawnedAt = performance.now();
  const child: ChildProcess = spawn(node, [join(dir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js'), 'start'], {
    cwd: dir, stdio: ['ignore', out, out],
    env: {
      ...process.env, ...SECRETS, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATABASE_FILENAME: dbFile,
      STRAPI_TELEMETRY_DISABLED: 'true', STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
    },
  });
  let exited: ProcessExit | undefined;
  const ended = new Promise<void>((resolve) => child.once('exit', (code, signal) => { exited = { code, signal }; resolve(); }));
  process.on('exit', () => { if (!exited) child.kill('SIGKILL'); });
  const tail = () => readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`strapi exited (${exited.code ?? exited.signal}) before serving:\n${tail()}`);
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`strapi: not serving after ${timeoutMs} ms:\n${tail()}`); }
    try {
      if ((await fetch(`${url}/_health`)).status === 204) break;
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    name: 'strapi', pid: child.pid!, url, readyMs: performance.now() - spawnedAt, spawnedAt,
    exit: () => exited,
    tail,
    stop: stopper(child, ended, () => exited),
  };
}
