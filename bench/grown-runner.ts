// One run of the grown dataset (--dataset grown): what users see of a site that grew through its
// API. Our production server (one worker by default) starts on an EMPTY database in an app folder
// of its own (the restaurant model of bench/grown/), is filled through its REST API, and is then
// measured without a restart: reads (a)-(e), (g), then the create (f). With `restart`, a second
// server starts on a page-for-page copy of the filled file, as a restart would (its start-up
// analysis changes the copy, not the file the first one plans by), and each read runs on both in
// alternating slices: under the same machine load, the ratio says whether the server that took
// the writes plans as well as one that has just started on the same data.

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fillThroughApi, type GrownFixture } from './grown-fill.js';
import { grownScenarios } from './grown-scenarios.js';
import { measure, measurePair, type LoadResult } from './load.js';
import { currentLoad, describeMachine, type Machine } from './machine.js';
import { BENCH_DIR, SERVER_ENTRY, withMeasuredConfig } from './paths.js';
import { rssMb, startServer, stopChecked, type ServerProcess } from './proc.js';
import type { RunOptions } from './runner.js';
import type { Scenario } from './scenarios.js';
import { BENCH_SECRETS } from './startup.js';

export const GROWN_APP = join(BENCH_DIR, 'grown');

export interface GrownScenarioResult {
  id: string;
  name: string;
  description: string;
  kind: 'read' | 'write';
  /** Measured on the server that was filled, without a restart. */
  grown?: LoadResult;
  /** The same reads on a server started on a copy of the filled file (with --restart), in
   *  slices alternating with the grown one's. */
  restarted?: LoadResult;
}

/** Rows per table as the filled file's planner statistics (sqlite_stat1) describe them. */
export type MeasuredRows = Record<string, number>;

export interface GrownResult {
  format: 'strata-bench-grown/1';
  startedAt: string;
  finishedAt: string;
  options: RunOptions & { restaurants: number; seed: number; restart: boolean };
  machine: Machine;
  fill: { requests: number; fillMs: number; requestsPerSecond: number } & GrownFixture['counts'];
  idleRssMb: number;
  /** sqlite_stat1's rows of the main tables once the fill was done, as the grown server left them. */
  statistics: MeasuredRows;
  scenarios: GrownScenarioResult[];
  errors: string[];
  warnings: string[];
}

/** The server's environment: production, the example app's config with draft-and-publish, i18n
 *  (en, fr), GraphQL and upload on; users-permissions off (every route public), as in the site run. */
export function grownEnv(appDir: string, dbFile: string, workers: number): Record<string, string> {
  return {
    NODE_ENV: 'production', APP_DIR: appDir, DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: dbFile,
    HOST: '127.0.0.1', PORT: '0', WORKERS: String(workers), ...BENCH_SECRETS,
    DRAFT_AND_PUBLISH: 'true', I18N: 'true', LOCALES: 'en,fr', DEFAULT_LOCALE: 'en',
    GRAPHQL: 'true', UPLOAD: 'true', OPENAPI: 'false', USERS_PERMISSIONS: 'false',
  };
}

const log = (message: string) => process.stderr.write(`${message}\n`);

export async function runGrown(restaurants: number, seed: number, opts: RunOptions, restart: boolean, runTag: string): Promise<GrownResult> {
  const startedAt = new Date().toISOString();
  const machine = describeMachine();
  const errors: string[] = [];
  const appDir = mkdtempSync(join(tmpdir(), 'strata-bench-grown-'));
  cpSync(join(GROWN_APP, 'content-types'), join(appDir, 'content-types'), { recursive: true });
  withMeasuredConfig(appDir);
  const dbFile = join(appDir, 'data.db');
  const env = grownEnv(appDir, dbFile, opts.workers);
  const results: GrownScenarioResult[] = [];
  let fixture: GrownFixture | undefined;
  let idleRssMb = 0;
  let statistics: MeasuredRows = {};
  try {
    const server = await startServer('ours (grown)', [SERVER_ENTRY], env);
    let fresh: ServerProcess | undefined;
    try {
      log(`server: ours ${server.url} (pid ${server.pid}) on an empty database in ${appDir}`);
      idleRssMb = rssMb(server.pid);
      fixture = await fillThroughApi({ url: server.url }, restaurants, seed);
      log(`fill: ${fixture.requests} requests in ${(fixture.fillMs / 1000).toFixed(1)} s`);
      statistics = readStatistics(dbFile);
      log(`statistics: ${JSON.stringify(statistics)}`);
      if (restart) {
        const copy = join(appDir, 'restarted.db');
        await copyDatabase(dbFile, copy);
        fresh = await startServer('ours (restarted)', [SERVER_ENTRY], grownEnv(appDir, copy, opts.workers));
        log(`server: restarted ${fresh.url} (pid ${fresh.pid}) on a copy of the filled file`);
      }
      const list = ordered(grownScenarios(fixture, runTag).filter((s) => !opts.only || opts.only.includes(s.id)));
      for (const scenario of list) {
        const result: GrownScenarioResult = { id: scenario.id, name: scenario.name, description: scenario.description, kind: scenario.kind };
        results.push(result);
        const target = { url: server.url, request: scenario.ours, pid: server.pid };
        if (fresh && scenario.kind === 'read') {
          const pair = await measurePair(target, { url: fresh.url, request: scenario.ours, pid: fresh.pid }, opts);
          result.grown = pair.ours;
          result.restarted = pair.floor;
        } else {
          result.grown = await measure(target, opts);
        }
        report(scenario, result, errors);
        const exit = server.exit() ?? fresh?.exit();
        if (exit) { errors.push(`a server exited (code ${exit.code}, signal ${exit.signal}):\n${server.tail()}\n${fresh?.tail() ?? ''}`); break; }
      }
    } finally {
      errors.push(await stopChecked(server));
      if (fresh) errors.push(await stopChecked(fresh));
    }
  } catch (err) {
    errors.push(`run aborted: ${(err as Error).stack ?? String(err)}`);
  } finally {
    rmSync(appDir, { recursive: true, force: true });
  }
  machine.loadAverage.end = currentLoad();
  const order = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  results.sort((x, y) => order.indexOf(x.id) - order.indexOf(y.id));
  const counts = fixture?.counts ?? { restaurants, chefs: 0, files: 0, cities: 0 };
  return {
    format: 'strata-bench-grown/1', startedAt, finishedAt: new Date().toISOString(),
    options: { ...opts, restaurants, seed, restart }, machine,
    fill: {
      requests: fixture?.requests ?? 0, fillMs: fixture?.fillMs ?? 0,
      requestsPerSecond: fixture ? Math.round(fixture.requests / (fixture.fillMs / 1000)) : 0, ...counts,
    },
    idleRssMb, statistics, scenarios: results, errors: errors.filter(Boolean), warnings: [],
  };
}

/** Reads first, then the write (it adds documents the reads would see). */
function ordered(list: Scenario[]): Scenario[] {
  return [...list.filter((s) => s.kind === 'read'), ...list.filter((s) => s.kind === 'write')];
}

function report(scenario: Scenario, result: GrownScenarioResult, errors: string[]): void {
  for (const [label, load] of [['grown', result.grown], ['restarted', result.restarted]] as const) {
    if (!load) continue;
    log(`(${scenario.id}) ${scenario.name.padEnd(16)} ${label.padEnd(9)} ${String(load.rps).padStart(8)} req/s  p50 ${load.latencyMs.p50} ms  p99 ${load.latencyMs.p99} ms`);
    if (load.non2xx || load.errors) {
      errors.push(`(${scenario.id}) ${label}: ${load.non2xx} non-2xx responses, ${load.errors} socket errors/timeouts`);
      for (const f of load.failures) errors.push(`(${scenario.id}) ${f.request} -> ${f.status} ${f.body}`);
    }
  }
}

interface SqliteFile {
  prepare(sql: string): { all(...params: unknown[]): unknown[] };
  backup(destination: string): Promise<unknown>;
  close(): void;
}
const openSqlite = createRequire(import.meta.url)('better-sqlite3') as new (file: string, options: { readonly: boolean }) => SqliteFile;

const WATCHED = ['restaurants', 'restaurants_city_lnk', 'restaurants_chefs_lnk', 'restaurants_cmps', 'cities', 'chefs'];

function readStatistics(file: string): MeasuredRows {
  const db = new openSqlite(file, { readonly: true });
  try {
    const rows = db.prepare(`SELECT tbl, MAX(CAST(stat AS INTEGER)) AS n FROM sqlite_stat1 WHERE tbl IN (${WATCHED.map(() => '?').join(', ')}) GROUP BY tbl`).all(...WATCHED) as Array<{ tbl: string; n: number }>;
    return Object.fromEntries(rows.map((r) => [r.tbl, Number(r.n)]));
  } finally {
    db.close();
  }
}

/** A page-for-page copy (SQLite's backup), statistics included, while the server runs on the original. */
async function copyDatabase(file: string, copy: string): Promise<void> {
  const db = new openSqlite(file, { readonly: true });
  try {
    await db.backup(copy);
  } finally {
    db.close();
  }
}
