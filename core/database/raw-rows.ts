import type { Dialect } from './connection.js';

/** The rows of a knex.raw SELECT: drivers answer rows (SQLite), { rows } (PostgreSQL) or
 *  [rows, fields] (MySQL and MariaDB). */
export function rawRows<Row = Record<string, unknown>>(result: unknown, dialect: Dialect): Row[] {
  if (dialect === 'postgres') return (result as { rows: Row[] }).rows;
  if (dialect === 'mysql') return (result as [Row[]])[0];
  return result as Row[];
}
