// Populate folded into the query that reads the parent rows: a to-one relation, a single
// component or a single media file is two LEFT JOINs (link table, then target) on the parent's
// statement instead of a batched statement of its own. Everything else (to-many, dynamic zones,
// counts, populate filters or sorts, scopes that are not plain column conditions) stays batched.
//
// A LEFT JOIN never multiplies parent rows here: a to-one relation, a single component and a
// single media field have at most one link row per parent (writes replace it), and the row
// scopes pick one version of a target document. Rows that still come back twice (hand-edited
// data) are dropped after the first, so a page never shows a document twice.

import type { Knex } from 'knex';
import { toDb } from '../database/codecs.js';
import { componentLinkTable, FILES_LINK_TABLE, relationTable } from '../database/naming.js';
import type { SqlFragment } from '../database/raw-rows.js';
import { fileModel } from '../registry/media.js';
import type { Model, RelationAttribute } from '../registry/types.js';
import type { FilterNode, PopulateMap, PopulateNode } from './ast.js';
import { attributeOf, CORRELATED_SQL } from './ast.js';
import { columnOf, columnTypeOfField, foldedKey, quoted, readableScalars, readColumns, selectListSql, type ReadColumn } from './columns.js';
import type { PlanContext } from './plan-context.js';
import { shapeRow, type DbRow } from './shape.js';
import { isToMany } from './compile-common.js';
import { correlatedColumns, scopeOf, type OuterRow } from './sql-filters.js';

export interface Loaded { row: DbRow; doc: Record<string, unknown> }

interface FoldColumn extends ReadColumn { key: string }

interface Fold {
  /** The attribute joined, and the key its documents hold it under (the same, unless aliased). */
  field: string;
  key: string;
  kind: 'relation' | 'component' | 'media';
  /** The target row's alias in the statement; its columns are read back as `${alias}_<n>`. */
  alias: string;
  /** Relation target, component or the file content type. */
  model: Model;
  fields: string[];
  columns: FoldColumn[];
  /** Its two LEFT JOINs under a parent row aliased `parentAlias`. */
  join: (parentAlias: string) => SqlFragment;
  nested: FoldPlan;
}

export interface FoldPlan {
  folds: Fold[];
  /** What is left for batched statements, per parent. */
  rest: PopulateMap;
  /** Every populated field, in the order asked for (the documents' key order). */
  order: string[];
}

/** A batched populate left to run: `map` over `parents` of `model`. */
export interface PendingPopulate { model: Model; parents: Loaded[]; map: PopulateMap }

const EMPTY: FoldPlan = { folds: [], rest: {}, order: [] };

/**
 * Folds per statement. Each is two more tables in one join, and databases cap a join's tables
 * (SQLite 64, MySQL and MariaDB 61): a wide populate would otherwise be an SQL error. Folds past
 * this many are batched like any other populate, which keeps the statement count a function of
 * the query's shape.
 */
const MAX_FOLDS_PER_STATEMENT = 16;

/** What is left of one statement's fold budget, shared by its nested plans. */
interface FoldBudget { left: number }

export function planFolds(model: Model, map: PopulateMap | undefined, ctx: PlanContext, budget: FoldBudget = { left: MAX_FOLDS_PER_STATEMENT }): FoldPlan {
  if (!map) return EMPTY;
  const plan: FoldPlan = { folds: [], rest: {}, order: Object.keys(map) };
  for (const [key, node] of Object.entries(map)) {
    const fold = foldOf(model, attributeOf(key, node), node, ctx, budget);
    if (fold) plan.folds.push({ ...fold, key });
    else plan.rest[key] = node;
  }
  return plan;
}

function foldOf(model: Model, field: string, node: PopulateNode, ctx: PlanContext, budget: FoldBudget): Omit<Fold, 'key'> | undefined {
  const attr = model.attributes[field];
  if (!attr || node.count || node.filters || node.sort?.length || budget.left === 0) return undefined;
  if (attr.type === 'relation') return relationFold(model, field, attr, node, ctx, budget);
  if (attr.type === 'component' && !attr.repeatable) {
    const component = ctx.registry.component(attr.component);
    return modelFold('component', field, component, node, ctx, budget, (parent, alias, link) => joinThroughLink(ctx, parent,
      { alias: link, table: componentLinkTable(model.collectionName), owner: 'entity_id', values: { field, component_type: component.uid }, fk: 'cmp_id' },
      { alias, table: component.collectionName }));
  }
  if (attr.type === 'media' && attr.multiple !== true) {
    const files = fileModel(ctx.registry);
    return modelFold('media', field, files, node, ctx, budget, (parent, alias, link) => joinThroughLink(ctx, parent,
      { alias: link, table: FILES_LINK_TABLE, owner: 'related_id', values: { related_type: model.uid, field }, fk: 'file_id' },
      { alias, table: files.collectionName }));
  }
  return undefined;
}

function relationFold(model: Model, field: string, attr: RelationAttribute, node: PopulateNode, ctx: PlanContext, budget: FoldBudget): Omit<Fold, 'key'> | undefined {
  if (attr.versions || attr.mappedBy || isToMany(attr)) return undefined;
  const target = ctx.registry.contentType(attr.target);
  const scope = scopeOf(target, ctx, { from: model, attribute: field });
  if (!joinable(scope)) return undefined;
  return modelFold('relation', field, target, node, ctx, budget, (parent, alias, link) => {
    const q = (name: string) => quoted(ctx.dialect, name);
    const out: SqlFragment = {
      sql: `left join ${q(relationTable(model.collectionName, field))} as ${q(link)} on ${q(link)}.${q('source_id')} = ${q(parent)}.${q('id')}`
        + ` left join ${q(target.collectionName)} as ${q(alias)} on ${q(alias)}.${q('document_id')} = ${q(link)}.${q('target_document_id')}`,
      bindings: [],
    };
    scopeSql(out, scope, target, alias, { model, alias: parent }, ctx);
    return out;
  });
}

/** A fold that reads a model's scalars (a relation target, a component) under fresh aliases for its link and its row. */
function modelFold(
  kind: Fold['kind'], field: string, target: Model, node: PopulateNode, ctx: PlanContext, budget: FoldBudget,
  join: (parent: string, alias: string, link: string) => SqlFragment,
): Omit<Fold, 'key'> {
  budget.left--;
  const alias = ctx.alias('f');
  const link = ctx.alias('fl');
  const fields = node.fields ?? readableScalars(target, ctx.source);
  return {
    field, kind, alias, model: target, fields, columns: modelColumns(target, fields, alias, ctx),
    nested: planFolds(target, node.populate, ctx, budget),
    join: (parent) => join(parent, alias, link),
  };
}

/** Whether a scope is plain column conditions that fit in a JOIN's ON clause. */
export function joinable(node: FilterNode | undefined): boolean {
  if (!node) return true;
  switch (node.kind) {
    case 'and': return node.children.every(joinable);
    case 'correlated': return true;
    // `= NULL` matches nothing: an $eq on null is left to the filter compiler
    case 'compare': return (node.operator === '$eq' && node.value !== null && node.value !== undefined) || node.operator === '$null' || node.operator === '$notNull';
    default: return false;
  }
}

/** Appends a joinable scope's conditions (` and ...`) to an ON or WHERE clause; `outer`: the row
 *  a correlated scope compares with. */
export function scopeSql(on: SqlFragment, node: FilterNode | undefined, model: Model, alias: string, outer: OuterRow | undefined, ctx: PlanContext): void {
  if (!node) return;
  const q = (ref: string) => ref.split('.').map((part) => quoted(ctx.dialect, part)).join('.');
  switch (node.kind) {
    case 'and':
      for (const child of node.children) scopeSql(on, child, model, alias, outer, ctx);
      return;
    case 'correlated': {
      const [inner, reached] = correlatedColumns(node.field, model, alias, outer);
      on.sql += ` and ${q(inner)} ${CORRELATED_SQL[node.operator ?? '$eq']} ${q(reached)}`;
      return;
    }
    case 'compare': {
      const column = q(`${alias}.${columnOf(model, node.field)}`);
      // $null: true is "is null", $null: false "is not null"; $notNull the other way round
      const isNull = node.operator === '$null' ? node.value !== false && node.value !== 'false'
        : node.operator === '$notNull' ? node.value === false || node.value === 'false' : undefined;
      if (isNull === true) on.sql += ` and ${column} is null`;
      else if (isNull === false) on.sql += ` and ${column} is not null`;
      else {
        on.sql += ` and ${column} = ?`;
        on.bindings.push(toDb(columnTypeOfField(model, node.field), node.value, ctx.dialect) as Knex.Value);
      }
      return;
    }
    default:
      throw new Error(`a ${node.kind} scope cannot be joined`);
  }
}

/** Columns are read back under short keys (`f3_0`, ...), as selectListSql selects them. */
function modelColumns(model: Model, fields: string[], alias: string, ctx: PlanContext): FoldColumn[] {
  return readColumns(model, fields, ctx.dialect).map((c, i) => ({ ...c, key: foldedKey(alias, i) }));
}

/** LEFT JOIN link ON link.<owner> = parent.id AND <link values>, then LEFT JOIN target ON target.id = link.<fk>. */
function joinThroughLink(
  ctx: PlanContext, parent: string, link: { alias: string; table: string; owner: string; values: Record<string, string>; fk: string },
  target: { alias: string; table: string },
): SqlFragment {
  const q = (name: string) => quoted(ctx.dialect, name);
  const l = q(link.alias);
  const t = q(target.alias);
  let sql = `left join ${q(link.table)} as ${l} on ${l}.${q(link.owner)} = ${q(parent)}.${q('id')}`;
  const bindings: Knex.Value[] = [];
  for (const [column, value] of Object.entries(link.values)) {
    sql += ` and ${l}.${q(column)} = ?`;
    bindings.push(value);
  }
  sql += ` left join ${q(target.table)} as ${t} on ${t}.${q('id')} = ${l}.${q(link.fk)}`;
  return { sql, bindings };
}

/** The plan's joins (each starting with a space) and its select lists after `selects`, as SQL,
 *  for a statement whose parent rows are `parentAlias`. */
export function foldsSql(plan: FoldPlan, parentAlias: string, ctx: PlanContext, selects: string[] = []): { joins: SqlFragment; selects: string[] } {
  const out = { joins: { sql: '', bindings: [] as Knex.Value[] }, selects };
  addFolds(plan, parentAlias, ctx, out);
  return out;
}

function addFolds(plan: FoldPlan, parentAlias: string, ctx: PlanContext, out: { joins: SqlFragment; selects: string[] }): void {
  for (const fold of plan.folds) {
    const join = fold.join(parentAlias);
    out.joins.sql += ` ${join.sql}`;
    out.joins.bindings.push(...join.bindings);
    out.selects.push(selectListSql(fold.model, fold.fields, fold.alias, ctx.dialect, true));
    addFolds(fold.nested, fold.alias, ctx, out);
  }
}

/** Adds the plan's joins and columns to a statement whose parent rows are `parentAlias`. Joins
 *  are written as SQL once per statement: knex compiling each ON clause was a few percent of a
 *  deep read. */
export function joinFolds(qb: Knex.QueryBuilder, plan: FoldPlan, parentAlias: string, ctx: PlanContext): void {
  if (plan.folds.length === 0) return;
  const { joins, selects } = foldsSql(plan, parentAlias, ctx);
  qb.joinRaw(joins.sql.slice(1), joins.bindings);
  qb.select(ctx.knex.raw(selects.join(', ')));
}

/** Drops rows whose id came back already (a parent joined to two link rows); keeps the first. */
export function distinctRows(rows: DbRow[], plan: FoldPlan): DbRow[] {
  if (plan.folds.length === 0) return rows;
  const seen = new Set<unknown>();
  return rows.filter((row) => {
    const id = String(row.id);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * Fills the folded fields of each parent from its statement row (fields in the order asked for,
 * null where nothing was joined) and returns the batched populates still to run: the plan's rest
 * on the parents, and each folded target's own rest on the targets.
 */
export function takeFolds(model: Model, plan: FoldPlan, parents: Loaded[], statementRows?: DbRow[]): PendingPopulate[] {
  const pending: PendingPopulate[] = [];
  if (plan.order.length === 0) return pending;
  for (const p of parents) for (const field of plan.order) p.doc[field] = null;
  if (Object.keys(plan.rest).length > 0) pending.push({ model, parents, map: plan.rest });
  for (const fold of plan.folds) {
    const children: Loaded[] = [];
    const childRows: DbRow[] = [];
    parents.forEach((p, i) => {
      const source = statementRows?.[i] ?? p.row;
      if (source[`${fold.alias}_0`] === null || source[`${fold.alias}_0`] === undefined) return;
      const row: DbRow = {};
      for (const c of fold.columns) row[c.column] = source[c.key];
      const child = { row, doc: shapeRow(fold.model, row, fold.fields) };
      p.doc[fold.key] = child.doc;
      children.push(child);
      childRows.push(source);
    });
    if (children.length > 0) pending.push(...takeFolds(fold.model, fold.nested, children, childRows));
  }
  return pending;
}
