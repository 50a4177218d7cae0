// Helpers shared by the query compilers: value shapes, attribute lookup and the 400 errors.

import { ValidationError } from '../errors/index.js';
import type { Attribute, Model, RelationAttribute } from '../registry/types.js';
import type { CompileContext } from './compile-context.js';

const ID_ATTRIBUTE: Attribute = { type: 'integer' };
const DOCUMENT_ID_ATTRIBUTE: Attribute = { type: 'string' };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** An array, or an object whose keys are all array indexes (what qs makes of a sparse array). */
export function toArrayLike(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (!isPlainObject(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length === 0 || !keys.every((k) => /^\d+$/.test(k))) return undefined;
  return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]);
}

const TRUE_LIKE = new Set(['true', 't', '1']);
const FALSE_LIKE = new Set(['false', 'f', '0']);

/** true, false, 'true', 'false', 't', 'f', '1', '0' (and 1, 0); anything else is undefined. */
export function parseBooleanLike(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1) return true;
  if (value === 0) return false;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (TRUE_LIKE.has(text)) return true;
  if (FALSE_LIKE.has(text)) return false;
  return undefined;
}

/** The query parameter a dotted path belongs to: 'populate.category.filters.name' => 'populate'. */
export function paramOf(path: string): string {
  const dot = path.indexOf('.');
  return dot === -1 ? path : path.slice(0, dot);
}

/** Strapi's `Invalid key <key>`; the explanation goes in details.reason, never in the message. */
export function invalidKey(key: string, path: string, reason: string): ValidationError {
  return new ValidationError(`Invalid key ${key}`, { key, path, source: 'query', param: paramOf(path), reason });
}

export function invalidValue(path: string, value: unknown, expected: string): ValidationError {
  return new ValidationError(`Invalid value for ${path}: expected ${expected}`, {
    path, source: 'query', param: paramOf(path), value,
  });
}

/** An attribute of the model, or the implicit id (any model) and documentId (content types). */
export function lookupField(model: Model, name: string): Attribute | undefined {
  if (name === 'id') return ID_ATTRIBUTE;
  if (name === 'documentId') return model.modelType === 'contentType' ? DOCUMENT_ID_ATTRIBUTE : undefined;
  return Object.hasOwn(model.attributes, name) ? model.attributes[name] : undefined;
}

/** Resolves `name` on the model or throws `Invalid key <name>`. */
export function requireField(model: Model, name: string, path: string): Attribute {
  const attr = lookupField(model, name);
  if (!attr) {
    const reason = name.includes('.')
      ? `"${name}" is not an attribute of ${model.uid} (keys cannot contain dots)`
      : `"${name}" is not an attribute of ${model.uid}`;
    throw invalidKey(name, path, reason);
  }
  return attr;
}

/** Content-API callers may never filter, sort, select or populate private or password attributes. */
export function assertReadable(
  attr: Attribute, name: string, path: string, ctx: CompileContext,
  verb: 'filtered' | 'sorted' | 'selected' | 'populated',
): void {
  if (ctx.source !== 'content-api') return;
  if (attr.type === 'password') throw invalidKey(name, path, `password fields cannot be ${verb}`);
  if (attr.private === true) throw invalidKey(name, path, `private fields cannot be ${verb}`);
}

export function isToMany(attr: RelationAttribute): boolean {
  return attr.relation === 'oneToMany' || attr.relation === 'manyToMany';
}

export function relationTarget(attr: RelationAttribute, ctx: CompileContext): Model {
  return ctx.registry.get(attr.target);
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * A list of names from `a`, `a,b`, ['a', 'b'] (or an index-keyed object); '*' anywhere gives '*'.
 * Items are trimmed; empty items are skipped.
 */
export function parseNameList(raw: unknown, path: string): string[] | '*' {
  const items = typeof raw === 'string' ? [raw] : toArrayLike(raw);
  if (!items) throw invalidValue(path, raw, 'a name, a comma-separated list of names or an array of names');
  const names: string[] = [];
  for (const [i, item] of items.entries()) {
    if (typeof item !== 'string') {
      throw invalidValue(typeof raw === 'string' ? path : `${path}.${i}`, item, 'a field name');
    }
    for (const part of item.split(',')) {
      const name = part.trim();
      if (name === '*') return '*';
      if (name !== '') names.push(name);
    }
  }
  return names;
}
