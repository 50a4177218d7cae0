// SortNode[] -> ORDER BY. A path through a to-one relation or a single component sorts by a
// correlated subquery, so the root query never joins (and never duplicates rows). NULLs (no
// related row or component included) sort first ascending on every dialect.

import type { Knex } from 'knex';
import { limitRows } from '../database/limit.js';
import { componentLinkTable } from '../database/naming.js';
import type { Model } from '../registry/types.js';
import type { SortNode } from './ast.js';
import { columnOf } from './columns.js';
import type { PlanContext } from './plan-context.js';
import { applyScopes, joinRelation } from './sql-filters.js';

export function applySort(qb: Knex.QueryBuilder, sort: SortNode[], model: Model, alias: string, ctx: PlanContext): void {
  for (const { sql, bindings } of sortClauses(sort, model, alias, ctx)) qb.orderByRaw(sql, bindings);
}

/** The ORDER BY terms of a sort (for a query's ORDER BY, or a window's). The compiler has kept
 *  one node per key (sort-keys.ts). */
export function sortClauses(sort: SortNode[], model: Model, alias: string, ctx: PlanContext): Array<{ sql: string; bindings: Knex.RawBinding[] }> {
  return sort.map((node) => {
    const expr = sortExpression(node.path, model, alias, ctx);
    const dir = node.order === 'desc' ? 'DESC' : 'ASC';
    // NULLs first ascending, last descending: MySQL's and SQLite's own order, spelled out for
    // PostgreSQL (which does the opposite); a CASE around the key would cost a computed key per row
    const nulls = ctx.dialect === 'postgres' ? (node.order === 'desc' ? ' NULLS LAST' : ' NULLS FIRST') : '';
    return { sql: `${expr.sql} ${dir}${nulls}`, bindings: expr.bindings };
  });
}

function sortExpression(path: string[], model: Model, alias: string, ctx: PlanContext): { sql: string; bindings: Knex.RawBinding[] } {
  const [head, ...rest] = path;
  if (!head) throw new Error('empty sort path');
  if (rest.length === 0) {
    const { sql, bindings } = ctx.knex.raw('??', [`${alias}.${columnOf(model, head)}`]).toSQL();
    return { sql, bindings: [...bindings] as Knex.RawBinding[] };
  }
  const attr = model.attributes[head];
  const t = ctx.alias('s');
  let sub: Knex.QueryBuilder;
  if (attr?.type === 'relation') {
    const target = ctx.registry.contentType(attr.target);
    const inner = sortExpression(rest, target, t, ctx);
    sub = ctx.knex.queryBuilder().select(ctx.knex.raw(inner.sql, inner.bindings));
    joinRelation(sub, model, head, attr, alias, t, ctx);
    applyScopes(sub, target, t, ctx, { from: model, attribute: head }, alias);
  } else if (attr?.type === 'component' && !attr.repeatable) {
    // The row's single component, through the model's component link table; none sorts as NULL
    const component = ctx.registry.component(attr.component);
    const inner = sortExpression(rest, component, t, ctx);
    const c = ctx.alias('c');
    sub = ctx.knex.queryBuilder().select(ctx.knex.raw(inner.sql, inner.bindings))
      .from({ [c]: componentLinkTable(model.collectionName) })
      .join({ [t]: component.collectionName }, `${t}.id`, `${c}.cmp_id`)
      .whereRaw('?? = ??', [`${c}.entity_id`, `${alias}.id`])
      .andWhere(`${c}.field`, head)
      .andWhere(`${c}.component_type`, component.uid);
  } else {
    throw new Error(`${model.uid}.${head} cannot be sorted through`);
  }
  // At most one row by construction; the limit keeps hand-edited data from failing the statement
  limitRows(sub, 1);
  const compiled = sub.toSQL();
  return { sql: `(${compiled.sql})`, bindings: [...compiled.bindings] as Knex.RawBinding[] };
}
