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
  return shaperOf(model, fields)(row);
}

type Shaper = (row: DbRow) => Record<string, unknown>;

// A query's rows share one fields array: found by identity first, then by its content
const byArray = new WeakMap<string[], { model: Model; length: number; shaper: Shaper }>();
const byContent = new WeakMap<Model, Map<string, Shaper>>();
// Field lists come from requests (`fields[0]=...`): a model keeps this many compiled shapes
const SHAPES_PER_MODEL = 64;

function shaperOf(model: Model, fields: string[]): Shaper {
  const known = byArray.get(fields);
  // (A caller that pushed a field since is looked up again)
  if (known?.model === model && known.length === fields.length) return known.shaper;
  let shapes = byContent.get(model);
  if (!shapes) { shapes = new Map(); byContent.set(model, shapes); }
  const key = fields.join('\u0000');
  let shaper = shapes.get(key);
  if (!shaper) {
    shaper = compileShaper(model, fields);
    if (shapes.size >= SHAPES_PER_MODEL) shapes.delete(shapes.keys().next().value as string);
    shapes.set(key, shaper);
  }
  byArray.set(fields, { model, length: fields.length, shaper });
  return shaper;
}

/**
 * One object literal per shape. V8 keeps an object that keyed stores gave more than a dozen
 * properties in dictionary mode, slower to read and to serialize: a restaurant (22 keys with its
 * populates) and its photo (19) were, and JSON.stringify of a page of 25 of them with
 * `populate=*` took 1.9 ms where the same JSON parsed back took 1.1 ms. A literal holds every
 * field in the object itself, and the populates added after stay within V8's limit.
 */
function compileShaper(model: Model, fields: string[]): Shaper {
  const entries: Array<[string, string]> = [['id', 'decode("increments", row.id)']];
  if (model.modelType === 'contentType') entries.push(['documentId', 'row.document_id']);
  for (const field of fields) {
    const codec = codecOf(model, field);
    if (!codec) continue;
    // A literal's "__proto__" would set the prototype: keyed stores for such a name
    if (field === '__proto__' || codec.column === '__proto__') return (row) => shapeByStores(model, row, fields);
    entries.push([field, `decode(${JSON.stringify(codec.type)}, row[${JSON.stringify(codec.column)}])`]);
  }
  const body = entries.map(([key, value]) => `${JSON.stringify(key)}: ${value}`).join(', ');
  return new Function('decode', `return (row) => ({ ${body} });`)(fromDb) as Shaper;
}

function shapeByStores(model: Model, row: DbRow, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { id: fromDb('increments', row.id) };
  if (model.modelType === 'contentType') out.documentId = row.document_id;
  for (const field of fields) {
    const codec = codecOf(model, field);
    if (codec) out[field] = fromDb(codec.type, row[codec.column]);
  }
  return out;
}
