// sort => SortNode[]: 'a', 'a:desc', 'a,b:desc', ['a', 'b:desc'], { a: 'desc' }, paths through
// to-one relations and single components ('category.name', { category: { name: 'asc' } },
// 'seo.metaTitle'). No id tie-break here.
// A key given twice counts once, at its first place (sort=a,b,a:desc is a, b).

import { ValidationError } from '../errors/index.js';
import type { SortNode } from './ast.js';
import type { Model } from '../registry/types.js';
import type { CompileContext } from './compile-context.js';
import { distinctSortKeys } from './sort-keys.js';
import {
  assertReadable, invalidKey, invalidValue, isBlank, isPlainObject, isToMany, paramOf, relationTarget,
  requireField, toArrayLike,
} from './compile-common.js';

export function compileSort(raw: unknown, model: Model, ctx: CompileContext, path = 'sort'): SortNode[] {
  return distinctSortKeys(sortNodes(raw, model, ctx, path));
}

function sortNodes(raw: unknown, model: Model, ctx: CompileContext, path: string): SortNode[] {
  if (isBlank(raw)) return [];
  if (typeof raw === 'string') return sortString(raw, model, ctx, path);
  const items = toArrayLike(raw);
  if (items) {
    const out: SortNode[] = [];
    items.forEach((item, i) => {
      const itemPath = `${path}.${i}`;
      if (typeof item === 'string') out.push(...sortString(item, model, ctx, itemPath));
      else if (isPlainObject(item)) out.push(...sortObject(item, [], model, ctx, itemPath));
      else throw invalidValue(itemPath, item, 'a field name or an object like { field: "asc" }');
    });
    return out;
  }
  if (isPlainObject(raw)) return sortObject(raw, [], model, ctx, path);
  throw invalidValue(path, raw, 'a field name, a list of field names or an object like { field: "asc" }');
}

function sortString(text: string, model: Model, ctx: CompileContext, path: string): SortNode[] {
  const out: SortNode[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const colon = item.indexOf(':');
    const field = colon === -1 ? item : item.slice(0, colon).trim();
    const order = colon === -1 ? 'asc' : parseOrder(item.slice(colon + 1).trim(), path);
    out.push({ path: resolveSortPath(field.split('.'), model, ctx, path), order });
  }
  return out;
}

function sortObject(
  obj: Record<string, unknown>, prefix: string[], model: Model, ctx: CompileContext, path: string,
): SortNode[] {
  const out: SortNode[] = [];
  for (const [key, value] of Object.entries(obj)) {
    const segments = [...prefix, key];
    if (typeof value === 'string') {
      out.push({ path: resolveSortPath(segments, model, ctx, path), order: parseOrder(value.trim(), path) });
    } else if (isPlainObject(value)) {
      // Validate the relation hop even when nothing follows it
      resolveSortPath(segments, model, ctx, path, true);
      out.push(...sortObject(value, segments, model, ctx, path));
    } else {
      throw orderError(path, value);
    }
  }
  return out;
}

function parseOrder(text: string, path: string): 'asc' | 'desc' {
  const order = text.toLowerCase();
  if (order === 'asc' || order === 'desc') return order;
  throw orderError(path, text);
}

function orderError(path: string, value: unknown): ValidationError {
  return new ValidationError('Invalid order. order can only be one of asc|desc|ASC|DESC', {
    path, source: 'query', param: paramOf(path), value,
  });
}

/**
 * Checks an attribute path: every hop but the last a to-one relation or a single component, the
 * last a sortable scalar. With `partial`, the path may end on such a hop (an object-form prefix).
 */
function resolveSortPath(segments: string[], root: Model, ctx: CompileContext, path: string, partial = false): string[] {
  let model = root;
  let keyPath = path;
  for (const [i, name] of segments.entries()) {
    keyPath = `${keyPath}.${name}`;
    const attr = requireField(model, name, keyPath);
    assertReadable(attr, name, keyPath, ctx, 'sorted');
    const last = i === segments.length - 1;
    switch (attr.type) {
      case 'relation':
        if (isToMany(attr)) throw invalidKey(name, keyPath, `cannot sort on ${name}: it is a to-many relation`);
        if (last && !partial) {
          throw invalidKey(name, keyPath, `${name} is a relation: sort on one of its fields, e.g. ${name}.id`);
        }
        model = relationTarget(attr, ctx);
        break;
      case 'component':
        // One value per document, or none (then it sorts as NULL); a repeatable one has many
        if (attr.repeatable) {
          throw invalidKey(name, keyPath, `cannot sort on ${name}: it is a repeatable component, so a document has many values of its fields`);
        }
        if (last && !partial) {
          throw invalidKey(name, keyPath, `${name} is a component: sort on one of its fields, e.g. ${name}.id`);
        }
        model = ctx.registry.component(attr.component);
        break;
      case 'dynamiczone':
        throw invalidKey(name, keyPath, `cannot sort on ${name}: it is a dynamic zone, so a document has many components in it`);
      case 'media':
        throw invalidKey(name, keyPath, 'sorting on media attributes is not supported');
      case 'json':
      case 'blocks':
        throw invalidKey(name, keyPath, `${attr.type} attributes cannot be sorted`);
      default:
        if (!last) {
          const next = segments[i + 1] ?? '';
          throw invalidKey(next, `${keyPath}.${next}`, `${name} is a ${attr.type} attribute and has no nested fields`);
        }
        if (partial) throw invalidKey(name, keyPath, `${name} is a ${attr.type} attribute and has no nested fields`);
    }
  }
  return segments;
}
