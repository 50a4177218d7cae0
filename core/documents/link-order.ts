// The highest order value per key of a link table (the last inv_ord of each target document), for
// appending links. One scalar subquery per key, so each reads one index entry (the databases' own
// MIN/MAX shortcut on (key, order)). A GROUP BY over an IN list read every link of every key
// instead: a category with 100k articles cost 100k index entries per article written to it.

import { rawRows } from '../database/raw-rows.js';
import type { WriteContext } from './write-context.js';

const PER_STATEMENT = 200;

export async function maxPerKey(wc: WriteContext, table: string, keyColumn: string, valueColumn: string, keys: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const distinct = [...new Set(keys)];
  for (let i = 0; i < distinct.length; i += PER_STATEMENT) {
    const part = distinct.slice(i, i + PER_STATEMENT);
    const columns = part.map(() => `(SELECT MAX(??) FROM ?? WHERE ?? = ?) AS ??`).join(', ');
    const bindings = part.flatMap((key, j) => [valueColumn, table, keyColumn, key, `m${j}`]);
    const result = await wc.trx.raw(`SELECT ${columns}`, bindings) as unknown;
    const row = rawRows(result, wc.dialect)[0];
    part.forEach((key, j) => out.set(key, Number(row?.[`m${j}`] ?? 0)));
  }
  return out;
}
