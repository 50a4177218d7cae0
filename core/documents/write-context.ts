// What the write helpers share: the transaction, dialect and registry.

import type { Knex } from 'knex';
import type { Dialect } from '../database/connection.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { RowScope } from '../query/scopes.js';
import type { RelationRefsCheck } from './types.js';

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
}

/** Inserts one row and returns its id, on every dialect. */
export async function insertRow(wc: WriteContext, table: string, values: Record<string, unknown>): Promise<number> {
  if (wc.dialect === 'mysql') {
    const [id] = await wc.trx(table).insert(values) as number[];
    return Number(id);
  }
  const [row] = await wc.trx(table).insert(values).returning('id') as Array<{ id: number } | number>;
  return Number(typeof row === 'object' && row !== null ? row.id : row);
}

export async function insertRows(wc: WriteContext, table: string, rows: Array<Record<string, unknown>>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await wc.trx(table).insert(rows.slice(i, i + 500));
}
