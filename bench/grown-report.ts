// A grown-dataset result as markdown: the machine, the fill, one row per scenario, and with
// --restart the same reads after a restart and the ratio of the two.

import type { GrownResult, GrownScenarioResult } from './grown-runner.js';

const fmt = (n: number | undefined, digits = 0): string => (n === undefined ? '–' : n.toFixed(digits));

function row(s: GrownScenarioResult, restart: boolean): string {
  const g = s.grown;
  const r = s.restarted;
  const cells = [`(${s.id}) ${s.name}`, fmt(g?.rps), fmt(g?.cpuMsPerRequest, 2), `${fmt(g?.latencyMs.p50, 1)} / ${fmt(g?.latencyMs.p99, 1)}`];
  if (restart) cells.push(fmt(r?.rps), g && r && r.rps ? fmt(g.rps / r.rps, 2) : '–');
  cells.push(String((g ? g.non2xx + g.errors : 0) + (r ? r.non2xx + r.errors : 0)));
  return `| ${cells.join(' | ')} |`;
}

export function grownMarkdown(r: GrownResult): string {
  const m = r.machine;
  const o = r.options;
  const f = r.fill;
  const header = ['Scenario', 'req/s', 'CPU ms a request', 'p50 / p99 ms', ...(o.restart ? ['req/s restarted', 'grown / restarted'] : []), 'errors'];
  const lines = [
    `# Grown-site benchmark ${r.startedAt.slice(0, 19).replace('T', ' ')} UTC${o.quick ? ' (quick)' : ''}`,
    '',
    `- Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.os}; load average ${m.loadAverage.start} at start, ${m.loadAverage.end ?? '?'} at end (the load generator shares the machine)`,
    `- Server: ours, NODE_ENV=production, ${o.workers} worker(s), compiled dist/, SQLite, started on an empty database; draft-and-publish, i18n (en, fr), GraphQL and upload on, users-permissions off`,
    `- Fill, through the REST API of that running server: ${f.files} images uploaded, ${f.cities} cities, ${f.chefs} chefs, ${f.restaurants} restaurants `
      + `(each created published in English, given its French version, one in three a differing draft): ${f.requests} requests in ${fmt(f.fillMs / 1000, 1)} s (${f.requestsPerSecond}/s, 4 clients; seed ${o.seed})`,
    `- Load: autocannon, ${o.connections} connections, ${o.warmupSeconds} s warm-up + ${o.durationSeconds} s per scenario, on the filled server without a restart`
      + (o.restart ? `; each read also on a server started on a copy of the filled file, as a restart would, the two taking turns in ${o.rounds} slices` : ''),
    `- Planner statistics of the filled file (sqlite_stat1, rows per table) as the running server left them: ${Object.entries(r.statistics).map(([t, n]) => `${t} ${n}`).join(', ')}`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...r.scenarios.map((s) => row(s, o.restart)),
    '',
    `Idle RSS after start-up on the empty database: ${fmt(r.idleRssMb, 1)} MB. Reads run before the write.`,
    '',
    'Scenarios:',
    ...r.scenarios.map((s) => `- (${s.id}) ${s.name}: ${s.description}`),
  ];
  if (r.errors.length) lines.push('', 'Errors:', ...r.errors.map((e) => `- ${e.replace(/\n/g, ' ')}`));
  return `${lines.join('\n')}\n`;
}
