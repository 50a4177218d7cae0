// Smoke test of the panel benchmark: `bench/run.ts --panel --quick --from-sources` (a build, a
// server from the sources filled with 30 articles, chromium on the list and on a dynamic zone of
// 6 entries) must finish cleanly and write every figure the report reads. Speed is never
// asserted. Once, in the SQLite phase, as the other browser tests.

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PanelResult } from '../../bench/panel-run.js';
import { ROOT } from '../helpers/kernel.js';
import { BROWSER_RUN } from '../helpers/panel.js';

/** The bench measures the suite's fixture app, not the example app a user edits. */
const FIXTURE_APP = join(ROOT, 'test', 'fixture');

(BROWSER_RUN ? describe : describe.skip)('bench --panel --quick', function () {
  this.timeout(90_000);
  let out: string;
  let run: ReturnType<typeof spawnSync>;
  let result: PanelResult;

  before(() => {
    out = mkdtempSync(join(tmpdir(), 'strata-panel-bench-test-'));
    run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--panel', '--quick', '--from-sources', '--out', out], {
      cwd: ROOT, encoding: 'utf8', timeout: 85_000, env: { ...process.env, DATABASE_CLIENT: 'sqlite', STRATA_BENCH_APP: FIXTURE_APP },
    });
    const json = readdirSync(out).find((f) => f.endsWith('.json'));
    if (json) result = JSON.parse(readFileSync(join(out, json), 'utf8')) as PanelResult;
  });
  after(() => { rmSync(out, { recursive: true, force: true }); });

  it('exits with 0 and writes panel-quick.md and the JSON, with no problem in the page', () => {
    expect(run.status, `${String(run.stderr).slice(-3000)}`).to.equal(0);
    expect(result, 'no JSON result written').to.be.an('object');
    expect(result.format).to.equal('strata-bench-panel/1');
    expect(readdirSync(out)).to.include('panel-quick.md');
    expect(result.problems).to.deep.equal([]);
  });

  it('measured the build, the first screen and the list request', () => {
    expect(result.build.runs).to.equal(1);
    expect(result.build.medianMs).to.be.above(0);
    expect(result.firstScreen.jsGzipBytes).to.be.above(0);
    expect(result.firstScreen.cssGzipBytes).to.be.above(0);
    expect(result.fill.articles).to.equal(30);
    // The 30 articles and the long one
    expect(result.listRequest.rows).to.equal(31);
    expect(result.listRequest.jsonBytes).to.be.above(0);
    expect(result.panelListRequest.path).to.match(/^\/content-manager\/collection-types\/api::article\.article\?/);
  });

  it('timed the rows on screen and every key typed, each shown by its frame', () => {
    expect(result.listRender.loads).to.equal(2);
    expect(result.listRender.toScreenMs.median).to.be.above(0);
    expect(result.typing.keys).to.equal(5);
    expect(result.typing.notShown).to.equal(0);
    expect(result.typing.keyToScreenMs.max).to.be.above(0);
  });
});
