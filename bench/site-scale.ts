// The scale curve (--dataset site --scale): the site's read scenarios at each data size, one
// site run a size, and how each scenario's req/s holds up against the smallest size. Issue
// #18's targets: at 100k documents within 0.8 of 10k, at 1M within 0.5; the default list's SQL
// (page and count) at 1M under 20 ms.

import type { Machine } from './machine.js';
import type { SiteResult } from './site-runner.js';

export interface ScaleResult {
  format: 'strata-bench-site-scale/1';
  startedAt: string;
  finishedAt: string;
  machine: Machine;
  runs: SiteResult[];
}

/** The lowest share of the smallest size's req/s each size should keep. */
export function scaleTarget(articles: number, base: number): number | undefined {
  const factor = articles / base;
  if (factor >= 100) return 0.5;
  if (factor >= 10) return 0.8;
  return undefined;
}

const LIST_SQL_TARGET_MS = 20;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const size = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

export function scaleMarkdown(r: ScaleResult): string {
  const base = r.runs[0]!;
  const m = r.machine;
  const o = base.options;
  const header = ['Scenario', ...r.runs.map((run) => `${size(run.dataset.articles)} req/s (SQL ms)`), ...r.runs.slice(1).map((run) => `${size(run.dataset.articles)} / ${size(base.dataset.articles)}`)];
  const lines = [
    `# Site scale curve ${r.startedAt.slice(0, 19).replace('T', ' ')} UTC`,
    '',
    `- Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.os}`,
    `- Data: the site dataset (bench/README.md) at ${r.runs.map((run) => `${size(run.dataset.articles)} documents (${fmt(run.dataset.rows)} article rows)`).join(', ')}; SQLite`,
    `- Server: ours, production, ${o.workers} worker(s); load: autocannon, ${o.connections} connections, ${o.warmupSeconds} s warm-up + ${o.durationSeconds} s a scenario`,
    '',
    `| ${header.join(' | ')} |`,
    `|---|${header.slice(1).map(() => '---:').join('|')}|`,
  ];
  for (const scenario of base.scenarios) {
    const cells = r.runs.map((run) => {
      const s = run.scenarios.find((x) => x.id === scenario.id)?.ours;
      return s ? `${fmt(s.rps)} (${fmt(s.sqlMsPerRequest, 2)})` : '-';
    });
    const ratios = r.runs.slice(1).map((run) => {
      const s = run.scenarios.find((x) => x.id === scenario.id)?.ours;
      const b = scenario.ours;
      if (!s || !b || b.rps === 0) return '-';
      const ratio = s.rps / b.rps;
      const target = scaleTarget(run.dataset.articles, base.dataset.articles);
      return `${fmt(ratio, 2)}${target === undefined ? '' : ratio >= target ? ` (>= ${target}, met)` : ` (< ${target}, missed)`}`;
    });
    lines.push(`| (${scenario.id}) ${scenario.name} | ${[...cells, ...ratios].join(' | ')} |`);
  }
  lines.push('', `The default list's SQL (its page and its count, (s1)'s SQL ms) should stay under ${LIST_SQL_TARGET_MS} ms at every size.`);
  const errors = r.runs.flatMap((run) => run.errors.map((e) => `${size(run.dataset.articles)}: ${e}`));
  if (errors.length) lines.push('', 'Errors:', ...errors.map((e) => `- ${e.replace(/\n/g, ' ')}`));
  return `${lines.join('\n')}\n`;
}
