// The admin panel in a real browser: its bundle built from the sources when they are newer (the
// way `npm run build` builds it, once per test process), a kernel with the admin plugin, and
// Debian's chromium through playwright-core with every other host cut off, so the panel is
// shown to work offline. Problems the page reports (script errors, failed requests) are kept
// for the test to assert there were none.

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ROOT, type TestKernel } from './kernel.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PANEL_BUNDLE = join(ROOT, 'dist', 'admin-panel');
/** Browser tests run once, in the SQLite phase: the page does not depend on the database. */
export const BROWSER_RUN = (process.env.DATABASE_CLIENT ?? 'sqlite') === 'sqlite';

let built = false;
/** Builds dist/admin-panel/ when a source is newer than the bundle (or there is none), once per
 *  test process: `node scripts/build-panel.mjs --if-stale`. */
export function ensurePanelBuilt(): void {
  if (built) return;
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-panel.mjs'), '--if-stale'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error('the admin panel does not build: see esbuild\'s errors above');
  built = true;
}

export interface PanelBrowser {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** What went wrong in the page: script errors, console errors, failed requests. */
  problems: string[];
  close(): Promise<void>;
}

/** A new browser on the kernel's panel; only the kernel's own address can be reached. */
export async function openPanel(app: TestKernel, options: { viewport?: { width: number; height: number } } = {}): Promise<PanelBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH)`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 } });
  await context.route((url) => !url.href.startsWith(app.url), (route) => route.abort());
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    // An answer of 4xx is logged by chromium as an error: the panel expects some (a 401 before
    // the first sign-in, a 404 for a locale not written yet, a 409); the tests assert on what the
    // screen does with them. A 5xx is recorded below.
    if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => { if (r.status() >= 500) problems.push(`${r.status()} from ${r.request().method()} ${r.url()}`); });
  page.on('requestfailed', (r) => {
    if (!/ERR_ABORTED/.test(r.failure()?.errorText ?? '') || !r.url().startsWith(app.url)) problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  return { browser, context, page, problems, close: () => browser.close() };
}

/**
 * The browser of a describe block's tests: `open()` (in its before hook, after the data it
 * writes through the API) starts it on the kernel's panel; it is closed after the block, and each
 * test that passed also asserts the page reported no problem.
 */
export function usePanel(app: () => TestKernel): { open(): Promise<PanelBrowser> } {
  let opened: PanelBrowser | undefined;
  after(async () => { await opened?.close(); });
  afterEach(function () {
    if (this.currentTest?.state === 'failed' || !opened) return;
    expect(opened.problems, 'problems in the page').to.deep.equal([]);
  });
  return {
    async open() {
      ensurePanelBuilt();
      opened = await openPanel(app());
      return opened;
    },
  };
}

/** Logs in on the login screen at `path` and waits for what it then shows (the home screen). */
export async function signIn(page: Page, app: TestKernel, email: string, password: string, path = '/admin'): Promise<void> {
  await page.goto(`${app.url}${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  if (path === '/admin') await page.getByRole('heading', { name: /^Hello / }).waitFor();
}

/**
 * Runs `act` (a click, a shortcut) and waits for the content manager's answer to the write it
 * sends, a success; then for a "Saved" notice. Waiting for the notice alone is not enough: an
 * earlier save's notice stays four seconds and would answer for this one.
 */
export async function whenSaved(page: Page, act: () => Promise<void>): Promise<void> {
  const answered = page.waitForResponse((r) => /\/content-manager\/(collection|single)-types\//.test(r.url()) && ['PUT', 'POST'].includes(r.request().method()));
  await act();
  const res = await answered;
  expect(res.status(), `${res.request().method()} ${res.url()}`).to.be.within(200, 299);
  await page.getByText('Saved', { exact: true }).last().waitFor();
}
