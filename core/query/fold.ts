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
import { fileModel } from '../registry/media.js';
import type { Model, RelationAttribute } from '../registry/types.js';
import type { FilterNode, PopulateMap, PopulateNode } from './ast.js';
import { attributeOf, CORRELATED_SQL } from './ast.js';
import { columnOf, columnTypeOfField, foldedKey, readableScalars, readColumns, selectListSql, type ReadColumn } from './columns.js';
import type { PlanContext } from './plan-context.js';
import { shapeRow, type DbRow } from './shape.js';
import { isToMany } from './compile-common.js';
import { correlatedColumns, scopeOf } from './sql-filters.js';

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
  join: (qb: Knex.QueryBuilder, parentAlias: string) => void;
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
    return modelFold('component', field, component, node, ctx, budget, (qb, parent, alias, link) => joinThroughLink(qb, parent,
      { alias: link, table: componentLinkTable(model.collectionName), owner: 'entity_id', values: { field, component_type: component.uid }, fk: 'cmp_id' },
      { alias, table: component.collectionName }));
  }
  if (attr.type === 'media' && attr.multiple !== true) {
    const files = fileModel(ctx.registry);
    return modelFold('media', field, files, node, ctx, budget, (qb, parent, alias, link) => joinThroughLink(qb, parent,
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
  return modelFold('relation', field, target, node, ctx, budget, (qb, parent, alias, link) => {
    qb.leftJoin({ [link]: relationTable(model.collectionName, field) }, `${link}.source_id`, `${parent}.id`)
      .leftJoin({ [alias]: target.collectionName }, (j) => {
        j.on(`${alias}.document_id`, '=', `${link}.target_document_id`);
        scopeOn(j, scope, target, alias, model, parent, ctx);
      });
  });
}

/** A fold that reads a model's scalars (a relation target, a component) under fresh aliases for its link and its row. */
function modelFold(
  kind: Fold['kind'], field: string, target: Model, node: PopulateNode, ctx: PlanContext, budget: FoldBudget,
  join: (qb: Knex.QueryBuilder, parent: string, alias: string, link: string) => void,
): Omit<Fold, 'key'> {
  budget.left--;
  const alias = ctx.alias('f');
  const link = ctx.alias('fl');
  const fields = node.fields ?? readableScalars(target, ctx.source);
  return {
    field, kind, alias, model: target, fields, columns: modelColumns(target, fields, alias, ctx),
    nested: planFolds(target, node.populate, ctx, budget),
    join: (qb, parent) => join(qb, parent, alias, link),
  };
}

/** Whether a scope is plain column conditions that fit in a JOIN's ON clause. */
function joinable(node: FilterNode | undefined): boolean {
  if (!node) return true;
  switch (node.kind) {
    case 'and': return node.children.every(joinable);
    case 'correlated': return true;
    case 'compare': return node.operator === '$eq' || node.operator === '$null' || node.operator === '$notNull';
    default: return false;
  }
}

function scopeOn(j: Knex.JoinClause, node: FilterNode | undefined, model: Model, alias: string, outer: Model, outerAlias: string, ctx: PlanContext): void {
  if (!node) return;
  switch (node.kind) {
    case 'and':
      for (const child of node.children) scopeOn(j, child, model, alias, outer, outerAlias, ctx);
      return;
    case 'correlated': {
      const [inner, reached] = correlatedColumns(node.field, model, alias, { model: outer, alias: outerAlias });
      j.andOn(inner, CORRELATED_SQL[node.operator ?? '$eq'], reached);
      return;
    }
    case 'compare': {
      const column = `${alias}.${columnOf(model, node.field)}`;
      // $null: true is "is null", $null: false "is not null"; $notNull the other way round
      const isNull = node.operator === '$null' ? node.value !== false && node.value !== 'false'
        : node.operator === '$notNull' ? node.value === false || node.value === 'false' : undefined;
      if (isNull === true) j.andOnNull(column);
      else if (isNull === false) j.andOnNotNull(column);
      else j.andOnVal(column, '=', toDb(columnTypeOfField(model, node.field), node.value, ctx.dialect) as Knex.Value);
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
  qb: Knex.QueryBuilder, parent: string, link: { alias: string; table: string; owner: string; values: Record<string, string>; fk: string },
  target: { alias: string; table: string },
): void {
  qb.leftJoin({ [link.alias]: link.table }, (j) => {
    j.on(`${link.alias}.${link.owner}`, '=', `${parent}.id`);
    for (const [column, value] of Object.entries(link.values)) j.andOnVal(`${link.alias}.${column}`, '=', value);
  }).leftJoin({ [target.alias]: target.table }, `${target.alias}.id`, `${link.alias}.${link.fk}`);
}

/** Adds the plan's joins and columns to a statement whose parent rows are `parentAlias`. */
export function joinFolds(qb: Knex.QueryBuilder, plan: FoldPlan, parentAlias: string, ctx: PlanContext): void {
  for (const fold of plan.folds) {
    fold.join(qb, parentAlias);
    qb.select(ctx.knex.raw(selectListSql(fold.model, fold.fields, fold.alias, ctx.dialect, true)));
    joinFolds(qb, fold.nested, fold.alias, ctx);
  }
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
