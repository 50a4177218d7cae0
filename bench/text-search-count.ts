// A text search's page and its count on the site dataset, straight through better-sqlite3, warm:
// the two statements the engine issued before (the page, then COUNT(*)), and the page with its
// count (COUNT(*) OVER (), core/query/read.ts), which replaced them. Both gather the trigram
// index's candidates whole and read every match's row.
// Usage: npx tsx bench/text-search-count.ts [articles]
// (generate the file first: npm run bench -- --dataset site --size 100k --only s5)
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { datasetFile } from './dataset.js';

// better-sqlite3 ships no types; the little used here
interface Statement { all(...args: unknown[]): unknown[] }
interface SqliteDb { prepare(sql: string): Statement; pragma(s: string): unknown; function(name: string, options: { deterministic: boolean }, fn: (v: unknown) => unknown): void }
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string, options: { readonly: boolean }) => SqliteDb;
const file = datasetFile(Number(process.argv[2] ?? 100_000), 42, 'site');
if (!existsSync(file)) throw new Error(`${file} does not exist: generate it with npm run bench -- --dataset site --size 100k --only s5`);
const db = new Database(file, { readonly: true });
// As the server's connections (core/database/connection.ts)
db.pragma('cache_size = -65536');
db.function('strata_lower', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v));
const scope = "r.locale = 'en' AND r.published_at IS NOT NULL";
const where = `${scope} AND r.id IN (SELECT ts.id FROM articles ts WHERE ts.id IN (SELECT rowid FROM articles_title_trgm WHERE folded LIKE +?) AND ts.locale = 'en' AND ts.published_at IS NOT NULL) AND strata_lower(r.title) LIKE +?`;
const shapes: Record<string, string> = {
  'page (sort publishDate)': `SELECT r.id, r.title, r.publish_date FROM articles r WHERE ${where} ORDER BY r.publish_date DESC, r.id LIMIT 50`,
  'count': `SELECT COUNT(*) AS n FROM articles r WHERE ${where}`,
  'page with its count': `SELECT r.id, r.title, r.publish_date, COUNT(*) OVER () AS n FROM articles r WHERE ${where} ORDER BY r.publish_date DESC, r.id LIMIT 50`,
};
const terms = ['alpine', 'river', 'garden'];
for (const sql of Object.values(shapes)) for (const t of terms) db.prepare(sql).all(`%${t}%`, `%${t}%`);
for (const [name, sql] of Object.entries(shapes)) {
  const st = db.prepare(sql);
  const out: string[] = [];
  for (const t of terms) {
    const samples: number[] = [];
    let n: unknown;
    for (let i = 0; i < 7; i++) {
      const t0 = process.hrtime.bigint();
      const rows = st.all(`%${t}%`, `%${t}%`) as Array<{ n?: number }>;
      samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
      n = rows[0]?.n ?? rows.length;
    }
    samples.sort((a, b) => a - b);
    out.push(`${t} ${samples[3]!.toFixed(1)} ms (${String(n)})`);
  }
  console.log(`${name.padEnd(24)} ${out.join(' | ')}`);
}
