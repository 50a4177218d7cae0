// One benchmark run on a prepared database copy: statement counts, start-up, then every scenario
// against our server and the floor in turn (ours a, floor a, ours b, floor b, ...), the reads
// before the writes, so every read sees the generated data only. Scenarios on another of our
// servers ((h): users-permissions on) get their own process, started when first needed and
// stopped after the last scenario that uses it.

import { firstDifference } from './compare.js';
import type { Dataset } from './dataset.js';
import { readFixture } from './fixture.js';
import { measure, measurePair, type LoadOptions, type LoadResult } from './load.js';
import { measureNeighbours, type NeighboursResult } from './neighbours.js';
import { currentLoad, describeMachine, type Machine } from './machine.js';
import { APP_DIR, FLOOR_ENTRY, SERVER_ENTRY } from './paths.js';
import { rssMb, startServer, stopChecked, type ServerProcess } from './proc.js';
import { PENDING_SCENARIOS, scenarios, type AuthSession, type RequestSpec, type Scenario } from './scenarios.js';
import { countFloor, countOurs } from './statements.js';
import { BENCH_SECRETS, exampleAppStartup, generatedAppStartup, serverEnv, type ServerKind, type StartupResult } from './startup.js';

export interface RunOptions extends LoadOptions {
  quick: boolean;
  workers: number;
  startupRuns: number;
  generatedTypes: number;
  only?: string[];
}

export interface SideResult extends LoadResult { statementsPerRequest: number }

export interface ScenarioResult {
  id: string;
  name: string;
  description: string;
  kind: 'read' | 'write';
  ours?: SideResult;
  floor?: SideResult;
  /** ours / floor: below 1 for throughput and above 1 for latency means we are slower. */
  ratio?: { rps: number; p50: number; p99: number };
  /** Whether ours and the floor sent the same JSON for the first requests. */
  sameResponse?: boolean;
  responseDifference?: string;
  /** Documents in the first response (a list's page length), to show a scenario is not empty. */
  firstResponseItems?: number;
}

export interface BenchResult {
  format: 'strata-bench/1';
  startedAt: string;
  finishedAt: string;
  options: RunOptions & { articles: number; seed: number };
  machine: Machine;
  dataset: { file: string; reused: boolean; generatedMs: number; seed: number } & Dataset['marker']['counts'];
  server: {
    workers: number; nodeEnv: 'production'; peakRssMb: number; floorPeakRssMb: number;
    /** The second server of ours, users-permissions on, for (h) (absent when (h) did not run). */
    usersPermissionsPeakRssMb?: number;
  };
  startup: { exampleApp?: StartupResult; generatedCold?: StartupResult; generatedWarm?: StartupResult };
  scenarios: ScenarioResult[];
  /** (j): a cheap read alone and beside heavy reads, on our core server (neighbours.ts). */
  neighbours?: NeighboursResult;
  pending: typeof PENDING_SCENARIOS;
  /** What makes the run fail: non-2xx answers, socket errors, crashed processes. */
  errors: string[];
  warnings: string[];
}

const log = (message: string) => process.stderr.write(`${message}\n`);
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : 0);

export async function runBench(dataset: Dataset, dbFile: string, opts: RunOptions, runTag: string): Promise<BenchResult> {
  const startedAt = new Date().toISOString();
  const machine = describeMachine();
  const errors: string[] = [];
  const warnings: string[] = [];
  const fixture = await readFixture(dbFile);
  const session: AuthSession = {};
  const selected = scenarios(fixture, runTag, session).filter((s) => !opts.only || opts.only.includes(s.id));
  const list = [...selected.filter((s) => s.kind === 'read'), ...selected.filter((s) => s.kind === 'write')];

  log('statements: counting in-process');
  const probes = await countOurs(dbFile, list, session, runTag);
  for (const [id, probe] of probes) if (probe.status >= 300) errors.push(`(${id}) in-process probe answered ${probe.status}`);

  log('startup: example app and generated app');
  const startup: BenchResult['startup'] = {};
  try {
    startup.exampleApp = await exampleAppStartup(dbFile, opts.startupRuns, opts.workers);
    const generated = await generatedAppStartup(opts.generatedTypes, opts.startupRuns, opts.workers);
    startup.generatedCold = generated.cold;
    startup.generatedWarm = generated.warm;
  } catch (err) {
    errors.push(`startup: ${(err as Error).message}`);
  }

  const ours = await startServer('ours', [SERVER_ENTRY], serverEnv(APP_DIR, dbFile, opts.workers));
  const floor = await startServer('floor', [FLOOR_ENTRY], { DATABASE_FILENAME: dbFile, HOST: '127.0.0.1', PORT: '0', JWT_SECRET: BENCH_SECRETS.JWT_SECRET });
  log(`servers: ours ${ours.url} (pid ${ours.pid}), floor ${floor.url} (pid ${floor.pid})`);
  const others = new Map<ServerKind, ServerProcess>();
  const peaks = new Map<ServerKind, number>();
  const kindOf = (s: Scenario): ServerKind => s.server ?? 'core';
  const results: ScenarioResult[] = [];
  let neighbours: NeighboursResult | undefined;
  try {
    for (const [index, scenario] of list.entries()) {
      const result: ScenarioResult = { id: scenario.id, name: scenario.name, description: scenario.description, kind: scenario.kind };
      results.push(result);
      const kind = kindOf(scenario);
      let server = kind === 'core' ? ours : others.get(kind);
      if (!server) {
        server = await startServer(`ours (${kind})`, [SERVER_ENTRY], serverEnv(APP_DIR, dbFile, opts.workers, kind));
        others.set(kind, server);
        log(`servers: ours with ${kind} ${server.url} (pid ${server.pid})`);
      }
      if (scenario.floor) Object.assign(result, await compareResponses(server.url, floor.url, scenario));
      if (result.sameResponse === false) warnings.push(`(${scenario.id}) ours and the floor answer differently: ${result.responseDifference}`);

      const oursTarget = { url: server.url, request: scenario.ours, pid: server.pid };
      if (scenario.floor) {
        const probe = await countFloor(floor.url, scenario);
        if (probe.status >= 300) errors.push(`(${scenario.id}) floor probe answered ${probe.status}`);
        const pair = await measurePair(oursTarget, { url: floor.url, request: scenario.floor, pid: floor.pid }, opts);
        result.ours = { ...pair.ours, statementsPerRequest: probes.get(scenario.id)?.statements ?? 0 };
        result.floor = { ...pair.floor, statementsPerRequest: probe.statements };
      } else {
        result.ours = { ...await measure(oursTarget, opts), statementsPerRequest: probes.get(scenario.id)?.statements ?? 0 };
      }
      report(scenario, 'ours', result.ours, errors);
      if (result.floor) report(scenario, 'floor', result.floor, errors);
      if (!alive(server, errors)) break;
      if (kind !== 'core' && !list.slice(index + 1).some((s) => kindOf(s) === kind)) {
        peaks.set(kind, rssMb(server.pid, 'VmHWM'));
        errors.push(await stopChecked(server));
      }
      if (result.floor) {
        if (!alive(floor, errors)) break;
        result.ratio = {
          rps: ratio(result.ours.rps, result.floor.rps),
          p50: ratio(result.ours.latencyMs.p50, result.floor.latencyMs.p50),
          p99: ratio(result.ours.latencyMs.p99, result.floor.latencyMs.p99),
        };
      }
    }
    // (j) last among the reads' server uses: its heavy neighbours must not slow another scenario
    if (!opts.only || opts.only.includes('j')) {
      log('(j) heavy neighbours: a cheap read alone, then beside four connections of heavy reads');
      neighbours = await measureNeighbours(ours.url, fixture, opts.durationSeconds);
      if (neighbours.cheapFailures) errors.push(`(j) ${neighbours.cheapFailures} cheap reads did not answer 200`);
      log(`(j) cheap read p99 ${neighbours.alone.p99} ms alone, ${neighbours.withNeighbours.p99} ms beside heavy reads (${neighbours.withNeighbours.unanswered} unanswered)`);
    }
  } catch (err) {
    errors.push(`run aborted: ${(err as Error).stack ?? String(err)}`);
  }
  const peakRssMb = rssMb(ours.pid, 'VmHWM');
  const floorPeakRssMb = rssMb(floor.pid, 'VmHWM');
  for (const [kind, server] of others) {
    if (!server.exit()) peaks.set(kind, rssMb(server.pid, 'VmHWM'));
    errors.push(await stopChecked(server));
  }
  errors.push(await stopChecked(ours), await stopChecked(floor));
  // Reported in the scenarios' own order, whatever order they ran in
  const order = new Map(selected.map((s, i) => [s.id, i]));
  results.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const upPeak = peaks.get('users-permissions');
  machine.loadAverage.end = currentLoad();
  return {
    format: 'strata-bench/1', startedAt, finishedAt: new Date().toISOString(),
    options: { ...opts, articles: dataset.marker.counts.articles, seed: dataset.marker.seed },
    machine,
    dataset: { file: dataset.file, reused: dataset.reused, generatedMs: dataset.marker.generatedMs, seed: dataset.marker.seed, ...dataset.marker.counts },
    server: { workers: opts.workers, nodeEnv: 'production', peakRssMb, floorPeakRssMb, ...(upPeak === undefined ? {} : { usersPermissionsPeakRssMb: upPeak }) },
    startup, scenarios: results, ...(neighbours ? { neighbours } : {}), pending: PENDING_SCENARIOS, errors: errors.filter(Boolean), warnings,
  };
}

function report(scenario: Scenario, side: string, r: LoadResult, errors: string[]): void {
  log(`(${scenario.id}) ${scenario.name.padEnd(17)} ${side.padEnd(5)} ${String(r.rps).padStart(8)} req/s  p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}`);
  if (r.non2xx || r.errors) {
    errors.push(`(${scenario.id}) ${side}: ${r.non2xx} non-2xx responses, ${r.errors} socket errors/timeouts`);
    for (const f of r.failures) errors.push(`(${scenario.id}) ${side}: ${f.request} -> ${f.status} ${f.body}`);
  }
}

function alive(server: ServerProcess, errors: string[]): boolean {
  const exit = server.exit();
  if (!exit) return true;
  errors.push(`${server.name} exited (code ${exit.code}, signal ${exit.signal}) during the run:\n${server.tail()}`);
  return false;
}

async function compareResponses(oursUrl: string, floorUrl: string, scenario: Scenario): Promise<Pick<ScenarioResult, 'sameResponse' | 'responseDifference' | 'firstResponseItems'>> {
  const fetchJson = async (base: string, spec: RequestSpec) => {
    const res = await fetch(`${base}${spec.path}`, { method: spec.method, body: spec.body, headers: spec.headers });
    return { status: res.status, body: await res.json() as unknown };
  };
  let firstResponseItems = 0;
  for (let i = 0; i < 3; i++) {
    const a = await fetchJson(oursUrl, scenario.ours(i));
    const b = await fetchJson(floorUrl, scenario.floor!(i));
    if (i === 0) {
      const data = (a.body as { data?: unknown }).data;
      firstResponseItems = Array.isArray(data) ? data.length : data ? 1 : 0;
    }
    const difference = a.status !== b.status ? `status ${a.status} vs ${b.status}` : firstDifference(a.body, b.body);
    if (difference) return { sameResponse: false, responseDifference: `request ${i}: ${difference} (ours vs floor)`, firstResponseItems };
  }
  return { sameResponse: true, firstResponseItems };
}
