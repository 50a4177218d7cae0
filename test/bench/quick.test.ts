// Smoke test of the benchmark harness: `bench/run.ts --quick` into a temporary folder must finish
// cleanly, every scenario must have answered requests without errors, and the JSON must carry the
// keys the report and later comparisons read. Speed is never asserted. SQLite only (CI time).

import type { NeighboursResult } from '../../bench/neighbours.js';
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../helpers/kernel.js';

/** The bench measures the suite's fixture app, not the example app a user edits. */
const FIXTURE_APP = join(ROOT, 'test', 'fixture');

interface Side { requests: number; rps: number; non2xx: number; errors: number; statementsPerRequest: number; peakRssMb: number; latencyMs: { p50: number; p99: number } }
interface ScenarioResult { id: string; kind: string; ours?: Side; floor?: Side; ratio?: { rps: number }; sameResponse?: boolean }
interface Result {
  machine: { cpuModel: string; cores: number; node: string };
  dataset: { articles: number };
  startup: { exampleApp?: { firstResponseMs: number; idleRssMb: number }; generatedCold?: { contentTypes: number } };
  scenarios: ScenarioResult[];
  neighbours?: NeighboursResult;
  pending: unknown[];
  errors: string[];
}

const client = process.env.DATABASE_CLIENT ?? 'sqlite';

(client === 'mysql' || client === 'postgres' ? describe.skip : describe)('bench --quick', function () {
  this.timeout(180_000);
  let out: string;
  let run: ReturnType<typeof spawnSync>;
  let result: Result;

  before(() => {
    out = mkdtempSync(join(tmpdir(), 'strata-bench-test-'));
    run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--quick', '--out', out], {
      cwd: ROOT, encoding: 'utf8', timeout: 175_000, env: { ...process.env, DATABASE_CLIENT: 'sqlite', STRATA_BENCH_APP: FIXTURE_APP },
    });
    const json = readdirSync(out).find((f) => f.endsWith('.json'));
    if (json) result = JSON.parse(readFileSync(join(out, json), 'utf8')) as Result;
  });
  after(() => { rmSync(out, { recursive: true, force: true }); });

  it('exits with 0 and writes the JSON and the markdown table', () => {
    expect(run.status, `${String(run.stderr).slice(-3000)}`).to.equal(0);
    expect(result, 'no JSON result written').to.be.an('object');
    expect(readdirSync(out)).to.include('quick.md');
  });

  it('has the expected keys', () => {
    expect(result).to.include.keys('format', 'startedAt', 'options', 'machine', 'dataset', 'server', 'startup', 'scenarios', 'pending', 'errors', 'warnings');
    expect(result.machine).to.include.keys('cpuModel', 'cores', 'node', 'loadAverage');
    expect(result.dataset.articles).to.equal(1000);
    expect(result.startup.exampleApp).to.include.keys('readyMs', 'firstResponseMs', 'idleRssMb');
    expect(result.startup.generatedCold?.contentTypes).to.equal(100);
    expect(result.scenarios.map((s) => s.id)).to.deep.equal(['a', 'b', 'c', 'd', 'e', 'i', 'f', 'g', 'h']);
    expect(result.pending).to.deep.equal([]);
  });

  it('(j) measures a cheap read alone and beside heavy reads, and the limits refuse the attacks', () => {
    const j = result.neighbours;
    expect(j, 'no (j) result').to.be.an('object');
    expect(j!.alone.requests, '(j) cheap reads alone').to.be.above(0);
    expect(j!.withNeighbours.requests, '(j) cheap reads beside heavy ones').to.be.above(0);
    expect(j!.cheapFailures).to.equal(0);
    // The 7-level populate is refused by the row budget: a 400, not a worker held for minutes
    expect(j!.neighbours.statuses['400'], JSON.stringify(j!.neighbours.statuses)).to.be.above(0);
    expect(j!.neighbours.statuses['200'], JSON.stringify(j!.neighbours.statuses)).to.be.above(0);
  });

  it('answered requests in every scenario, with no errors', () => {
    expect(result.errors).to.deep.equal([]);
    for (const s of result.scenarios) {
      const sides = s.kind === 'read' ? [s.ours, s.floor] : [s.ours];
      for (const side of sides) {
        expect(side, `(${s.id})`).to.include.keys('requests', 'rps', 'latencyMs', 'non2xx', 'errors', 'statementsPerRequest', 'peakRssMb');
        expect(side!.requests, `(${s.id}) requests`).to.be.above(0);
        expect(side!.non2xx, `(${s.id}) non-2xx`).to.equal(0);
        expect(side!.errors, `(${s.id}) errors`).to.equal(0);
        expect(side!.statementsPerRequest, `(${s.id}) statements`).to.be.above(0);
      }
      if (s.kind === 'read') expect(s.ratio, `(${s.id}) ratio`).to.include.keys('rps', 'p50', 'p99');
      // The floor answers each read by hand: ours must send the very same JSON (GraphQL included)
      if (s.kind === 'read') expect(s.sameResponse, `(${s.id}) same JSON as the floor`).to.equal(true);
    }
  });
});
