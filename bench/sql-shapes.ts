// Times SQL shapes the planner chooses between, on the bench's data file, straight through
// better-sqlite3 (no server, no knex): the figures docs/design.md and the README quote for the
// SQLite choices. The statements are written out here in the shapes the planner emits (see
// core/query/sql-filters.ts and core/database/limit.ts), not produced by it.
// Usage: npm run bench:sql [-- --articles 10000]   (run `npm run bench` once first for the data file)

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { datasetFile } from './dataset.js';
import { FIRST_NAMES, WORDS } from './words.js';

// better-sqlite3 ships no types; the little used here
interface Statement { all(...args: unknown[]): unknown[] }
interface SqliteDb {
  prepare(sql: string): Statement;
  function(name: string, options: { deterministic: boolean }, fn: (v: unknown) => unknown): void;
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string, options: { readonly: boolean }) => SqliteDb;

const { values } = parseArgs({ options: { articles: { type: 'string', default: '10000' }, seed: { type: 'string', default: '42' } } });
const file = datasetFile(Number(values.articles), Number(values.seed));
if (!existsSync(file)) throw new Error(`${file} does not exist: run \`npm run bench\` once to generate it`);
const db = new Database(file, { readonly: true });
db.function('strata_lower', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v));

type Args = unknown[];
interface Shape { name: string; sql: string; args: (i: number) => Args }

/** Median µs per run over `runs` runs (after a warm-up of every argument set). */
function time(shape: Shape, runs: number): number {
  const statement = db.prepare(shape.sql);
  for (let i = 0; i < Math.min(runs, 50); i++) statement.all(...shape.args(i));
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    statement.all(...shape.args(i));
    samples.push(Number(process.hrtime.bigint() - t0) / 1e3);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

function compare(title: string, runs: number, shapes: Shape[]): void {
  process.stdout.write(`\n${title}\n`);
  for (const shape of shapes) process.stdout.write(`  ${shape.name.padEnd(44)} ${time(shape, runs).toFixed(1).padStart(9)} µs (median of ${runs})\n`);
}

const roots = (db.prepare(`SELECT c.name FROM categories c WHERE NOT EXISTS
  (SELECT 1 FROM categories_parent_lnk l WHERE l.source_id = c.id) ORDER BY c.id`).all() as Array<{ name: string }>).map((r) => r.name);
const at = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

// (e): category.parent.name and authors.name, as a count
const eArgs = (i: number): Args => [at(roots, i), `${at(FIRST_NAMES, i)}*`];
compare('(e) filter through two relations, COUNT(*) on the articles', 60, [
  {
    name: 'EXISTS, correlated (PostgreSQL, MariaDB)',
    sql: `SELECT count(*) AS n FROM articles r WHERE EXISTS (SELECT 1 FROM articles_category_lnk l2
      JOIN categories t1 ON t1.document_id = l2.target_document_id WHERE l2.source_id = r.id AND EXISTS
        (SELECT 1 FROM categories_parent_lnk l4 JOIN categories t3 ON t3.document_id = l4.target_document_id
         WHERE l4.source_id = t1.id AND t3.name = ?))
      AND EXISTS (SELECT 1 FROM articles_authors_lnk l6 JOIN authors t5 ON t5.document_id = l6.target_document_id
        WHERE l6.source_id = r.id AND t5.name GLOB ?)`,
    args: eArgs,
  },
  {
    name: 'IN (SELECT link key), uncorrelated (SQLite)',
    sql: `SELECT count(*) AS n FROM articles r WHERE r.id IN (SELECT l2.source_id FROM articles_category_lnk l2
      JOIN categories t1 ON t1.document_id = l2.target_document_id WHERE t1.id IN
        (SELECT l4.source_id FROM categories_parent_lnk l4 JOIN categories t3 ON t3.document_id = l4.target_document_id
         WHERE t3.name = ?))
      AND r.id IN (SELECT l6.source_id FROM articles_authors_lnk l6 JOIN authors t5 ON t5.document_id = l6.target_document_id
        WHERE t5.name GLOB ?)`,
    args: eArgs,
  },
]);

// (b): an id range and a case-insensitive word of the title, as a count
const bArgs = (i: number): Args => [i * 397 % 5000, `%${at(WORDS, i)}%`];
const gated = "(r.title LIKE ? ESCAPE '\\' OR (length(r.title) <> octet_length(r.title) AND strata_lower(r.title) LIKE ? ESCAPE '\\'))";
compare('(b) $containsi on the title with an ASCII value, COUNT(*)', 200, [
  { name: 'lower() on every row', sql: "SELECT count(*) AS n FROM articles r WHERE r.id > ? AND strata_lower(r.title) LIKE ? ESCAPE '\\'", args: bArgs },
  { name: 'native LIKE, lower() for non-ASCII rows', sql: `SELECT count(*) AS n FROM articles r WHERE r.id > ? AND ${gated}`, args: (i) => [...bArgs(i), bArgs(i)[1]] },
  { name: 'native LIKE (no "k", no "i" before %)', sql: "SELECT count(*) AS n FROM articles r WHERE r.id > ? AND r.title LIKE ? ESCAPE '\\'", args: bArgs },
]);

// One row by id through two LEFT JOINs: the user lookup behind every JWT, with the LIMIT bound or written in
const lookup = `SELECT r.id, r.document_id, r.title, t.id AS t_id, t.name AS t_name FROM articles r
  LEFT JOIN articles_category_lnk l ON l.source_id = r.id LEFT JOIN categories t ON t.document_id = l.target_document_id
  WHERE r.id = ? ORDER BY r.id`;
compare('One row by id through two LEFT JOINs', 20_000, [
  { name: 'LIMIT ? (bound)', sql: `${lookup} LIMIT ?`, args: (i) => [1 + (i % 1000), 1] },
  { name: 'LIMIT 1 (written in)', sql: `${lookup} LIMIT 1`, args: (i) => [1 + (i % 1000)] },
]);

// (e)'s request variants one by one (the IN shape, list and count): whether some cost much more
// than others, which would stretch its p99 under load
{
  const where = `r.id IN (SELECT l2.source_id FROM articles_category_lnk l2 JOIN categories t1 ON t1.document_id = l2.target_document_id
      WHERE t1.id IN (SELECT l4.source_id FROM categories_parent_lnk l4 JOIN categories t3 ON t3.document_id = l4.target_document_id
        WHERE t3.name = ?))
    AND r.id IN (SELECT l6.source_id FROM articles_authors_lnk l6 JOIN authors t5 ON t5.document_id = l6.target_document_id
      WHERE t5.name GLOB ?)`;
  const list = db.prepare(`SELECT r.* FROM articles r WHERE ${where} ORDER BY r.id LIMIT 25`);
  const count = db.prepare(`SELECT count(*) AS n FROM articles r WHERE ${where}`);
  const variants = roots.length * FIRST_NAMES.length;
  const costs: number[] = [];
  for (let i = 0; i < variants; i++) {
    const args = eArgs(i);
    list.all(...args); // warm
    count.all(...args);
    const t0 = process.hrtime.bigint();
    list.all(...args);
    count.all(...args);
    costs.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  costs.sort((a, b) => a - b);
  const pick = (q: number) => costs[Math.min(costs.length - 1, Math.floor(q * costs.length))]!.toFixed(1);
  process.stdout.write(`\n(e) each of its ${variants} request variants alone, list + count (IN shape, warm)\n`);
  process.stdout.write(`  min ${pick(0)} ms, median ${pick(0.5)} ms, p90 ${pick(0.9)} ms, max ${pick(1)} ms\n`);
}

// Closed here, not left to the garbage collector at exit (which is where a native driver's
// finalizers have crashed before)
db.close();
