import type { Knex } from 'knex';
import type { Dialect } from './connection.js';

/** SQL with `?` placeholders and their values, in order. */
export interface SqlFragment { sql: string; bindings: Knex.Value[] }

/** The rows of a knex.raw SELECT: drivers answer rows (SQLite), { rows } (PostgreSQL) or
 *  [rows, fields] (MySQL and MariaDB). */
export function rawRows<Row = Record<string, unknown>>(result: unknown, dialect: Dialect): Row[] {
  if (dialect === 'postgres') return (result as { rows: Row[] }).rows;
  if (dialect === 'mysql') return (result as [Row[]])[0];
  return result as Row[];
}

/** Runs a SELECT written as SQL (through knex.raw, so its query events fire) and answers its rows. */
export async function selectRows<Row = Record<string, unknown>>(knex: Knex, dialect: Dialect, statement: SqlFragment): Promise<Row[]> {
  return rawRows<Row>(await knex.raw(statement.sql, statement.bindings), dialect);
}
