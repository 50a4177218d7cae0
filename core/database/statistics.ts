// SQLite's planner chooses indexes by its statistics (sqlite_stat1). Without them it guesses from
// the index shapes; with stale ones (taken while a table was small) it can prefer an index on a
// column with few distinct values and walk most of a table. PRAGMA optimize analyzes only the
// tables whose size changed a lot since their last analysis, reading a bounded sample of each
// index (analysis_limit, set per connection), so it runs after every sync and then every hour.
// PostgreSQL (autovacuum) and MariaDB (InnoDB's persistent statistics) keep theirs themselves.

import type { Knex } from 'knex';
import type { Logger } from '../log/logger.js';

const EVERY = 60 * 60 * 1000;

export interface Maintenance { stop(): void }

export async function keepStatistics(knex: Knex, logger: Logger): Promise<Maintenance> {
  // 0x10002: every table, not only those this connection has used yet
  await knex.raw('PRAGMA optimize=0x10002');
  const timer = setInterval(() => {
    knex.raw('PRAGMA optimize').catch((err: unknown) => logger.warn(`sqlite: PRAGMA optimize failed: ${String(err)}`));
  }, EVERY);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
