// Rate-limit counters in the database every instance already shares: one row per key and window,
// counted by one atomic upsert, so N instances enforce one budget, not N. Each hit is a write
// (on SQLite, a turn at the file's write lock): meant for the auth routes' small budgets and for
// several instances; one process does better with the in-memory store.

import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Dialect } from './connection.js';
import { RATE_LIMIT_TABLE } from './naming.js';
import { KernelError } from '../errors/index.js';
import type { Logger } from '../log/logger.js';
import type { RateLimitStore } from '../limits/rate-limit.js';

/** Windows that ended this long ago are deleted, at most once a minute per process. */
const SWEEP_MS = 60_000;
/** Longer keys (an identifier can be long) are stored as their hash, to fit the column. */
const KEY_LENGTH = 190;

export class DatabaseRateLimitStore implements RateLimitStore {
  #db?: { knex: Knex; dialect: Dialect; logger: Logger };
  #nextSweep = 0;

  /** The kernel binds it to its pool once the database is open. */
  bind(knex: Knex, dialect: Dialect, logger: Logger): void {
    this.#db = { knex, dialect, logger };
  }

  async hit(key: string, interval: number): Promise<{ count: number; resetAt: number }> {
    if (!this.#db) throw new KernelError('KERNEL_ERR_STATE', 'the database rate-limit store is used before the database is open');
    const { knex, dialect } = this.#db;
    const bucket = key.length > KEY_LENGTH ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key;
    const now = Date.now();
    const resetAt = now + interval;
    this.#sweep(now);
    // A window that has ended starts again at 1; the row is locked for the statement's length
    const row = dialect === 'mysql'
      ? await knex.transaction(async (trx) => {
        // MariaDB assigns left to right: hits is decided on the old reset_at, which is unchanged then
        await trx.raw(`INSERT INTO ${RATE_LIMIT_TABLE} (bucket, reset_at, hits) VALUES (?, ?, 1)
          ON DUPLICATE KEY UPDATE hits = IF(reset_at <= ?, 1, hits + 1), reset_at = IF(reset_at <= ?, ?, reset_at)`, [bucket, resetAt, now, now, resetAt]);
        const [rows] = await trx.raw(`SELECT hits, reset_at FROM ${RATE_LIMIT_TABLE} WHERE bucket = ?`, [bucket]) as unknown as [Array<{ hits: number; reset_at: number | string }>];
        return rows[0];
      })
      : firstRow(await knex.raw(`INSERT INTO ${RATE_LIMIT_TABLE} (bucket, reset_at, hits) VALUES (?, ?, 1)
          ON CONFLICT (bucket) DO UPDATE SET
            hits = CASE WHEN ${RATE_LIMIT_TABLE}.reset_at <= ? THEN 1 ELSE ${RATE_LIMIT_TABLE}.hits + 1 END,
            reset_at = CASE WHEN ${RATE_LIMIT_TABLE}.reset_at <= ? THEN excluded.reset_at ELSE ${RATE_LIMIT_TABLE}.reset_at END
          RETURNING hits, reset_at`, [bucket, resetAt, now, now]));
    if (!row) throw new Error(`rate limit: no row for ${bucket} after its upsert`);
    return { count: Number(row.hits), resetAt: Number(row.reset_at) };
  }

  #sweep(now: number): void {
    if (now < this.#nextSweep || !this.#db) return;
    this.#nextSweep = now + SWEEP_MS;
    const { knex, logger } = this.#db;
    knex(RATE_LIMIT_TABLE).where('reset_at', '<', now).delete()
      .catch((err: unknown) => logger.warn(`rate limit: ended windows not deleted: ${String(err)}`));
  }
}

function firstRow(result: unknown): { hits: number | string; reset_at: number | string } | undefined {
  // SQLite answers the rows, PostgreSQL a result with them
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return rows[0] as { hits: number | string; reset_at: number | string } | undefined;
}
