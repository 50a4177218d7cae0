// pagination => Pagination: page mode (page, pageSize) or offset mode (start, limit), from
// `pagination[...]` or the top-level keys. Limits are clamped to rest.maxLimit.

import { PaginationError, ValidationError } from '../errors/index.js';
import type { Pagination } from './ast.js';
import type { CompileContext, RawQuery } from './compile-context.js';
import { invalidKey, invalidValue, isBlank, isPlainObject, parseBooleanLike } from './compile-common.js';

const PAGINATION_KEYS = ['page', 'pageSize', 'start', 'limit', 'withCount'] as const;
type PaginationKey = (typeof PAGINATION_KEYS)[number];

interface Given { value: unknown; path: string }

export function compilePagination(raw: RawQuery, ctx: CompileContext): Pagination | undefined {
  if (!ctx.paginate) return undefined;

  let nested: Record<string, unknown> = {};
  if (!isBlank(raw.pagination)) {
    if (!isPlainObject(raw.pagination)) throw invalidValue('pagination', raw.pagination, 'an object');
    nested = raw.pagination;
  }
  for (const key of Object.keys(nested)) {
    if (!(PAGINATION_KEYS as readonly string[]).includes(key)) {
      throw invalidKey(key, `pagination.${key}`, `pagination accepts only: ${PAGINATION_KEYS.join(', ')}`);
    }
  }
  const top: Partial<Record<PaginationKey, unknown>> = {
    page: raw.page, pageSize: raw.pageSize, start: raw.start, limit: raw.limit,
  };
  const given = (key: PaginationKey): Given | undefined => {
    if (nested[key] !== undefined) return { value: nested[key], path: `pagination.${key}` };
    if (top[key] !== undefined) return { value: top[key], path: key };
    return undefined;
  };

  const page = given('page');
  const pageSize = given('pageSize');
  const start = given('start');
  const limit = given('limit');
  const withCount = parseWithCount(given('withCount'), ctx.rest.withCount);

  if ((page || pageSize) && (start || limit)) {
    throw new PaginationError('Cannot use both page & offset pagination in the same query', {
      source: 'query', param: 'pagination',
      given: [page, pageSize, start, limit].filter((g): g is Given => g !== undefined).map((g) => g.path),
    });
  }

  const { defaultLimit, maxLimit } = ctx.rest;
  // The API's bound: internal callers (plugins, the document service) count exactly
  const countLimit = ctx.rest.countLimit && ctx.source === 'content-api' ? { countLimit: ctx.rest.countLimit } : {};
  const clamp = (n: number): number => (maxLimit > 0 ? Math.min(n, maxLimit) : n);

  if (start || limit) {
    const startValue = start ? integer(start, 0) : 0;
    let limitValue: number;
    if (!limit) limitValue = clamp(defaultLimit);
    else {
      const n = integer(limit, -1);
      if (n === 0 || n < -1) throw invalidValue(limit.path, limit.value, 'an integer >= 1 (or -1 for the maximum)');
      limitValue = n === -1 ? (maxLimit > 0 ? maxLimit : -1) : clamp(n);
    }
    return { mode: 'offset', start: startValue, limit: limitValue, withCount, ...countLimit };
  }
  return {
    mode: 'page',
    page: page ? integer(page, 1) : 1,
    pageSize: pageSize ? clamp(integer(pageSize, 1)) : clamp(defaultLimit),
    withCount,
    ...countLimit,
  };
}

function integer(given: Given, min: number): number {
  const { value, path } = given;
  const n = typeof value === 'number' ? value
    : typeof value === 'string' && /^[-+]?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min) {
    throw invalidValue(path, value, min === -1 ? 'an integer >= 1 (or -1 for the maximum)' : `an integer >= ${min}`);
  }
  return n;
}

function parseWithCount(given: Given | undefined, fallback: boolean): boolean {
  if (!given) return fallback;
  const flag = parseBooleanLike(given.value);
  if (flag === undefined) {
    throw new ValidationError('Invalid withCount parameter. Expected "t","1","true","false","0","f"', {
      path: given.path, source: 'query', param: 'pagination', value: given.value,
    });
  }
  return flag;
}
