// What the write helpers share: the transaction, dialect and registry.

import type { Knex } from 'knex';
import { insertReturningId } from '../database/insert-id.js';
import type { Dialect } from '../database/connection.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { RowScope } from '../query/scopes.js';
import type { RecordedEvent } from '../events/outbox.js';
import type { DocumentEvent, RelationRefsCheck } from './types.js';

export interface WriteContext {
  trx: Knex.Transaction;
  dialect: Dialect;
  registry: ModelRegistry;
  rowScopes: RowScope[];
  /** What plugins check while a write links references that carry their keys. */
  hooks: { checkRelationRefs: { promise(check: RelationRefsCheck): Promise<void> } };
  now: string;
  /** Notifications to run once the outermost transaction has committed. */
  afterCommit: Array<() => Promise<void>>;
  /** The document events of the outermost transaction, in order: recorded in the outbox before
   *  it commits, given to documentEvent taps after. */
  events: DocumentEvent[];
  /** Those events with receivers, as the outbox records them before the commit. */
  recorded: RecordedEvent[];
  /** Whether a multi-row INSERT can return its ids (see OpenDatabase.insertReturning). */
  insertReturning: boolean;
  /** Rows a bulk write inserted per table, counted by the batch inserts when present. */
  inserted?: Map<string, number>;
}

function count(wc: WriteContext, table: string, rows: number): void {
  if (wc.inserted) wc.inserted.set(table, (wc.inserted.get(table) ?? 0) + rows);
}

/** Inserts one row and returns its id, on every dialect. */
export function insertRow(wc: WriteContext, table: string, values: Record<string, unknown>): Promise<number> {
  return insertReturningId(wc.trx, wc.dialect, table, values);
}

export async function insertRows(wc: WriteContext, table: string, rows: Array<Record<string, unknown>>): Promise<void> {
  count(wc, table, rows.length);
  const chunk = rowsPerStatement(rows);
  for (let i = 0; i < rows.length; i += chunk) await wc.trx(table).insert(rows.slice(i, i + chunk));
}

/**
 * Rows a multi-row INSERT may carry: knex writes one for SQLite as a compound SELECT, which may
 * join at most 500 terms, and every value is a bound variable, of which SQLite takes 32766.
 */
function rowsPerStatement(rows: Array<Record<string, unknown>>): number {
  const columns = new Set(rows.flatMap((r) => Object.keys(r))).size;
  return Math.max(1, Math.min(500, Math.floor(32_000 / Math.max(1, columns))));
}

/**
 * Inserts rows with one statement per chunk and returns their ids in the order of `rows`. Each
 * database numbers a multi-row INSERT's rows in the order of its VALUES, so the returned ids,
 * sorted, line up with the rows, whatever order RETURNING lists them in (SQLite does not promise
 * one). MariaDB (10.5+) gets RETURNING through raw SQL, as knex drops it for MySQL clients.
 */
export async function insertRowsReturningIds(wc: WriteContext, table: string, rows: Array<Record<string, unknown>>): Promise<number[]> {
  count(wc, table, rows.length);
  const ids: number[] = [];
  // Rows without a column (a component holding only media) have no VALUES list to batch; one row
  // needs no batch; a database without INSERT ... RETURNING takes them one at a time
  if (rows.length <= 1 || !wc.insertReturning || rows.every((r) => Object.keys(r).length === 0)) {
    for (const row of rows) ids.push(await insertRow(wc, table, row));
    return ids;
  }
  const chunk = rowsPerStatement(rows);
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    let returned: Array<{ id: unknown }>;
    if (wc.dialect === 'mysql') {
      const { sql, bindings } = wc.trx(table).insert(part).toSQL();
      const [result] = await wc.trx.raw(`${sql} returning \`id\``, bindings) as unknown as [Array<{ id: unknown }>];
      returned = result;
    } else {
      returned = await wc.trx(table).insert(part).returning('id') as Array<{ id: unknown }>;
    }
    if (returned.length !== part.length) throw new Error(`${table}: inserted ${part.length} rows, got ${returned.length} ids back`);
    ids.push(...returned.map((r) => Number(typeof r === 'object' && r !== null ? r.id : r)).sort((a, b) => a - b));
  }
  return ids;
}
