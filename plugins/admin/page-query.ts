// `page` and `pageSize` of an admin list route (the relation picker's, the media library's): positive
// integers, the size capped, as Strapi's admin reads them; anything else a 400 naming the key.

import { ValidationError } from '../../core/index.js';

export const MAX_PAGE_SIZE = 100;

function positive(query: Record<string, unknown>, name: string, fallback: number): number {
  const raw = query[name];
  if (raw === undefined) return fallback;
  const n = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw ValidationError.fromFields([{ path: [name], message: `${name} must be a positive integer`, name: 'ValidationError' }]);
  return n;
}

export function pageOf(query: Record<string, unknown>): { page: number; pageSize: number } {
  return { page: positive(query, 'page', 1), pageSize: Math.min(positive(query, 'pageSize', 10), MAX_PAGE_SIZE) };
}
