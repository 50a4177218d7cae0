// One run of the site dataset (--dataset site): statement counts and SQL time per request
// in-process, idle RSS after start-up, then each scenario against our server with
// draft-and-publish and i18n on, reads before the write. No floor: the targets are absolute.

import type { Dataset } from './dataset.js';
import { readFixture } from './fixture.js';
import { measure, type LoadResult } from './load.js';
import { currentLoad, describeMachine, type Machine } from './machine.js';
import { APP_DIR, SERVER_ENTRY } from './paths.js';
import { rssMb, startServer, stopChecked } from './proc.js';
import type { RunOptions } from './runner.js';
import { IDLE_RSS_TARGET_MB, siteScenarios } from './site-scenarios.js';
import { countOurs } from './statements.js';
import { serverEnv } from './startup.js';

export interface SiteScenarioResult {
  id: string;
  name: string;
  description: string;
  kind: 'read' | 'write';
  targetRps: number;
  ours?: LoadResult & { statementsPerRequest: number; sqlMsPerRequest: number };
  met?: boolean;
}

export interface SiteResult {
  format: 'strata-bench-site/1';
  startedAt: string;
  finishedAt: string;
  options: RunOptions & { articles: number; seed: number };
  machine: Machine;
  dataset: { file: string; reused: boolean; generatedMs: number; seed: number; rows: number } & Dataset['marker']['counts'];
  idleRssMb: number;
  idleRssTargetMb: number;
  peakRssMb: number;
  scenarios: SiteScenarioResult[];
  errors: string[];
  warnings: string[];
}

const IDLE_WAIT_MS = 1000;
const log = (message: string) => process.stderr.write(`${message}\n`);

export async function runSite(dataset: Dataset, dbFile: string, opts: RunOptions, runTag: string): Promise<SiteResult> {
  const startedAt = new Date().toISOString();
  const machine = describeMachine();
  const errors: string[] = [];
  const fixture = await readFixture(dbFile);
  const selected = siteScenarios(fixture, runTag).filter((s) => !opts.only || opts.only.includes(s.id));
  const list = [...selected.filter((s) => s.kind === 'read'), ...selected.filter((s) => s.kind === 'write')];

  log('statements: counting and timing SQL in-process');
  const probes = await countOurs(dbFile, list, {}, runTag);
  for (const [id, probe] of probes) if (probe.status >= 300) errors.push(`(${id}) in-process probe answered ${probe.status}`);

  const server = await startServer('ours (site)', [SERVER_ENTRY], serverEnv(APP_DIR, dbFile, opts.workers, 'site'));
  log(`server: ours ${server.url} (pid ${server.pid}), draft-and-publish and i18n on`);
  await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));
  const idleRssMb = rssMb(server.pid);
  const results: SiteScenarioResult[] = [];
  try {
    for (const scenario of list) {
      const result: SiteScenarioResult = {
        id: scenario.id, name: scenario.name, description: scenario.description, kind: scenario.kind, targetRps: scenario.targetRps,
      };
      results.push(result);
      const load = await measure({ url: server.url, request: scenario.ours, pid: server.pid }, opts);
      const probe = probes.get(scenario.id);
      result.ours = { ...load, statementsPerRequest: probe?.statements ?? 0, sqlMsPerRequest: probe?.sqlMs ?? 0 };
      result.met = load.rps >= scenario.targetRps;
      log(`(${scenario.id}) ${scenario.name.padEnd(16)} ${String(load.rps).padStart(8)} req/s (target ${scenario.targetRps})  p50 ${load.latencyMs.p50} ms  p99 ${load.latencyMs.p99} ms  SQL ${result.ours.sqlMsPerRequest} ms in ${result.ours.statementsPerRequest} statements`);
      if (load.non2xx || load.errors) {
        errors.push(`(${scenario.id}) ${load.non2xx} non-2xx responses, ${load.errors} socket errors/timeouts`);
        for (const f of load.failures) errors.push(`(${scenario.id}) ${f.request} -> ${f.status} ${f.body}`);
      }
      const exit = server.exit();
      if (exit) { errors.push(`${server.name} exited (code ${exit.code}, signal ${exit.signal}):\n${server.tail()}`); break; }
    }
  } catch (err) {
    errors.push(`run aborted: ${(err as Error).stack ?? String(err)}`);
  }
  const peakRssMb = rssMb(server.pid, 'VmHWM');
  errors.push(await stopChecked(server));
  machine.loadAverage.end = currentLoad();
  const order = new Map(selected.map((s, i) => [s.id, i]));
  results.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return {
    format: 'strata-bench-site/1', startedAt, finishedAt: new Date().toISOString(),
    options: { ...opts, articles: dataset.marker.counts.articles, seed: dataset.marker.seed },
    machine,
    dataset: {
      file: dataset.file, reused: dataset.reused, generatedMs: dataset.marker.generatedMs, seed: dataset.marker.seed,
      rows: fixture.articleCount, ...dataset.marker.counts,
    },
    idleRssMb, idleRssTargetMb: IDLE_RSS_TARGET_MB, peakRssMb,
    scenarios: results, errors: errors.filter(Boolean), warnings: [],
  };
}
