// Generates the example app's data through the document service: files (rows, as an upload
// would leave them), categories with parents, authors with links, articles with relations,
// media, the seo component and a dynamic zone. Batches of creates, a progress bar on stderr.
// The site variant runs with draft-and-publish and i18n on and writes each article's French
// version and some drafts through the same service calls a client's requests make.

import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createKernel, createConsoleLogger, type Kernel } from '../core/index.js';
import {
  countsFor, datasetFile, GENERATOR_VERSION, markerFile, readMarker, removeDatabase, schemaHash,
  type Dataset, type DatasetCounts, type DatasetMarker, type DatasetVariant,
} from './dataset.js';
import { APP_DIR, CONFIG_DIR, CONTENT_TYPES_DIR, DATA_DIR } from './paths.js';
import { Prng } from './prng.js';
import { progress } from './progress.js';
import { BENCH_SECRETS, SERVER_PLUGINS } from './startup.js';
import { articleData, authorData, categoryData, fileRow, frenchVersion, type Pools } from './records.js';

const BATCH = 50;
/** Articles per createMany call (a related article is one of an earlier batch). */
const ARTICLE_BATCH = 250;

export async function ensureDataset(articles: number, seed: number, force = false, variant: DatasetVariant = 'core'): Promise<Dataset> {
  const file = datasetFile(articles, seed, variant);
  const counts = countsFor(articles);
  const existing = force ? undefined : readMarker(file, seed, counts, variant);
  if (existing) {
    process.stderr.write(`data: reusing ${file} (${articles} articles, ${variant}, seed ${seed})\n`);
    return { file, marker: existing, reused: true };
  }
  mkdirSync(DATA_DIR, { recursive: true });
  removeDatabase(file);
  // Built under a private name and renamed when complete: a concurrent or interrupted run never
  // sees half a file, and the marker is written last.
  const partial = `${file}.${process.pid}.partial`;
  removeDatabase(partial);
  const started = Date.now();
  // The example app's config with the plugins its server runs with (startup.ts), so the data is
  // written as that server reads it
  const kernel = await createKernel({
    appDir: APP_DIR, contentTypesDir: CONTENT_TYPES_DIR, configDir: CONFIG_DIR, logger: createConsoleLogger('warn'),
    env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: partial, ...BENCH_SECRETS, ...SERVER_PLUGINS[variant] },
  });
  await kernel.load();
  try {
    // One connection (pool max 1): a durable commit per document is not needed for a scratch file.
    await kernel.db.raw('PRAGMA synchronous = OFF');
    // The whole file's hot pages in memory (2 GiB at most): the text index's merges and the
    // random inserts into document_id and slug indexes otherwise re-read pages on every batch
    await kernel.db.raw('PRAGMA cache_size = -2097152');
    await generate(kernel, new Prng(seed), counts, variant);
    await kernel.db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    await kernel.destroy();
  }
  renameSync(partial, file);
  removeDatabase(partial);
  const marker: DatasetMarker = {
    generatorVersion: GENERATOR_VERSION, variant, seed, schemaHash: schemaHash(), counts,
    generatedMs: Date.now() - started, createdAt: new Date().toISOString(),
  };
  writeFileSync(markerFile(file), `${JSON.stringify(marker, null, 2)}\n`);
  process.stderr.write(`data: generated ${file} in ${(marker.generatedMs / 1000).toFixed(1)} s\n`);
  return { file, marker, reused: false };
}

async function generate(kernel: Kernel, rng: Prng, counts: DatasetCounts, variant: DatasetVariant): Promise<void> {
  const site = variant === 'site';
  const pools: Pools = { images: [], anyFiles: [], authors: [], categories: [], articles: [] };
  await insertFiles(kernel, rng, counts.files, pools);

  const categories = kernel.documents('api::category.category');
  const createCategory = async (data: Record<string, unknown>) => {
    const { documentId } = await categories.create({ data });
    if (site) await categories.update({ documentId, locale: 'fr', status: 'published', data: { ...data, name: `${String(data.name)} (fr)` } });
    return documentId;
  };
  const roots = Math.max(1, Math.ceil(counts.categories / 5));
  pools.categories.push(...await inBatches('categories', roots, (i) => categoryData(rng, i, undefined), oneByOne(createCategory)));
  pools.categories.push(...await inBatches('subcategories', counts.categories - roots,
    (i) => categoryData(rng, roots + i, pools.categories[rng.int(0, roots - 1)]), oneByOne(createCategory)));

  const authors = kernel.documents('api::author.author');
  pools.authors.push(...await inBatches('authors', counts.authors, (i) => authorData(rng, i, pools),
    async (records) => (await authors.createMany({ data: records })).documentIds));

  const articles = kernel.documents('api::article.article');
  const shared = sharedAttributes(kernel, 'api::article.article');
  // A record: the article, and on a site its French version and (one in three) an edited draft.
  // createMany writes a batch with one statement per table; the edited drafts go through update.
  await inBatches('articles', counts.articles, (i) => ({ data: articleData(rng, i, pools), fr: site ? frenchVersion(rng, i) : undefined, draft: site && i % 3 === 0 }),
    async (records) => {
      // The service's own default is a draft; a client's create (and this one) publishes
      const { documentIds } = await articles.createMany({ data: records.map((r) => r.data), ...(site ? { status: 'published' } : {}) });
      if (site) {
        // A new locale version takes the shared values its document has: they are not sent again
        const fr = records.map(({ data, fr: french }) => ({ ...omit(data, shared), ...french }));
        await articles.createMany({ data: fr, documentIds, locale: 'fr', status: 'published' });
      }
      for (const [i, { data, draft }] of records.entries()) {
        if (draft) await articles.update({ documentId: documentIds[i]!, status: 'draft', data: { title: `${String(data.title)} (draft)` } });
      }
      return documentIds;
    }, (ids) => pools.articles.push(...ids), ARTICLE_BATCH);
  // One in ten authors spotlights an article (oneToOne: each article at most once).
  const spotlights = rng.sample(pools.articles, Math.floor(counts.authors / 10));
  await inBatches('spotlights', spotlights.length, (i) => ({ documentId: pools.authors[i]!, spotlight: spotlights[i]! }),
    oneByOne(async ({ documentId, spotlight }) => { await authors.update({ documentId, data: { spotlight } }); return documentId; }));

  await kernel.documents('api::global.global').create({ data: {
    siteName: 'Bench', siteDescription: 'Generated data', favicon: pools.images[0],
    defaultSeo: { metaTitle: 'Bench', openGraph: { ogTitle: 'Bench' } },
    pinnedArticles: pools.articles.slice(0, 5),
  } });
}

async function insertFiles(kernel: Kernel, rng: Prng, count: number, pools: Pools): Promise<void> {
  const bar = progress('files', count);
  const rows = Array.from({ length: count }, (_, i) => fileRow(rng, i));
  for (let i = 0; i < rows.length; i += 40) {
    const chunk = rows.slice(i, i + 40);
    await kernel.db('files').insert(chunk);
    bar.tick(chunk.length);
  }
  bar.done();
  const saved = await kernel.db('files').select('id', 'mime').orderBy('id') as Array<{ id: number; mime: string }>;
  for (const f of saved) {
    pools.anyFiles.push(Number(f.id));
    if (f.mime.startsWith('image/')) pools.images.push(Number(f.id));
  }
}

/**
 * Builds a batch of records in index order (so the PRNG sequence never depends on timing), then
 * writes them in order. Results join the pools only after their batch, so a record references
 * documents of earlier batches only.
 */
async function inBatches<D, R>(label: string, total: number, build: (i: number) => D, write: (records: D[]) => Promise<R[]>,
  onBatch?: (results: R[]) => void, batch = BATCH): Promise<R[]> { // with onBatch, results go there only
  const bar = progress(label, total);
  const out: R[] = [];
  for (let start = 0; start < total; start += batch) {
    const records: D[] = [];
    for (let i = start; i < Math.min(total, start + batch); i++) records.push(build(i));
    const results = await write(records);
    if (onBatch) onBatch(results);
    else out.push(...results);
    bar.tick(records.length);
  }
  bar.done();
  return out;
}

/** One write at a time: overlapping creates ran ~40% faster but interleaved, so row ids no longer
 *  followed index order and two generations differed. */
function oneByOne<D, R>(write: (record: D) => Promise<R>): (records: D[]) => Promise<R[]> {
  return async (records) => {
    const results: R[] = [];
    for (const record of records) results.push(await write(record));
    return results;
  };
}

function sharedAttributes(kernel: Kernel, uid: string): string[] {
  const ct = kernel.registry.contentType(uid);
  return Object.entries(ct.attributes)
    .filter(([, attr]) => (attr.pluginOptions as { i18n?: { localized?: boolean } } | undefined)?.i18n?.localized === false)
    .map(([name]) => name);
}

function omit(data: Record<string, unknown>, names: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([name]) => !names.includes(name)));
}
