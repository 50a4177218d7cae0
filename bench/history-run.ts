// `npm run bench -- --history`: what content history costs a write. Two production servers of the
// measured app (SQLite, one worker, the app's plugins, the admin on), each in an app folder of its
// own whose config/plugins wraps the app's: one with history and the audit log on (as shipped),
// one with both off. Each starts on an empty file and is filled through the admin API as the panel
// bench fills its server (panel-fill.ts); then three kinds of write are timed on both, the servers
// taking turns in slices: updates through the admin API, updates through REST with a full-access
// API token, publishes. Sequential requests on one kept-alive connection (median, p95), then
// autocannon at --connections (throughput). Last, the servers stopped, the history table's size
// per version (SQLite's dbstat and the JSON's length), and in-process on each file the SQL
// statements one write of each kind issues.

import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createKernel, createMemoryLogger } from '../core/index.js';
import { measurePair, type LoadResult, type Target } from './load.js';
import { currentLoad, describeMachine, type Machine } from './machine.js';
import { ARTICLES_PATH, fillArticles, registerAdmin, type Admin, type Filled } from './panel-fill.js';
import { percentile } from './panel-http.js';
import { APP_DIR, CONFIG_DIR, CONTENT_TYPES_DIR, ROOT, SERVER_ENTRY } from './paths.js';
import { startServer, stopChecked, type ServerProcess } from './proc.js';
import type { RequestSpec } from './scenarios.js';
import { serverEnv } from './startup.js';
import { WORDS } from './words.js';

export interface HistoryOptions {
  /** Articles each server is filled with (a third published). */
  articles: number;
  /** Measured sequential writes per scenario and server. */
  writes: number;
  /** Slices the sequential writes are cut into, the servers taking turns. */
  slices: number;
  /** Unmeasured writes per scenario and server before the sequential ones. */
  warmupWrites: number;
  /** In-process writes per scenario and kernel whose SQL statements are counted. */
  statementSamples: number;
  seed: number;
  workers: number;
  fromSources: boolean;
  quick: boolean;
  /** autocannon: per scenario, both warmed up, then `rounds` turns each adding up to durationSeconds. */
  load: { warmupSeconds: number; durationSeconds: number; connections: number; rounds: number };
}

export type Side = 'on' | 'off';
export const SIDES: readonly Side[] = ['on', 'off'];

export interface Sequential {
  writes: number; medianMs: number; p95Ms: number; meanMs: number; maxMs: number;
  /** The server process's CPU time (user + system, /proc/<pid>/stat) over the measured writes, per
   *  write: what the write cost the server, whatever else the machine was doing. */
  cpuMsPerWrite: number;
}
export interface StatementCount {
  statements: number;
  /** Median over the samples of the write's SQL time (each statement from sent to answered, summed). */
  sqlMs: number;
  /** The last sampled write's statements, in order (the JSON only: what history adds, told apart). */
  sql: string[];
}

export interface HistoryScenarioResult {
  id: ScenarioId;
  name: string;
  request: string;
  sequential: Record<Side, Sequential>;
  load?: Record<Side, LoadResult>;
  statements?: Record<Side, StatementCount>;
}

export interface TableSize {
  rows: number;
  /** Rows by the write they record. */
  byAction: Record<string, { rows: number; dataBytes: number }>;
  /** Bytes of the data and schema JSON columns (UTF-8), summed over the rows. */
  dataBytes: number;
  schemaBytes: number;
  /** dbstat: pages of the table and of each of its indexes, in bytes (undefined without dbstat). */
  tableBytes?: number;
  indexBytes?: number;
  auditRows: number;
  /** The database file after a checkpoint. */
  fileBytes: number;
  pageSize: number;
}

export interface HistoryResult {
  format: 'strata-bench-history/1';
  startedAt: string;
  finishedAt: string;
  command: string;
  options: HistoryOptions;
  machine: Machine;
  server: string;
  fill: Record<Side, Filled>;
  /** Writes each server took in all (fill, warm-ups, sequential, autocannon). */
  writes: Record<Side, number>;
  scenarios: HistoryScenarioResult[];
  size: Record<Side, TableSize>;
  errors: string[];
  warnings: string[];
}

type ScenarioId = 'admin-update' | 'rest-update' | 'publish';

/** The admin's production secret: fixed, as the bench's other secrets (startup.ts). */
const ADMIN_JWT_SECRET = 'strata-bench-admin-jwt-secret-not-for-production';
const REST_PATH = '/api/articles';
const HISTORY_TABLE = 'strapi_history_versions';

const began = performance.now();
const log = (message: string) => process.stderr.write(`history: ${message} (${((performance.now() - began) / 1000).toFixed(1)} s)\n`);

/** What a server needs to be written to: where, its pid, the admin's and the API token's bearer, the articles. */
interface Live { side: Side; server: ServerProcess; appDir: string; dbFile: string; env: Record<string, string>; admin: Admin; apiToken: string; ids: string[]; writes: number }

/** An edit's text: a function of the write's number only, so both servers get the same bodies. */
function edit(i: number): { title: string; description: string } {
  const w = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length]!;
  return { title: `Edited ${w(0)} ${w(1)} ${w(2)} ${i}`, description: `${w(3)} ${w(4)} ${w(5)} ${w(6)} ${w(7)} ${w(8)} ${w(9)} ${w(10)} (edit ${i})` };
}

interface WriteScenario { id: ScenarioId; name: string; request: string; spec(live: Live, i: number): RequestSpec }

const json = { 'content-type': 'application/json' };

export const SCENARIOS: readonly WriteScenario[] = [
  {
    id: 'admin-update', name: 'update, admin API', request: `PUT ${ARTICLES_PATH}/<documentId>?locale=en {title, description}`,
    spec: (live, i) => ({
      method: 'PUT', path: `${ARTICLES_PATH}/${live.ids[i % live.ids.length]}?locale=en`, body: JSON.stringify(edit(i)),
      headers: { ...json, authorization: `Bearer ${live.admin.token}` },
    }),
  },
  {
    id: 'rest-update', name: 'update, REST (API token)', request: `PUT ${REST_PATH}/<documentId>?locale=en {data: {title, description}}`,
    spec: (live, i) => ({
      // Another stretch of the articles than the admin updates', so no edit repeats the last one
      method: 'PUT', path: `${REST_PATH}/${live.ids[(i + Math.floor(live.ids.length / 2)) % live.ids.length]}?locale=en`,
      body: JSON.stringify({ data: edit(i + 1_000_000) }), headers: { ...json, authorization: `Bearer ${live.apiToken}` },
    }),
  },
  {
    id: 'publish', name: 'publish, admin API', request: `POST ${ARTICLES_PATH}/<documentId>/actions/publish?locale=en {}`,
    spec: (live, i) => ({
      method: 'POST', path: `${ARTICLES_PATH}/${live.ids[i % live.ids.length]}/actions/publish?locale=en`, body: '{}',
      headers: { ...json, authorization: `Bearer ${live.admin.token}` },
    }),
  },
];

export async function runHistory(opts: HistoryOptions, command: string): Promise<HistoryResult> {
  const startedAt = new Date().toISOString();
  const machine = describeMachine();
  const errors: string[] = [];
  const warnings: string[] = [];
  const root = mkdtempSync(join(tmpdir(), 'strata-bench-history-'));
  const lives: Live[] = [];
  const scenarios: HistoryScenarioResult[] = [];
  const fill = {} as Record<Side, Filled>;
  try {
    for (const side of SIDES) {
      const appDir = historyApp(join(root, side), side, opts.fromSources);
      const dbFile = join(appDir, 'data.db');
      const env = { ...serverEnv(appDir, dbFile, opts.workers, 'shipped'), ADMIN: 'true', ADMIN_JWT_SECRET };
      const entry = opts.fromSources ? ['--import', 'tsx', join(ROOT, 'core', 'cli', 'start.ts')] : [SERVER_ENTRY];
      log(`the server with history ${side}`);
      const server = await startServer(`history-${side}`, entry, env);
      const live: Live = { side, server, appDir, dbFile, env, admin: undefined as unknown as Admin, apiToken: '', ids: [], writes: 0 };
      lives.push(live);
      live.admin = await registerAdmin(server.url);
      live.apiToken = await createApiToken(server.url, live.admin);
      log(`the fill, history ${side}`);
      fill[side] = await fillArticles(server.url, live.admin, opts.articles, opts.seed);
      live.writes += fill[side].requests;
      live.ids = await articleIds(server.url, live.admin);
      if (live.ids.length !== opts.articles) throw new Error(`history ${side}: the list holds ${live.ids.length} articles, ${opts.articles} written`);
    }
    const [on, off] = lives as [Live, Live];

    for (const scenario of SCENARIOS) {
      log(`${scenario.name}: ${opts.writes} sequential writes each, ${opts.slices} slices`);
      const sequential = await timeSequential(scenario, on, off, opts);
      let load: Record<Side, LoadResult> | undefined;
      if (opts.load.durationSeconds > 0) {
        log(`${scenario.name}: autocannon, ${opts.load.connections} connections, ${opts.load.durationSeconds} s each`);
        // Each side's autocannon counter starts past the writes it has had, so edits keep changing
        // Every request autocannon sets up counts as a write (warm-up included), not only the measured ones
        const target = (live: Live): Target => {
          const base = 10_000_000 + live.writes;
          return { url: live.server.url, pid: live.server.pid, request: (i) => { live.writes++; return scenario.spec(live, base + i); } };
        };
        const pair = await measurePair(target(on), target(off), opts.load);
        load = { on: pair.ours, off: pair.floor };
        for (const side of SIDES) {
          const r = load[side];
          if (r.non2xx || r.errors) errors.push(`${scenario.id} under load, history ${side}: ${r.non2xx} non-2xx, ${r.errors} errors ${JSON.stringify(r.failures.slice(0, 2))}`);
        }
      }
      scenarios.push({ id: scenario.id, name: scenario.name, request: scenario.request, sequential, ...(load ? { load } : {}) });
    }
    machine.loadAverage.end = currentLoad();
    for (const live of lives) if (live.server.exit()) errors.push(`history ${live.side}: the server ended during the run:\n${live.server.tail()}`);
  } finally {
    for (const live of lives) {
      const problem = await stopChecked(live.server);
      if (problem) errors.push(problem);
    }
  }

  try {
    const size = {} as Record<Side, TableSize>;
    for (const live of lives) size[live.side] = tableSize(live.dbFile);
    if (size.off && size.off.rows !== 0) errors.push(`history off recorded ${size.off.rows} versions`);
    log('statements per write, in-process');
    try {
      const counts = await countStatements(lives, opts.statementSamples);
      for (const s of scenarios) s.statements = { on: counts.on[s.id], off: counts.off[s.id] };
    } catch (err) {
      warnings.push(`statements not counted: ${(err as Error).message}`);
    }
    return {
      format: 'strata-bench-history/1', startedAt, finishedAt: new Date().toISOString(), command, options: opts, machine,
      server: opts.fromSources ? 'the sources through tsx' : 'compiled dist/',
      fill, writes: { on: lives[0]!.writes, off: lives[1]!.writes }, scenarios, size, errors, warnings,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** An app folder: the measured app's content types, and a config/ of wrappers around its config
 *  files (the compiled ones for the compiled server), plugins.ts setting history and the audit log. */
function historyApp(dir: string, side: Side, fromSources: boolean): string {
  mkdirSync(join(dir, 'config'), { recursive: true });
  cpSync(CONTENT_TYPES_DIR, join(dir, 'content-types'), { recursive: true });
  // A module package: the config's TypeScript then loads through tsx's ESM hook alone
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: `strata-bench-history-${side}`, private: true, type: 'module' })}\n`);
  const source = APP_DIR === ROOT && !fromSources ? join(ROOT, 'dist', 'config') : CONFIG_DIR;
  const settings = side === 'on'
    ? { history: { enabled: true }, auditLogs: { enabled: true } }
    : { history: { enabled: false }, auditLogs: { enabled: false } };
  let plugins = false;
  for (const name of ['server', 'database', 'api', 'webhooks', 'plugins']) {
    const file = [join(source, `${name}.js`), join(source, `${name}.ts`)].find((f) => existsSync(f));
    if (!file) continue;
    const url = JSON.stringify(pathToFileURL(file).href);
    if (name !== 'plugins') {
      writeFileSync(join(dir, 'config', `${name}.ts`), `export { default } from ${url};\n`);
      continue;
    }
    plugins = true;
    writeFileSync(join(dir, 'config', 'plugins.ts'), [
      `// Written by bench/history-run.ts: the measured app's plugins, history and the audit log ${side}.`,
      `import base from ${url};`,
      `const settings = ${JSON.stringify(settings)};`,
      'export default (env: any) => {',
      '  const config = base(env);',
      '  const admin = config.admin ?? { enabled: true };',
      '  return { ...config, admin: { ...admin, config: { ...(admin.config ?? {}), ...settings } } };',
      '};',
      '',
    ].join('\n'));
  }
  if (!plugins) writeFileSync(join(dir, 'config', 'plugins.ts'), `export default () => (${JSON.stringify({ admin: { enabled: true, config: settings } })});\n`);
  return dir;
}

async function createApiToken(url: string, admin: Admin): Promise<string> {
  const res = await fetch(`${url}/admin/api-tokens`, {
    method: 'POST', headers: { ...json, authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ name: 'history bench', description: 'bench/history-run.ts', type: 'full-access', lifespan: null }),
  });
  if (!res.ok) throw new Error(`POST /admin/api-tokens answered ${res.status}: ${(await res.text()).slice(0, 400)}`);
  const body = await res.json() as { data?: { accessKey?: string }; accessKey?: string };
  const key = body.data?.accessKey ?? body.accessKey;
  if (!key) throw new Error('POST /admin/api-tokens answered no accessKey');
  return key;
}

/** The articles' documentIds in English, oldest first (the content manager's list). */
async function articleIds(url: string, admin: Admin): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${url}${ARTICLES_PATH}?page=${page}&pageSize=100&sort=id:ASC&locale=en`, { headers: { authorization: `Bearer ${admin.token}` } });
    if (!res.ok) throw new Error(`GET ${ARTICLES_PATH} answered ${res.status}: ${(await res.text()).slice(0, 400)}`);
    const body = await res.json() as { results: Array<{ documentId: string }>; pagination: { pageCount: number } };
    ids.push(...body.results.map((r) => r.documentId));
    if (page >= body.pagination.pageCount || !body.results.length) return ids;
  }
}

/** One request on a kept-alive connection, timed from sending to its last byte; throws unless 2xx. */
function send(agent: Agent, base: string, spec: RequestSpec): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(new URL(spec.path, base), {
      agent, method: spec.method,
      headers: { accept: 'application/json', ...spec.headers, ...(spec.body !== undefined ? { 'content-length': String(Buffer.byteLength(spec.body)) } : {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - started;
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) reject(new Error(`${spec.method} ${spec.path} answered ${status}: ${Buffer.concat(chunks).toString('utf8').slice(0, 600)}`));
        else resolve(ms);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(spec.body);
  });
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Both servers warmed up, then `slices` turns each (which goes first alternates), one request at a time. */
async function timeSequential(scenario: WriteScenario, on: Live, off: Live, opts: HistoryOptions): Promise<Record<Side, Sequential>> {
  const agents = new Map<Live, Agent>([[on, new Agent({ keepAlive: true, maxSockets: 1 })], [off, new Agent({ keepAlive: true, maxSockets: 1 })]]);
  const times = new Map<Live, number[]>([[on, []], [off, []]]);
  const counters = new Map<Live, number>([[on, 0], [off, 0]]);
  const cpu = new Map<Live, number>([[on, 0], [off, 0]]);
  const write = async (live: Live, measured: boolean) => {
    const i = counters.get(live)!;
    counters.set(live, i + 1);
    const ms = await send(agents.get(live)!, live.server.url, scenario.spec(live, i));
    live.writes++;
    if (measured) times.get(live)!.push(ms);
  };
  try {
    for (const live of [on, off]) for (let i = 0; i < opts.warmupWrites; i++) await write(live, false);
    const slices = Math.max(1, Math.min(opts.slices, opts.writes));
    for (let s = 0; s < slices; s++) {
      const count = Math.floor(((s + 1) * opts.writes) / slices) - Math.floor((s * opts.writes) / slices);
      for (const live of s % 2 === 0 ? [on, off] : [off, on]) {
        const before = cpuMs(live.server.pid);
        for (let i = 0; i < count; i++) await write(live, true);
        cpu.set(live, cpu.get(live)! + cpuMs(live.server.pid) - before);
      }
    }
  } finally {
    for (const agent of agents.values()) agent.destroy();
  }
  const summary = (live: Live): Sequential => {
    const sorted = [...times.get(live)!].sort((a, b) => a - b);
    return {
      writes: sorted.length, medianMs: round2(percentile(sorted, 0.5)), p95Ms: round2(percentile(sorted, 0.95)),
      meanMs: round2(sorted.reduce((a, b) => a + b, 0) / sorted.length), maxMs: round2(sorted.at(-1) ?? 0),
      cpuMsPerWrite: round2(cpu.get(live)! / sorted.length),
    };
  };
  return { on: summary(on), off: summary(off) };
}

/** A process's CPU time so far, user and system, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's closing parenthesis: state is 3rd, utime 14th, stime 15th
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface SqliteDb {
  pragma(source: string, options?: { simple: boolean }): unknown;
  prepare(sql: string): { get(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };
  close(): void;
}
const openSqlite = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => SqliteDb;

/** The history table's size, read from the file once its server has stopped (after a checkpoint). */
function tableSize(dbFile: string): TableSize {
  const db = new openSqlite(dbFile);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const pageSize = Number(db.pragma('page_size', { simple: true }));
    const totals = db.prepare(`SELECT count(*) AS n, coalesce(sum(length(CAST(data AS BLOB))), 0) AS data, coalesce(sum(length(CAST(schema AS BLOB))), 0) AS schema FROM ${HISTORY_TABLE}`)
      .get() as { n: number; data: number; schema: number };
    const byAction: TableSize['byAction'] = {};
    for (const row of db.prepare(`SELECT action, count(*) AS n, coalesce(sum(length(CAST(data AS BLOB))), 0) AS data FROM ${HISTORY_TABLE} GROUP BY action ORDER BY action`).all() as Array<{ action: string; n: number; data: number }>) {
      byAction[row.action] = { rows: row.n, dataBytes: row.data };
    }
    const auditRows = (db.prepare('SELECT count(*) AS n FROM strapi_audit_logs').get() as { n: number }).n;
    let tableBytes: number | undefined;
    let indexBytes: number | undefined;
    try {
      const indexes = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`).all(HISTORY_TABLE) as Array<{ name: string }>).map((r) => r.name);
      const pages = db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name').all() as Array<{ name: string; bytes: number }>;
      tableBytes = pages.find((p) => p.name === HISTORY_TABLE)?.bytes ?? 0;
      indexBytes = pages.filter((p) => indexes.includes(p.name)).reduce((sum, p) => sum + p.bytes, 0);
    } catch { /* no dbstat in this build of SQLite */ }
    return {
      rows: totals.n, byAction, dataBytes: totals.data, schemaBytes: totals.schema, ...(tableBytes !== undefined ? { tableBytes, indexBytes } : {}),
      auditRows, fileBytes: statSync(dbFile).size, pageSize,
    };
  } finally {
    db.close();
  }
}

/** SQL statements (knex 'query' events) and their time for one write of each kind, on a kernel in
 *  this process on each server's file and config: one unmeasured write each, then the two kernels
 *  take turns, a write at a time. */
async function countStatements(lives: Live[], samplesEach: number): Promise<Record<Side, Record<ScenarioId, StatementCount>>> {
  const probes: Probe[] = [];
  try {
    for (const live of lives) probes.push(await probe(live));
    const out = { on: {}, off: {} } as Record<Side, Record<ScenarioId, StatementCount>>;
    for (const scenario of SCENARIOS) {
      const base = 20_000_000;
      const samples = new Map<Probe, Array<{ statements: number; sqlMs: number; sql: string[] }>>(probes.map((p) => [p, []]));
      for (const p of probes) await p.write(scenario.spec(p.live, base));
      for (let i = 1; i <= samplesEach; i++) for (const p of i % 2 ? probes : [...probes].reverse()) samples.get(p)!.push(await p.write(scenario.spec(p.live, base + i)));
      for (const p of probes) {
        const list = samples.get(p)!;
        const sqlMs = list.map((x) => x.sqlMs).sort((a, b) => a - b);
        out[p.live.side][scenario.id] = {
          statements: Math.round((list.reduce((n, x) => n + x.statements, 0) / list.length) * 10) / 10,
          sqlMs: round2(percentile(sqlMs, 0.5)), sql: list.at(-1)!.sql,
        };
      }
    }
    return out;
  } finally {
    for (const p of probes) await p.close();
  }
}

interface Probe { live: Live; write(spec: RequestSpec): Promise<{ statements: number; sqlMs: number; sql: string[] }>; close(): Promise<void> }

async function probe(live: Live): Promise<Probe> {
  const kernel = await createKernel({
    appDir: live.appDir, contentTypesDir: join(live.appDir, 'content-types'), configDir: join(live.appDir, 'config'),
    logger: createMemoryLogger(), env: { ...live.env, PORT: '0' },
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { url } = await kernel.start();
    let sql: string[] = [];
    let sqlNs = 0n;
    const started = new Map<string, bigint>();
    kernel.db.on('query', (q: { __knexQueryUid: string; sql: string }) => { sql.push(q.sql); started.set(q.__knexQueryUid, process.hrtime.bigint()); });
    const finished = (_: unknown, q: { __knexQueryUid: string }) => {
      const t0 = started.get(q.__knexQueryUid);
      if (t0 !== undefined) { sqlNs += process.hrtime.bigint() - t0; started.delete(q.__knexQueryUid); }
    };
    kernel.db.on('query-response', finished).on('query-error', finished);
    return {
      live,
      async write(spec) {
        sql = [];
        sqlNs = 0n;
        await send(agent, url, spec);
        return { statements: sql.length, sqlMs: Number(sqlNs) / 1e6, sql };
      },
      async close() { agent.destroy(); await kernel.destroy(); },
    };
  } catch (err) {
    agent.destroy();
    await kernel.destroy();
    throw err;
  }
}
