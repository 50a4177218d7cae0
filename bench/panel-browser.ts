// The panel in Debian's chromium (playwright-core), headless, a fixed viewport, no CPU throttling:
// the machine's own cores. Every host but the server is cut off, so nothing is downloaded. Signed
// in with the refresh cookie the registration set. Measures what the first screen loads, the list
// of 50 from its data to the screen, and typing in an entry of a long dynamic zone.

import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { ARTICLES_PATH, type Admin } from './panel-fill.js';
import { percentile } from './panel-http.js';
import { rowsProbe, rowsResult, typingProbe } from './panel-probes.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const VIEWPORT = { width: 1280, height: 900 };
const LIST_PAGE = `/admin${ARTICLES_PATH}`;
export const LIST_ROWS = 50;

export interface Asset { url: string; type: 'script' | 'stylesheet'; bytes: number; gzipBytes: number; contentEncoding: string }
export interface FirstScreen { assets: Asset[]; jsGzipBytes: number; cssGzipBytes: number }
export interface ListRender {
  loads: number;
  /** The request the panel sent for the rows. */
  url: string;
  /** From the response's last byte to the rows in the DOM, to the next frame, and past that frame. */
  toDomMs: Stats;
  toFrameMs: Stats;
  toScreenMs: Stats;
}
export interface Typing { keys: number; field: string; keyToScreenMs: Stats; keyToFrameMs: Stats; notShown: number; slowEvents: { count: number; maxMs: number } }
export interface Stats { median: number; p95: number; max: number }

export interface PanelBrowser { browser: Browser; page: Page; version: string; problems: string[]; close(): Promise<void> }

export async function openBrowser(url: string, admin: Admin): Promise<PanelBrowser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.route((u) => !u.href.startsWith(url), (route) => route.abort());
  await context.addCookies([{ ...admin.cookie, domain: new URL(url).hostname, httpOnly: true, sameSite: 'Strict' }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => { if (r.status() >= 500) problems.push(`${r.status()} from ${r.request().method()} ${r.url()}`); });
  return { browser, page, version: browser.version(), problems, close: () => browser.close() };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`panel: no ${what} after ${ms} ms`)), ms); });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const stats = (values: number[]): Stats => {
  const sorted = [...values].sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  return { median: r(percentile(sorted, 0.5)), p95: r(percentile(sorted, 0.95)), max: r(sorted[sorted.length - 1] ?? 0) };
};

/** The scripts and styles the panel's home loads, each gzipped here (zlib's default level) as a
 *  server or CDN would send it; the server's own Content-Encoding is recorded beside it. */
export async function firstScreen(b: PanelBrowser, url: string): Promise<FirstScreen> {
  const seen: Array<Promise<Asset>> = [];
  const onResponse = (r: Response) => {
    const type = r.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    seen.push(r.body().then((body) => ({ url: r.url().replace(url, ''), type, bytes: body.length, gzipBytes: gzipSync(body).length, contentEncoding: r.headers()['content-encoding'] ?? 'identity' })));
  };
  b.page.on('response', onResponse);
  await b.page.goto(`${url}/admin`);
  await b.page.getByRole('heading', { name: /^Hello/ }).waitFor({ timeout: 30_000 });
  b.page.off('response', onResponse);
  const assets = await Promise.all(seen);
  const sum = (type: Asset['type']) => assets.filter((a) => a.type === type).reduce((n, a) => n + a.gzipBytes, 0);
  return { assets, jsGzipBytes: sum('script'), cssGzipBytes: sum('stylesheet') };
}

/** `loads` fresh loads of the list at ?pageSize=50, each from the list response to its rows (`rows`:
 *  how many the page holds). */
export async function listRender(b: PanelBrowser, url: string, rows: number, loads: number): Promise<ListRender> {
  await b.page.addInitScript({ content: rowsProbe(rows) });
  const dom: number[] = [];
  const frame: number[] = [];
  const screen: number[] = [];
  let listUrl = '';
  for (let i = 0; i < loads; i++) {
    await b.page.goto(`${url}${LIST_PAGE}?pageSize=${LIST_ROWS}`);
    await within(b.page.evaluate('window.__panelRows.shown'), 30_000, 'the list\'s rows');
    const r = await b.page.evaluate(rowsResult(ARTICLES_PATH)) as { dom: number; frame: number; painted: number; responseEnd: number; url: string } | null;
    if (!r) throw new Error('the list page showed its rows, but no list request was timed');
    listUrl = r.url.replace(url, '');
    dom.push(r.dom - r.responseEnd);
    frame.push(r.frame - r.responseEnd);
    screen.push(r.painted - r.responseEnd);
  }
  return { loads, url: decodeURIComponent(listUrl), toDomMs: stats(dom), toFrameMs: stats(frame), toScreenMs: stats(screen) };
}

/** Opens the document's edit view, focuses the quote body at `entry` (0-based) of its dynamic
 *  zone, and types `keys` characters one at a time, each after the previous one is on screen and
 *  a pause a typist's pace would leave. */
export async function typing(b: PanelBrowser, url: string, documentId: string, entry: number, keys: number): Promise<Typing> {
  const id = `field-blocks-${entry}-body`;
  await b.page.goto(`${url}/admin${ARTICLES_PATH}/${documentId}?locale=en`);
  const input = b.page.locator(`#${id}`);
  await input.waitFor({ timeout: 30_000 });
  await input.scrollIntoViewIfNeeded();
  await input.click();
  await b.page.keyboard.press('End');
  await b.page.evaluate(typingProbe(id));
  const text = 'the quick brown fox jumps over the lazy dog '.repeat(Math.ceil(keys / 44)).slice(0, keys).replace(/ $/, '.');
  for (let i = 0; i < text.length; i++) {
    await b.page.keyboard.press(text[i] === ' ' ? 'Space' : text[i]!);
    await within(b.page.evaluate(`window.__panelTyping.shown(${i + 1})`), 10_000, `key ${i + 1} on screen`);
    await b.page.waitForTimeout(60);
  }
  const r = await b.page.evaluate('window.__panelTyping') as {
    samples: Array<{ down: number; frame: number; painted: number; shown: boolean }>;
    events: Array<{ name: string; duration: number }>;
  };
  const keyEvents = r.events.filter((e) => /^key|^input|^beforeinput/.test(e.name));
  return {
    keys: r.samples.length, field: `blocks.${entry}.body`,
    keyToScreenMs: stats(r.samples.map((s) => s.painted - s.down)), keyToFrameMs: stats(r.samples.map((s) => s.frame - s.down)),
    notShown: r.samples.filter((s) => !s.shown).length,
    slowEvents: { count: keyEvents.length, maxMs: keyEvents.reduce((m, e) => Math.max(m, e.duration), 0) },
  };
}
