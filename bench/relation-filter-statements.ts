// Where (s4)'s time goes at a size: how many documents one category filter matches, and what its
// statements (the page, the populated authors, the count) take re-run warm, one at a time, so a
// slower run under load can be told apart from a worse plan. Reads a site data file in place
// (npm run bench -- --dataset site --size N builds it).
//
//   npx tsx bench/relation-filter-statements.ts [--size 1m] [--categories 30]

import { parseArgs } from 'node:util';
import { createKernel, createMemoryLogger } from '../core/index.js';
import { datasetFile } from './dataset.js';
import { APP_DIR, CONFIG_DIR, CONTENT_TYPES_DIR } from './paths.js';
import { BENCH_SECRETS, SERVER_PLUGINS } from './startup.js';

const SIZES: Record<string, number> = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 };
const { values } = parseArgs({ options: { size: { type: 'string', default: '10k' }, categories: { type: 'string', default: '30' } } });
const articles = SIZES[values.size!.toLowerCase()] ?? Number(values.size);
const samples = Number(values.categories);
const kernel = await createKernel({
  appDir: APP_DIR, contentTypesDir: CONTENT_TYPES_DIR, configDir: CONFIG_DIR, logger: createMemoryLogger(),
  env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: datasetFile(articles, 42, 'site'), HOST: '127.0.0.1', PORT: '0', WORKERS: '1', ...BENCH_SECRETS, ...SERVER_PLUGINS.site },
});
const { url } = await kernel.start();
try {
  const categories = await kernel.db('categories').distinct('document_id').pluck('document_id') as string[];
  const totals: number[] = [];
  let matched = 0;
  for (let i = 0; i < samples; i++) {
    const category = categories[(i * 67) % categories.length];
    const seen: Array<{ sql: string; bindings: unknown[] }> = [];
    const record = (q: { sql: string; bindings: unknown[] }) => seen.push(q);
    kernel.db.on('query', record);
    const res = await fetch(`${url}/api/articles?filters[category][documentId][$eq]=${category}&populate[category]=true&populate[authors]=true`);
    kernel.db.removeListener('query', record);
    matched += ((await res.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total;
    for (const [k, statement] of seen.filter((s) => /^select/i.test(s.sql)).entries()) {
      const started = performance.now();
      await kernel.db.raw(statement.sql, statement.bindings as never);
      totals[k] = (totals[k] ?? 0) + performance.now() - started;
    }
  }
  console.log(`${values.size}: ${categories.length} categories; one matches ${(matched / samples).toFixed(1)} published documents on average`);
  console.log(`statements re-run warm (ms, mean of ${samples}): ${totals.map((t) => (t / samples).toFixed(2)).join(', ')}; sum ${(totals.reduce((a, b) => a + b, 0) / samples).toFixed(2)}`);
} finally {
  await kernel.destroy();
}
