// Start-up cost: time from spawning the production server to its first answered request, and its
// idle RSS, for the example app and for a generated app of 100 content types (cold: empty
// database, the schema is created; warm: second start on the same file).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rssMb, startServer, stopChecked } from './proc.js';
import { APP_DIR, SERVER_ENTRY, withMeasuredConfig } from './paths.js';

export interface StartupSample { readyMs: number; firstResponseMs: number; idleRssMb: number }
export interface StartupResult extends StartupSample { runs: number; contentTypes: number }

const IDLE_WAIT_MS = 1000;

export const PLUGINS_OFF = { DRAFT_AND_PUBLISH: 'false', I18N: 'false', USERS_PERMISSIONS: 'false' };

/** Which of our servers a scenario runs on: the core alone (every scenario but (h)), the same
 *  app with users-permissions on (draft-and-publish and i18n still off), in its own process, or
 *  the site dataset's server (draft-and-publish and i18n on). */
export type ServerKind = 'core' | 'users-permissions' | 'site';

export const SERVER_PLUGINS: Readonly<Record<ServerKind, Record<string, string>>> = {
  // The floor knows neither versions nor locales: measure the core alone until it does
  core: PLUGINS_OFF,
  'users-permissions': { ...PLUGINS_OFF, USERS_PERMISSIONS: 'true' },
  // The site dataset (--dataset site): drafts and two locales, as its data was written
  site: { DRAFT_AND_PUBLISH: 'true', I18N: 'true', USERS_PERMISSIONS: 'false', LOCALES: 'en,fr', DEFAULT_LOCALE: 'en' },
};

/** Production refuses to start without these. Fixed values, known to the floor (it verifies the
 *  same JWTs) and to the in-process kernels that count statements and register the (h) user. */
export const BENCH_SECRETS = {
  JWT_SECRET: 'strata-bench-jwt-secret-not-for-production',
  API_TOKEN_SALT: 'strata-bench-api-token-salt-not-for-production',
  // The example app serves its admin panel (a site bench runs what `npm start` enables)
  ADMIN_JWT_SECRET: 'strata-bench-admin-jwt-secret-not-for-production',
};

export function serverEnv(appDir: string, dbFile: string, workers: number, kind: ServerKind | 'shipped' = 'core'): Record<string, string> {
  return {
    NODE_ENV: 'production', APP_DIR: appDir, DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: dbFile,
    HOST: '127.0.0.1', PORT: '0', WORKERS: String(workers),
    ...BENCH_SECRETS,
    // 'shipped': the example app's plugins as config/plugins.ts enables them, as `npm start` serves it
    ...(kind === 'shipped' ? {} : SERVER_PLUGINS[kind]),
  };
}

/** One start: spawn, wait for the "serving" line, send the first request, idle a second, stop. */
export async function startOnce(appDir: string, dbFile: string, firstPath: string, workers: number, kind: ServerKind | 'shipped' = 'core'): Promise<StartupSample> {
  const server = await startServer('startup', [SERVER_ENTRY], serverEnv(appDir, dbFile, workers, kind));
  let sample: StartupSample;
  try {
    const res = await fetch(`${server.url}${firstPath}`);
    await res.arrayBuffer();
    const firstResponseMs = performance.now() - server.spawnedAt;
    if (res.status !== 200) throw new Error(`startup: GET ${firstPath} answered ${res.status}`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));
    sample = { readyMs: Math.round(server.readyMs), firstResponseMs: Math.round(firstResponseMs), idleRssMb: rssMb(server.pid) };
  } catch (err) {
    await server.stop();
    throw err;
  }
  const problem = await stopChecked(server);
  if (problem) throw new Error(problem);
  return sample;
}

function median(samples: StartupSample[]): StartupSample {
  const pick = (key: keyof StartupSample) => {
    const sorted = samples.map((s) => s[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return { readyMs: pick('readyMs'), firstResponseMs: pick('firstResponseMs'), idleRssMb: pick('idleRssMb') };
}

export async function exampleAppStartup(dbFile: string, runs: number, workers: number): Promise<StartupResult> {
  const samples: StartupSample[] = [];
  for (let i = 0; i < runs; i++) samples.push(await startOnce(APP_DIR, dbFile, '/api/articles?pagination[pageSize]=1', workers));
  return { ...median(samples), runs, contentTypes: 4 };
}

/** The example app as `npm start` serves it (every plugin its config enables), on an empty
 *  database each time (cold: the schema is created) and again on the same file (warm). */
export async function shippedAppStartup(runs: number, workers: number): Promise<{ cold: StartupResult; warm: StartupResult }> {
  const dir = mkdtempSync(join(tmpdir(), 'strata-bench-shipped-'));
  try {
    const db = join(dir, 'data.db');
    const cold: StartupSample[] = [];
    const warm: StartupSample[] = [];
    for (let i = 0; i < runs; i++) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
      cold.push(await startOnce(APP_DIR, db, '/api/articles?pagination[pageSize]=1', workers, 'shipped'));
      warm.push(await startOnce(APP_DIR, db, '/api/articles?pagination[pageSize]=1', workers, 'shipped'));
    }
    return { cold: { ...median(cold), runs, contentTypes: 4 }, warm: { ...median(warm), runs, contentTypes: 4 } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function generatedAppStartup(count: number, runs: number, workers: number): Promise<{ cold: StartupResult; warm: StartupResult }> {
  const dir = mkdtempSync(join(tmpdir(), 'strata-bench-app-'));
  try {
    writeSchemas(dir, count);
    withMeasuredConfig(dir);
    const db = join(dir, 'data.db');
    const first = '/api/items-001?pagination[pageSize]=1';
    const cold: StartupSample[] = [];
    const warm: StartupSample[] = [];
    for (let i = 0; i < runs; i++) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
      cold.push(await startOnce(dir, db, first, workers));
      warm.push(await startOnce(dir, db, first, workers));
    }
    return { cold: { ...median(cold), runs, contentTypes: count }, warm: { ...median(warm), runs, contentTypes: count } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `count` content types of 9 attributes each: scalars, a repeatable component, a relation to the previous type. */
function writeSchemas(dir: string, count: number): void {
  const types = join(dir, 'content-types');
  mkdirSync(join(types, 'components', 'shared'), { recursive: true });
  writeFileSync(join(types, 'components', 'shared', 'tag.json'), JSON.stringify({
    collectionName: 'components_shared_tags', info: { displayName: 'Tag' }, options: {},
    attributes: { label: { type: 'string', required: true }, weight: { type: 'integer' } },
  }, null, 2));
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(3, '0');
    const attributes: Record<string, unknown> = {
      title: { type: 'string', required: true, maxLength: 200 },
      slug: { type: 'uid', targetField: 'title' },
      body: { type: 'richtext' },
      count: { type: 'integer', min: 0 },
      price: { type: 'decimal' },
      active: { type: 'boolean', default: true },
      published: { type: 'date' },
      meta: { type: 'json' },
      tags: { type: 'component', component: 'shared.tag', repeatable: true },
    };
    if (i > 1) attributes.previous = { type: 'relation', relation: 'manyToOne', target: `api::item-${String(i - 1).padStart(3, '0')}.item-${String(i - 1).padStart(3, '0')}` };
    writeFileSync(join(types, `item-${n}.json`), JSON.stringify({
      kind: 'collectionType', collectionName: `items_${n}`,
      info: { singularName: `item-${n}`, pluralName: `items-${n}`, displayName: `Item ${n}` },
      options: { draftAndPublish: false }, pluginOptions: {}, attributes,
    }, null, 2));
  }
}
