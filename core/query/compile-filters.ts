// filters => FilterNode. Every key is an attribute of the model it is applied to (relations and
// components switch the model), a logical operator, or a scalar operator after a scalar attribute.

import type { BlockPattern, FilterNode, ScalarOperator } from './ast.js';
import { and } from './ast.js';
import { FILE_UID } from '../registry/media.js';
import type { Attribute, Model } from '../registry/types.js';
import type { CompileContext } from './compile-context.js';
import {
  assertReadable, invalidKey, invalidValue, isBlank, isPlainObject, relationTarget, requireField, toArrayLike,
} from './compile-common.js';
import { coerceOperand, isScalarOperator, operatorAccepts } from './operators.js';
import { assertInListLength } from './breadth-limits.js';

/** Compiles a Strapi filters object against a model; empty filters ({} or '') give undefined. */
export function compileFilters(raw: unknown, model: Model, ctx: CompileContext, path = 'filters'): FilterNode | undefined {
  if (isBlank(raw)) return undefined;
  return compileWhere(raw, model, ctx, path);
}

function compileWhere(raw: unknown, model: Model, ctx: CompileContext, path: string): FilterNode | undefined {
  const list = Array.isArray(raw) ? raw : undefined;
  if (list) return and(...list.map((item, i) => compileWhere(item, model, ctx, `${path}.${i}`)));
  if (!isPlainObject(raw)) throw invalidValue(path, raw, 'an object of conditions');

  const children: Array<FilterNode | undefined> = [];
  for (const [key, value] of Object.entries(raw)) {
    const keyPath = `${path}.${key}`;
    if (key === '$and' || key === '$or') {
      children.push(logical(key, value, keyPath, (item, itemPath) => compileWhere(item, model, ctx, itemPath)));
    } else if (key === '$not') {
      const child = compileWhere(value, model, ctx, keyPath);
      if (child) children.push({ kind: 'not', child });
    } else if (key.startsWith('$')) {
      throw invalidKey(key, keyPath, isScalarOperator(key)
        ? `operator ${key} must follow an attribute name`
        : `${key} is not a filter operator`);
    } else {
      children.push(compileField(key, value, model, ctx, keyPath));
    }
  }
  return and(...children);
}

/** $and / $or: an array (or index-keyed object) of conditions; a single condition is accepted. */
function logical(
  key: '$and' | '$or', value: unknown, path: string,
  compileItem: (item: unknown, itemPath: string) => FilterNode | undefined,
): FilterNode | undefined {
  const items = toArrayLike(value) ?? (isPlainObject(value) ? [value] : undefined);
  if (!items) throw invalidValue(path, value, 'an array of conditions');
  const compiled = items.map((item, i) => compileItem(item, `${path}.${i}`));
  if (key === '$and') return and(...compiled);
  // An empty alternative matches every row, and so does the whole $or
  if (compiled.length === 0 || compiled.some((c) => c === undefined)) return undefined;
  const defined = compiled.filter((c): c is FilterNode => c !== undefined);
  return defined.length === 1 ? defined[0] : { kind: 'or', children: defined };
}

function compileField(name: string, value: unknown, model: Model, ctx: CompileContext, path: string): FilterNode | undefined {
  const attr = requireField(model, name, path);
  assertReadable(attr, name, path, ctx, 'filtered');
  switch (attr.type) {
    // App code may reach into a dynamic zone's components of given types, as populate's `on`
    // names them: `{ blocks: { $on: { 'shared.media': { file: { id: 3 } } } } }` (which entries use
    // a file); any of the types named matching is a match
    case 'dynamiczone': {
      if (ctx.source === 'content-api') throw invalidKey(name, path, 'filtering on media or dynamic zone attributes is not supported');
      const on = isPlainObject(value) && Object.keys(value).length === 1 ? value.$on : undefined;
      if (!isPlainObject(on) || !Object.keys(on).length) throw invalidValue(path, value, `{ $on: { <component>: conditions } } (${name} is a dynamic zone)`);
      const parts = Object.entries(on).map(([uid, conditions]): FilterNode | undefined => {
        const at = `${path}.$on.${uid}`;
        if (!attr.components.includes(uid)) throw invalidKey(uid, at, `${uid} is not a component of ${name}`);
        const child = compileWhere(conditions, ctx.registry.component(uid), ctx, at);
        return child ? { kind: 'nested', field: name, component: uid, child } : undefined;
      });
      // No condition on a type: any entry matches, as an empty $or alternative does
      if (parts.some((p) => p === undefined)) return undefined;
      const defined = parts as FilterNode[];
      return defined.length === 1 ? defined[0] : { kind: 'or', children: defined };
    }
    // App code may ask for a top-level block containing keys and values:
    // `{ content: { $containsBlock: { type: 'image', image: { url: '/uploads/a.png' } } } }`
    case 'blocks':
      if (isPlainObject(value) && '$containsBlock' in value) {
        const { $containsBlock: block, ...rest } = value;
        const at = `${path}.$containsBlock`;
        if (ctx.source === 'content-api') throw invalidKey('$containsBlock', at, '$containsBlock is not a filter operator');
        return and({ kind: 'contains-block', field: name, block: blockPattern(block, at) }, Object.keys(rest).length ? compileCondition(name, attr, rest, ctx, path) : undefined);
      }
      return compileCondition(name, attr, value, ctx, path);
    // App code (not the APIs' callers) may filter a media attribute as a relation to the files,
    // `{ cover: { id: 3 } }`: which entries use a file
    case 'media':
      if (ctx.source === 'content-api') throw invalidKey(name, path, 'filtering on media or dynamic zone attributes is not supported');
    // falls through
    case 'relation':
    case 'component': {
      const what = attr.type === 'component' ? 'a component' : 'a relation';
      if (!isPlainObject(value) || toArrayLike(value)) {
        throw invalidValue(path, value, `an object of conditions on the attributes of ${name} (${what})`);
      }
      const conditions: Record<string, unknown> = {};
      const idTests: Array<[ScalarOperator, unknown]> = [];
      for (const [key, operand] of Object.entries(value)) {
        if (key === '$null' || key === '$notNull') idTests.push([key, operand]);
        else if (isScalarOperator(key)) {
          throw invalidKey(key, `${path}.${key}`,
            `${name} is ${what}: filter on one of its attributes instead, e.g. ${path}.id.${key}`);
        } else conditions[key] = operand;
      }
      const target = attr.type === 'relation' ? relationTarget(attr, ctx) : attr.type === 'media' ? ctx.registry.contentType(FILE_UID) : ctx.registry.component(attr.component);
      // Strapi reads `filters[city][$null]=true` as a test of the related row's id (where.ts,
      // processRelationWhere): "has no city"
      const child = and(
        compileWhere(conditions, target, ctx, path),
        ...idTests.map(([key, operand]) => compare('id', requireField(target, 'id', `${path}.id`), key, operand, ctx, `${path}.${key}`, key)),
      );
      return child ? { kind: 'nested', field: name, child } : undefined;
    }
    default:
      return compileCondition(name, attr, value, ctx, path);
  }
}

/** The value of a scalar attribute: operators, logical operators, an implicit $eq or $in. */
function compileCondition(field: string, attr: Attribute, value: unknown, ctx: CompileContext, path: string): FilterNode | undefined {
  const list = toArrayLike(value);
  if (list) return compare(field, attr, '$in', list, ctx, path, field);
  if (!isPlainObject(value)) return compare(field, attr, '$eq', value, ctx, path, field);

  const children: Array<FilterNode | undefined> = [];
  for (const [key, operand] of Object.entries(value)) {
    const keyPath = `${path}.${key}`;
    if (key === '$and' || key === '$or') {
      children.push(logical(key, operand, keyPath, (item, itemPath) => compileCondition(field, attr, item, ctx, itemPath)));
    } else if (key === '$not') {
      const child = compileCondition(field, attr, operand, ctx, keyPath);
      if (child) children.push({ kind: 'not', child });
    } else if (isScalarOperator(key)) {
      children.push(compare(field, attr, key, operand, ctx, keyPath, key));
    } else {
      throw invalidKey(key, keyPath, key.startsWith('$')
        ? `${key} is not a filter operator`
        : `${field} is a ${attr.type} attribute and has no nested attributes`);
    }
  }
  return and(...children);
}

function compare(
  field: string, attr: Attribute, operator: ScalarOperator, value: unknown, ctx: CompileContext, path: string, reportKey: string,
): FilterNode {
  if (!operatorAccepts(operator, attr.type)) {
    const reason = attr.type === 'json' || attr.type === 'blocks'
      ? `${attr.type} attributes can only be filtered with $null and $notNull`
      : `operator ${operator} cannot be used on ${attr.type} attributes`;
    throw invalidKey(reportKey, path, reason);
  }
  if (value === null && (operator === '$eq' || operator === '$ne')) {
    return { kind: 'compare', field, operator: operator === '$eq' ? '$null' : '$notNull', value: true };
  }
  if (ctx.source === 'content-api' && (operator === '$in' || operator === '$notIn')) {
    const length = typeof value === 'object' && value !== null ? toArrayLike(value)?.length : undefined;
    if (length !== undefined) assertInListLength(operator, length, path, ctx.rest);
  }
  const result = coerceOperand(operator, attr, value);
  if (!result.ok) throw invalidValue(path, value, result.expected);
  return { kind: 'compare', field, operator, value: result.value };
}

/** A $containsBlock operand: an object of strings, finite numbers and such objects, small. */
function blockPattern(value: unknown, path: string): BlockPattern {
  const expected = 'an object of strings, numbers and such objects (at most 4 levels, 20 keys, each of letters, digits and _)';
  let keys = 0;
  const check = (v: unknown, depth: number): BlockPattern => {
    if (!isPlainObject(v) || depth > 4 || !Object.keys(v).length) throw invalidValue(path, value, expected);
    const out: BlockPattern = {};
    for (const [k, inner] of Object.entries(v)) {
      // __proto__ would set the pattern's prototype rather than a key: the condition would vanish
      if (++keys > 20 || !/^\w{1,64}$/.test(k) || k === '__proto__') throw invalidValue(path, value, expected);
      if (typeof inner === 'string' || (typeof inner === 'number' && Number.isFinite(inner))) out[k] = inner;
      else out[k] = check(inner, depth + 1);
    }
    return out;
  };
  return check(value, 1);
}
