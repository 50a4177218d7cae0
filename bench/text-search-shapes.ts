// The text search page's two shapes on the site dataset, straight through better-sqlite3, warm:
// the trigram index's candidates probed in the table, or narrowed to the row scope first
// (core/query/text-search.ts). Usage: npx tsx bench/text-search-shapes.ts [articles]
// (generate the file first: npm run bench -- --dataset site --size 100k --only s5)
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { datasetFile } from './dataset.js';

// better-sqlite3 ships no types; the little used here
interface Statement { all(...args: unknown[]): unknown[] }
interface SqliteDb { prepare(sql: string): Statement; function(name: string, options: { deterministic: boolean }, fn: (v: unknown) => unknown): void }
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string, options: { readonly: boolean }) => SqliteDb;
const file = datasetFile(Number(process.argv[2] ?? 100_000), 42, 'site');
if (!existsSync(file)) throw new Error(`${file} does not exist: generate it with npm run bench -- --dataset site --size 100k --only s5`);
const db = new Database(file, { readonly: true });
db.function('strata_lower', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v));
const scope = "r.locale = 'en' AND r.published_at IS NOT NULL";
const cand = 'SELECT rowid FROM articles_title_trgm WHERE folded LIKE ?';
const tail = "AND strata_lower(r.title) LIKE ? ORDER BY r.publish_date DESC LIMIT 50";
const shapes = {
  'candidates first (before)': `SELECT r.id, r.title FROM articles r WHERE ${scope} AND r.id IN (${cand}) ${tail}`,
  'scope first (now)': `SELECT r.id, r.title FROM articles r WHERE ${scope} AND r.id IN (SELECT ts.id FROM articles ts WHERE ts.id IN (${cand}) AND ts.locale = 'en' AND ts.published_at IS NOT NULL) ${tail}`,
};
const terms = ['alpine', 'river', 'stone', 'garden', 'winter'];
for (const [name, sql] of Object.entries(shapes)) {
  const st = db.prepare(sql);
  for (const t of terms) st.all(`%${t}%`, `%${t}%`);
}
for (let round = 0; round < 2; round++) {
  for (const [name, sql] of Object.entries(shapes)) {
    const st = db.prepare(sql);
    const out: string[] = [];
    for (const t of terms) {
      const samples: number[] = [];
      let n = 0;
      for (let i = 0; i < 7; i++) { const t0 = process.hrtime.bigint(); n = st.all(`%${t}%`, `%${t}%`).length; samples.push(Number(process.hrtime.bigint() - t0) / 1e6); }
      samples.sort((a, b) => a - b);
      out.push(`${t} ${samples[3]!.toFixed(1)} ms (${n} rows)`);
    }
    console.log(`${name.padEnd(28)} ${out.join(' | ')}`);
  }
}
