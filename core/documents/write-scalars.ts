// Scalar attribute values -> column values for one row.

import { toDb } from '../database/codecs.js';
import { columnName } from '../database/naming.js';
import { columnTypeOf } from '../database/physical.js';
import type { Model } from '../registry/types.js';
import { isScalar } from '../registry/types.js';
import type { Dialect } from '../database/connection.js';

export function scalarColumns(model: Model, values: Record<string, unknown>, dialect: Dialect): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const attr = model.attributes[name];
    if (!attr || !isScalar(attr)) continue;
    const type = columnTypeOf(attr);
    if (!type) continue;
    out[columnName(name)] = toDb(type, value, dialect);
  }
  return out;
}
