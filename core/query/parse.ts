// The REST query string parser: qs with Strapi's options, plus the checks qs does silently wrong
// for us. qs drops prototype keys, truncates after parameterLimit and turns sparse arrays into
// objects with numeric keys; each of those would quietly change a filter, so we refuse them (400).

import qs from 'qs';
import { ValidationError } from '../errors/index.js';

const QS_OPTIONS = {
  depth: 20,
  strictDepth: true,
  arrayLimit: 100,
  parameterLimit: 1000,
  strictNullHandling: true,
  allowPrototypes: false,
  ignoreQueryPrefix: true,
} as const;

export const MAX_PARAMETERS = QS_OPTIONS.parameterLimit;
export const MAX_ARRAY_INDEX = QS_OPTIONS.arrayLimit;

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

export function parseQueryString(search: string): Record<string, unknown> {
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (text === '') return {};

  const parts = text.split('&');
  if (parts.length > MAX_PARAMETERS) {
    throw new ValidationError(`Too many query parameters: at most ${MAX_PARAMETERS} are allowed`, {
      source: 'query', count: parts.length, limit: MAX_PARAMETERS,
    });
  }
  for (const part of parts) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = decode(eq === -1 ? part : part.slice(0, eq));
    assertSafeKey(key);
  }

  const parsed = parseNested(search);
  checkParsed(parsed, []);
  return parsed;
}

function parseNested(search: string): Record<string, unknown> {
  try {
    return qs.parse(search, QS_OPTIONS) as Record<string, unknown>;
  } catch (error) {
    // strictDepth: past the depth qs would keep the rest of the key as one literal name
    if (error instanceof RangeError) {
      throw new ValidationError(`The query string is nested too deeply: at most ${QS_OPTIONS.depth} levels of brackets are allowed`, {
        source: 'query', limit: QS_OPTIONS.depth,
      });
    }
    throw error;
  }
}

/** Decodes a key the way qs does: '+' is a space, malformed escapes are kept as written. */
function decode(raw: string): string {
  const text = raw.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function assertSafeKey(key: string): void {
  // qs splits keys on brackets; dots are checked too, as populate paths and `on` keys use them
  for (const segment of key.split(/[[\].]/)) {
    const name = segment.trim();
    if (FORBIDDEN_SEGMENTS.has(name)) {
      throw new ValidationError(`Invalid key ${name}`, {
        key: name, path: key, source: 'query', reason: `"${name}" is not allowed in query parameter names`,
      });
    }
  }
}

/** Walks the parsed value: no prototype keys, no numeric keys (overflowed arrays) above the limit. */
function checkParsed(value: unknown, path: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkParsed(item, [...path, String(i)]));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    if (FORBIDDEN_SEGMENTS.has(key)) {
      throw new ValidationError(`Invalid key ${key}`, {
        key, path: [...path, key].join('.'), source: 'query', reason: `"${key}" is not allowed in query parameter names`,
      });
    }
    if (/^\d+$/.test(key) && Number(key) > MAX_ARRAY_INDEX) {
      const where = path.join('.');
      throw new ValidationError(
        `Invalid array index ${key} in ${where || 'the query'}: indexes above ${MAX_ARRAY_INDEX} are not allowed`,
        { key, path: [...path, key].join('.'), source: 'query', param: path[0], limit: MAX_ARRAY_INDEX },
      );
    }
    checkParsed(child, [...path, key]);
  }
}
