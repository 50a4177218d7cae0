// What a write to a searchable attribute costs on SQLite, by page cache size: each transaction
// that changes an article's title updates the FTS5 trigram index kept by triggers. Runs on a copy
// of a site data file (npm run bench -- --dataset site --size N builds it), never on the file.
//
//   npx tsx bench/text-index-writes.ts [--size 100k] [--writes 200]

import { copyFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { datasetFile } from './dataset.js';

// better-sqlite3 ships no types; the little used here
interface Statement { all(...args: unknown[]): unknown[]; run(...args: unknown[]): unknown }
interface SqliteDb {
  prepare(sql: string): Statement;
  pragma(sql: string): unknown;
  function(name: string, options: { deterministic: boolean }, fn: (v: unknown) => unknown): void;
  transaction(fn: () => void): () => void;
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => SqliteDb;

const SIZES: Record<string, number> = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 };
const { values } = parseArgs({ options: { size: { type: 'string', default: '100k' }, writes: { type: 'string', default: '400' } } });
const articles = SIZES[values.size!] ?? Number(values.size);
const writes = Number(values.writes);
const source = datasetFile(articles, 42, 'site');

for (const cacheKiB of [16_000, 65_536]) {
  const copy = join(tmpdir(), `text-index-writes-${process.pid}.db`);
  copyFileSync(source, copy);
  const db = new Database(copy);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`cache_size = -${cacheKiB}`);
    db.function('strata_lower', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v));
    const ids = (db.prepare('SELECT id FROM articles WHERE published_at IS NULL ORDER BY random() LIMIT ?').all(writes) as Array<{ id: number }>).map((r) => r.id);
    const update = db.prepare('UPDATE articles SET title = ? WHERE id = ?');
    const time = (part: number[]) => {
      const started = performance.now();
      for (const id of part) db.transaction(() => update.run(`Retitled ${id} canyon lantern`, id))();
      return (performance.now() - started) / part.length;
    };
    // The first half fills the cache; the second is what a running server pays
    const cold = time(ids.slice(0, ids.length / 2));
    const warm = time(ids.slice(ids.length / 2));
    console.log(`${articles} documents, cache ${Math.round(cacheKiB / 1024)} MiB: ${warm.toFixed(2)} ms a title write (first ${ids.length / 2}: ${cold.toFixed(2)} ms)`);
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${copy}${suffix}`, { force: true });
  }
}
