// SQLite plans by its statistics, which a table that started empty holds as expectations for a
// thousand rows (core/database/statistics.ts). A bulk write can grow it tenfold in seconds; the
// statistics must follow at once, not at the next hourly refresh, or a 250-value IN list (the
// unique check of createMany's next batch) reads as dearer than a scan of the whole table. Rows
// other code writes are measured too, within seconds (test/database/growing-statistics.test.ts
// fills a kernel through HTTP).

import { expect } from 'chai';
import { useKernel } from '../helpers/suite.js';

describe('planner statistics after a bulk write (SQLite)', () => {
  const app = useKernel({ config: { plugins: { 'draft-and-publish': { enabled: true }, i18n: { enabled: true, config: { locales: ['en', 'fr'] } } } } });

  it('are measured again once createMany has grown a table tenfold, and the unique check searches the index', async function () {
    if (app().kernel.dialect !== 'sqlite') this.skip();
    this.timeout(120_000);
    const db = app().kernel.db;
    const rowsEstimate = async (): Promise<number> => {
      const stats = await db('sqlite_stat1').where({ tbl: 'categories' }) as Array<{ stat: string }>;
      return Math.max(...stats.map((s) => Number(s.stat.split(' ')[0])));
    };
    expect(await rowsEstimate(), 'an empty table starts with expectations').to.be.below(2000);
    const categories = app().kernel.documents('api::category.category');
    // 12,000 documents (categories have one row each: no draft-and-publish)
    for (let batch = 0; batch < 12; batch++) {
      const data = Array.from({ length: 1000 }, (_, i) => ({ name: `Bulk category ${batch}-${i}`, slug: `bulk-${batch}-${i}` }));
      await categories.createMany({ data, status: 'published' });
    }
    // Measured on a sample (analysis_limit): near the rows, far from the thousand expected
    expect(await rowsEstimate()).to.be.above(5_000);
    const values = Array.from({ length: 250 }, (_, i) => `bulk-0-${i}`);
    const plan = await db.raw(`EXPLAIN QUERY PLAN SELECT id FROM categories WHERE slug IN (${values.map(() => '?').join(', ')}) AND locale = ? LIMIT 1`, [...values, 'en']) as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join('; ')).to.match(/USING (COVERING )?INDEX categories_slug/);
  });

  it('count the values of a leading column the sample saw one of, so a scoped unique check still probes the slug index', async function () {
    if (app().kernel.dialect !== 'sqlite') this.skip();
    this.timeout(120_000);
    const db = app().kernel.db;
    const articles = app().kernel.documents('api::article.article');
    // 6,000 published documents in one locale: 12,000 rows, a draft and a published version each
    for (let batch = 0; batch < 6; batch++) {
      const data = Array.from({ length: 1000 }, (_, i) => ({ title: `Scoped ${batch}-${i}`, slug: `scoped-${batch}-${i}` }));
      await articles.createMany({ data, status: 'published' });
    }
    // ANALYZE reads the first thousand entries of the index led by locale, all 'en': sampled, one
    // locale selects a thousand rows; there are 6,000
    const [row] = await db('sqlite_stat1').where({ tbl: 'articles', idx: 'articles_locale_id_published_at_set_idx' }) as Array<{ stat: string }>;
    const [rows, perLocale] = row!.stat.split(' ').map(Number);
    expect(rows).to.be.at.least(5_000);
    expect(perLocale, row!.stat).to.equal(rows);
    const values = Array.from({ length: 250 }, (_, i) => `scoped-9-${i}`);
    const plan = await db.raw(`EXPLAIN QUERY PLAN SELECT id FROM articles WHERE slug IN (${values.map(() => '?').join(', ')}) AND published_at IS NOT NULL AND locale = ? LIMIT 1`, [...values, 'en']) as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join('; ')).to.match(/USING (COVERING )?INDEX articles_slug/);
  });

  it('are measured within seconds when the rows arrive without the document service', async function () {
    if (app().kernel.dialect !== 'sqlite') this.skip();
    this.timeout(120_000);
    const db = app().kernel.db;
    const rowsEstimate = async (): Promise<number> => Math.max(...(await db('sqlite_stat1').where({ tbl: 'authors' }) as Array<{ stat: string }>).map((s) => Number(s.stat.split(' ')[0])));
    expect(await rowsEstimate(), 'an empty table starts with expectations').to.be.below(2_000);
    // Rows written by other code (an SQL import, a plugin through kernel.db): no bulk write reports them
    const now = new Date().toISOString();
    for (let i = 0; i < 12_000; i += 500) {
      await db('authors').insert(Array.from({ length: 500 }, (_, j) => ({ document_id: `imported${i + j}`, name: `Imported ${i + j}`, email: `imported${i + j}@example.com`, created_at: now, updated_at: now, published_at: now })));
    }
    // The growth is read on a timer, off the request path: a bounded wait
    const deadline = Date.now() + 30_000;
    while (await rowsEstimate() < 10_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rowsEstimate()).to.be.above(10_000);
  });
});
