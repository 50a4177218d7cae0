// Copies what a row owns (relation links, media links, component rows, deeply) onto another row.
// Publishing copies a draft onto its published version this way, and discarding a draft the reverse.

import { columnName, componentLinkTable, FILES_LINK_TABLE, relationTable } from '../database/naming.js';
import { columnTypeOf, computedColumns } from '../database/physical.js';
import { isScalar, type Model } from '../registry/types.js';
import { insertRows, insertRowsReturningIds, type WriteContext } from './write-context.js';
import { deleteOwned } from './write-row.js';

type DbRow = Record<string, unknown>;

/** Replaces everything `toId` owns with copies of what `fromId` owns. */
export async function replaceOwned(wc: WriteContext, model: Model, fromId: number, toId: number): Promise<void> {
  await deleteOwned(wc, model, [toId]);
  await copyOwned(wc, model, [[fromId, toId]]);
}

/**
 * Copies what each `from` row owns onto its `to` row, which owns nothing yet: one read and one
 * write per table for all the pairs, and component rows copied a type at a time, however many
 * there are and however deeply they nest.
 */
export async function copyOwned(wc: WriteContext, model: Model, pairs: Array<[from: number, to: number]>): Promise<void> {
  if (!pairs.length) return;
  const to = new Map(pairs);
  if (to.size !== pairs.length) throw new Error(`${model.uid}: a row copied twice in one call`);
  const froms = pairs.map(([from]) => from);
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (attr.type !== 'relation' || attr.mappedBy || attr.versions) continue;
    const table = relationTable(model.collectionName, name);
    const links = await inChunks(froms, (part) => wc.trx(table).whereIn('source_id', part).orderBy('id') as Promise<DbRow[]>);
    await insertRows(wc, table, links.map(({ id: _id, ...link }) => ({ ...link, source_id: to.get(Number(link.source_id)) })));
  }
  if (Object.values(model.attributes).some((a) => a.type === 'media')) {
    const links = await inChunks(froms, (part) => wc.trx(FILES_LINK_TABLE).where('related_type', model.uid).whereIn('related_id', part).orderBy('id') as Promise<DbRow[]>);
    await insertRows(wc, FILES_LINK_TABLE, links.map(({ id: _id, ...link }) => ({ ...link, related_id: to.get(Number(link.related_id)) })));
  }
  if (Object.values(model.attributes).some((a) => a.type === 'component' || a.type === 'dynamiczone')) {
    const table = componentLinkTable(model.collectionName);
    const links = (await inChunks(froms, (part) => wc.trx(table).whereIn('entity_id', part).orderBy('id') as Promise<Array<DbRow & { cmp_id: number; component_type: string }>>))
      .filter((l) => wc.registry.has(l.component_type));
    const copied = new Map<string, number>();
    for (const uid of new Set(links.map((l) => l.component_type))) {
      const component = wc.registry.component(uid);
      const ids = links.filter((l) => l.component_type === uid).map((l) => Number(l.cmp_id));
      const rows = new Map((await readRowsForCopy(wc, component, ids)).map((r) => [Number(r.id), r]));
      const missing = ids.find((id) => !rows.has(id));
      if (missing !== undefined) throw new Error(`${uid} row ${missing} not found while copying`);
      const newIds = await insertRowsReturningIds(wc, component.collectionName, ids.map((id) => {
        const { id: _id, ...columns } = rows.get(id)!;
        return copiedColumns(wc, component, columns);
      }));
      ids.forEach((id, i) => copied.set(`${uid}#${id}`, newIds[i]!));
      await copyOwned(wc, component, ids.map((id, i) => [id, newIds[i]!]));
    }
    await insertRows(wc, table, links.map(({ id: _id, ...link }) => ({
      ...link, entity_id: to.get(Number(link.entity_id)), cmp_id: copied.get(`${link.component_type}#${Number(link.cmp_id)}`),
    })));
  }
}

async function inChunks<T>(ids: number[], read: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(...await read(ids.slice(i, i + 500)));
  return out;
}

/**
 * Rows' columns, as a copy must see them. better-sqlite3 reads an integer as a JS number, so a
 * biginteger past 2^53 would be copied rounded (a published version silently differing from its
 * draft): on SQLite those columns are read again as text.
 */
export async function readRowsForCopy(wc: WriteContext, model: Model, ids: number[]): Promise<DbRow[]> {
  const big = wc.dialect === 'sqlite'
    ? Object.entries(model.attributes).filter(([, a]) => a.type === 'biginteger').map(([name]) => columnName(name))
    : [];
  const computed = wc.dialect === 'mysql' ? computedColumns(model) : [];
  return inChunks(ids, async (part) => {
    const qb = wc.trx(model.collectionName).whereIn('id', part).select('*');
    for (const [i, column] of big.entries()) qb.select(wc.trx.raw('CAST(?? AS TEXT) AS ??', [column, `__big${i}`]));
    const rows = await qb as DbRow[];
    for (const row of rows) {
      for (const [i, column] of big.entries()) {
        row[column] = row[`__big${i}`];
        delete row[`__big${i}`];
      }
      // The database computes them and refuses a value for them
      for (const column of computed) delete row[column];
    }
    return rows;
  });
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
