// What the SQL planner needs besides the AST: the connection, the dialect, the registry, and the
// row scopes that pick which versions of every content type a query may see.

import type { Knex } from 'knex';
import type { Dialect } from '../database/connection.js';
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
}

export function aliasFactory(): (prefix: string) => string {
  let n = 0;
  return (prefix: string) => `${prefix}${++n}`;
}
