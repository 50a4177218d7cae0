// `npm run bench -- --startup`: start-up alone, without a dataset. The example app as `npm start`
// serves it (every plugin its config enables), the same app with the core alone (the row the
// full run prints), and a generated app of 100 content types; each on an empty database and
// again on the same file. Medians of --rounds starts (default 5).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentLoad, describeMachine, type Machine } from './machine.js';
import { exampleAppStartup, generatedAppStartup, shippedAppStartup, type StartupResult } from './startup.js';

export interface StartupBenchResult {
  format: 'strata-bench-startup/1';
  startedAt: string;
  machine: Machine;
  workers: number;
  rows: Array<{ label: string; result: StartupResult }>;
}

export async function runStartup(runs: number, workers: number, generatedTypes: number): Promise<StartupBenchResult> {
  const startedAt = new Date().toISOString();
  const machine = describeMachine();
  const shipped = await shippedAppStartup(runs, workers);
  const dir = mkdtempSync(join(tmpdir(), 'strata-bench-core-'));
  let core: StartupResult;
  try {
    // The core alone on an empty file: its first start creates the schema, later ones reuse it
    core = await exampleAppStartup(join(dir, 'data.db'), runs, workers);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const generated = await generatedAppStartup(generatedTypes, runs, workers);
  machine.loadAverage.end = currentLoad();
  return {
    format: 'strata-bench-startup/1', startedAt, machine, workers,
    rows: [
      { label: 'example app as shipped, empty database', result: shipped.cold },
      { label: 'example app as shipped, second start', result: shipped.warm },
      { label: 'example app, core alone (draft-and-publish, i18n, users-permissions off)', result: core },
      { label: `generated app (${generatedTypes} types), empty database`, result: generated.cold },
      { label: `generated app (${generatedTypes} types), second start`, result: generated.warm },
    ],
  };
}

export function startupMarkdown(r: StartupBenchResult): string {
  const m = r.machine;
  return [
    `# Start-up ${r.startedAt.slice(0, 19).replace('T', ' ')} UTC`,
    '',
    `- Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.os}; load average ${m.loadAverage.start} at start, ${m.loadAverage.end ?? '?'} at end`,
    `- Server: compiled dist/, NODE_ENV=production, ${r.workers} worker(s), SQLite; each figure the median of ${r.rows[0]?.result.runs ?? 0} starts`,
    '- "first response": from spawning the process to the first answered `GET /api/<type>?pagination[pageSize]=1`; idle RSS a second after it',
    '',
    '| Start | content types | "serving" logged (ms) | first response (ms) | idle RSS (MB) |',
    '|---|---:|---:|---:|---:|',
    ...r.rows.map(({ label, result }) => `| ${label} | ${result.contentTypes} | ${result.readyMs} | ${result.firstResponseMs} | ${result.idleRssMb.toFixed(1)} |`),
    '',
  ].join('\n');
}
