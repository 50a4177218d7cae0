// The history run's markdown: each kind of write with history on and off, the ratio, and what a
// version weighs.

import type { HistoryResult, TableSize } from './history-run.js';

const ratio = (on: number, off: number) => (off > 0 ? (on / off).toFixed(2) : '—');
const ms = (n: number) => `${n.toFixed(2)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const perRow = (bytes: number | undefined, rows: number) => (bytes === undefined ? 'no dbstat' : rows ? `${Math.round(bytes / rows).toLocaleString('en-US')} B` : '—');

export function historyMarkdown(r: HistoryResult): string {
  const m = r.machine;
  const o = r.options;
  const on = r.size.on;
  const off = r.size.off;
  const counted = r.scenarios.some((s) => s.statements?.on && s.statements.off);
  const lines = [
    `# Content history: the cost per write ${r.startedAt.slice(0, 19).replace('T', ' ')} UTC`,
    '',
    `- Command: \`${r.command}\``,
    `- Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.os}; load average ${m.loadAverage.start} at start, ${m.loadAverage.end ?? '?'} at end`,
    `- Servers: two, ${r.server}, NODE_ENV=production, ${o.workers} worker(s), SQLite, the app's plugins (draft-and-publish, i18n en/fr, users-permissions, ...) and the admin on; **on**: \`history\` and \`auditLogs\` enabled (maxVersions 100, as shipped); **off**: both \`enabled: false\``,
    `- Data, written to each through the admin API (an empty file each): ${r.fill.on.articles} articles (${r.fill.on.published} published) with a category, 1-3 authors, the seo component and 0-3 dynamic-zone entries; ${r.fill.on.categories} categories, ${r.fill.on.authors} authors (${r.fill.on.requests} requests: ${(r.fill.on.fillMs / 1000).toFixed(1)} s with history on, ${(r.fill.off.fillMs / 1000).toFixed(1)} s off)`,
    `- Sequential: per scenario and server ${o.warmupWrites} unmeasured writes, then ${o.writes} on one kept-alive connection, each timed from sending to its last byte, the servers taking turns in ${o.slices} slices (which goes first alternates); write *i* goes to article *i* mod ${o.articles}`,
    ...(o.load.durationSeconds > 0 ? [`- Throughput: autocannon, ${o.load.connections} connections, ${o.load.warmupSeconds} s warm-up each, then ${o.load.rounds} turns each adding up to ${o.load.durationSeconds} s per server`] : []),
    '',
    '## Latency per write, sequential',
    '',
    `| Scenario | on: median / p95 | off: median / p95 | on / off, median | on / off, p95 | server CPU per write, on / off | on / off, CPU |${counted ? ' SQL statements on / off | SQL time on / off |' : ''}`,
    `|---|---|---|---|---|---|---|${counted ? '---|---|' : ''}`,
    ...r.scenarios.map((s) => {
      const a = s.sequential.on;
      const b = s.sequential.off;
      const st = s.statements;
      const sql = counted ? ` ${st?.on?.statements ?? '?'} / ${st?.off?.statements ?? '?'} | ${st?.on ? ms(st.on.sqlMs) : '?'} / ${st?.off ? ms(st.off.sqlMs) : '?'} |` : '';
      return `| ${s.name} | ${ms(a.medianMs)} / ${ms(a.p95Ms)} | ${ms(b.medianMs)} / ${ms(b.p95Ms)} | ${ratio(a.medianMs, b.medianMs)} | ${ratio(a.p95Ms, b.p95Ms)} | ${ms(a.cpuMsPerWrite)} / ${ms(b.cpuMsPerWrite)} | ${ratio(a.cpuMsPerWrite, b.cpuMsPerWrite)} |${sql}`;
    }),
    '',
    ...r.scenarios.map((s) => `- ${s.name}: \`${s.request}\``),
    '- Server CPU: the server process\'s user + system time (/proc/<pid>/stat) over the measured writes, divided by them: what a write cost the server, however busy the machine was.',
    '',
  ];
  if (r.scenarios.some((s) => s.load)) {
    lines.push(
      `## Throughput, autocannon at ${o.load.connections} connections`,
      '',
      '| Scenario | on: req/s | off: req/s | on / off | on: p50 / p99 | off: p50 / p99 | writes on / off |',
      '|---|---|---|---|---|---|---|',
      ...r.scenarios.filter((s) => s.load).map((s) => {
        const a = s.load!.on;
        const b = s.load!.off;
        return `| ${s.name} | ${a.rps} | ${b.rps} | ${ratio(a.rps, b.rps)} | ${a.latencyMs.p50} / ${a.latencyMs.p99} ms | ${b.latencyMs.p50} / ${b.latencyMs.p99} ms | ${a.requests} / ${b.requests} |`;
      }),
      '',
    );
  }
  lines.push(
    `## What history keeps, after ${r.writes.on.toLocaleString('en-US')} writes (fill included)`,
    '',
    '| | on | off |',
    '|---|---|---|',
    `| rows in \`strapi_history_versions\` | ${on.rows} | ${off.rows} |`,
    `| by write | ${Object.entries(on.byAction).map(([a, v]) => `${a} ${v.rows}`).join(', ') || '—'} | ${Object.entries(off.byAction).map(([a, v]) => `${a} ${v.rows}`).join(', ') || '—'} |`,
    `| \`data\` JSON per version (the state before the write) | ${perRow(on.dataBytes, on.rows)} | ${perRow(off.dataBytes, off.rows)} |`,
    `| \`schema\` JSON per version (the attributes, stored on every row) | ${perRow(on.schemaBytes, on.rows)} | ${perRow(off.schemaBytes, off.rows)} |`,
    `| table pages per version (dbstat) | ${perRow(on.tableBytes, on.rows)} | ${perRow(off.tableBytes, off.rows)} |`,
    `| its indexes' pages per version (dbstat) | ${perRow(on.indexBytes, on.rows)} | ${perRow(off.indexBytes, off.rows)} |`,
    `| table + indexes in all | ${sizeAll(on)} | ${sizeAll(off)} |`,
    `| audit-log rows | ${on.auditRows} | ${off.auditRows} |`,
    `| database file (after a checkpoint) | ${kb(on.fileBytes)} | ${kb(off.fileBytes)} |`,
    '',
    `Data per version by write: ${Object.entries(on.byAction).map(([a, v]) => `${a} ${perRow(v.dataBytes, v.rows)}`).join(', ')} (a create's version and a publish of a never-published version keep no data).`,
    '',
  );
  if (counted) {
    lines.push(`SQL statements and SQL time: in-process, a kernel on each server's file and config once the servers stopped (knex \`query\` events, each statement from sent to answered); one unmeasured write each, then ${o.statementSamples} writes of each kind, the two kernels taking turns; statements: the mean, SQL time: the median. The JSON keeps the last write's statements.`, '');
  }
  if (r.errors.length) lines.push('## Errors', '', ...r.errors.map((e) => `- ${e}`), '');
  if (r.warnings.length) lines.push('## Warnings', '', ...r.warnings.map((w) => `- ${w}`), '');
  return lines.join('\n');
}

function sizeAll(s: TableSize): string {
  return s.tableBytes === undefined ? 'no dbstat' : kb(s.tableBytes + (s.indexBytes ?? 0));
}
