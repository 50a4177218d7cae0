// Where things are: the repository root, the example app, the bench data and results folders.

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(BENCH_DIR, '..');
export const CONTENT_TYPES_DIR = join(ROOT, 'content-types');
export const DATA_DIR = join(BENCH_DIR, '.data');
export const RESULTS_DIR = join(BENCH_DIR, 'results');
export const SERVER_ENTRY = join(ROOT, 'dist', 'core', 'cli', 'start.js');
export const FLOOR_ENTRY = join(BENCH_DIR, 'floor', 'server.mjs');
