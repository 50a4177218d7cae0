// What the instance suites share: an app folder of the example's content types, the test database
// as the environment a server process reads (config/database.ts), and a direct connection to look
// at the rows the servers wrote.

import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { TestDatabase } from '../helpers/database.js';
import { ROOT, FIXTURE_CONTENT_TYPES } from '../helpers/kernel.js';

export function exampleAppFolder(): string {
  const appDir = mkdtempSync(join(tmpdir(), 'strata-app-'));
  cpSync(FIXTURE_CONTENT_TYPES, join(appDir, 'content-types'), { recursive: true });
  return appDir;
}

export function databaseEnv(db: TestDatabase): Record<string, string> {
  const config = db.database;
  if (config.client === 'sqlite') return { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: String((config.connection as { filename: string }).filename) };
  const c = config.connection as { host: string; port: number; user: string; password: string; database: string };
  return {
    DATABASE_CLIENT: String(config.client), DATABASE_HOST: c.host, DATABASE_PORT: String(c.port), DATABASE_USERNAME: c.user,
    DATABASE_PASSWORD: c.password, DATABASE_NAME: c.database,
    ...('schema' in config && config.schema ? { DATABASE_SCHEMA: String(config.schema) } : {}),
  };
}

/** A connection of the test's own to the servers' database; table() reads in their schema. */
export function directConnection(db: TestDatabase): { table(name: string): Knex.QueryBuilder; destroy(): Promise<void> } {
  const { client } = db.database;
  const knex = knexFactory({ ...db.database, client: client === 'sqlite' ? 'better-sqlite3' : client === 'mysql' ? 'mysql2' : 'pg', useNullAsDefault: true } as never);
  const schema = client === 'postgres' && 'schema' in db.database ? String(db.database.schema) : undefined;
  return {
    table: (name) => (schema ? knex.withSchema(schema).from(name) : knex(name)),
    destroy: () => knex.destroy(),
  };
}
