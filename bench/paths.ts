// Where things are: the repository root, the app measured, the bench data and results folders.

import { cpSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(BENCH_DIR, '..');
/** The app measured: the example app (the repository root), or the folder STRATA_BENCH_APP names,
 *  holding content-types/ and config/ as an app does. The bench's smoke tests give the test
 *  fixture (test/fixture/), so that a change to the example app breaks no test. */
export const APP_DIR = process.env.STRATA_BENCH_APP ? resolve(process.env.STRATA_BENCH_APP) : ROOT;
export const CONTENT_TYPES_DIR = join(APP_DIR, 'content-types');
export const CONFIG_DIR = join(APP_DIR, 'config');

/** Gives an app folder of the bench's own (the grown site, a generated app) the measured app's
 *  config when it is not the example app; without one, a server runs on the example app's. */
export function withMeasuredConfig(appDir: string): void {
  if (APP_DIR !== ROOT) cpSync(CONFIG_DIR, join(appDir, 'config'), { recursive: true });
}
export const DATA_DIR = join(BENCH_DIR, '.data');
export const RESULTS_DIR = join(BENCH_DIR, 'results');
export const SERVER_ENTRY = join(ROOT, 'dist', 'core', 'cli', 'start.js');
export const FLOOR_ENTRY = join(BENCH_DIR, 'floor', 'server.mjs');
