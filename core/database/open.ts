// Opens a kernel's database: connects, syncs the schema the registry implies, binds the models.
// On failure nothing stays open. The sync runs without the statement budget, on a connection of
// its own (altering or indexing a large table may take longer than any request should), under a
// lock that keeps other instances' syncs out (locks.ts).

import type { Knex } from 'knex';
import type { DatabaseConfig } from '../config/types.js';
import type { Logger } from '../log/logger.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import { createConnection, preparePg } from './connection.js';
import { buildModels, type ModelClass } from './models.js';
import { outboxTables } from './outbox-tables.js';
import { buildPhysicalSchema, type PhysicalSchema } from './physical.js';
import { keepStatistics, type Maintenance } from './statistics.js';
import { syncSchema, type SyncReport } from './sync.js';
import { sessionLocks, sqliteLocks, type DatabaseLocks } from './locks.js';
import { uniqueKeys, type UniqueKeys } from './unique-violation.js';
import type { Rename } from './renames.js';

export interface OpenDatabase {
  knex: Knex;
  sync: SyncReport;
  models: Map<string, ModelClass>;
  /** Background upkeep of the database (SQLite's planner statistics); stopped before the pool closes. */
  maintenance: Maintenance;
  /** Whether a multi-row INSERT can return its ids (INSERT ... RETURNING): SQLite, PostgreSQL,
   *  MariaDB 10.5+; not MySQL nor older MariaDB, where rows are inserted one at a time instead. */
  insertReturning: boolean;
  /** Named locks across every instance on this database; closed with the pool. */
  locks: DatabaseLocks;
  /** Tells which unique key a refused write hit. */
  uniqueKeys: UniqueKeys;
}

export async function openDatabase(config: DatabaseConfig, registry: ModelRegistry, appDir: string, logger: Logger, renames: readonly Rename[] = []): Promise<OpenDatabase> {
  if (config.client === 'postgres') await preparePg();
  const knex = createConnection(config, appDir);
  const locks = config.client === 'sqlite' ? sqliteLocks(knex, logger)
    // Their own connections, without the statement budget: a lock is held while a long sync runs
    : sessionLocks(config.client, () => createConnection({ ...config, statementTimeout: 0, pool: { ...config.pool, min: 0, max: LOCK_CONNECTIONS } }, appDir), logger);
  try {
    const content = buildPhysicalSchema(registry, { partial: config.client !== 'mysql', trigram: config.client !== 'mysql', scopeCounts: config.client === 'sqlite',
      ...(config.client === 'sqlite' ? { textFold: process.versions.unicode } : {}) });
    const schema: PhysicalSchema = { tables: [...content.tables, ...outboxTables()] };
    const sync = await syncWithoutBudget(config, knex, appDir, schema, logger, locks, renames);
    const models = buildModels(registry, knex);
    const maintenance = config.client === 'sqlite' ? await keepStatistics(knex, schema, logger) : { stop: () => {}, afterBulkWrite: async () => {} };
    return { knex, sync, models, maintenance, insertReturning: await insertReturning(config, knex), locks, uniqueKeys: uniqueKeys(schema) };
  } catch (err) {
    await locks.close();
    await knex.destroy();
    throw err;
  }
}

/** Connections the locks may hold at once (one per name held). */
const LOCK_CONNECTIONS = 2;

async function syncWithoutBudget(config: DatabaseConfig, knex: Knex, appDir: string, schema: PhysicalSchema, logger: Logger, locks: DatabaseLocks, renames: readonly Rename[]): Promise<SyncReport> {
  // SQLite has no budget, and an in-memory database exists on its one connection only
  if (config.client === 'sqlite' || config.statementTimeout === 0) return syncSchema(knex, schema, logger, locks, renames);
  const unbounded = createConnection({ ...config, statementTimeout: 0, pool: { ...config.pool, min: 0, max: 1 } }, appDir);
  try {
    return await syncSchema(unbounded, schema, logger, locks, renames);
  } finally {
    await unbounded.destroy();
  }
}

async function insertReturning(config: DatabaseConfig, knex: Knex): Promise<boolean> {
  if (config.client !== 'mysql') return true;
  const [rows] = await knex.raw('SELECT VERSION() AS v') as unknown as [Array<{ v: string }>];
  const version = String(rows[0]?.v ?? '');
  const [major = 0, minor = 0] = version.split('.').map((n) => Number.parseInt(n, 10));
  return /mariadb/i.test(version) && (major > 10 || (major === 10 && minor >= 5));
}
