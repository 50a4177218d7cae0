// `npm run bench [-- options]`: builds the server, generates (or reuses) the data, runs every
// scenario against our server and the floor, writes <out>/<timestamp>.json and a markdown table.
// Exits non-zero only on errors (non-2xx answers, socket errors, crashed processes), never on speed.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { removeDatabase, workingCopy } from './dataset.js';
import { ensureDataset } from './generator.js';
import { grownMarkdown } from './grown-report.js';
import { runGrown, type GrownResult } from './grown-runner.js';
import { runSideBySide, sideBySideMarkdown } from './side-by-side.js';
import { siteMarkdown } from './site-report.js';
import { scaleMarkdown, type ScaleResult } from './site-scale.js';
import { runSite } from './site-runner.js';
import { runStartup, startupMarkdown } from './startup-run.js';
import { historyMarkdown } from './history-report.js';
import { runHistory, type HistoryOptions } from './history-run.js';
import { panelMarkdown } from './panel-report.js';
import { runPanel, type PanelOptions } from './panel-run.js';
import { RESULTS_DIR, ROOT, SERVER_ENTRY } from './paths.js';
import { toMarkdown } from './report.js';
import { runBench, type BenchResult, type RunOptions } from './runner.js';
import type { SiteResult } from './site-runner.js';

const USAGE = `npm run bench -- [options]
  --quick               smoke run: 1k articles, 1 s warm-up, 3 s per scenario (under 2 minutes)
  --dataset core|site|grown
                        core (default): plugins off, against the floor; site: draft-and-publish
                        and i18n on, two locales and drafts, against absolute targets (no floor);
                        grown: the server started on an empty database and filled through its
                        API (restaurants: --size/--articles, default 5000), measured without a restart
  --restart             with --dataset grown: each read also on a server started on a copy of
                        the filled file (as after a restart), in alternating slices
  --strapi              with --dataset grown: ours against Strapi 5.54 (installed once into
                        ~/.cache/strata-bench, run on Node 22), each filled through its own API,
                        in alternating slices -> results/strapi-latest.md (not part of CI)
  --size 1k|10k|100k|1m articles to generate (default 10k)
  --scale               with --dataset site: the read scenarios at each of --sizes, and how
                        req/s holds up against the smallest -> results/site-scale.md
  --sizes a,b,...       the sizes of --scale (default 10k,100k,1m)
  --articles N          the same, as a number
  --seed N              PRNG seed (default 42)
  --warmup S --duration S --connections N   load settings (default 3, 10, 10)
  --rounds N            turns ours and the floor take within --duration (default 5; quick 3)
  --workers N           server worker processes (default 1, like the floor)
  --only a,b,...        run only these scenarios
  --out DIR             where to write results (default bench/results)
  --regenerate          rebuild the data file even if it exists
  --skip-build          use dist/ as it is
  --startup             start-up alone (no dataset): the example app as shipped, the core alone and
                        a generated app of 100 types, --rounds starts each -> results/startup-latest.md
  --panel               the admin panel's budgets: --rounds builds (default 5), the bundle, the list of
                        50 and typing in chromium, on a server filled with --articles (default 2000)
                        through the admin API -> results/panel-latest.md (--quick: panel-quick.md)
  --from-sources        with --panel or --history: the server from the sources through tsx, nothing built
  --history             what content history costs a write: two servers (history and audit log on,
                        both off) filled through the admin API with --articles (default 300; quick 20),
                        then --writes sequential admin updates, REST updates and publishes each (default
                        500; quick 30) in alternating slices, autocannon for --duration (default 6 s;
                        quick 1), the history table's size -> results/history-latest.md (quick: history-quick.md)
  --writes N            with --history: sequential writes per scenario and server`;

const SIZES: Record<string, number> = { '1k': 1000, '10k': 10_000, '100k': 100_000, '1m': 1_000_000 };

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got ${value}`);
  return n;
}

function build(): string | undefined {
  process.stderr.write('build: npm run build\n');
  const res = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (res.status === 0) return undefined;
  if (!existsSync(SERVER_ENTRY)) throw new Error('npm run build failed and dist/ has no server');
  return `npm run build exited with ${res.status}; ran the server tsc emitted anyway`;
}

/** Writes a run's JSON and markdown (each through a temporary file, so a reader never sees half
 *  of one), prints the markdown and says where the JSON is. */
function writeResults(out: string, jsonName: string, markdownName: string, result: unknown, markdown: string): void {
  mkdirSync(out, { recursive: true });
  const jsonFile = join(out, jsonName);
  for (const [file, text] of [[jsonFile, `${JSON.stringify(result, null, 2)}\n`], [join(out, markdownName), markdown]] as const) {
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  }
  process.stdout.write(`${markdown}\nresults: ${jsonFile}\n`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false }, size: { type: 'string' }, articles: { type: 'string' },
      seed: { type: 'string' }, warmup: { type: 'string' }, duration: { type: 'string' }, rounds: { type: 'string' },
      connections: { type: 'string' },
      workers: { type: 'string' }, only: { type: 'string' }, out: { type: 'string' },
      regenerate: { type: 'boolean', default: false }, 'skip-build': { type: 'boolean', default: false },
      dataset: { type: 'string', default: 'core' },
      scale: { type: 'boolean', default: false }, sizes: { type: 'string' }, restart: { type: 'boolean', default: false },
      strapi: { type: 'boolean', default: false }, startup: { type: 'boolean', default: false },
      panel: { type: 'boolean', default: false }, 'from-sources': { type: 'boolean', default: false },
      history: { type: 'boolean', default: false }, writes: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) { process.stdout.write(`${USAGE}\n`); return 0; }
  const quick = values.quick === true;
  if (values.size !== undefined && !SIZES[values.size.toLowerCase()]) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`);
  const articles = values.articles !== undefined ? Math.floor(positive('articles', values.articles, 0))
    : values.size !== undefined ? SIZES[values.size.toLowerCase()]! : quick ? 1000 : 10_000;
  const seed = Math.floor(positive('seed', values.seed, 42));
  const opts: RunOptions = {
    quick,
    warmupSeconds: positive('warmup', values.warmup, quick ? 1 : 3),
    durationSeconds: positive('duration', values.duration, quick ? 3 : 10),
    rounds: Math.floor(positive('rounds', values.rounds, quick ? 3 : 5)),
    connections: Math.floor(positive('connections', values.connections, 10)),
    workers: Math.floor(positive('workers', values.workers, 1)),
    startupRuns: quick ? 1 : 3,
    generatedTypes: 100,
    ...(values.only ? { only: values.only.split(',').map((s) => s.trim()) } : {}),
  };
  const out = resolve(values.out ?? RESULTS_DIR);

  if (values.panel) {
    const panel: PanelOptions = {
      articles: values.articles !== undefined || values.size !== undefined ? articles : quick ? 30 : 2000, seed,
      builds: Math.floor(positive('rounds', values.rounds, quick ? 1 : 5)), requests: quick ? 5 : 50, loads: quick ? 2 : 10,
      entries: quick ? 6 : 50, keys: quick ? 5 : 30, workers: opts.workers, fromSources: values['from-sources'] === true, quick,
    };
    return runPanelBench(panel, out, values['skip-build'] === true || panel.fromSources);
  }
  if (values.history) {
    const history: HistoryOptions = {
      articles: values.articles !== undefined || values.size !== undefined ? articles : quick ? 20 : 300,
      writes: Math.floor(positive('writes', values.writes, quick ? 30 : 500)), slices: quick ? 2 : 10, warmupWrites: quick ? 5 : 20, statementSamples: quick ? 6 : 20,
      seed, workers: opts.workers, fromSources: values['from-sources'] === true, quick,
      load: {
        warmupSeconds: positive('warmup', values.warmup, quick ? 0.5 : 1), durationSeconds: positive('duration', values.duration, quick ? 1 : 6),
        connections: opts.connections, rounds: Math.floor(positive('rounds', values.rounds, quick ? 1 : 3)),
      },
    };
    return runHistoryBench(history, out, values['skip-build'] === true || history.fromSources);
  }
  if (values.startup) return runStartupBench(Math.floor(positive('rounds', values.rounds, 5)), opts, out, values['skip-build'] === true);

  const variant = values.dataset;
  if (variant !== 'core' && variant !== 'site' && variant !== 'grown') throw new Error(`--dataset must be core, site or grown, got ${variant}`);
  if ((values.restart || values.strapi) && variant !== 'grown') throw new Error('--restart and --strapi run the grown dataset: add --dataset grown');
  if (variant === 'grown') {
    const restaurants = values.articles !== undefined || values.size !== undefined ? articles : quick ? 300 : 5000;
    if (values.strapi) return runStrapiBench(restaurants, seed, opts, out, values['skip-build'] === true);
    return runGrownBench(restaurants, seed, opts, out, values.restart === true, values['skip-build'] === true);
  }

  if (values.scale) {
    if (variant !== 'site') throw new Error('--scale runs the site dataset: add --dataset site');
    const sizes = (values.sizes ?? '10k,100k,1m').split(',').map((s) => {
      const n = SIZES[s.trim().toLowerCase()];
      if (!n) throw new Error(`--sizes takes ${Object.keys(SIZES).join(', ')}, got ${s}`);
      return n;
    });
    return runScale(sizes, seed, opts, out, values.regenerate === true, values['skip-build'] === true);
  }

  const buildWarning = values['skip-build'] ? undefined : build();
  const dataset = await ensureDataset(articles, seed, values.regenerate === true, variant);
  const runTag = `${Date.now().toString(36)}${process.pid}`;
  const dbFile = workingCopy(dataset.file, runTag);
  let result: BenchResult | SiteResult;
  try {
    result = variant === 'site' ? await runSite(dataset, dbFile, opts, runTag) : await runBench(dataset, dbFile, opts, runTag);
  } finally {
    removeDatabase(dbFile);
  }
  if (buildWarning) result.warnings.unshift(buildWarning);

  const stamp = result.startedAt.replace(/[:.]/g, '-');
  const prefix = variant === 'site' ? 'site-' : '';
  const markdown = result.format === 'strata-bench-site/1' ? siteMarkdown(result) : toMarkdown(result);
  writeResults(out, `${prefix}${stamp}${quick ? '-quick' : ''}.json`, `${prefix}${quick ? 'quick.md' : 'latest.md'}`, result, markdown);
  if (result.errors.length) process.stderr.write(`bench: ${result.errors.length} error(s)\n`);
  return result.errors.length ? 1 : 0;
}

/** --startup: no dataset, no load. */
async function runStartupBench(runs: number, opts: RunOptions, out: string, skipBuild: boolean): Promise<number> {
  const buildWarning = skipBuild ? undefined : build();
  if (buildWarning) process.stderr.write(`${buildWarning}\n`);
  const result = await runStartup(runs, opts.workers, opts.generatedTypes);
  writeResults(out, `startup-${result.startedAt.replace(/[:.]/g, '-')}.json`, 'startup-latest.md', result, startupMarkdown(result));
  return 0;
}

/** --panel: the panel's budgets, on a server it fills through the admin API. */
async function runPanelBench(opts: PanelOptions, out: string, skipBuild: boolean): Promise<number> {
  const buildWarning = skipBuild ? undefined : build();
  if (buildWarning) process.stderr.write(`${buildWarning}\n`);
  const result = await runPanel(opts, ['npm run bench --', ...process.argv.slice(2)].join(' '));
  writeResults(out, `panel-${result.startedAt.replace(/[:.]/g, '-')}${opts.quick ? '-quick' : ''}.json`, opts.quick ? 'panel-quick.md' : 'panel-latest.md', result, panelMarkdown(result));
  if (result.problems.length) process.stderr.write(`bench: ${result.problems.length} problem(s) in the page\n`);
  return result.problems.length ? 1 : 0;
}

/** --history: two servers, history on and off, each filled through the admin API, then written to in turns. */
async function runHistoryBench(opts: HistoryOptions, out: string, skipBuild: boolean): Promise<number> {
  const buildWarning = skipBuild ? undefined : build();
  const result = await runHistory(opts, ['npm run bench --', ...process.argv.slice(2)].join(' '));
  if (buildWarning) result.warnings.unshift(buildWarning);
  writeResults(out, `history-${result.startedAt.replace(/[:.]/g, '-')}${opts.quick ? '-quick' : ''}.json`, opts.quick ? 'history-quick.md' : 'history-latest.md', result, historyMarkdown(result));
  if (result.errors.length) process.stderr.write(`bench: ${result.errors.length} error(s)\n`);
  return result.errors.length ? 1 : 0;
}

/** --dataset grown: nothing to generate beforehand; the run fills its own server. */
async function runGrownBench(restaurants: number, seed: number, opts: RunOptions, out: string, restart: boolean, skipBuild: boolean): Promise<number> {
  const buildWarning = skipBuild ? undefined : build();
  const result: GrownResult = await runGrown(restaurants, seed, opts, restart, `${Date.now().toString(36)}${process.pid}`);
  if (buildWarning) result.warnings.unshift(buildWarning);
  writeResults(out, `grown-${result.startedAt.replace(/[:.]/g, '-')}${opts.quick ? '-quick' : ''}.json`, opts.quick ? 'grown-quick.md' : 'grown-latest.md', result, grownMarkdown(result));
  if (result.errors.length) process.stderr.write(`bench: ${result.errors.length} error(s)\n`);
  return result.errors.length ? 1 : 0;
}

/** --dataset grown --strapi: ours and Strapi, each filled through its API, in alternating slices. */
async function runStrapiBench(restaurants: number, seed: number, opts: RunOptions, out: string, skipBuild: boolean): Promise<number> {
  const buildWarning = skipBuild ? undefined : build();
  const result = await runSideBySide(restaurants, seed, opts, `${Date.now().toString(36)}${process.pid}`);
  if (buildWarning) result.warnings.unshift(buildWarning);
  writeResults(out, `strapi-${result.startedAt.replace(/[:.]/g, '-')}${opts.quick ? '-quick' : ''}.json`, opts.quick ? 'strapi-quick.md' : 'strapi-latest.md', result, sideBySideMarkdown(result));
  if (result.errors.length) process.stderr.write(`bench: ${result.errors.length} error(s)\n`);
  return result.errors.length ? 1 : 0;
}

/** One site run a size, smallest first; the reads only (a create changes the next size's data
 *  no more than its own, but says nothing about scale). */
async function runScale(sizes: number[], seed: number, opts: RunOptions, out: string, regenerate: boolean, skipBuild: boolean): Promise<number> {
  const startedAt = new Date().toISOString();
  const buildWarning = skipBuild ? undefined : build();
  const reads = { ...opts, only: opts.only ?? ['s1', 's2', 's3', 's4', 's5'] };
  const runs: SiteResult[] = [];
  for (const articles of [...sizes].sort((a, b) => a - b)) {
    const dataset = await ensureDataset(articles, seed, regenerate, 'site');
    const runTag = `${Date.now().toString(36)}${process.pid}`;
    const dbFile = workingCopy(dataset.file, runTag);
    try {
      runs.push(await runSite(dataset, dbFile, reads, runTag));
    } finally {
      removeDatabase(dbFile);
    }
  }
  if (buildWarning) runs[0]!.warnings.unshift(buildWarning);
  const result: ScaleResult = { format: 'strata-bench-site-scale/1', startedAt, finishedAt: new Date().toISOString(), machine: runs[0]!.machine, runs };
  writeResults(out, `site-scale-${startedAt.replace(/[:.]/g, '-')}.json`, 'site-scale.md', result, scaleMarkdown(result));
  const errors = runs.reduce((n, run) => n + run.errors.length, 0);
  if (errors) process.stderr.write(`bench: ${errors} error(s)\n`);
  return errors ? 1 : 0;
}

main().then((code) => process.exit(code), (err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
