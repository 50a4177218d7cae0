// One row inserted and its id answered, on every dialect: MySQL/MariaDB answer the id itself,
// the others through RETURNING (SQLite's driver sometimes as a bare number).

import type { Knex } from 'knex';
import type { Dialect } from './connection.js';

export async function insertReturningId(db: Knex | Knex.Transaction, dialect: Dialect, table: string, values: Record<string, unknown>): Promise<number> {
  if (dialect === 'mysql') {
    const [id] = await db(table).insert(values) as number[];
    return Number(id);
  }
  const [row] = await db(table).insert(values).returning('id') as Array<{ id: number } | number>;
  return Number(typeof row === 'object' && row !== null ? row.id : row);
}
