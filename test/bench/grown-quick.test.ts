// Smoke test of the grown-site benchmark: `bench/run.ts --dataset grown --restart` on a few dozen
// restaurants (the production server started on an empty database, filled through its API) must
// finish cleanly, answer every scenario on both servers without errors, and write what the report
// reads. Speed is never asserted. SQLite only (CI time).

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../helpers/kernel.js';

/** The bench measures the suite's fixture app, not the example app a user edits. */
const FIXTURE_APP = join(ROOT, 'test', 'fixture');
import { buildOnce } from '../helpers/server-process.js';

interface Load { requests: number; non2xx: number; errors: number }
interface ScenarioResult { id: string; kind: string; grown?: Load; restarted?: Load }
interface Result {
  format: string;
  fill: { restaurants: number; cities: number; chefs: number; files: number; requests: number };
  statistics: Record<string, number>;
  scenarios: ScenarioResult[];
  errors: string[];
}

const RESTAURANTS = 30;
const client = process.env.DATABASE_CLIENT ?? 'sqlite';

(client === 'mysql' || client === 'postgres' ? describe.skip : describe)('bench --dataset grown', function () {
  this.timeout(180_000);
  let out: string;
  let run: ReturnType<typeof spawnSync>;
  let result: Result;

  before(() => {
    buildOnce();
    out = mkdtempSync(join(tmpdir(), 'strata-grown-bench-test-'));
    run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--dataset', 'grown', '--quick', '--restart', '--skip-build',
      '--articles', String(RESTAURANTS), '--warmup', '0.5', '--duration', '1', '--rounds', '1', '--out', out], {
      cwd: ROOT, encoding: 'utf8', timeout: 175_000, env: { ...process.env, DATABASE_CLIENT: 'sqlite', STRATA_BENCH_APP: FIXTURE_APP },
    });
    const json = readdirSync(out).find((f) => f.endsWith('.json'));
    if (json) result = JSON.parse(readFileSync(join(out, json), 'utf8')) as Result;
  });
  after(() => { rmSync(out, { recursive: true, force: true }); });

  it('exits with 0 and writes grown-quick.md and the JSON', () => {
    expect(run.status, `${String(run.stderr).slice(-3000)}`).to.equal(0);
    expect(result, 'no JSON result written').to.be.an('object');
    expect(readdirSync(out)).to.include('grown-quick.md');
    expect(result.format).to.equal('strata-bench-grown/1');
  });

  it('filled the server through its API: images, cities, chefs, restaurants with their French versions and drafts', () => {
    expect(result.fill).to.include({ restaurants: RESTAURANTS, cities: 20 });
    // an upload a file, a create a city or chef, then per restaurant: create, French version, a draft one in three
    const { files, cities, chefs } = result.fill;
    expect(result.fill.requests).to.equal(files + cities + chefs + RESTAURANTS * 2 + Math.ceil(RESTAURANTS / 3));
    expect(result.statistics.restaurants, 'the filled file has planner statistics').to.be.above(0);
  });

  it('answered every scenario without errors, the reads on the grown and the restarted server', () => {
    expect(result.errors).to.deep.equal([]);
    expect(result.scenarios.map((s) => s.id)).to.deep.equal(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    for (const s of result.scenarios) {
      const sides = s.kind === 'read' ? [s.grown, s.restarted] : [s.grown];
      for (const side of sides) {
        expect(side, `(${s.id})`).to.be.an('object');
        expect(side!.requests, `(${s.id}) requests`).to.be.above(0);
        expect(side!.non2xx + side!.errors, `(${s.id}) errors`).to.equal(0);
      }
    }
  });
});
