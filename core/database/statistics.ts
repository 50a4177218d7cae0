// SQLite's planner chooses indexes by its statistics (sqlite_stat1). Without them it guesses from
// the index shapes alone, and it guesses wrong here: it will walk every row of a locale through
// the list index (which gives id order for free) to find one document's versions. So:
// - PRAGMA optimize analyzes the tables whose size is ten times off their last analysis, reading
//   a bounded sample of each index (analysis_limit, set per connection): after every start and
//   then every hour;
// - a bulk write (createMany) can grow a table tenfold in seconds, long before that: it says how
//   many rows it wrote to which tables, and a table now ten times its measured size is analyzed
//   at once. (A table that started empty still had the expectations for SEED_ROWS rows, by which
//   a 250-value IN list looked dearer than a scan: an import of 100k documents slowed fourfold as
//   it went. PRAGMA optimize does not see that growth: its size check missed it here, and a bulk
//   write's prepared statements, planned once, do not mark the table as used.)
// - a table it has no statistics for (an empty one: analysis records nothing for it) gets the
//   physical design's expectations (IndexDef.expected, for a table of SEED_ROWS rows), which
//   optimize replaces with measured ones once the table holds about ten times that.
// Statistics only steer plans: failing to refresh them is logged, never fatal.
// PostgreSQL (autovacuum) and MariaDB (InnoDB's persistent statistics) keep theirs themselves.

import type { Knex } from 'knex';
import type { Logger } from '../log/logger.js';
import { SEED_ROWS, type PhysicalSchema } from './physical.js';
import { repairSampledLeadingColumns } from './sampled-statistics.js';

const EVERY = 60 * 60 * 1000;

export interface Maintenance {
  stop(): void;
  /** After many rows were written at once (rows per table): a table ten times its measured size is analyzed again. */
  afterBulkWrite(inserted: ReadonlyMap<string, number>): Promise<void>;
}

/** Measured rows per table and rows written since, to tell when a table has grown tenfold. */
class Growth {
  readonly #measured = new Map<string, number>();
  readonly #written = new Map<string, number>();

  constructor(private readonly knex: Knex, private readonly schema: PhysicalSchema, private readonly logger: Logger) {}

  async record(inserted: ReadonlyMap<string, number>): Promise<void> {
    try {
      for (const [table, rows] of inserted) {
        if (!rows) continue;
        const measured = this.#measured.get(table) ?? await this.#read(table);
        const written = (this.#written.get(table) ?? 0) + rows;
        this.#written.set(table, written);
        if (measured !== STALE && measured + written < 10 * Math.max(measured, 1)) continue;
        await this.knex.raw('ANALYZE ??', [table]);
        await repairSampledLeadingColumns(this.knex, { tables: this.schema.tables.filter((t) => t.name === table) });
        this.#written.set(table, 0);
        this.#measured.set(table, await this.#read(table));
      }
    } catch (err) {
      this.logger.warn(`sqlite: planner statistics not refreshed after a bulk write: ${String(err)}`);
    }
  }

  async #read(table: string): Promise<number> {
    const rows = await this.knex.raw('SELECT stat FROM sqlite_stat1 WHERE tbl = ?', [table]) as Array<{ stat: string }>;
    const measured = Math.max(0, ...rows.map((r) => Number(String(r.stat).split(' ')[0]) || 0));
    // The statistics may describe a table much smaller than today's (seeded expectations that
    // optimize never replaced): the largest rowid, one probe, bounds the rows there are now
    const [{ top = 0 } = {}] = await this.knex.raw('SELECT MAX(rowid) AS top FROM ??', [table]) as Array<{ top?: number | null }>;
    const known = Number(top ?? 0) >= 10 * Math.max(measured, 1) ? STALE : measured;
    this.#measured.set(table, known);
    return known;
  }
}

/** Statistics that describe a table a tenth of its size or less: analyze at the next bulk write. */
const STALE = -1;

export async function keepStatistics(knex: Knex, schema: PhysicalSchema, logger: Logger): Promise<Maintenance> {
  const refresh = (all: boolean) => (async () => {
    // 0x10002: every table, not only those this connection has used yet
    await knex.raw(all ? 'PRAGMA optimize=0x10002' : 'PRAGMA optimize');
    await repairSampledLeadingColumns(knex, schema);
    await expectWhereUnmeasured(knex, schema);
  })().catch((err: unknown) => logger.warn(`sqlite: planner statistics not refreshed: ${String(err)}`));
  await refresh(true);
  const timer = setInterval(() => { void refresh(false); }, EVERY);
  timer.unref();
  const growth = new Growth(knex, schema, logger);
  return { stop: () => clearInterval(timer), afterBulkWrite: (inserted) => growth.record(inserted) };
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
