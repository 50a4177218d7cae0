// Attribute name <-> column, for content types and components alike.

import type { Dialect } from '../database/connection.js';
import { columnName } from '../database/naming.js';
import { columnTypeOf, type ColumnType } from '../database/physical.js';
import type { Model } from '../registry/types.js';
import { isScalar } from '../registry/types.js';

export function columnOf(model: Model, field: string): string {
  if (field === 'id') return 'id';
  if (field === 'documentId') return 'document_id';
  return columnName(field);
}

export function columnTypeOfField(model: Model, field: string): ColumnType {
  if (field === 'id') return 'increments';
  if (field === 'documentId') return 'string';
  const attr = model.attributes[field];
  const type = attr && isScalar(attr) ? columnTypeOf(attr) : undefined;
  if (!type) throw new Error(`${model.uid}.${field} is not a scalar attribute`);
  return type;
}

export interface ReadColumn {
  column: string;
  /** SQLite hands integers to JS as doubles: 64-bit values are read as text to keep every digit. */
  cast: boolean;
}

/** The columns a read selects for `fields`: id, document_id (content types), then each scalar. */
export function readColumns(model: Model, fields: string[], dialect: Dialect): ReadColumn[] {
  const out: ReadColumn[] = [{ column: 'id', cast: false }];
  if (model.modelType === 'contentType') out.push({ column: 'document_id', cast: false });
  for (const f of new Set(fields)) {
    const attr = model.attributes[f];
    if (!attr || f === 'id' || f === 'documentId' || !isScalar(attr)) continue;
    out.push({ column: columnOf(model, f), cast: attr.type === 'biginteger' && dialect === 'sqlite' });
  }
  return out;
}

const readable = new WeakMap<Model, Record<'content-api' | 'internal', string[]>>();

/** Scalar attributes a caller may read: private and password fields never leave the server. */
export function readableScalars(model: Model, source: 'content-api' | 'internal'): string[] {
  let cached = readable.get(model);
  if (!cached) {
    cached = { 'content-api': computeReadable(model, 'content-api'), internal: computeReadable(model, 'internal') };
    readable.set(model, cached);
  }
  return cached[source];
}

function computeReadable(model: Model, source: 'content-api' | 'internal'): string[] {
  const out: string[] = [];
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (!isScalar(attr)) continue;
    if (source === 'content-api' && (attr.private || attr.type === 'password')) continue;
    out.push(name);
  }
  return out;
}

/** The key a joined populate's i-th column is read back under (fold.ts): identifiers stay
 *  under every dialect's length limit. */
export function foldedKey(alias: string, i: number): string {
  return `${alias}_${i}`;
}

/** An identifier quoted as knex quotes it for the dialect. */
export function quoted(dialect: Dialect, name: string): string {
  const q = dialect === 'postgres' ? '"' : '`';
  return `${q}${name.split(q).join(q + q)}${q}`;
}

// Per model: the select list of each (dialect, alias, fields, keyed) shape, written once
const selectLists = new WeakMap<Model, Map<string, string>>();
// Field lists come from requests (`fields[0]=...`): a model keeps this many
const LISTS_PER_MODEL = 256;

/**
 * The select list of readColumns(model, fields) on table alias `alias`, as SQL. `keyed`: each
 * column read back under its foldedKey. Written once per shape: knex quoted each
 * identifier of each statement anew, a tenth of a deep findOne's CPU.
 */
export function selectListSql(model: Model, fields: string[], alias: string, dialect: Dialect, keyed: boolean): string {
  let lists = selectLists.get(model);
  if (!lists) { lists = new Map(); selectLists.set(model, lists); }
  const key = `${dialect}\u0000${alias}\u0000${keyed ? 1 : 0}\u0000${fields.join('\u0000')}`;
  let sql = lists.get(key);
  if (sql === undefined) {
    const a = quoted(dialect, alias);
    sql = readColumns(model, fields, dialect).map(({ column, cast }, i) => {
      const value = cast ? `CAST(${a}.${quoted(dialect, column)} AS TEXT)` : `${a}.${quoted(dialect, column)}`;
      const as = keyed ? foldedKey(alias, i) : cast ? column : undefined;
      return as === undefined ? value : `${value} AS ${quoted(dialect, as)}`;
    }).join(', ');
    if (lists.size >= LISTS_PER_MODEL) lists.delete(lists.keys().next().value as string);
    lists.set(key, sql);
  }
  return sql;
}
