// What the SQL planner needs besides the AST: the connection, the dialect, the registry, and the
// row scopes that pick which versions of every content type a query may see.

import type { Knex } from 'knex';
import type { Dialect } from '../database/connection.js';
import { ValidationError } from '../errors/index.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { RowScope } from './scopes.js';

export interface PlanContext {
  knex: Knex | Knex.Transaction;
  dialect: Dialect;
  registry: ModelRegistry;
  rowScopes: RowScope[];
  source: 'content-api' | 'internal';
  /** Unique alias generator for subqueries; one counter per request. */
  alias(prefix: string): string;
  /** Rows populate may still load for this request (content-API reads); none when absent. */
  populateBudget?: PopulateBudget;
}

/**
 * What populate may load in one request, all levels together. The caps on the query's shape bound
 * how many relations are populated, not how many rows they hold: seven levels through to-many
 * relations (authors, their articles, the category, its articles, ...) multiply into millions of
 * rows, and one such GET kept a SQLite worker busy for minutes.
 */
export interface PopulateBudget { readonly limit: number; used: number }

/** Counts `rows` against the budget; throws the 400 that names the limit when they overrun it. */
export function chargePopulate(ctx: PlanContext, rows: number): void {
  const budget = ctx.populateBudget;
  if (!budget) return;
  budget.used += rows;
  if (budget.used > budget.limit) {
    throw new ValidationError(
      `populate loads too many related entries: more than ${budget.limit} are allowed in one request; ask for fewer with pagination, filters or a shallower populate`,
      { key: 'populate', source: 'query', param: 'populate', limit: budget.limit },
    );
  }
}

/** The most rows the next populate statement may return before the budget is overrun (one more
 *  than is left, so the overrun is seen without reading the whole result). */
export function populateRowLimit(ctx: PlanContext): number | undefined {
  const budget = ctx.populateBudget;
  return budget ? Math.max(0, budget.limit - budget.used) + 1 : undefined;
}

export function aliasFactory(): (prefix: string) => string {
  let n = 0;
  return (prefix: string) => `${prefix}${++n}`;
}
