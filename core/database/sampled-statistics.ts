// ANALYZE under analysis_limit reads the first N entries of each index. For an index led by a
// column with few values (locale, a partial index of one publication state) those N entries all
// hold one value, and sqlite_stat1 then says one value selects about N rows, where at 100k
// documents it selects 100k. The planner believed it: a unique check of 250 slugs scoped to one
// locale walked the whole locale through the list index (430 ms) instead of probing the slug
// index 250 times (under 1 ms), and lists filtered on a selective column risk the same choice.
// So after each analysis, a leading figure that looks cut off at the sample size is measured
// again by counting the column's distinct values, one index probe per value, up to MAX_VALUES
// (beyond that the column is selective and the sampled figure does no harm).

import type { Knex } from 'knex';
import { ANALYSIS_LIMIT } from './connection.js';
import type { IndexDef, PhysicalSchema } from './physical.js';

const MAX_VALUES = 64;

export async function repairSampledLeadingColumns(knex: Knex, schema: PhysicalSchema): Promise<void> {
  const stats = await knex.raw('SELECT tbl, idx, stat FROM sqlite_stat1') as Array<{ tbl: string; idx: string | null; stat: string }>;
  const byIndex = new Map(stats.filter((s) => s.idx).map((s) => [`${s.tbl}\0${s.idx!}`, s.stat]));
  let repaired = 0;
  for (const table of schema.tables) {
    for (const index of table.indexes) {
      if (index.method) continue;
      const stat = byIndex.get(`${table.name}\0${index.name}`);
      if (!stat) continue;
      const figures = stat.split(' ').map(Number);
      const [rows = 0, perValue = 0] = figures;
      // A sampled figure is ANALYSIS_LIMIT + 1 at most; a table hardly bigger than the sample is read whole
      if (perValue < ANALYSIS_LIMIT || rows < 2 * ANALYSIS_LIMIT) continue;
      const values = await distinctValues(knex, table.name, index);
      if (values === undefined) continue;
      const measured = Math.max(1, Math.round(rows / Math.max(1, values)));
      if (measured <= perValue) continue;
      figures[1] = measured;
      await knex.raw('UPDATE sqlite_stat1 SET stat = ? WHERE tbl = ? AND idx = ?', [figures.join(' '), table.name, index.name]);
      repaired++;
    }
  }
  // The planner reads sqlite_stat1 when the schema loads: make it read it again
  if (repaired) await knex.raw('ANALYZE sqlite_schema');
}

/** Distinct non-null values of the index's first column (each found by one probe), or undefined past MAX_VALUES. */
async function distinctValues(knex: Knex, table: string, index: IndexDef): Promise<number | undefined> {
  const column = index.columns[0]!;
  const partial = index.where ? ` AND ?? IS ${index.where.isNull ? '' : 'NOT '}NULL` : '';
  const partialBindings = index.where ? [index.where.column] : [];
  let last: Knex.Value = null;
  for (let count = 0; count <= MAX_VALUES; count++) {
    const after: string = last === null ? '' : ' AND ?? > ?';
    const bindings: Knex.Value[] = [column, table, column, ...partialBindings, ...(last === null ? [] : [column, last])];
    const rows: Array<{ v: Knex.Value }> = await knex.raw(`SELECT MIN(??) AS v FROM ?? WHERE ?? IS NOT NULL${partial}${after}`, bindings);
    const value: Knex.Value = rows[0]?.v ?? null;
    if (value === null) return count;
    last = value;
  }
  return undefined;
}
