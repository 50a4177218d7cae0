// Database rows -> API documents: columns renamed to attributes, values decoded, key order as
// Strapi's (id, documentId, attributes in schema order).

import { fromDb } from '../database/codecs.js';
import { columnName } from '../database/naming.js';
import { columnTypeOf, type ColumnType } from '../database/physical.js';
import type { Model, ScalarAttribute } from '../registry/types.js';
import { isScalar } from '../registry/types.js';

export type DbRow = Record<string, unknown>;

interface FieldCodec { column: string; type: ColumnType }

// Per model (the registry is frozen, so models never change): column and type of each scalar field.
const codecs = new WeakMap<Model, Map<string, FieldCodec | null>>();

function codecOf(model: Model, field: string): FieldCodec | null {
  let byField = codecs.get(model);
  if (!byField) { byField = new Map(); codecs.set(model, byField); }
  let codec = byField.get(field);
  if (codec === undefined) {
    const attr = model.attributes[field];
    const type = attr && isScalar(attr) ? columnTypeOf(attr as ScalarAttribute) : undefined;
    codec = type ? { column: columnName(field), type } : null;
    byField.set(field, codec);
  }
  return codec;
}

export function shapeRow(model: Model, row: DbRow, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { id: fromDb('increments', row.id) };
  if (model.modelType === 'contentType') out.documentId = row.document_id;
  for (const field of fields) {
    const codec = codecOf(model, field);
    if (codec) out[field] = fromDb(codec.type, row[codec.column]);
  }
  return out;
}
