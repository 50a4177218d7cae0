// A benchmark result as markdown: the machine, the data, one row per scenario, start-up.

import { neighboursMarkdown } from './neighbours.js';
import type { BenchResult, ScenarioResult, SideResult } from './runner.js';
import type { StartupResult } from './startup.js';

const fmt = (n: number | undefined, digits = 0): string => (n === undefined ? '–' : n.toFixed(digits));
const pair = (a: number | undefined, b: number | undefined, digits = 0) => (b === undefined ? fmt(a, digits) : `${fmt(a, digits)} / ${fmt(b, digits)}`);

function row(s: ScenarioResult): string {
  const o: SideResult | undefined = s.ours;
  const f: SideResult | undefined = s.floor;
  const errors = (o ? o.non2xx + o.errors : 0) + (f ? f.non2xx + f.errors : 0);
  return `| (${s.id}) ${s.name} | ${fmt(o?.rps)} | ${fmt(f?.rps)} | ${s.ratio ? fmt(s.ratio.rps, 2) : '–'} | `
    + `${pair(o?.latencyMs.p50, f?.latencyMs.p50, 1)} | ${pair(o?.latencyMs.p99, f?.latencyMs.p99, 1)} | `
    + `${pair(o?.statementsPerRequest, f?.statementsPerRequest, 1)} | ${pair(o?.peakRssMb, f?.peakRssMb)} | ${errors} | `
    + `${s.sameResponse === undefined ? '–' : s.sameResponse ? 'yes' : 'NO'} |`;
}

function startupRow(label: string, r: StartupResult | undefined): string {
  if (!r) return `| ${label} | – | – | – | – |`;
  return `| ${label} | ${r.contentTypes} | ${r.readyMs} | ${r.firstResponseMs} | ${fmt(r.idleRssMb, 1)} |`;
}

/** (i) asks GraphQL for what (c) asks REST: the same rows, fields and count. */
function graphqlVsRest(list: ScenarioResult[]): string[] {
  const rest = list.find((s) => s.id === 'c')?.ours;
  const graphql = list.find((s) => s.id === 'i')?.ours;
  if (!rest || !graphql) return [];
  return [
    `GraphQL / REST for the same data ((i) / (c), ours): req/s ${fmt(graphql.rps / rest.rps, 2)}, `
      + `p50 ${fmt(graphql.latencyMs.p50 / rest.latencyMs.p50, 2)}, SQL/req ${fmt(graphql.statementsPerRequest, 1)} / ${fmt(rest.statementsPerRequest, 1)}.`,
    '',
  ];
}

export function toMarkdown(r: BenchResult): string {
  const m = r.machine;
  const d = r.dataset;
  const o = r.options;
  const lines = [
    `# Benchmark ${r.startedAt.slice(0, 19).replace('T', ' ')} UTC${o.quick ? ' (quick)' : ''}`,
    '',
    `- Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.os}; load average ${m.loadAverage.start} at start, ${m.loadAverage.end ?? '?'} at end (the load generator shares the machine)`,
    `- Data: ${d.articles} articles, ${d.categories} categories, ${d.authors} authors, ${d.files} files (seed ${d.seed}, SQLite, ${d.reused ? 'reused' : `generated in ${fmt(d.generatedMs / 1000, 1)} s`})`,
    `- Servers: ours NODE_ENV=production, ${r.server.workers} worker(s), compiled dist/, draft-and-publish, i18n and users-permissions off`
      + `${r.scenarios.some((s) => s.id === 'h') ? '; (h) on a second process of ours with users-permissions on, started for it' : ''}`
      + '; floor: bare Koa + knex (bench/floor/), read-only on the same file',
    `- Load: autocannon, ${o.connections} connections, ${o.warmupSeconds} s warm-up + ${o.durationSeconds} s per scenario; ours and the floor take turns in ${o.rounds} slices of ${Math.round((o.durationSeconds / o.rounds) * 10) / 10} s each`,
    '',
    '| Scenario | ours req/s | floor req/s | ours/floor | p50 ms ours / floor | p99 ms ours / floor | SQL/req ours / floor | peak RSS MB ours / floor | errors | same JSON |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|:---:|',
    ...r.scenarios.map(row),
    '',
    ...graphqlVsRest(r.scenarios),
    `Peak RSS over the whole run (VmHWM): ours ${fmt(r.server.peakRssMb)} MB, `
      + `${r.server.usersPermissionsPeakRssMb === undefined ? '' : `ours with users-permissions ${fmt(r.server.usersPermissionsPeakRssMb)} MB, `}`
      + `floor ${fmt(r.server.floorPeakRssMb)} MB. SQL/req for ours is counted in-process (same requests, same file). Reads run before writes.`,
    '',
    '| Start-up | content types | "serving" logged (ms) | first response (ms) | idle RSS (MB) |',
    '|---|---:|---:|---:|---:|',
    startupRow('example app', r.startup.exampleApp),
    startupRow('generated app, empty database', r.startup.generatedCold),
    startupRow('generated app, second start', r.startup.generatedWarm),
    '',
    ...(r.pending.length ? [`Not measured yet: ${r.pending.map((p) => `(${p.id}) ${p.name}, needs ${p.needs}`).join('; ')}.`, ''] : []),
    'Scenarios:',
    ...r.scenarios.map((s) => `- (${s.id}) ${s.name}: ${s.description}`),
  ];
  if (r.warnings.length) lines.push('', 'Warnings:', ...r.warnings.map((w) => `- ${w}`));
  if (r.errors.length) lines.push('', 'Errors:', ...r.errors.map((e) => `- ${e.replace(/\n/g, ' ')}`));
  if (r.neighbours) lines.push('', neighboursMarkdown(r.neighbours));
  return `${lines.join('\n')}\n`;
}
