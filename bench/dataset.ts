// The generated SQLite file for one size and seed, under bench/.data/, reused while its marker
// says it was built from the same size, seed, schemas and generator version.

import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CONTENT_TYPES_DIR, DATA_DIR } from './paths.js';

/** Bump when the generator's output changes, so old files are rebuilt. */
export const GENERATOR_VERSION = 2;

export interface DatasetCounts { articles: number; categories: number; authors: number; files: number }

export interface DatasetMarker {
  generatorVersion: number;
  variant?: DatasetVariant;
  seed: number;
  schemaHash: string;
  counts: DatasetCounts;
  generatedMs: number;
  createdAt: string;
}

export interface Dataset { file: string; marker: DatasetMarker; reused: boolean }

export function countsFor(articles: number): DatasetCounts {
  const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(n)));
  return {
    articles,
    categories: clamp(articles / 100, 10, 2000),
    authors: clamp(articles / 20, 20, 20_000),
    files: clamp(articles / 20, 30, 2000),
  };
}

/** core: the example app's types with draft-and-publish and i18n off (one row a document), what
 *  the floor can answer. site: both on, as a real site runs them: every article in two locales,
 *  each published (a draft and a published row), one in three with a draft that differs. */
export type DatasetVariant = 'core' | 'site';

export function datasetFile(articles: number, seed: number, variant: DatasetVariant = 'core'): string {
  return join(DATA_DIR, `${variant === 'site' ? 'site' : 'articles'}-${articles}-seed-${seed}.db`);
}

export const markerFile = (file: string): string => `${file}.json`;

export function schemaHash(): string {
  const hash = createHash('sha1').update(`generator ${GENERATOR_VERSION}\n`);
  const walk = (dir: string): string[] => readdirSync(dir).sort().flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : name.endsWith('.json') ? [p] : [];
  });
  // Options that only add an index change no data (the server's schema sync builds the index on
  // start), so a data file outlives them
  const dataShape = (text: string) => text.replace(/,?\s*"searchable":\s*(true|false)/g, '');
  for (const file of walk(CONTENT_TYPES_DIR)) hash.update(relative(CONTENT_TYPES_DIR, file)).update(dataShape(readFileSync(file, 'utf8')));
  return hash.digest('hex').slice(0, 12);
}

/** The marker of a complete, matching data file, or undefined. */
export function readMarker(file: string, seed: number, counts: DatasetCounts, variant: DatasetVariant = 'core'): DatasetMarker | undefined {
  if (!existsSync(file) || !existsSync(markerFile(file))) return undefined;
  try {
    const marker = JSON.parse(readFileSync(markerFile(file), 'utf8')) as DatasetMarker;
    const same = marker.generatorVersion === GENERATOR_VERSION && marker.seed === seed && (marker.variant ?? 'core') === variant
      && marker.schemaHash === schemaHash() && JSON.stringify(marker.counts) === JSON.stringify(counts);
    return same ? marker : undefined;
  } catch {
    return undefined;
  }
}

export function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '.json']) rmSync(`${file}${suffix}`, { force: true });
}

/** A scratch copy for one run: the server writes (create, update) to it, never to the generated file. */
export function workingCopy(file: string, tag: string): string {
  mkdirSync(DATA_DIR, { recursive: true });
  const copy = join(DATA_DIR, `run-${tag}.db`);
  removeDatabase(copy);
  copyFileSync(file, copy);
  return copy;
}
