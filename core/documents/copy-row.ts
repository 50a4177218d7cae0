// Copies what a row owns (relation links, media links, component rows, deeply) onto another row.
// Publishing copies a draft onto its published version this way, and discarding a draft the reverse.

import { columnName, componentLinkTable, FILES_LINK_TABLE, relationTable } from '../database/naming.js';
import { columnTypeOf } from '../database/physical.js';
import { isScalar, type Model } from '../registry/types.js';
import { insertRow, insertRows, type WriteContext } from './write-context.js';
import { deleteOwned } from './write-row.js';

type DbRow = Record<string, unknown>;

/** Replaces everything `toId` owns with copies of what `fromId` owns. */
export async function replaceOwned(wc: WriteContext, model: Model, fromId: number, toId: number): Promise<void> {
  await deleteOwned(wc, model, [toId]);
  await copyOwned(wc, model, fromId, toId);
}

async function copyOwned(wc: WriteContext, model: Model, fromId: number, toId: number): Promise<void> {
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (attr.type !== 'relation' || attr.mappedBy || attr.versions) continue;
    const table = relationTable(model.collectionName, name);
    const links = await wc.trx(table).where('source_id', fromId).orderBy('id') as DbRow[];
    await insertRows(wc, table, links.map(({ id: _id, ...link }) => ({ ...link, source_id: toId })));
  }
  if (Object.values(model.attributes).some((a) => a.type === 'media')) {
    const links = await wc.trx(FILES_LINK_TABLE).where({ related_type: model.uid, related_id: fromId }).orderBy('id') as DbRow[];
    await insertRows(wc, FILES_LINK_TABLE, links.map(({ id: _id, ...link }) => ({ ...link, related_id: toId })));
  }
  if (Object.values(model.attributes).some((a) => a.type === 'component' || a.type === 'dynamiczone')) {
    const table = componentLinkTable(model.collectionName);
    const links = await wc.trx(table).where('entity_id', fromId).orderBy('id') as Array<DbRow & { cmp_id: number; component_type: string }>;
    const copies: DbRow[] = [];
    for (const { id: _id, ...link } of links) {
      if (!wc.registry.has(link.component_type)) continue;
      const cmpId = await cloneRow(wc, wc.registry.component(link.component_type), Number(link.cmp_id));
      copies.push({ ...link, entity_id: toId, cmp_id: cmpId });
    }
    await insertRows(wc, table, copies);
  }
}

/**
 * One row's columns, as a copy must see them. better-sqlite3 reads an integer as a JS number, so a
 * biginteger past 2^53 would be copied rounded (a published version silently differing from its
 * draft): on SQLite those columns are read again as text.
 */
export async function readRowForCopy(wc: WriteContext, model: Model, id: number): Promise<DbRow | undefined> {
  const big = wc.dialect === 'sqlite'
    ? Object.entries(model.attributes).filter(([, a]) => a.type === 'biginteger').map(([name]) => columnName(name))
    : [];
  const qb = wc.trx(model.collectionName).where('id', id).first('*');
  for (const [i, column] of big.entries()) qb.select(wc.trx.raw('CAST(?? AS TEXT) AS ??', [column, `__big${i}`]));
  const row = await qb as DbRow | undefined;
  if (!row) return undefined;
  for (const [i, column] of big.entries()) {
    row[column] = row[`__big${i}`];
    delete row[`__big${i}`];
  }
  return row;
}

/** A new row with the same columns and deep copies of what it owns. */
async function cloneRow(wc: WriteContext, model: Model, id: number): Promise<number> {
  const row = await readRowForCopy(wc, model, id);
  if (!row) throw new Error(`${model.uid} row ${id} not found while copying`);
  const { id: _id, ...columns } = row;
  const newId = await insertRow(wc, model.collectionName, copiedColumns(wc, model, columns));
  await copyOwned(wc, model, id, newId);
  return newId;
}

/** A row's columns as read, ready to be written to another row. JSON columns are encoded again:
 *  the MySQL and PostgreSQL drivers read them parsed (SQLite gives the text), and a value written
 *  back as it was read would become a list ('x'), a SQL array or text that is not JSON. */
export function copiedColumns(wc: WriteContext, model: Model, columns: DbRow): DbRow {
  if (wc.dialect === 'sqlite') return columns;
  const out = { ...columns };
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (!isScalar(attr) || columnTypeOf(attr) !== 'json') continue;
    const column = columnName(name);
    const value = out[column];
    if (value === null || value === undefined) continue;
    // mysql2 parses JSON only when the server says the column is JSON (MariaDB 10.5.2+): text that
    // is JSON already was read as text
    if (wc.dialect === 'mysql' && typeof value === 'string' && isJsonText(value)) continue;
    out[column] = JSON.stringify(value);
  }
  return out;
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
