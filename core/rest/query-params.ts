// A route's query parameters: the ones it accepts (its operation's, from the typed registry) reach
// the operation; anything else is dropped (or refused with strictParams), so no raw parameter
// reaches SQL.

import { ValidationError } from '../errors/index.js';

export function pickParams(query: Record<string, unknown>, allowed: readonly string[], strict: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (allowed.includes(key)) out[key] = value;
    else if (strict) {
      throw new ValidationError(`Invalid key ${key}`, { key, path: key, source: 'query', reason: 'unknown query parameter' });
    }
  }
  return out;
}
