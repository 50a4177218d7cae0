// A count that the scope counter answers (SQLite, database/scope-counts.ts): a list with no
// filter and no search, whose scope conditions are each a value or a presence test of a scope
// attribute. Scope attributes without a condition (locale=*) are summed over.

import { columnName } from '../database/naming.js';
import { scopeCounts, type IndexDef } from '../database/physical.js';
import { SCOPE_COUNT_COLUMN } from '../database/scope-counts.js';
import type { ContentType } from '../registry/types.js';
import type { FilterNode, QueryAst } from './ast.js';
import type { PlanContext } from './plan-context.js';
import { scopeOf } from './sql-filters.js';

export async function countFromScope(model: ContentType, query: QueryAst, ctx: PlanContext): Promise<number | undefined> {
  if (ctx.dialect !== 'sqlite' || query.filters || query.search) return undefined;
  const counter = counterOf(model);
  if (!counter) return undefined;
  const conditions = keyOf(scopeOf(model, ctx), counter, model);
  if (!conditions) return undefined;
  const qb = ctx.knex.from(counter.name).sum({ n: SCOPE_COUNT_COLUMN });
  for (const [column, value] of conditions) qb.where(column, value);
  const [row] = await qb as Array<{ n: unknown }>;
  return Number(row?.n ?? 0);
}

// Asked on every count of a list: the model's counter is worked out once
const counters = new WeakMap<ContentType, IndexDef | null>();
function counterOf(model: ContentType): IndexDef | undefined {
  let counter = counters.get(model);
  if (counter === undefined) counters.set(model, counter = scopeCounts(model) ?? null);
  return counter ?? undefined;
}

/** The counter's columns and values the scope fixes, or undefined if it tests anything else. */
function keyOf(node: FilterNode | undefined, counter: IndexDef, model: ContentType): Map<string, string | number> | undefined {
  const key = new Map<string, string | number>();
  const presence = new Set(counter.presence);
  const visit = (n: FilterNode | undefined): boolean => {
    if (!n) return true;
    if (n.kind === 'and') return n.children.every(visit);
    if (n.kind !== 'compare' || !(n.field in model.attributes)) return false;
    const column = columnName(n.field);
    if (!counter.columns.includes(column) || key.has(column)) return false;
    if (presence.has(column)) {
      if ((n.operator !== '$null' && n.operator !== '$notNull') || n.value !== true) return false;
      key.set(column, n.operator === '$notNull' ? 1 : 0);
      return true;
    }
    if (n.operator !== '$eq' || (typeof n.value !== 'string' && typeof n.value !== 'number')) return false;
    key.set(column, n.value);
    return true;
  };
  return visit(node) ? key : undefined;
}
