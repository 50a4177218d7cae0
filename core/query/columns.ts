// Attribute name <-> column, for content types and components alike.

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

/** Scalar attributes a caller may read: private and password fields never leave the server. */
export function readableScalars(model: Model, source: 'content-api' | 'internal'): string[] {
  const out: string[] = [];
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (!isScalar(attr)) continue;
    if (source === 'content-api' && (attr.private || attr.type === 'password')) continue;
    out.push(name);
  }
  return out;
}
