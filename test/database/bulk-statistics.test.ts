// SQLite plans by its statistics, which a table that started empty holds as expectations for a
// thousand rows (core/database/statistics.ts). A bulk write can grow it tenfold in seconds; the
// statistics must follow at once, not at the next hourly refresh, or a 250-value IN list (the
// unique check of createMany's next batch) reads as dearer than a scan of the whole table.

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
});
