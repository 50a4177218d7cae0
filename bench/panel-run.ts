// `npm run bench -- --panel`: the admin panel's speed budgets, measured. The panel is built
// --rounds times (its build time); a production server of the measured app (SQLite, one worker,
// the admin plugin on) starts on an empty file and is filled through the admin API; then the
// list request of 50 rows is timed on its own, and chromium loads the panel: what its first
// screen downloads, the list of 50 from its data to the screen, and typing in the 25th entry of
// a dynamic zone of 50.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentLoad, describeMachine, type Machine } from './machine.js';
import { timePanelBuilds, type BuildTiming } from './panel-build.js';
import { firstScreen, LIST_ROWS, listRender, openBrowser, typing, VIEWPORT, type FirstScreen, type ListRender, type Typing } from './panel-browser.js';
import { ARTICLES_PATH, fillArticles, longArticle, registerAdmin, type Filled } from './panel-fill.js';
import { timeList, type ListTiming } from './panel-http.js';
import { APP_DIR, ROOT, SERVER_ENTRY } from './paths.js';
import { startServer, stopChecked } from './proc.js';
import { serverEnv } from './startup.js';

export interface PanelOptions {
  articles: number; seed: number; builds: number; requests: number; loads: number; entries: number; keys: number;
  workers: number; fromSources: boolean; quick: boolean;
}

export interface PanelResult {
  format: 'strata-bench-panel/1';
  startedAt: string;
  finishedAt: string;
  command: string;
  options: PanelOptions;
  machine: Machine;
  browser: { chromium: string; viewport: typeof VIEWPORT; cpuThrottling: 'none'; headless: true };
  build: BuildTiming;
  fill: Filled;
  firstScreen: FirstScreen;
  /** The list request the brief names, and the one the panel sent (its columns' populate). */
  listRequest: ListTiming;
  panelListRequest: ListTiming;
  listRender: ListRender;
  typing: Typing;
  problems: string[];
}

/** The admin's production secret: fixed, as the bench's other secrets (startup.ts). */
const ADMIN_JWT_SECRET = 'strata-bench-admin-jwt-secret-not-for-production';

const began = performance.now();
const log = (message: string) => process.stderr.write(`${message} (${((performance.now() - began) / 1000).toFixed(1)} s)\n`);

export async function runPanel(opts: PanelOptions, command: string): Promise<PanelResult> {
  const startedAt = new Date().toISOString();
  const machine = describeMachine();
  log(`panel: ${opts.builds} builds`);
  const build = timePanelBuilds(opts.builds);
  const dir = mkdtempSync(join(tmpdir(), 'strata-bench-panel-'));
  const env = { ...serverEnv(APP_DIR, join(dir, 'data.db'), opts.workers, 'shipped'), ADMIN: 'true', ADMIN_JWT_SECRET };
  const entry = opts.fromSources ? ['--import', 'tsx', join(ROOT, 'core', 'cli', 'start.ts')] : [SERVER_ENTRY];
  log('panel: the server');
  const server = await startServer('panel', entry, env);
  log('panel: the fill');
  try {
    const admin = await registerAdmin(server.url);
    const fill = await fillArticles(server.url, admin, opts.articles, opts.seed);
    const longRead = await longArticle(server.url, admin, opts.entries, opts.seed);
    const rows = Math.min(LIST_ROWS, opts.articles + 1);
    log('panel: the list request');
    const listRequest = await timeList(server.url, `${ARTICLES_PATH}?page=1&pageSize=${LIST_ROWS}&sort=title:ASC&locale=en`, admin.token, opts.requests);
    const b = await openBrowser(server.url, admin);
    try {
      log('panel: chromium');
      const screen = await firstScreen(b, server.url);
      const render = await listRender(b, server.url, rows, opts.loads);
      log('panel: typing');
      const panelListRequest = await timeList(server.url, render.url, admin.token, opts.requests);
      const typed = await typing(b, server.url, longRead, Math.min(24, opts.entries - 1 - ((opts.entries - 1) % 3)), opts.keys);
      log('panel: done');
      machine.loadAverage.end = currentLoad();
      const problem = server.exit() ? `the server ended during the run:\n${server.tail()}` : '';
      return {
        format: 'strata-bench-panel/1', startedAt, finishedAt: new Date().toISOString(), command, options: opts, machine,
        browser: { chromium: b.version, viewport: VIEWPORT, cpuThrottling: 'none', headless: true },
        build, fill, firstScreen: screen, listRequest, panelListRequest, listRender: render, typing: typed,
        problems: [...b.problems, ...(problem ? [problem] : [])],
      };
    } finally {
      await b.close();
    }
  } finally {
    const problem = await stopChecked(server);
    rmSync(dir, { recursive: true, force: true });
    if (problem) log(problem);
  }
}
