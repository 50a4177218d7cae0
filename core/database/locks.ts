// Named locks shared by every instance on one database: several instances may start together
// (cluster workers, containers rolling out), and only one may sync the schema or seed the default
// rows; the others wait, then find the work done. PostgreSQL and MariaDB/MySQL lock in the session
// (an advisory lock, GET_LOCK), which the server releases if the holder dies; each hold takes a
// connection of a small pool of its own, so a long sync is not cut by the statement budget and a
// lock never waits for a request's connection. SQLite has no such lock: a row says who holds a
// name and when it last said so, and a holder silent for STALE_MS is presumed dead.

import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from '../log/logger.js';

export interface DatabaseLocks {
  /** Runs fn while no other holder of `name` runs, in this process or another on the same
   *  database. Not reentrant: fn must not hold the same name again. */
  hold<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** How often a waiting instance says it is still waiting. */
const WAIT_NOTICE_MS = 10_000;
const POLL_MS = 100;
const LOCK_TABLE = 'strata_locks';
const BEAT_MS = 2_000;
const STALE_MS = 60_000;

interface SessionSql {
  /** One try, no wait: true once held. */
  tryLock(knex: Knex, conn: unknown, key: string): Promise<boolean>;
  unlock(knex: Knex, conn: unknown, key: string): Promise<void>;
  /** The lock's name on the server: scoped to this database (or schema), so other apps' instances do not wait. */
  key(knex: Knex, conn: unknown, name: string): Promise<string>;
}

const postgres: SessionSql = {
  async tryLock(knex, conn, key) {
    const { rows } = await knex.raw('SELECT pg_try_advisory_lock(hashtext(?)) AS held', [key]).connection(conn) as { rows: Array<{ held: boolean }> };
    return rows[0]?.held === true;
  },
  async unlock(knex, conn, key) {
    await knex.raw('SELECT pg_advisory_unlock(hashtext(?))', [key]).connection(conn);
  },
  async key(knex, conn, name) {
    const { rows } = await knex.raw('SELECT current_schema() AS s').connection(conn) as { rows: Array<{ s: string }> };
    return `strata:${rows[0]?.s ?? ''}:${name}`;
  },
};

const mysql: SessionSql = {
  async tryLock(knex, conn, key) {
    const [rows] = await knex.raw('SELECT GET_LOCK(?, 0) AS held', [key]).connection(conn) as unknown as [Array<{ held: number | null }>];
    return rows[0]?.held === 1;
  },
  async unlock(knex, conn, key) {
    await knex.raw('SELECT RELEASE_LOCK(?)', [key]).connection(conn);
  },
  async key(knex, conn, name) {
    // GET_LOCK names are server-wide and 64 characters at most
    const [rows] = await knex.raw('SELECT DATABASE() AS d').connection(conn) as unknown as [Array<{ d: string | null }>];
    return `strata:${createHash('sha256').update(`${rows[0]?.d ?? ''}:${name}`).digest('hex').slice(0, 40)}`;
  },
};

/** Locks held on connections of `pool()`, a knex made on the first hold and closed with the locks. */
export function sessionLocks(client: 'postgres' | 'mysql', pool: () => Knex, logger: Logger): DatabaseLocks {
  const sql = client === 'postgres' ? postgres : mysql;
  let knex: Knex | undefined;
  return {
    async hold(name, fn) {
      knex ??= pool();
      const conn: unknown = await knex.client.acquireConnection();
      try {
        const key = await sql.key(knex, conn, name);
        await waitFor(name, logger, () => sql.tryLock(knex!, conn, key));
        try {
          return await fn();
        } finally {
          await sql.unlock(knex, conn, key);
        }
      } finally {
        await knex.client.releaseConnection(conn);
      }
    },
    async close() {
      await knex?.destroy();
      knex = undefined;
    },
  };
}

export function sqliteLocks(knex: Knex, logger: Logger): DatabaseLocks {
  let created = false;
  return {
    async hold(name, fn) {
      if (!created) {
        await knex.raw(`CREATE TABLE IF NOT EXISTS ${LOCK_TABLE} (name TEXT PRIMARY KEY, holder TEXT NOT NULL, beat INTEGER NOT NULL)`);
        created = true;
      }
      const me = randomUUID();
      await waitFor(name, logger, () => claim(knex, name, me));
      const beat = setInterval(() => {
        knex.raw(`UPDATE ${LOCK_TABLE} SET beat = ? WHERE name = ? AND holder = ?`, [Date.now(), name, me])
          .catch((err: unknown) => logger.warn(`lock ${name}: not renewed: ${String(err)}`));
      }, BEAT_MS);
      beat.unref();
      try {
        return await fn();
      } finally {
        clearInterval(beat);
        await knex.raw(`DELETE FROM ${LOCK_TABLE} WHERE name = ? AND holder = ?`, [name, me]);
      }
    },
    close: async () => {},
  };
}

/** Takes the row when free, or from a holder silent for too long; true if `me` holds it. */
async function claim(knex: Knex, name: string, me: string): Promise<boolean> {
  const now = Date.now();
  try {
    await knex.raw(`INSERT INTO ${LOCK_TABLE} (name, holder, beat) VALUES (?, ?, ?)
      ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, beat = excluded.beat WHERE ${LOCK_TABLE}.beat < ?`, [name, me, now, now - STALE_MS]);
  } catch (err) {
    // The holder's DDL keeps the file's write lock past the busy timeout: still taken
    if ((err as { code?: string }).code?.startsWith('SQLITE_BUSY')) return false;
    throw err;
  }
  const [row] = await knex.raw(`SELECT holder FROM ${LOCK_TABLE} WHERE name = ?`, [name]) as Array<{ holder: string }>;
  return row?.holder === me;
}

async function waitFor(name: string, logger: Logger, attempt: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  let noticed = started;
  while (!(await attempt())) {
    const now = Date.now();
    if (now - noticed >= WAIT_NOTICE_MS) {
      noticed = now;
      logger.info(`lock ${name}: waiting for another instance to finish (${Math.round((now - started) / 1000)} s)`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
