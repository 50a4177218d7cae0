// The physical schema the registry implies: tables, columns and indexes, described as data so
// that schema sync can diff it against what it last applied.

import type { ModelRegistry } from '../registry/model-registry.js';
import type { Attribute, Model } from '../registry/types.js';
import { isScalar } from '../registry/types.js';
import {
  columnName, componentLinkTable, FILES_LINK_TABLE, FILES_TABLE, indexName, RATE_LIMIT_TABLE, relationTable, scopeCountsName, SIGNALS_TABLE, textIndexName,
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
  /** A virtual column the database computes, for unique keys where there are no partial
   *  indexes nor exact comparison (MariaDB). Never written. */
  computed?: ComputedColumn;
}

/** presence: 1 where `of` is set, 0 where it is null. exact: the bytes of `of` (compared exactly,
 *  where the column's collation ignores case, accents and trailing spaces), NULL where the
 *  `whereSet` column is null (a NULL in a unique key never clashes). */
export type ComputedColumn = { kind: 'presence'; of: string } | { kind: 'exact'; of: string; whereSet?: string };

export interface IndexDef {
  name: string;
  columns: string[];
  unique: boolean;
  /** A partial index: only the rows where this column is null (or is not). */
  where?: { column: string; isNull: boolean };
  /** trigram: an index of one text column serving substring search ($containsi and its kin):
   *  on SQLite an FTS5 table of the folded text kept by triggers, on PostgreSQL pg_trgm's GIN.
   *  scope-counts (SQLite): a table of how many rows each scope holds, kept by triggers
   *  (scope-counts.ts). */
  method?: 'trigram' | 'scope-counts';
  /** trigram on SQLite: the Unicode version whose case folding the stored text has, so that a
   *  Node.js with other folding rules builds the index again rather than miss rows. */
  fold?: string;
  /** scope-counts: the columns counted by presence (set or null) rather than by value. */
  presence?: string[];
  /** A unique index this code relies on: the attribute whose values it keeps apart, or
   *  VERSION_KEY (one row per document in each scope: locale, draft or published). */
  enforces?: string;
  /** How many rows one value of each leading column selects, in a table of SEED_ROWS rows:
   *  SQLite's planner statistics until it has measured its own (statistics.ts). */
  expected: number[];
}

/** The table size the expected selectivities describe. Small on purpose: SQLite's optimize
 *  measures a table once its size is ten times off, so real statistics replace these from about
 *  ten thousand rows on. */
export const SEED_ROWS = 1000;

export interface TableDef {
  name: string;
  columns: ColumnDef[];
  indexes: IndexDef[];
  /** Which model (or link) this table stores, for log messages. */
  describes: string;
}

export interface PhysicalSchema { tables: TableDef[] }

/** What the database can index: MariaDB and MySQL have no partial indexes, and no index that
 *  answers a substring search (FULLTEXT matches words, not substrings). */
export interface IndexSupport { partial: boolean; trigram: boolean; scopeCounts: boolean; textFold?: string }

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

/** IndexDef.enforces of the index that keeps one row per document and scope. */
export const VERSION_KEY = '(versions)';

export function buildPhysicalSchema(registry: ModelRegistry, support: IndexSupport): PhysicalSchema {
  const tables: TableDef[] = [];
  for (const model of registry.models()) {
    tables.push(modelTable(model, support));
    const cmps = componentLinks(model);
    if (cmps) tables.push(cmps);
    for (const [name, attr] of Object.entries(model.attributes)) {
      if (attr.type === 'relation' && !attr.mappedBy && !attr.versions) tables.push(relationLinkTable(model, name));
    }
  }
  if (registry.models().some(usesMedia)) tables.push(filesLinkTable());
  tables.push(rateLimitTable(), signalsTable());
  return { tables };
}

function signalsTable(): TableDef {
  return {
    name: SIGNALS_TABLE,
    describes: 'signals between instances',
    columns: [
      { name: 'id', type: 'increments', nullable: false },
      { name: 'name', type: 'string', nullable: false },
      { name: 'version', type: 'biginteger', nullable: false },
    ],
    indexes: [{ name: indexName(SIGNALS_TABLE, ['name'], 'uq'), columns: ['name'], unique: true, expected: [1] }],
  };
}

/** Counters of the database rate-limit store (server.rateLimitStore: 'database'). */
function rateLimitTable(): TableDef {
  return {
    name: RATE_LIMIT_TABLE,
    describes: 'rate-limit windows',
    columns: [
      { name: 'id', type: 'increments', nullable: false },
      { name: 'bucket', type: 'string', nullable: false },
      { name: 'reset_at', type: 'biginteger', nullable: false },
      { name: 'hits', type: 'integer', nullable: false },
    ],
    indexes: [
      { name: indexName(RATE_LIMIT_TABLE, ['bucket'], 'uq'), columns: ['bucket'], unique: true, expected: [1] },
      link(RATE_LIMIT_TABLE, ['reset_at'], [1]),
    ],
  };
}

function modelTable(model: Model, support: IndexSupport): TableDef {
  const table = model.collectionName;
  const columns: ColumnDef[] = [{ name: 'id', type: 'increments', nullable: false }];
  const indexes: IndexDef[] = [];
  const scope = model.modelType === 'contentType' ? scopeOf(model) : undefined;
  if (scope) {
    columns.push({ name: 'document_id', type: 'string', nullable: false });
    indexes.push(...scopeIndexes(table, scope, support));
    const counted = scopeCounts(model);
    if (counted && support.scopeCounts) indexes.push(counted);
    indexes.push(...uniqueInScope(table, 'document_id', VERSION_KEY, scope, support));
    if (!support.partial) for (const presence of scope.presence) columns.push(presenceColumn(presence));
  }
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (!isScalar(attr)) continue;
    const type = columnTypeOf(attr);
    if (!type) continue;
    const column = columnName(name);
    columns.push({ name: column, type, nullable: true });
    if ((attr.type === 'uid' || ('unique' in attr && attr.unique)) && type !== 'text' && type !== 'json') {
      // Lookups of a value in any version (the uid fill-in's search for a free slug)
      indexes.push({ name: indexName(table, [column], 'idx'), columns: [column], unique: false, expected: [1] });
      // A content type's unique values, kept apart by the database too, so that two writers
      // cannot both pass the document service's check. Components' are not unique (as in Strapi).
      if (scope) {
        if (!support.partial) columns.push(exactColumn(column, scope));
        indexes.push(...uniqueInScope(table, column, name, scope, support));
      }
    }
    if ('searchable' in attr && attr.searchable && support.trigram) {
      indexes.push({
        name: textIndexName(table, column), columns: [column], unique: false, method: 'trigram', expected: [],
        ...(support.textFold ? { fold: support.textFold } : {}),
      });
    }
  }
  if (model.modelType === 'contentType') {
    for (const names of model.indexes ?? []) {
      const cols = names.map(columnName);
      // A lookup narrows to few rows by its leading columns together
      indexes.push(link(table, cols, cols.map((_, i) => Math.max(1, 2 ** (cols.length - 1 - i)))));
    }
  }
  return { name: table, columns, indexes, describes: model.uid };
}

interface Scope { values: string[]; presence: string[] }

/** The scope counter a scoped content type has where the database keeps one (SQLite). */
export function scopeCounts(model: Model): IndexDef | undefined {
  if (model.modelType !== 'contentType') return undefined;
  const scope = scopeOf(model);
  if (scope.values.length === 0 && scope.presence.length === 0) return undefined;
  return {
    name: scopeCountsName(model.collectionName), columns: [...scope.values, ...scope.presence], presence: scope.presence,
    unique: false, method: 'scope-counts', expected: [],
  };
}

function scopeOf(model: Model): Scope {
  const scope: Scope = { values: [], presence: [] };
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (attr.scope === 'value') scope.values.push(columnName(name));
    else if (attr.scope === 'presence') scope.presence.push(columnName(name));
  }
  return scope;
}

/** Every read of a scoped type filters on its scope (locale = ?, published_at IS [NOT] NULL), so:
 *  - (document_id, scope...) serves a document's lookups and its versions;
 *  - (values..., id), partial on each presence test where the database has partial indexes,
 *    serves lists and their counts: the rows of one scope come from the index already in id
 *    order (the default sort), and a count reads the index alone. Without partial indexes the
 *    presence columns join the key, which still covers the count. */
function scopeIndexes(table: string, scope: Scope, support: IndexSupport): IndexDef[] {
  const lookup = ['document_id', ...scope.values, ...scope.presence];
  // A document has a row per locale and status: each scope column halves what document_id selects
  const versions = 2 ** (lookup.length - 1);
  const indexes: IndexDef[] = [{
    name: indexName(table, lookup, 'idx'), columns: lookup, unique: false, expected: lookup.map((_, i) => versions / 2 ** i),
  }];
  if (scope.values.length === 0 && scope.presence.length === 0) return indexes;
  // A scope value selects a large share of the table: this index is for order and counting
  const share = (columns: string[]) => {
    const key = columns.indexOf('id');
    return columns.map((_, i) => (i >= key ? 1 : SEED_ROWS / 2 ** (i + 1)));
  };
  if (scope.presence.length === 0 || !support.partial) {
    const list = [...scope.values, ...scope.presence, 'id'];
    indexes.push({ name: indexName(table, list, 'idx'), columns: list, unique: false, expected: share(list) });
    return indexes;
  }
  for (const column of scope.presence) {
    // The presence column at the end changes no order (id is unique) but lets SQLite count from
    // the index alone: it does not read the partial index's condition as covered
    const list = [...scope.values, 'id', column];
    for (const isNull of [false, true]) {
      const name = indexName(table, [...scope.values, 'id', column, isNull ? 'null' : 'set'], 'idx');
      indexes.push({ name, columns: list, unique: false, where: { column, isNull }, expected: share(list) });
    }
  }
  return indexes;
}

/**
 * Unique indexes over `column` in each scope: per locale, and by publication state. For the
 * version key (document_id) drafts are kept apart as well as published versions (one of each per
 * document and locale); an attribute's values only among published versions, since drafts may
 * share a value (as in Strapi; draft-and-publish checks at publish). A partial index per presence
 * state where the database has them. MariaDB has neither partial indexes nor (in its default
 * collation) exact comparison: computed columns join the key instead, the presence as 0/1 for the
 * version key, the value's bytes or NULL (for a draft) for an attribute.
 */
function uniqueInScope(table: string, column: string, enforces: string, scope: Scope, support: IndexSupport): IndexDef[] {
  const versions = enforces === VERSION_KEY;
  const unique = (name: string, columns: string[], where?: IndexDef['where']): IndexDef =>
    ({ name, columns, unique: true, enforces, expected: columns.map(() => 1), ...(where ? { where } : {}) });
  if (!support.partial) {
    const columns = versions ? [column, ...scope.values, ...scope.presence.map((p) => presenceColumn(p).name)] : [exactColumn(column, scope).name, ...scope.values];
    return [unique(indexName(table, columns, 'uq'), columns)];
  }
  const key = [column, ...scope.values];
  if (scope.presence.length === 0) return [unique(indexName(table, key, 'uq'), key)];
  const states = versions ? [false, true] : [false];
  return scope.presence.flatMap((presence) => states.map((isNull) =>
    unique(indexName(table, [...key, presence, isNull ? 'null' : 'set'], 'uq'), key, { column: presence, isNull })));
}

function presenceColumn(of: string): ColumnDef {
  return { name: `${of}__flag`, type: 'boolean', nullable: true, computed: { kind: 'presence', of } };
}

function exactColumn(of: string, scope: Scope): ColumnDef {
  const whereSet = scope.presence[0];
  return { name: `${of}__key`, type: 'string', nullable: true, computed: { kind: 'exact', of, ...(whereSet ? { whereSet } : {}) } };
}

/** Names of the columns the database computes for a model where it has no partial indexes
 *  (MariaDB): a copy of a row read with select * leaves them out. Read off the table itself. */
export function computedColumns(model: Model): string[] {
  let names = computedByModel.get(model);
  if (!names) {
    names = modelTable(model, { partial: false, trigram: false, scopeCounts: false }).columns.filter((c) => c.computed).map((c) => c.name);
    computedByModel.set(model, names);
  }
  return names;
}

const computedByModel = new WeakMap<Model, string[]>();

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
    // Reads ask for one field's entries of a set of owners (of one component type in a dynamic
    // zone), in order; the component's own rows are found from the other side
    indexes: [
      link(name, ['entity_id', 'field', 'component_type', 'ord'], [10, 3, 2, 1]),
      link(name, ['component_type', 'cmp_id'], [SEED_ROWS / 10, 1]),
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
    // Populate reads either side's links in that side's order
    indexes: [link(name, ['source_id', 'ord'], [3, 1]), link(name, ['target_document_id', 'inv_ord'], [10, 1])],
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
    // Reads ask for one field of a page of rows; writes (publish's copy, delete) for every field
    // of one row, so the row comes before the field
    indexes: [
      link(FILES_LINK_TABLE, ['related_type', 'related_id', 'field', 'ord'], [SEED_ROWS / 10, 5, 2, 1]),
      link(FILES_LINK_TABLE, ['file_id'], [5]),
    ],
  };
}

function link(table: string, columns: string[], expected: number[]): IndexDef {
  return { name: indexName(table, columns, 'idx'), columns, unique: false, expected };
}
