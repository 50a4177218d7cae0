// SQLite's planner chooses indexes by its statistics (sqlite_stat1). Without them it guesses from
// the index shapes alone, and it guesses wrong here: it will walk every row of a locale through
// the list index (which gives id order for free) to find one document's versions. So:
// - PRAGMA optimize analyzes the tables whose size is far off their last analysis, reading a
//   bounded sample of each index (analysis_limit, set per connection): after every start and
//   then every hour;
// - a table it has no statistics for (an empty one: analysis records nothing for it) gets the
//   physical design's expectations (IndexDef.expected, for a table of SEED_ROWS rows);
// - a site fills up through its API while the server runs, and the statistics must follow
//   without a restart: a table that may hold ten times the rows its statistics describe is
//   analyzed within seconds, whoever wrote the rows (the document service, a plugin through
//   kernel.db, another process), and so is, at that moment, every table ten times smaller than
//   its statistics say, as a restart's optimize would. Both matter: with a grown link table
//   measured and the small table beside it (20 cities) still expected to hold a thousand rows,
//   a filter on a city's name read the whole link table for every request. While every table is
//   small the expectations stand. Growth is read, not counted on the write path: every
//   GROWTH_EVERY ms one statement reads MAX(rowid) of each table (a probe of its last page), an
//   upper bound of the rows it holds. A bulk write (createMany) runs the same check at once, for
//   the tables it wrote.
// Each connection reads sqlite_stat1 when it loads the schema, and another connection's ANALYZE
// does not change the schema: a worker process (server.workers > 1) would go on planning with the
// old figures, its cached statements too. So whoever analyzes bumps a signal row, and every
// process that sees it move reloads the statistics (ANALYZE sqlite_schema, which also expires
// its prepared statements: they are planned again at their next run).
// Statistics only steer plans: failing to refresh them is logged, never fatal.
// PostgreSQL (autovacuum) and MariaDB (InnoDB's persistent statistics) keep theirs themselves:
// after a fill through the API both planned the same requests through the same indexes as after
// an explicit ANALYZE (docs/design.md, "Physical design").

import type { Knex } from 'knex';
import type { Logger } from '../log/logger.js';
import { SIGNALS_TABLE } from './naming.js';
import { SEED_ROWS, type PhysicalSchema } from './physical.js';
import { repairSampledLeadingColumns } from './sampled-statistics.js';

const EVERY = 60 * 60 * 1000;
/** How often growth is read: analysis follows within this. */
const GROWTH_EVERY = 2000;
/** Growth since the last measurement that makes a table worth analyzing again. */
const GROWTH = 10;
/** The signal (strata_signals) every process watches: statistics changed in the file. */
const SIGNAL = 'sqlite-statistics';
/** Tables per growth probe (SQLite allows 500 terms in a compound SELECT). */
const PROBE_CHUNK = 200;

export interface Maintenance {
  stop(): void;
  /** After many rows were written at once (rows per table): a table ten times its measured size is analyzed at once. */
  afterBulkWrite(inserted: ReadonlyMap<string, number>): Promise<void>;
}

/** A table's statistics as last seen, and its largest rowid then (0: counted from empty). */
interface Seen { measured: number; top: number }

/** better-sqlite3's connection, as the pool hands it out. */
interface SqliteConnection { prepare(sql: string): { all(...params: unknown[]): unknown[]; run(...params: unknown[]): unknown } }

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Tells when a table has grown tenfold past its statistics, analyzes it, and keeps every
 *  process's loaded statistics in step with the file's. */
class Growth {
  readonly #seen = new Map<string, Seen>();
  readonly #tables: string[];
  #measured = new Map<string, number>();
  #signal: number | undefined;
  #queue: Promise<void> = Promise.resolve();
  #queued = 0;
  #stopped = false;

  constructor(private readonly knex: Knex, private readonly schema: PhysicalSchema, private readonly logger: Logger) {
    // Tables the planner has a choice of index on (others are read by primary key)
    this.#tables = schema.tables.filter((t) => t.indexes.some((i) => !i.method)).map((t) => t.name);
  }

  stop(): void {
    this.#stopped = true;
  }

  /** Whether a check is queued or running (the timer then skips its turn). */
  get busy(): boolean {
    return this.#queued > 0;
  }

  /** One check at a time: the timer's, a bulk write's, the hourly refresh. */
  run(what: string, fn: () => Promise<void>): Promise<void> {
    this.#queued++;
    this.#queue = this.#queue.then(async () => {
      try {
        if (!this.#stopped) await fn();
      } catch (err) {
        // A check that raced the pool's closing is no finding
        if (!this.#stopped) this.logger.warn(`sqlite: planner statistics not refreshed ${what}: ${String(err)}`);
      } finally {
        this.#queued--;
      }
    });
    return this.#queue;
  }

  /** Analyzes the tables (all, or those given) whose rows may have grown tenfold past their
   *  statistics and, when there are any, every table ten times smaller than its statistics. */
  async check(only?: readonly string[]): Promise<void> {
    const tables = only ? this.#tables.filter((t) => only.includes(t)) : this.#tables;
    await this.#follow();
    const tops = await this.#tops(tables);
    const grown = [...tops].filter(([table, top]) => this.#hasGrown(table, top)).map(([table]) => table);
    if (grown.length === 0) return;
    // What a restart's optimize would do: a table that stayed small still holds the expectations
    // for SEED_ROWS rows, and beside a large one the planner then reads the large one whole (a
    // filter on a city's name read every restaurant's city link). While every table is small
    // the expectations stand: they are what plans a new site well
    const all = only ? await this.#tops(this.#tables) : tops;
    const small = [...all].filter(([table, top]) => !grown.includes(table) && top > 0 && top * GROWTH <= (this.#measured.get(table) ?? 0)).map(([table]) => table);
    const analyzed = [...grown, ...small];
    await this.#quiet((db) => { for (const table of analyzed) db.prepare(`ANALYZE ${quoted(table)}`).run(); });
    await repairSampledLeadingColumns(this.knex, { tables: this.schema.tables.filter((t) => analyzed.includes(t.name)) });
    await this.measured();
    // Counted from here on: deleted and rewritten rows (links) move MAX(rowid) without adding rows
    for (const table of analyzed) this.#seen.set(table, { measured: this.#measured.get(table) ?? 0, top: all.get(table) ?? tops.get(table)! });
    await this.changed();
  }

  /** Whether the table may hold ten times the rows its statistics describe. */
  #hasGrown(table: string, top: number): boolean {
    const measured = this.#measured.get(table) ?? 0;
    const seen = this.#seen.get(table);
    // First seen, the rows these statistics describe are unknown: the largest rowid bounds
    // them (statistics a tenth of it are stale). Measured again since (another process, the
    // hourly refresh): about now
    if (!seen) this.#seen.set(table, { measured, top: 0 });
    else if (seen.measured !== measured) this.#seen.set(table, { measured, top });
    const { top: base } = this.#seen.get(table)!;
    const rows = base === 0 ? top : measured + (top - base);
    return rows >= GROWTH * Math.max(measured, 1);
  }

  /** Reads the statistics as they are in the file now. */
  async measured(): Promise<void> {
    const rows = await this.#quiet((db) => db.prepare('SELECT tbl, MAX(CAST(stat AS INTEGER)) AS n FROM sqlite_stat1 GROUP BY tbl').all() as Array<{ tbl: string; n: number | null }>);
    this.#measured = new Map(rows.map((r) => [r.tbl, Number(r.n ?? 0)]));
  }

  /** Tells the other processes that the statistics in the file changed (this one loaded them). */
  async changed(): Promise<void> {
    await this.#quiet((db) => db.prepare(`INSERT INTO ${SIGNALS_TABLE} (name, version) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET version = ${SIGNALS_TABLE}.version + 1`).run(SIGNAL));
    this.#signal = await this.#readSignal();
  }

  /** Another process changed the statistics: load them (and plan the cached statements again). */
  async #follow(): Promise<void> {
    const now = await this.#readSignal();
    if (now === this.#signal) return;
    if (this.#signal !== undefined) await this.#quiet((db) => db.prepare('ANALYZE sqlite_schema').run());
    this.#signal = now;
    await this.measured();
  }

  async #readSignal(): Promise<number> {
    const rows = await this.#quiet((db) => db.prepare(`SELECT version FROM ${SIGNALS_TABLE} WHERE name = ?`).all(SIGNAL) as Array<{ version: number | string }>);
    return Number(rows[0]?.version ?? 0);
  }

  /** The largest rowid of each table: one index probe each, in one statement per chunk. */
  async #tops(tables: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (let i = 0; i < tables.length; i += PROBE_CHUNK) {
      const chunk = tables.slice(i, i + PROBE_CHUNK);
      const sql = chunk.map((t) => `SELECT ? AS t, MAX(rowid) AS top FROM ${quoted(t)}`).join(' UNION ALL ');
      const rows = await this.#quiet((db) => db.prepare(sql).all(...chunk) as Array<{ t: string; top: number | null }>);
      for (const r of rows) out.set(r.t, Number(r.top ?? 0));
    }
    return out;
  }

  /**
   * Runs on the pool's connection without knex, so that no 'query' event reports it: these reads
   * come every few seconds, and would land among the statements a request is counted by (tests,
   * the bench). Synchronous: nothing else runs on the connection meanwhile.
   */
  async #quiet<T>(fn: (db: SqliteConnection) => T): Promise<T> {
    const db = await this.knex.client.acquireConnection() as SqliteConnection;
    try {
      return fn(db);
    } finally {
      await this.knex.client.releaseConnection(db);
    }
  }
}

export async function keepStatistics(knex: Knex, schema: PhysicalSchema, logger: Logger): Promise<Maintenance> {
  const growth = new Growth(knex, schema, logger);
  const refresh = (all: boolean) => growth.run('at start-up or hourly', async () => {
    // 0x10002: every table, not only those this connection has used yet
    await knex.raw(all ? 'PRAGMA optimize=0x10002' : 'PRAGMA optimize');
    await repairSampledLeadingColumns(knex, schema);
    await expectWhereUnmeasured(knex, schema);
    await growth.measured();
    await growth.changed();
  });
  await refresh(true);
  const hourly = setInterval(() => { void refresh(false); }, EVERY);
  hourly.unref();
  // A check waits for the one connection: while requests hold it, ticks are skipped, not queued
  const often = setInterval(() => { if (!growth.busy) void growth.run('after writes', () => growth.check()); }, GROWTH_EVERY);
  often.unref();
  return {
    stop: () => { clearInterval(hourly); clearInterval(often); growth.stop(); },
    afterBulkWrite: (inserted) => growth.run('after a bulk write', () => growth.check([...inserted].filter(([, n]) => n > 0).map(([t]) => t))),
  };
}

async function expectWhereUnmeasured(knex: Knex, schema: PhysicalSchema): Promise<void> {
  // sqlite_stat1 exists once anything was analyzed; the state table always holds a row
  const exists = await knex.raw("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'") as unknown[];
  if (exists.length === 0) await knex.raw('ANALYZE strata_schema_state');
  // An empty table analyzed (optimize at a restart finds seeded figures far off its rows) keeps
  // "0 0" for its partial indexes and nothing for the others: that is no measurement either
  const measured = new Set((await knex.raw('SELECT DISTINCT tbl FROM sqlite_stat1 WHERE CAST(stat AS INTEGER) > 0') as Array<{ tbl: string }>).map((r) => r.tbl));
  const unmeasured = schema.tables.filter((t) => !measured.has(t.name) && t.indexes.some((i) => !i.method));
  if (unmeasured.length === 0) return;
  await knex.transaction(async (trx) => {
    for (const table of unmeasured) {
      // Another worker process may have measured it since the read above
      const [{ n = 0 } = {}] = await trx.raw('SELECT COUNT(*) AS n FROM sqlite_stat1 WHERE tbl = ? AND CAST(stat AS INTEGER) > 0', [table.name]) as Array<{ n?: number }>;
      if (Number(n) > 0) continue;
      await trx.raw('DELETE FROM sqlite_stat1 WHERE tbl = ?', [table.name]);
      for (const index of table.indexes.filter((i) => !i.method)) {
        const stat = [SEED_ROWS, ...index.expected.map((v) => Math.max(1, Math.round(v)))].join(' ');
        await trx.raw('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)', [table.name, index.name, stat]);
      }
    }
  });
  // The planner reads sqlite_stat1 when the schema loads: make it read it again
  await knex.raw('ANALYZE sqlite_schema');
}
