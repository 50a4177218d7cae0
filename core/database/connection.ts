// One knex instance per kernel, per dialect. Values cross the boundary through codecs.ts, so
// the drivers are set up to hand back raw strings for dates and numbers we convert ourselves.

import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig, ServerConnection, SqliteConnection } from '../config/types.js';
import { pinParameters } from './sqlite-parameters.js';
import { mysqlTimeoutSql, postgresTimeoutSql } from './statement-timeout.js';

/** Index entries ANALYZE reads per index (sampled-statistics.ts repairs what the sample misjudges). */
export const ANALYSIS_LIMIT = 1000;

export type Dialect = 'sqlite' | 'mysql' | 'postgres';

/** The Unicode-aware lower() registered on every SQLite connection. */
export const SQLITE_LOWER = 'strata_lower';

interface SqliteConnectionHandle {
  pragma(s: string): unknown;
  function(name: string, options: { deterministic: boolean }, fn: (v: unknown) => unknown): unknown;
  prepare(sql: string): unknown;
}

const STATEMENT_CACHE_SIZE = 500;
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
const SCHEMA_STATEMENT = /^\s*(create|alter|drop)\b/i;

/**
 * knex prepares every statement anew; preparing costs about as much as running a small query.
 * The planner emits the same SQL text for the same query shape, so a connection keeps the
 * statements it prepared (oldest dropped first). A schema change (create, alter, drop) empties
 * the cache, since it may change what a prepared statement returns.
 */
function cachePreparedStatements(conn: SqliteConnectionHandle): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    const hit = cache.get(sql);
    if (hit !== undefined) return hit;
    if (!DATA_STATEMENT.test(sql)) {
      if (SCHEMA_STATEMENT.test(sql)) cache.clear();
      return prepare(sql);
    }
    const statement = prepare(pinParameters(sql));
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(sql, statement);
    return statement;
  };
}

// PostgreSQL type OIDs whose default parsing would shift or round values.
const PG_RAW_TYPES = new Set([1082 /* date */, 1083 /* time */, 1114 /* timestamp */, 1184 /* timestamptz */, 20 /* int8 */, 1700 /* numeric */]);

export function createConnection(config: DatabaseConfig, appDir: string): Knex {
  const pool = { min: config.pool.min, max: config.pool.max, acquireTimeoutMillis: config.pool.acquireTimeoutMillis };
  switch (config.client) {
    case 'sqlite': {
      const { filename } = config.connection as SqliteConnection;
      const file = filename === ':memory:' || isAbsolute(filename) ? filename : resolve(appDir, filename);
      if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
      return knexFactory({
        client: 'better-sqlite3',
        connection: { filename: file },
        useNullAsDefault: true,
        debug: config.debug,
        // One writer: SQLite serialises writes anyway, and :memory: is one database per connection.
        pool: {
          min: 1, max: 1,
          afterCreate: (conn: SqliteConnectionHandle, done: (err: Error | null, conn: unknown) => void) => {
            // SQLite's LOWER() folds ASCII only; case-insensitive filters use JavaScript's full Unicode folding
            conn.function(SQLITE_LOWER, { deterministic: true }, (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v));
            conn.pragma('foreign_keys = ON');
            conn.pragma('journal_mode = WAL');
            conn.pragma('busy_timeout = 5000');
            // 64 MiB of page cache (SQLite's default here is 16 MiB), filled only as pages are read.
            // A write to a searchable field updates the FTS5 trigram index, whose merges touch
            // pages all over it: at 100k documents a 16 MiB cache made each such write 12-20 ms
            // (re-reading pages from the OS), 64 MiB 0.5-2 ms.
            conn.pragma('cache_size = -65536');
            // Bounds what PRAGMA optimize reads per index (statistics.ts): a sample, not the table
            conn.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
            cachePreparedStatements(conn);
            done(null, conn);
          },
        },
      });
    }
    case 'mysql': {
      const c = config.connection as ServerConnection;
      return knexFactory({
        client: 'mysql2',
        connection: c.connectionString ? c.connectionString : {
          host: c.host, port: c.port, user: c.user, password: c.password, database: c.database,
          charset: 'utf8mb4', timezone: 'Z', dateStrings: true, supportBigNumbers: true, bigNumberStrings: true,
          ...(c.ssl ? { ssl: c.ssl === true ? {} : c.ssl } : {}),
        },
        debug: config.debug,
        pool: { ...pool, afterCreate: mysqlSession(config.statementTimeout) },
      });
    }
    case 'postgres': {
      const c = config.connection as ServerConnection;
      const types = {
        getTypeParser: (oid: number, format?: string) =>
          PG_RAW_TYPES.has(oid) ? (v: string) => v : pgDefaultParser(oid, format),
      };
      return knexFactory({
        client: 'pg',
        connection: c.connectionString
          ? { connectionString: c.connectionString, types }
          : { host: c.host, port: c.port, user: c.user, password: c.password, database: c.database, ssl: c.ssl, types },
        debug: config.debug,
        pool: { ...pool, afterCreate: postgresSession(config.statementTimeout) },
        ...(config.schema ? { searchPath: [config.schema] } : {}),
      });
    }
  }
}

interface CallbackConnection { query(sql: string, cb: (err: Error | null, rows?: unknown) => void): void }
type AfterCreate = (conn: CallbackConnection, done: (err: Error | null, conn: unknown) => void) => void;

/** Runs each statement in turn on a new connection, then hands it to the pool. */
function runAll(conn: CallbackConnection, statements: string[], done: (err: Error | null, conn: unknown) => void): void {
  const [first, ...rest] = statements;
  if (first === undefined) { done(null, conn); return; }
  conn.query(first, (err) => (err ? done(err, conn) : runAll(conn, rest, done)));
}

/**
 * MariaDB 10.11 can return a row twice when it rewrites nested EXISTS filters into semi-joins with
 * duplicate weedout and a join buffer (seen: COUNT(*) = 101 over a 100-row table). Relation
 * filters are EXISTS subqueries, so keep MariaDB from rewriting them. MySQL has no such switch.
 * Both get the statement budget, each in its own variable.
 */
function mysqlSession(timeoutMs: number): AfterCreate {
  return (conn, done) => {
    conn.query('SELECT VERSION() AS v', (err, rows) => {
      if (err) { done(err, conn); return; }
      const mariadb = /mariadb/i.test(String((rows as Array<{ v: string }>)[0]?.v ?? ''));
      const statements = mariadb ? ["SET SESSION optimizer_switch='exists_to_in=off'"] : [];
      if (timeoutMs > 0) statements.push(mysqlTimeoutSql(timeoutMs, mariadb));
      runAll(conn, statements, done);
    });
  };
}

function postgresSession(timeoutMs: number): AfterCreate {
  return (conn, done) => runAll(conn, timeoutMs > 0 ? [postgresTimeoutSql(timeoutMs)] : [], done);
}

let pgTypes: { getTypeParser(oid: number, format?: string): (v: string) => unknown } | undefined;
function pgDefaultParser(oid: number, format?: string): (v: string) => unknown {
  return pgTypes ? pgTypes.getTypeParser(oid, format) : (v: string) => v;
}

/** Loads pg's own parsers once, for the types we do not take over (json, bool, int4...). */
export async function preparePg(): Promise<void> {
  if (pgTypes) return;
  const pg = (await import('pg')).default as unknown as { types: NonNullable<typeof pgTypes> };
  pgTypes = pg.types;
}
