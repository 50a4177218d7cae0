// One isolated database per test kernel, on whichever server DATABASE_CLIENT names:
// SQLite in memory (or a temp file when it must outlive a kernel), a fresh MariaDB database, or a
// fresh PostgreSQL schema. Connection settings come from the same env the app's config reads.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import type { KernelConfigInput } from '../../core/index.js';

export type TestClient = 'sqlite' | 'mysql' | 'postgres';

export const CLIENT: TestClient = (() => {
  const raw = process.env.DATABASE_CLIENT ?? 'sqlite';
  if (raw !== 'sqlite' && raw !== 'mysql' && raw !== 'postgres') throw new Error(`DATABASE_CLIENT=${raw}: expected sqlite, mysql or postgres`);
  return raw;
})();

export interface TestDatabase {
  database: NonNullable<KernelConfigInput['database']>;
  drop(): Promise<void>;
}

function serverConnection(port: number) {
  return {
    host: process.env.DATABASE_HOST ?? '127.0.0.1',
    port: Number(process.env.DATABASE_PORT ?? port),
    user: process.env.DATABASE_USERNAME ?? 'cms',
    password: process.env.DATABASE_PASSWORD ?? 'cms',
    database: process.env.DATABASE_NAME ?? 'cms_test',
  };
}

/** A fresh empty database; `persistent` keeps SQLite in a file so a second kernel sees the data. */
export async function createTestDatabase(opts: { persistent?: boolean } = {}): Promise<TestDatabase> {
  const suffix = randomBytes(5).toString('hex');
  if (CLIENT === 'sqlite') {
    if (!opts.persistent) return { database: { client: 'sqlite', connection: { filename: ':memory:' } }, drop: async () => {} };
    const dir = mkdtempSync(join(tmpdir(), 'strata-test-'));
    return {
      database: { client: 'sqlite', connection: { filename: join(dir, 'data.db') } },
      drop: async () => { rmSync(dir, { recursive: true, force: true }); },
    };
  }
  if (CLIENT === 'mysql') {
    const conn = serverConnection(3307);
    const name = `${conn.database}_${suffix}`;
    const admin = knexFactory({ client: 'mysql2', connection: conn, pool: { min: 0, max: 1 } });
    await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [name]);
    await admin.destroy();
    return {
      database: { client: 'mysql', connection: { ...conn, database: name }, pool: { min: 0, max: 5 } },
      drop: async () => {
        const a = knexFactory({ client: 'mysql2', connection: conn, pool: { min: 0, max: 1 } });
        await a.raw('DROP DATABASE IF EXISTS ??', [name]);
        await a.destroy();
      },
    };
  }
  const conn = serverConnection(5433);
  const schema = `t_${suffix}`;
  const admin = knexFactory({ client: 'pg', connection: conn, pool: { min: 0, max: 1 } });
  await admin.raw('CREATE SCHEMA ??', [schema]);
  await admin.destroy();
  return {
    database: { client: 'postgres', connection: conn, schema, pool: { min: 0, max: 5 } },
    drop: async () => {
      const a = knexFactory({ client: 'pg', connection: conn, pool: { min: 0, max: 1 } });
      await a.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await a.destroy();
    },
  };
}
