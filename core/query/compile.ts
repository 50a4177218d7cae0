// The query compiler: Strapi's REST query parameters (already parsed) => a validated QueryAst.
// Every attribute name is checked against the registry; content-API callers never reach private
// or password attributes, at any depth. Problems are 400s (ValidationError / PaginationError).

import type { QueryAst } from './ast.js';
import type { Model } from '../registry/types.js';
import { invalidValue, isBlank } from './compile-common.js';
import { compileFields } from './compile-fields.js';
import { compileFilters } from './compile-filters.js';
import { compilePagination } from './compile-pagination.js';
import { compilePopulate } from './compile-populate.js';
import { compileSort } from './compile-sort.js';
import type { CompileContext, RawQuery } from './compile-context.js';
import { assertWithinBreadthLimits } from './breadth-limits.js';
import { assertWithinDepthLimits } from './limits.js';

export { compileFilters } from './compile-filters.js';
export { compileSort } from './compile-sort.js';
export { compileFields } from './compile-fields.js';
export { compilePopulate } from './compile-populate.js';
export { compilePagination } from './compile-pagination.js';

export type { CompileContext, RawQuery } from './compile-context.js';

export function compileQuery(raw: RawQuery, model: Model, ctx: CompileContext): QueryAst {
  const ast: QueryAst = {
    sort: compileSort(raw.sort, model, ctx),
    populate: compilePopulate(raw.populate, model, ctx),
  };
  const filters = compileFilters(raw.filters, model, ctx);
  if (filters) ast.filters = filters;
  const fields = compileFields(raw.fields, model, ctx);
  if (fields) ast.fields = fields;
  const pagination = compilePagination(raw, ctx);
  if (pagination) ast.pagination = pagination;
  const search = compileSearch(raw._q);
  if (search !== undefined) ast.search = search;
  // internal callers are trusted to ask for what they need; depth first, as the breadth walk recurses
  if (ctx.source === 'content-api') {
    assertWithinDepthLimits(ast, ctx.rest);
    assertWithinBreadthLimits(ast, ctx.rest);
  }
  return ast;
}

/** _q: a string, trimmed; empty (or absent) means no search. */
function compileSearch(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') throw invalidValue('_q', raw, 'a string');
  if (raw.includes('\0')) throw invalidValue('_q', raw, 'a string without NUL characters');
  const term = raw.trim();
  return isBlank(term) ? undefined : term;
}
