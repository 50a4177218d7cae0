// The panel run's markdown: each figure beside its budget, and the command that produced it.

import type { PanelResult } from './panel-run.js';

/** KB here is 1,024 bytes. */
const KB = 1024;

interface Row { figure: string; measured: string; budget: string; within: boolean | undefined }

export function panelBudgets(r: PanelResult): Row[] {
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  const ms = (n: number) => `${n} ms`;
  const l = r.listRequest;
  const p = r.panelListRequest;
  return [
    { figure: `build: \`node scripts/build-panel.mjs\`, ${r.build.runs} runs`, measured: `median ${ms(r.build.medianMs)}, max ${ms(r.build.maxMs)}`, budget: 'under 10 s', within: r.build.maxMs < 10_000 },
    { figure: 'first screen: JavaScript, gzipped', measured: kb(r.firstScreen.jsGzipBytes), budget: 'at most 150 KB', within: r.firstScreen.jsGzipBytes <= 150 * KB },
    { figure: 'first screen: CSS, gzipped', measured: kb(r.firstScreen.cssGzipBytes), budget: '—', within: undefined },
    { figure: `list of ${l.rows}: \`GET ${l.path}\`, ${l.requests} sequential requests`, measured: `median ${ms(l.medianMs)}, p95 ${ms(l.p95Ms)}, max ${ms(l.maxMs)}`, budget: 'under 100 ms', within: l.p95Ms < 100 },
    { figure: 'its response', measured: `${kb(l.jsonBytes)} JSON (${kb(l.wireBytes)} sent, ${l.contentEncoding})`, budget: 'at most 50 KB', within: l.jsonBytes <= 50 * KB },
    { figure: `the panel's own list request: \`GET ${p.path}\``, measured: `median ${ms(p.medianMs)}, p95 ${ms(p.p95Ms)}, max ${ms(p.maxMs)}`, budget: 'under 100 ms', within: p.p95Ms < 100 },
    { figure: 'its response', measured: `${kb(p.jsonBytes)} JSON (${kb(p.wireBytes)} sent, ${p.contentEncoding})`, budget: 'at most 50 KB', within: p.jsonBytes <= 50 * KB },
    { figure: `list of 50 in chromium: response to rows on screen, ${r.listRender.loads} loads`, measured: `median ${ms(r.listRender.toScreenMs.median)}, max ${ms(r.listRender.toScreenMs.max)}`, budget: 'within 200 ms', within: r.listRender.toScreenMs.max <= 200 },
    { figure: `typing in \`${r.typing.field}\` of a dynamic zone of ${r.options.entries}: key to screen, ${r.typing.keys} keys`, measured: `median ${ms(r.typing.keyToScreenMs.median)}, max ${ms(r.typing.keyToScreenMs.max)}`, budget: 'under 50 ms', within: r.typing.keyToScreenMs.max < 50 },
  ];
}

export function panelMarkdown(r: PanelResult): string {
  const m = r.machine;
  const verdict = (w: boolean | undefined) => (w === undefined ? '' : w ? 'yes' : '**no**');
  const rows = panelBudgets(r);
  return [
    `# Admin panel ${r.startedAt.slice(0, 19).replace('T', ' ')} UTC`,
    '',
    `- Command: \`${r.command}\``,
    `- Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.os}; load average ${m.loadAverage.start} at start, ${m.loadAverage.end ?? '?'} at end`,
    `- Browser: chromium ${r.browser.chromium}, headless, viewport ${r.browser.viewport.width}×${r.browser.viewport.height}, no CPU throttling (the machine's ${m.cores} cores as they are)`,
    `- Server: ${r.options.fromSources ? 'the sources through tsx' : 'compiled dist/'}, NODE_ENV=production, ${r.options.workers} worker(s), SQLite, the app's plugins and the admin on`,
    `- Data, written through the admin API: ${r.fill.articles} articles (${r.fill.published} published) with a category, 1-3 authors, the seo component and 0-3 dynamic-zone entries; ${r.fill.categories} categories, ${r.fill.authors} authors; ${r.fill.requests} requests in ${(r.fill.fillMs / 1000).toFixed(1)} s. Plus one article of ${r.options.entries} dynamic-zone entries (quote, rich text, media in turn)`,
    '',
    '| Figure | Measured | Budget | Within |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.figure} | ${row.measured} | ${row.budget} | ${verdict(row.within)} |`),
    '',
    '## How',
    '',
    '- Bundle: the scripts and styles chromium downloaded for the panel\'s home, signed in, each gzipped at zlib\'s default level; KB = 1,024 bytes.',
    `  ${r.firstScreen.assets.map((a) => `\`${a.url}\` ${a.bytes} B (${a.gzipBytes} B gzipped; served ${a.contentEncoding})`).join(', ')}.`,
    '- List request: one kept-alive connection, 5 unmeasured requests, then each timed from sending to its last byte, with a browser\'s Accept-Encoding and an admin\'s bearer token.',
    `- List on screen: the panel loaded afresh at \`?pageSize=50\` each time; from the list response\'s last byte (Resource Timing \`responseEnd\`) to the rows in the DOM (a MutationObserver) median ${r.listRender.toDomMs.median} ms, max ${r.listRender.toDomMs.max} ms; to the next animation frame median ${r.listRender.toFrameMs.median} ms; "on screen" is a message posted from that frame, after it was painted.`,
    `- Typing: the edit view of the long article, the caret at the end of \`${r.typing.field}\`, one key at a time (60 ms apart once the previous one is on screen); from the keydown\'s timestamp to a message posted from the first animation frame after its input event (key to frame: median ${r.typing.keyToFrameMs.median} ms, max ${r.typing.keyToFrameMs.max} ms). Keys not yet shown by that frame: ${r.typing.notShown}. Event Timing entries of 16 ms or more for key and input events: ${r.typing.slowEvents.count}${r.typing.slowEvents.count ? ` (longest ${r.typing.slowEvents.maxMs} ms)` : ''}.`,
    ...(r.problems.length ? ['', '## Problems in the page', '', ...r.problems.map((p) => `- ${p}`)] : []),
    '',
  ].join('\n');
}
