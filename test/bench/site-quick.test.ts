// Smoke test of the site benchmark: `bench/run.ts --dataset site --quick` on a small dataset
// (draft-and-publish and i18n on, two locales, drafts) must finish cleanly, every scenario must
// answer requests without errors, and the JSON must carry what the report reads. Speed is never
// asserted. SQLite only (CI time).

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../helpers/kernel.js';

/** The bench measures the suite's fixture app, not the example app a user edits. */
const FIXTURE_APP = join(ROOT, 'test', 'fixture');

interface Side { requests: number; rps: number; non2xx: number; errors: number; statementsPerRequest: number; sqlMsPerRequest: number }
interface ScenarioResult { id: string; kind: string; targetRps: number; ours?: Side }
interface Result {
  format: string;
  dataset: { articles: number; rows: number };
  idleRssMb: number;
  scenarios: ScenarioResult[];
  errors: string[];
}

const ARTICLES = 200;
const client = process.env.DATABASE_CLIENT ?? 'sqlite';

(client === 'mysql' || client === 'postgres' ? describe.skip : describe)('bench --dataset site --quick', function () {
  this.timeout(180_000);
  let out: string;
  let run: ReturnType<typeof spawnSync>;
  let result: Result;

  before(() => {
    out = mkdtempSync(join(tmpdir(), 'strata-site-bench-test-'));
    run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--dataset', 'site', '--quick', '--articles', String(ARTICLES), '--duration', '2', '--out', out], {
      cwd: ROOT, encoding: 'utf8', timeout: 175_000, env: { ...process.env, DATABASE_CLIENT: 'sqlite', STRATA_BENCH_APP: FIXTURE_APP },
    });
    const json = readdirSync(out).find((f) => f.endsWith('.json'));
    if (json) result = JSON.parse(readFileSync(join(out, json), 'utf8')) as Result;
  });
  after(() => { rmSync(out, { recursive: true, force: true }); });

  it('exits with 0 and writes site-quick.md and the JSON', () => {
    expect(run.status, `${String(run.stderr).slice(-3000)}`).to.equal(0);
    expect(result, 'no JSON result written').to.be.an('object');
    expect(readdirSync(out)).to.include('site-quick.md');
    expect(result.format).to.equal('strata-bench-site/1');
  });

  it('measured a site: two locales, each published with its draft', () => {
    expect(result.dataset.articles).to.equal(ARTICLES);
    expect(result.dataset.rows).to.equal(ARTICLES * 4);
    expect(result.idleRssMb).to.be.above(0);
  });

  it('answered requests in every scenario, with no errors, each with its target', () => {
    expect(result.errors).to.deep.equal([]);
    expect(result.scenarios.map((s) => s.id)).to.deep.equal(['s1', 's2', 's3', 's4', 's5', 's6']);
    for (const s of result.scenarios) {
      expect(s.ours!.requests, `(${s.id}) requests`).to.be.above(0);
      expect(s.ours!.non2xx, `(${s.id}) non-2xx`).to.equal(0);
      expect(s.ours!.errors, `(${s.id}) errors`).to.equal(0);
      expect(s.ours!.statementsPerRequest, `(${s.id}) statements`).to.be.above(0);
      expect(s.ours!.sqlMsPerRequest, `(${s.id}) SQL time`).to.be.above(0);
      expect(s.targetRps, `(${s.id}) target`).to.be.above(0);
    }
  });
});
