// SQLite's planner chooses indexes by its statistics (sqlite_stat1). Without them it guesses from
// the index shapes alone, and it guesses wrong here: it will walk every row of a locale through
// the list index (which gives id order for free) to find one document's versions. So:
// - PRAGMA optimize analyzes the tables whose size is ten times off their last analysis, reading
//   a bounded sample of each index (analysis_limit, set per connection): after every start and
//   then every hour;
// - a table it has no statistics for (an empty one: analysis records nothing for it) gets the
//   physical design's expectations (IndexDef.expected, for a table of SEED_ROWS rows), which
//   optimize replaces with measured ones once the table holds about ten times that.
// Statistics only steer plans: failing to refresh them is logged, never fatal.
// PostgreSQL (autovacuum) and MariaDB (InnoDB's persistent statistics) keep theirs themselves.

import type { Knex } from 'knex';
import type { Logger } from '../log/logger.js';
import { SEED_ROWS, type PhysicalSchema } from './physical.js';

const EVERY = 60 * 60 * 1000;

export interface Maintenance { stop(): void }

export async function keepStatistics(knex: Knex, schema: PhysicalSchema, logger: Logger): Promise<Maintenance> {
  const refresh = (all: boolean) => (async () => {
    // 0x10002: every table, not only those this connection has used yet
    await knex.raw(all ? 'PRAGMA optimize=0x10002' : 'PRAGMA optimize');
    await expectWhereUnmeasured(knex, schema);
  })().catch((err: unknown) => logger.warn(`sqlite: planner statistics not refreshed: ${String(err)}`));
  await refresh(true);
  const timer = setInterval(() => { void refresh(false); }, EVERY);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

async function expectWhereUnmeasured(knex: Knex, schema: PhysicalSchema): Promise<void> {
  // sqlite_stat1 exists once anything was analyzed; the state table always holds a row
  const exists = await knex.raw("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'") as unknown[];
  if (exists.length === 0) await knex.raw('ANALYZE strata_schema_state');
  const measured = new Set((await knex.raw('SELECT DISTINCT tbl FROM sqlite_stat1') as Array<{ tbl: string }>).map((r) => r.tbl));
  const rows = schema.tables
    .filter((t) => !measured.has(t.name))
    .flatMap((t) => t.indexes.filter((i) => !i.method).map((i) => ({ tbl: t.name, idx: i.name, stat: [SEED_ROWS, ...i.expected.map((n) => Math.max(1, Math.round(n)))].join(' ') })));
  if (rows.length === 0) return;
  await knex.transaction(async (trx) => {
    // Another worker process may have written them since the read above
    for (const { tbl, idx, stat } of rows) {
      await trx.raw('INSERT INTO sqlite_stat1 (tbl, idx, stat) SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM sqlite_stat1 WHERE tbl = ? AND idx = ?)', [tbl, idx, stat, tbl, idx]);
    }
  });
  // The planner reads sqlite_stat1 when the schema loads: make it read it again
  await knex.raw('ANALYZE sqlite_schema');
}
