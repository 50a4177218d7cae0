// A site-dataset result as markdown: the machine, the data, one row per scenario with its target.

import type { SiteResult, SiteScenarioResult } from './site-runner.js';

const fmt = (n: number | undefined, digits = 0): string => (n === undefined ? '–' : n.toFixed(digits));

function row(s: SiteScenarioResult): string {
  const o = s.ours;
  return `| (${s.id}) ${s.name} | ${fmt(o?.rps)} | ${s.targetRps} | ${s.met === undefined ? '–' : s.met ? 'met' : 'missed'} | `
    + `${fmt(o?.latencyMs.p50, 1)} / ${fmt(o?.latencyMs.p99, 1)} | ${fmt(o?.statementsPerRequest, 1)} | ${fmt(o?.sqlMsPerRequest, 2)} | `
    + `${o ? o.non2xx + o.errors : '–'} |`;
}

export function siteMarkdown(r: SiteResult): string {
  const m = r.machine;
  const d = r.dataset;
  const o = r.options;
  const lines = [
    `# Site benchmark ${r.startedAt.slice(0, 19).replace('T', ' ')} UTC${o.quick ? ' (quick)' : ''}`,
    '',
    `- Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.os}; load average ${m.loadAverage.start} at start, ${m.loadAverage.end ?? '?'} at end (the load generator shares the machine)`,
    `- Data: ${d.articles} article documents in English and French, each published (a draft and a published row), one in three with a differing draft: ${d.rows} article rows; `
      + `${d.categories} categories (two locales), ${d.authors} authors, ${d.files} files (seed ${d.seed}, SQLite, ${d.reused ? 'reused' : `generated in ${fmt(d.generatedMs / 1000, 1)} s`})`,
    `- Server: ours NODE_ENV=production, ${o.workers} worker(s), compiled dist/, draft-and-publish and i18n on, users-permissions off`,
    `- Load: autocannon, ${o.connections} connections, ${o.warmupSeconds} s warm-up + ${o.durationSeconds} s per scenario`,
    '',
    '| Scenario | req/s | target req/s | | p50 / p99 ms | SQL/req | SQL ms/req | errors |',
    '|---|---:|---:|:---:|---:|---:|---:|---:|',
    ...r.scenarios.map(row),
    '',
    `Idle RSS after start-up: ${fmt(r.idleRssMb, 1)} MB (target < ${r.idleRssTargetMb} MB, ${r.idleRssMb < r.idleRssTargetMb ? 'met' : 'missed'}); `
      + `peak over the run (VmHWM) ${fmt(r.peakRssMb)} MB. SQL/req and SQL ms/req are measured in-process on the same file `
      + '(from each statement\'s start to its answer, summed; the mean of 3 requests after one warm-up). Reads run before the write.',
    '',
    'Scenarios:',
    ...r.scenarios.map((s) => `- (${s.id}) ${s.name}: ${s.description}`),
  ];
  if (r.errors.length) lines.push('', 'Errors:', ...r.errors.map((e) => `- ${e.replace(/\n/g, ' ')}`));
  return `${lines.join('\n')}\n`;
}
