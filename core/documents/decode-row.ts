// A stored row read back by attribute names, with values as the API gives them.

import { fromDb } from '../database/codecs.js';
import { columnName } from '../database/naming.js';
import { columnTypeOf } from '../database/physical.js';
import type { Model } from '../registry/types.js';
import { isScalar } from '../registry/types.js';

/** A row of a model's table by attribute names, values as the API gives them. */
export function decodeRow(model: Model, row: Record<string, unknown>): { id: number; [attribute: string]: unknown } {
  const out: { id: number; [attribute: string]: unknown } = { id: Number(row.id) };
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (!isScalar(attr)) continue;
    const type = columnTypeOf(attr);
    if (type) out[name] = fromDb(type, row[columnName(name)]);
  }
  return out;
}
