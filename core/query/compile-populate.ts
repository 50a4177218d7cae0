// populate => PopulateMap. Accepts '*', names, comma lists, dot paths, arrays and objects (with
// fields, filters, sort, populate, count; `on` for dynamic zones), nested in any of those forms.

import { ValidationError } from '../errors/index.js';
import type { PopulateMap, PopulateNode } from './ast.js';
import { and, POPULATE_ATTRIBUTE } from './ast.js';
import type {
  Attribute, ComponentAttribute, DynamicZoneAttribute, MediaAttribute, Model, RelationAttribute,
} from '../registry/types.js';
import type { CompileContext } from './compile-context.js';
import {
  assertReadable, invalidKey, invalidValue, isBlank, isPlainObject, isToMany, paramOf, parseBooleanLike,
  relationTarget, requireField,
} from './compile-common.js';
import { compileFields, compileMediaFields } from './compile-fields.js';
import { fileModel } from '../registry/media.js';
import { compileFilters } from './compile-filters.js';
import { compileSort } from './compile-sort.js';
import { distinctSortKeys } from './sort-keys.js';

type PopulatableAttribute = RelationAttribute | ComponentAttribute | MediaAttribute | DynamicZoneAttribute;

const PAGINATION_KEYS = new Set(['page', 'pageSize', 'start', 'limit', 'pagination']);
const NODE_KEYS: Record<PopulatableAttribute['type'], readonly string[]> = {
  relation: ['fields', 'filters', 'sort', 'populate', 'count', 'pagination'],
  component: ['fields', 'filters', 'sort', 'populate', 'count', 'pagination'],
  media: ['fields', 'filters', 'sort', 'count', 'pagination'],
  dynamiczone: ['populate', 'on', 'count'],
};
const ON_ENTRY_KEYS: readonly string[] = ['fields', 'populate'];

const POLYMORPHIC_MESSAGE = "Invalid nested population query detected. When using 'populate' within polymorphic "
  + "structures, its value must be '*' to indicate all second level links. Specific field targeting is not "
  + 'supported here. Consider using the fragment API for more granular population control.';

export function compilePopulate(raw: unknown, model: Model, ctx: CompileContext, path = 'populate'): PopulateMap {
  const map: PopulateMap = {};
  addPopulate(map, raw, model, ctx, path);
  return map;
}

function addPopulate(map: PopulateMap, raw: unknown, model: Model, ctx: CompileContext, path: string): void {
  if (isBlank(raw) || raw === false) return;
  if (raw === true) {
    addAll(map, model, ctx);
  } else if (typeof raw === 'string') {
    for (const part of raw.split(',')) {
      const item = part.trim();
      if (item === '*') addAll(map, model, ctx);
      else if (item !== '') addPath(map, item.split('.'), model, ctx, path);
    }
  } else if (Array.isArray(raw)) {
    raw.forEach((item, i) => addItem(map, item, model, ctx, path, `${path}.${i}`));
  } else if (isPlainObject(raw)) {
    for (const [key, value] of Object.entries(raw)) {
      // Index keys: an array that qs turned into an object, or mixed with named entries
      if (/^\d+$/.test(key)) addItem(map, value, model, ctx, path, `${path}.${key}`);
      else addEntry(map, key, value, model, ctx, `${path}.${key}`);
    }
  } else {
    throw invalidValue(path, raw, "'*', an attribute name, a list of attribute names or a populate object");
  }
}

function addItem(map: PopulateMap, item: unknown, model: Model, ctx: CompileContext, path: string, itemPath: string): void {
  if (typeof item === 'string') addPopulate(map, item, model, ctx, path);
  else if (isPlainObject(item)) addPopulate(map, item, model, ctx, itemPath);
  else throw invalidValue(itemPath, item, 'an attribute name or a populate object');
}

/** '*': every relation, media, component and dynamic zone of the model, one level deep. */
function addAll(map: PopulateMap, model: Model, ctx: CompileContext): void {
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (!isPopulatable(attr)) continue;
    if (ctx.source === 'content-api' && attr.private === true) continue;
    mergeInto(map, name, {});
  }
}

/** 'seo.openGraph' => { seo: { populate: { openGraph: {} } } } */
function addPath(map: PopulateMap, segments: string[], model: Model, ctx: CompileContext, path: string): void {
  const [name = '', ...rest] = segments;
  const keyPath = `${path}.${name}`;
  const attr = requirePopulatable(model, name, ctx, keyPath);
  if (rest.length === 0) {
    mergeInto(map, name, {});
    return;
  }
  const next = rest[0] ?? '';
  if (attr.type === 'media') throw invalidKey(next, `${keyPath}.${next}`, 'media files have no attributes to populate');
  if (attr.type === 'dynamiczone') {
    throw invalidKey(next, `${keyPath}.${next}`,
      `dot paths cannot go through the dynamic zone ${name}: use populate[${name}][on][<component uid>]`);
  }
  const child: PopulateMap = {};
  addPopulate(child, rest.join('.'), targetOf(attr, ctx), ctx, keyPath);
  mergeInto(map, name, Object.keys(child).length > 0 ? { populate: child } : {});
}

function addEntry(map: PopulateMap, name: string, value: unknown, model: Model, ctx: CompileContext, path: string): void {
  // An entry under a key of its own loads the attribute it names (POPULATE_ATTRIBUTE)
  const named = isPlainObject(value) ? (value as Record<symbol, unknown>)[POPULATE_ATTRIBUTE] : undefined;
  const attribute = typeof named === 'string' ? named : name;
  const attr = requirePopulatable(model, attribute, ctx, path);
  if (isPlainObject(value)) {
    const node = compileNode(attribute, attr, value, model, ctx, path);
    mergeInto(map, name, attribute === name ? node : { ...node, attribute });
    return;
  }
  const flag = parseBooleanLike(value);
  if (flag === undefined) throw invalidValue(path, value, 'true, false or a populate object');
  if (flag) mergeInto(map, name, {});
}

function compileNode(
  name: string, attr: PopulatableAttribute, obj: Record<string, unknown>, model: Model, ctx: CompileContext, path: string,
): PopulateNode {
  const allowed = NODE_KEYS[attr.type];
  for (const key of Object.keys(obj)) checkNodeKey(key, allowed, attr.type, `${path}.${key}`, name, model);

  let node: PopulateNode;
  switch (attr.type) {
    case 'media': {
      const fields = compileMediaFields(obj.fields, ctx, `${path}.fields`);
      node = fields ? { fields } : {};
      // Several files: filtered and sorted as any list of files (one file has nothing to choose)
      if (attr.multiple === true) {
        const files = fileModel(ctx.registry);
        const filters = compileFilters(obj.filters, files, ctx, `${path}.filters`);
        if (filters) node.filters = filters;
        const sort = compileSort(obj.sort, files, ctx, `${path}.sort`);
        if (sort.length > 0) node.sort = sort;
      } else if (obj.filters !== undefined || obj.sort !== undefined) {
        throw invalidKey(obj.filters !== undefined ? 'filters' : 'sort', `${path}.${obj.filters !== undefined ? 'filters' : 'sort'}`, `${name} holds one file: only fields apply`);
      }
      break;
    }
    case 'dynamiczone':
      node = compileZone(name, attr, obj, ctx, path);
      break;
    default:
      node = compileModelNode(obj, targetOf(attr, ctx), ctx, path);
  }

  if (obj.count !== undefined) {
    const count = parseBooleanLike(obj.count);
    if (count === undefined) throw invalidValue(`${path}.count`, obj.count, 'a boolean (true, false, 1, 0, t, f)');
    if (count && (attr.type !== 'relation' || !isToMany(attr))) {
      throw invalidKey('count', `${path}.count`, `count can only be used on to-many relations; ${name} is not one`);
    }
    if (count) node.count = true;
  }
  if (obj.pagination !== undefined) {
    if (!isPageable(attr)) {
      throw invalidKey('pagination', `${path}.pagination`, `only to-many relations, repeatable components and multiple media can be paged; ${name} is not one`);
    }
    if (node.count) throw invalidKey('pagination', `${path}.pagination`, 'count counts every related document; it cannot be combined with pagination');
    node.page = compileNodePage(obj.pagination, ctx, `${path}.pagination`);
  }
  return node;
}

/** A relation's page: page and pageSize, or start and limit; at most rest.maxLimit per parent. */
function compileNodePage(raw: unknown, ctx: CompileContext, path: string): { start: number; limit: number } {
  if (!isPlainObject(raw)) throw invalidValue(path, raw, 'an object with page and pageSize, or start and limit');
  const allowed = ['page', 'pageSize', 'start', 'limit'];
  const values: Record<string, number> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!allowed.includes(key)) throw invalidKey(key, `${path}.${key}`, `a relation's pagination accepts only: ${allowed.join(', ')}`);
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
    const min = key === 'start' ? 0 : 1;
    if (!Number.isSafeInteger(n) || n < min) throw invalidValue(`${path}.${key}`, value, `an integer >= ${min}`);
    values[key] = n;
  }
  const byPage = 'page' in values || 'pageSize' in values;
  if (byPage && ('start' in values || 'limit' in values)) {
    throw invalidKey('pagination', path, 'give page and pageSize, or start and limit, not both');
  }
  const { defaultLimit, maxLimit } = ctx.rest;
  const clamp = (n: number) => (maxLimit > 0 ? Math.min(n, maxLimit) : n);
  if (byPage) {
    const size = clamp(values.pageSize ?? defaultLimit);
    return { start: ((values.page ?? 1) - 1) * size, limit: size };
  }
  return { start: values.start ?? 0, limit: clamp(values.limit ?? defaultLimit) };
}

function checkNodeKey(key: string, allowed: readonly string[], type: string, keyPath: string, name: string, model: Model): void {
  if (PAGINATION_KEYS.has(key) && !allowed.includes(key)) {
    throw invalidKey(key, keyPath, key === 'pagination'
      ? 'only to-many relations can be paged: populate[<relation>][pagination][page|pageSize|start|limit]'
      : 'populate and pagination cannot be combined; page a to-many relation with populate[<relation>][pagination]');
  }
  if (key === 'on' && !allowed.includes('on')) {
    throw new ValidationError(`Using fragments is not permitted to populate "${name}" in "${model.uid}"`, {
      key, path: keyPath, source: 'query', param: paramOf(keyPath),
      reason: '`on` can only be used on dynamic zones',
    });
  }
  if (!allowed.includes(key)) {
    throw invalidKey(key, keyPath, `populating a ${type} accepts only: ${allowed.join(', ')}`);
  }
}

/** fields, filters, sort and populate against a relation's target or a component. */
function compileModelNode(obj: Record<string, unknown>, target: Model, ctx: CompileContext, path: string): PopulateNode {
  const node: PopulateNode = {};
  const fields = compileFields(obj.fields, target, ctx, `${path}.fields`);
  if (fields) node.fields = fields;
  const filters = compileFilters(obj.filters, target, ctx, `${path}.filters`);
  if (filters) node.filters = filters;
  const sort = compileSort(obj.sort, target, ctx, `${path}.sort`);
  if (sort.length > 0) node.sort = sort;
  const populate = compilePopulate(obj.populate, target, ctx, `${path}.populate`);
  if (Object.keys(populate).length > 0) node.populate = populate;
  return node;
}

function compileZone(
  name: string, attr: DynamicZoneAttribute, obj: Record<string, unknown>, ctx: CompileContext, path: string,
): PopulateNode {
  const on: Record<string, PopulateNode> = {};
  if (obj.populate !== undefined) {
    const star = obj.populate === '*' || (Array.isArray(obj.populate) && obj.populate.length === 1 && obj.populate[0] === '*');
    if (!star) {
      const keyPath = `${path}.populate`;
      throw new ValidationError(POLYMORPHIC_MESSAGE, {
        key: 'populate', path: keyPath, source: 'query', param: paramOf(keyPath), value: obj.populate,
        reason: `the components of ${name} can only be populated with '*' here; use ${path}.on.<component> for more`,
      });
    }
    for (const uid of attr.components) {
      const inner = compilePopulate('*', ctx.registry.component(uid), ctx, `${path}.populate`);
      on[uid] = Object.keys(inner).length > 0 ? { populate: inner } : {};
    }
  }
  if (obj.on !== undefined) {
    if (!isPlainObject(obj.on)) throw invalidValue(`${path}.on`, obj.on, 'an object keyed by component uid');
    for (const [uid, entry] of Object.entries(obj.on)) {
      const entryPath = `${path}.on.${uid}`;
      if (!attr.components.includes(uid)) {
        throw invalidKey(uid, entryPath, `${uid} is not a component of the dynamic zone ${name}`);
      }
      let compiled: PopulateNode | undefined;
      if (isPlainObject(entry)) {
        for (const key of Object.keys(entry)) {
          if (PAGINATION_KEYS.has(key)) throw invalidKey(key, `${entryPath}.${key}`, 'populate and pagination cannot be combined');
          if (!ON_ENTRY_KEYS.includes(key)) {
            throw invalidKey(key, `${entryPath}.${key}`, `a dynamic zone component accepts only: ${ON_ENTRY_KEYS.join(', ')}`);
          }
        }
        compiled = compileModelNode(entry, ctx.registry.component(uid), ctx, entryPath);
      } else {
        const flag = parseBooleanLike(entry);
        if (flag === undefined) throw invalidValue(entryPath, entry, 'true, false or a populate object');
        compiled = flag ? {} : undefined;
      }
      if (compiled) mergeInto(on, uid, compiled);
    }
  }
  return obj.populate !== undefined || obj.on !== undefined ? { on } : {};
}

function requirePopulatable(model: Model, name: string, ctx: CompileContext, path: string): PopulatableAttribute {
  const attr = requireField(model, name, path);
  if (!isPopulatable(attr)) {
    throw invalidKey(name, path,
      `${name} is a ${attr.type} attribute: only relations, media, components and dynamic zones can be populated`);
  }
  assertReadable(attr, name, path, ctx, 'populated');
  return attr;
}

/** A list per parent: paged with a window per parent (populate.ts). */
function isPageable(attr: PopulatableAttribute): boolean {
  if (attr.type === 'relation') return isToMany(attr);
  if (attr.type === 'component') return attr.repeatable === true;
  return attr.type === 'media' && attr.multiple === true;
}

function isPopulatable(attr: Attribute): attr is PopulatableAttribute {
  return attr.type === 'relation' || attr.type === 'component' || attr.type === 'media' || attr.type === 'dynamiczone';
}

function targetOf(attr: RelationAttribute | ComponentAttribute, ctx: CompileContext): Model {
  return attr.type === 'relation' ? relationTarget(attr, ctx) : ctx.registry.component(attr.component);
}

function mergeInto(map: PopulateMap, name: string, node: PopulateNode): void {
  const existing = Object.hasOwn(map, name) ? map[name] : undefined;
  map[name] = existing ? mergeNodes(existing, node) : node;
}

/** Two requests for the same attribute ('seo' and 'seo.openGraph', or '*' and an object). */
function mergeNodes(a: PopulateNode, b: PopulateNode): PopulateNode {
  const out: PopulateNode = { ...a };
  if (b.fields) out.fields = a.fields ? [...new Set([...a.fields, ...b.fields])] : b.fields;
  const filters = and(a.filters, b.filters);
  if (filters) out.filters = filters;
  if (b.sort) out.sort = distinctSortKeys([...(a.sort ?? []), ...b.sort]);
  if (b.populate) {
    const merged: PopulateMap = { ...(a.populate ?? {}) };
    for (const [key, node] of Object.entries(b.populate)) mergeInto(merged, key, node);
    out.populate = merged;
  }
  if (b.count) out.count = true;
  if (b.on) {
    const merged: Record<string, PopulateNode> = { ...(a.on ?? {}) };
    for (const [key, node] of Object.entries(b.on)) mergeInto(merged, key, node);
    out.on = merged;
  }
  return out;
}
