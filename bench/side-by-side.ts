// Ours against Strapi 5.54 on the grown dataset (--dataset grown --strapi): both production servers
// start on an empty SQLite file (ours on Node 24, Strapi on Node 22: bench/strapi.ts), each is
// filled through its own REST API with the same records (same seed), and each scenario then runs
// on both in alternating slices (ours, Strapi, ours, ...), so that the machine's load, which moves
// within seconds here, weighs on both alike. Prints ours / Strapi per scenario. Not part of CI.

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fillThroughApi, type GrownFixture } from './grown-fill.js';
import { GROWN_APP, grownEnv } from './grown-runner.js';
import { grownScenarios } from './grown-scenarios.js';
import { measurePair, type LoadResult } from './load.js';
import { currentLoad, describeMachine, type Machine } from './machine.js';
import { SERVER_ENTRY, withMeasuredConfig } from './paths.js';
import { rssMb, startServer, stopChecked, type ServerProcess } from './proc.js';
import type { RunOptions } from './runner.js';
import { ensureStrapi, startStrapi, STRAPI_VERSION } from './strapi.js';

export interface SideBySideScenario {
  id: string;
  name: string;
  description: string;
  kind: 'read' | 'write';
  ours?: LoadResult;
  strapi?: LoadResult;
  /** ours / Strapi, requests a second. */
  ratio?: number;
}

export interface SideBySideResult {
  format: 'strata-bench-strapi/1';
  startedAt: string;
  finishedAt: string;
  options: RunOptions & { restaurants: number; seed: number; strapiVersion: string };
  machine: Machine;
  fill: { ours: FillSummary; strapi: FillSummary };
  idleRssMb: { ours: number; strapi: number };
  scenarios: SideBySideScenario[];
  errors: string[];
  warnings: string[];
}

interface FillSummary { requests: number; fillMs: number }

const log = (message: string) => process.stderr.write(`${message}\n`);

export async function runSideBySide(restaurants: number, seed: number, opts: RunOptions, runTag: string): Promise<SideBySideResult> {
  const startedAt = new Date().toISOString();
  const machine = describeMachine();
  const errors: string[] = [];
  const strapiDir = ensureStrapi();
  const appDir = mkdtempSync(join(tmpdir(), 'strata-bench-vs-strapi-'));
  cpSync(join(GROWN_APP, 'content-types'), join(appDir, 'content-types'), { recursive: true });
  withMeasuredConfig(appDir);
  const results: SideBySideScenario[] = [];
  const fill = { ours: { requests: 0, fillMs: 0 }, strapi: { requests: 0, fillMs: 0 } };
  const idleRssMb = { ours: 0, strapi: 0 };
  let ours: ServerProcess | undefined;
  let strapi: ServerProcess | undefined;
  try {
    ours = await startServer('ours (grown)', [SERVER_ENTRY], grownEnv(appDir, join(appDir, 'data.db'), opts.workers));
    idleRssMb.ours = rssMb(ours.pid);
    log(`server: ours ${ours.url} (pid ${ours.pid}), empty database`);
    const oursData = await fillThroughApi({ url: ours.url }, restaurants, seed);
    fill.ours = { requests: oursData.requests, fillMs: oursData.fillMs };
    log(`fill: ours ${oursData.requests} requests in ${(oursData.fillMs / 1000).toFixed(1)} s`);

    strapi = await startStrapi(strapiDir, join(appDir, 'strapi.db'), join(appDir, 'strapi.log'));
    idleRssMb.strapi = rssMb(strapi.pid);
    log(`server: Strapi ${STRAPI_VERSION} ${strapi.url} (pid ${strapi.pid}), empty database, ready in ${(strapi.readyMs / 1000).toFixed(1)} s`);
    const strapiData: GrownFixture = await fillThroughApi({ url: strapi.url }, restaurants, seed);
    fill.strapi = { requests: strapiData.requests, fillMs: strapiData.fillMs };
    log(`fill: Strapi ${strapiData.requests} requests in ${(strapiData.fillMs / 1000).toFixed(1)} s`);

    const mine = grownScenarios(oursData, runTag).filter((s) => !opts.only || opts.only.includes(s.id));
    const theirs = new Map(grownScenarios(strapiData, `${runTag}s`).map((s) => [s.id, s]));
    for (const scenario of [...mine.filter((s) => s.kind === 'read'), ...mine.filter((s) => s.kind === 'write')]) {
      const result: SideBySideScenario = { id: scenario.id, name: scenario.name, description: scenario.description, kind: scenario.kind };
      results.push(result);
      const pair = await measurePair(
        { url: ours.url, request: scenario.ours, pid: ours.pid },
        { url: strapi.url, request: theirs.get(scenario.id)!.ours, pid: strapi.pid }, opts);
      result.ours = pair.ours;
      result.strapi = pair.floor;
      result.ratio = pair.floor.rps ? Math.round((pair.ours.rps / pair.floor.rps) * 100) / 100 : undefined;
      log(`(${scenario.id}) ${scenario.name.padEnd(16)} ours ${String(pair.ours.rps).padStart(8)} req/s  Strapi ${String(pair.floor.rps).padStart(8)} req/s  ours/Strapi ${result.ratio ?? '–'}`);
      for (const [who, load] of [['ours', pair.ours], ['Strapi', pair.floor]] as const) {
        if (load.non2xx || load.errors) {
          errors.push(`(${scenario.id}) ${who}: ${load.non2xx} non-2xx responses, ${load.errors} socket errors/timeouts`);
          for (const f of load.failures) errors.push(`(${scenario.id}) ${who}: ${f.request} -> ${f.status} ${f.body}`);
        }
      }
      const exit = ours.exit() ?? strapi.exit();
      if (exit) { errors.push(`a server exited (code ${exit.code}, signal ${exit.signal}):\n${ours.tail()}\n${strapi.tail()}`); break; }
    }
  } catch (err) {
    errors.push(`run aborted: ${(err as Error).stack ?? String(err)}`);
  } finally {
    if (ours) errors.push(await stopChecked(ours));
    // Strapi's exit code on SIGTERM is its own affair: only a crash during the run is reported
    if (strapi) await strapi.stop();
    rmSync(appDir, { recursive: true, force: true });
  }
  machine.loadAverage.end = currentLoad();
  const order = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  results.sort((x, y) => order.indexOf(x.id) - order.indexOf(y.id));
  return {
    format: 'strata-bench-strapi/1', startedAt, finishedAt: new Date().toISOString(),
    options: { ...opts, restaurants, seed, strapiVersion: STRAPI_VERSION }, machine, fill, idleRssMb,
    scenarios: results, errors: errors.filter(Boolean), warnings: [],
  };
}

const fmt = (n: number | undefined, digits = 0): string => (n === undefined ? '–' : n.toFixed(digits));

export function sideBySideMarkdown(r: SideBySideResult): string {
  const m = r.machine;
  const o = r.options;
  const lines = [
    `# Ours and Strapi ${o.strapiVersion} on a site grown through its API, ${r.startedAt.slice(0, 19).replace('T', ' ')} UTC`,
    '',
    `- Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB; load average ${m.loadAverage.start} at start, ${m.loadAverage.end ?? '?'} at end (the load generator shares the machine)`,
    `- Servers, each on an empty SQLite file, in production, one process: ours (compiled dist/, Node ${m.node}, draft-and-publish, i18n, GraphQL, upload, users-permissions off) `
      + `and Strapi ${o.strapiVersion} (\`strapi start\`, Node 22, the same model, public permissions for the requests sent, admin panel not served)`,
    `- Each filled through its own REST API with the same ${o.restaurants} restaurants (seed ${o.seed}; bench/README.md): ours ${r.fill.ours.requests} requests in ${fmt(r.fill.ours.fillMs / 1000, 1)} s, `
      + `Strapi ${r.fill.strapi.requests} in ${fmt(r.fill.strapi.fillMs / 1000, 1)} s`,
    `- Load: autocannon, ${o.connections} connections, ${o.warmupSeconds} s warm-up each, then ${o.durationSeconds} s each in ${o.rounds} alternating slices; idle RSS after start-up: ours ${fmt(r.idleRssMb.ours)} MB, Strapi ${fmt(r.idleRssMb.strapi)} MB`,
    '',
    '| Scenario | ours req/s | Strapi req/s | ours / Strapi | CPU ms a request, ours / Strapi | ours p50 / p99 ms | Strapi p50 / p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...r.scenarios.map((s) => `| (${s.id}) ${s.name} | ${fmt(s.ours?.rps)} | ${fmt(s.strapi?.rps)} | ${fmt(s.ratio, 2)} | ${fmt(s.ours?.cpuMsPerRequest, 2)} / ${fmt(s.strapi?.cpuMsPerRequest, 2)} | `
      + `${fmt(s.ours?.latencyMs.p50, 1)} / ${fmt(s.ours?.latencyMs.p99, 1)} | ${fmt(s.strapi?.latencyMs.p50, 1)} / ${fmt(s.strapi?.latencyMs.p99, 1)} | `
      + `${(s.ours ? s.ours.non2xx + s.ours.errors : 0) + (s.strapi ? s.strapi.non2xx + s.strapi.errors : 0)} |`),
    '',
    'Scenarios:',
    ...r.scenarios.map((s) => `- (${s.id}) ${s.name}: ${s.description}`),
  ];
  if (r.errors.length) lines.push('', 'Errors:', ...r.errors.map((e) => `- ${e.replace(/\n/g, ' ')}`));
  return `${lines.join('\n')}\n`;
}
