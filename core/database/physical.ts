// The physical schema the registry implies: tables, columns and indexes, described as data so
// that schema sync can diff it against what it last applied.

import type { ModelRegistry } from '../registry/model-registry.js';
import type { Attribute, Model } from '../registry/types.js';
import { isScalar } from '../registry/types.js';
import {
  columnName, componentLinkTable, FILES_LINK_TABLE, FILES_TABLE, indexName, relationTable,
} from './naming.js';

export type ColumnType =
  | 'increments' | 'string' | 'text' | 'json' | 'integer' | 'biginteger' | 'double' | 'decimal'
  | 'boolean' | 'date' | 'time' | 'datetime';

export interface ColumnDef {
  name: string;
  type: ColumnType;
  nullable: boolean;
  /** Foreign key to <table>.id, deleting this row with its parent. */
  references?: string;
}

export interface IndexDef { name: string; columns: string[]; unique: boolean }

export interface TableDef {
  name: string;
  columns: ColumnDef[];
  indexes: IndexDef[];
  /** Which model (or link) this table stores, for log messages. */
  describes: string;
}

export interface PhysicalSchema { tables: TableDef[] }

export function columnTypeOf(attribute: Attribute): ColumnType | undefined {
  switch (attribute.type) {
    case 'string': case 'email': case 'password': case 'uid': case 'enumeration': return 'string';
    case 'text': case 'richtext': return 'text';
    case 'json': case 'blocks': return 'json';
    case 'integer': return 'integer';
    case 'biginteger': return 'biginteger';
    case 'float': return 'double';
    case 'decimal': return 'decimal';
    case 'boolean': return 'boolean';
    case 'date': return 'date';
    case 'time': return 'time';
    case 'datetime': case 'timestamp': return 'datetime';
    default: return undefined;
  }
}

export function buildPhysicalSchema(registry: ModelRegistry): PhysicalSchema {
  const tables: TableDef[] = [];
  for (const model of registry.models()) {
    tables.push(modelTable(model));
    const cmps = componentLinks(model);
    if (cmps) tables.push(cmps);
    for (const [name, attr] of Object.entries(model.attributes)) {
      if (attr.type === 'relation' && !attr.mappedBy && !attr.versions) tables.push(relationLinkTable(model, name));
    }
  }
  if (registry.models().some(usesMedia)) tables.push(filesLinkTable());
  return { tables };
}

function modelTable(model: Model): TableDef {
  const table = model.collectionName;
  const columns: ColumnDef[] = [{ name: 'id', type: 'increments', nullable: false }];
  const indexes: IndexDef[] = [];
  if (model.modelType === 'contentType') {
    columns.push({ name: 'document_id', type: 'string', nullable: false });
    indexes.push({ name: indexName(table, ['document_id'], 'idx'), columns: ['document_id'], unique: false });
  }
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (!isScalar(attr)) continue;
    const type = columnTypeOf(attr);
    if (!type) continue;
    const column = columnName(name);
    columns.push({ name: column, type, nullable: true });
    // Unique values are checked per version scope by the document service; the index makes it cheap.
    if ((attr.type === 'uid' || ('unique' in attr && attr.unique)) && type !== 'text' && type !== 'json') {
      indexes.push({ name: indexName(table, [column], 'idx'), columns: [column], unique: false });
    }
  }
  return { name: table, columns, indexes, describes: model.uid };
}

function componentLinks(model: Model): TableDef | undefined {
  const hasComponents = Object.values(model.attributes).some((a) => a.type === 'component' || a.type === 'dynamiczone');
  if (!hasComponents) return undefined;
  const name = componentLinkTable(model.collectionName);
  return {
    name,
    describes: `components of ${model.uid}`,
    columns: [
      { name: 'id', type: 'increments', nullable: false },
      { name: 'entity_id', type: 'integer', nullable: false, references: model.collectionName },
      { name: 'cmp_id', type: 'integer', nullable: false },
      { name: 'component_type', type: 'string', nullable: false },
      { name: 'field', type: 'string', nullable: false },
      { name: 'ord', type: 'double', nullable: false },
    ],
    indexes: [
      { name: indexName(name, ['entity_id'], 'idx'), columns: ['entity_id'], unique: false },
      { name: indexName(name, ['component_type', 'cmp_id'], 'idx'), columns: ['component_type', 'cmp_id'], unique: false },
    ],
  };
}

function relationLinkTable(model: Model, attribute: string): TableDef {
  const name = relationTable(model.collectionName, attribute);
  return {
    name,
    describes: `${model.uid}.${attribute}`,
    columns: [
      { name: 'id', type: 'increments', nullable: false },
      { name: 'source_id', type: 'integer', nullable: false, references: model.collectionName },
      { name: 'target_document_id', type: 'string', nullable: false },
      { name: 'ord', type: 'double', nullable: false },
      { name: 'inv_ord', type: 'double', nullable: false },
    ],
    indexes: [
      { name: indexName(name, ['source_id'], 'idx'), columns: ['source_id'], unique: false },
      { name: indexName(name, ['target_document_id'], 'idx'), columns: ['target_document_id'], unique: false },
    ],
  };
}

function usesMedia(model: Model): boolean {
  return Object.values(model.attributes).some((a) => a.type === 'media');
}

function filesLinkTable(): TableDef {
  return {
    name: FILES_LINK_TABLE,
    describes: 'media links',
    columns: [
      { name: 'id', type: 'increments', nullable: false },
      { name: 'file_id', type: 'integer', nullable: false, references: FILES_TABLE },
      { name: 'related_id', type: 'integer', nullable: false },
      { name: 'related_type', type: 'string', nullable: false },
      { name: 'field', type: 'string', nullable: false },
      { name: 'ord', type: 'double', nullable: false },
    ],
    indexes: [
      { name: indexName(FILES_LINK_TABLE, ['related_type', 'related_id', 'field'], 'idx'), columns: ['related_type', 'related_id', 'field'], unique: false },
      { name: indexName(FILES_LINK_TABLE, ['file_id'], 'idx'), columns: ['file_id'], unique: false },
    ],
  };
}
