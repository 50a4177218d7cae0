// The panel's build time: `node scripts/build-panel.mjs` (esbuild, the way `npm run build` bundles
// it) run `runs` times in a row, each timed from spawn to exit. Each run replaces
// dist/admin-panel/main.js and main.css in one rename, so a server reading them never sees half.

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { percentile } from './panel-http.js';
import { ROOT } from './paths.js';

export interface BuildTiming { runs: number; medianMs: number; maxMs: number }

export function timePanelBuilds(runs: number): BuildTiming {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-panel.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    times.push(performance.now() - started);
    if (run.status !== 0) throw new Error(`node scripts/build-panel.mjs exited with ${run.status}:\n${run.stderr.slice(-3000)}`);
  }
  const sorted = times.sort((a, b) => a - b);
  return { runs, medianMs: Math.round(percentile(sorted, 0.5)), maxMs: Math.round(sorted[sorted.length - 1]!) };
}
