// The top-level query parameters each kind of route accepts. Anything else is dropped before it
// reaches the document service (or refused with strictParams), so no raw parameter reaches SQL.

import { ValidationError } from '../errors/index.js';

export const LIST_PARAMS = ['filters', 'sort', 'fields', 'populate', 'pagination', 'page', 'pageSize', 'start', 'limit', '_q'];
export const ONE_PARAMS = ['fields', 'populate'];

export function pickParams(query: Record<string, unknown>, allowed: string[], strict: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (allowed.includes(key)) out[key] = value;
    else if (strict) {
      throw new ValidationError(`Invalid key ${key}`, { key, path: key, source: 'query', reason: 'unknown query parameter' });
    }
  }
  return out;
}
