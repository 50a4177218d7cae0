// Validation and normalization of the `data` object of a create or update request, per attribute
// type and option, before anything touches the database. Every problem is collected and thrown as
// one ValidationError (Strapi's yup shape: details.errors[{ path, message, name, value }]).

import type { Ability } from '../auth/types.js';
import { ValidationError } from '../errors/application.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import { checkInputDepth, type DepthLimits } from './input-depth.js';
import type { Attribute, ComponentAttribute, DynamicZoneAttribute, Model } from '../registry/types.js';
import { INVALID, Issues, PROTO_KEYS, isPlainObject, normalizeScalar, scanProtoKeys } from './input-scalars.js';
import { normalizeMedia, normalizeRelation } from './input-relations.js';
import type { ComponentValue, NormalizedInput, RelationOp, RelationRefKeyDef } from './input-types.js';

export type { ComponentValue, NormalizedInput, RelationOp, RelationRef } from './input-types.js';

export interface InputContext {
  registry: ModelRegistry;
  source: 'content-api' | 'internal';
  mode: 'create' | 'update';
  /** The keys plugins allow in relation references (locale), besides documentId and position. */
  refKeys: readonly RelationRefKeyDef[];
  /** A content-API caller's ability: a relation to a type it cannot `find` may not be written in
   *  any form, at any depth (a link would attach content to records hidden from the caller, and
   *  its answer would say which documentIds exist). */
  ability?: Ability | undefined;
  /** How deeply `data` may nest (api.rest.maxBodyDepth, maxJsonDepth). */
  depth: DepthLimits;
}

/** The model each normalized object was checked against, so checkRequired can recurse into items. */
const modelOf = new WeakMap<NormalizedInput, Model>();

function emptyInput(): NormalizedInput {
  return {
    scalars: Object.create(null) as Record<string, unknown>,
    relations: Object.create(null) as Record<string, RelationOp>,
    media: Object.create(null) as Record<string, number[]>,
    components: Object.create(null) as Record<string, ComponentValue[]>,
  };
}

/** Throws ValidationError (400) listing every problem (all fields, not just the first). */
export function normalizeInput(data: unknown, model: Model, ctx: InputContext): NormalizedInput {
  if (!isPlainObject(data)) throw new ValidationError('Missing "data" payload in the request body');
  checkInputDepth(data, model, ctx.registry, ctx.depth);
  const issues = new Issues();
  scanProtoKeys(data, [], issues);
  const { input } = normalizeObject(data, model, ctx, [], issues, { mode: ctx.mode, component: false });
  if (issues.list.length > 0) throw ValidationError.fromFields(issues.list);
  return input;
}

interface ObjectOptions {
  mode: 'create' | 'update';
  /** Component objects may carry `id` (keep that row); dynamic zone items also `__component`. */
  component: boolean;
  skipKey?: string;
}

function normalizeObject(
  data: Record<string, unknown>, model: Model, ctx: InputContext, path: readonly string[], issues: Issues,
  options: ObjectOptions,
): { input: NormalizedInput; id?: number } {
  const input = emptyInput();
  let id: number | undefined;
  for (const key of Object.keys(data)) {
    if (PROTO_KEYS.has(key) || key === options.skipKey) continue; // prototype keys: reported by scanProtoKeys
    const value = data[key];
    const keyPath = [...path, key];
    if (options.component && key === 'id') {
      if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) id = value;
      else if (value !== null && value !== undefined) issues.at(keyPath, 'must be a positive integer', value);
      continue;
    }
    const attr = Object.hasOwn(model.attributes, key) ? model.attributes[key] : undefined;
    const hidden = attr !== undefined && isHidden(attr, ctx);
    if (!attr || attr.writable === false) {
      issues.invalidKey(keyPath, value, hidden);
      continue;
    }
    if (value === undefined) continue; // internal callers: undefined means absent
    switch (attr.type) {
      case 'relation': {
        if (ctx.ability && !ctx.ability.can(`${attr.target}.find`)) {
          issues.invalidKey(keyPath, value);
          break;
        }
        const op = normalizeRelation(attr, value, keyPath, issues, ctx.refKeys);
        if (op !== INVALID) input.relations[key] = op;
        break;
      }
      case 'media': {
        const ids = normalizeMedia(attr, value, keyPath, issues);
        if (ids !== INVALID) input.media[key] = ids;
        break;
      }
      case 'component': case 'dynamiczone': {
        const items = normalizeComponents(attr, value, ctx, keyPath, issues);
        if (items) input.components[key] = items;
        break;
      }
      default: {
        const normalized = value === null ? null : normalizeScalar(attr, value, keyPath, issues, hidden);
        if (normalized !== INVALID) input.scalars[key] = normalized;
      }
    }
  }
  if (options.mode === 'create') applyDefaults(data, model, input);
  modelOf.set(input, model);
  return id === undefined ? { input } : { input, id };
}

/** Private values are never echoed to content-api clients; password values never at all. */
function isHidden(attr: Attribute, ctx: InputContext): boolean {
  return attr.type === 'password' || (attr.private === true && ctx.source === 'content-api');
}

/** On create, absent scalars that have a `default` get it, in API form. */
function applyDefaults(data: Record<string, unknown>, model: Model, input: NormalizedInput): void {
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (!('default' in attr) || attr.default === undefined || attr.writable === false) continue;
    if (Object.hasOwn(data, name) && data[name] !== undefined) continue;
    const raw: unknown = structuredClone(attr.default);
    const normalized = raw === null ? null : normalizeScalar(attr, raw, [name], new Issues(), true);
    input.scalars[name] = normalized === INVALID ? raw : normalized;
  }
}

function normalizeComponents(
  attr: ComponentAttribute | DynamicZoneAttribute, value: unknown, ctx: InputContext, path: readonly string[],
  issues: Issues,
): ComponentValue[] | undefined {
  if (value === null) return [];
  const repeatable = attr.type === 'dynamiczone' || attr.repeatable === true;
  if (!repeatable) {
    if (!isPlainObject(value)) {
      issues.at(path, 'must be a `object` type', value);
      return undefined;
    }
    return componentItem(attr, value, ctx, path, issues);
  }
  if (!Array.isArray(value)) {
    issues.at(path, 'must be a `array` type', value);
    return undefined;
  }
  const before = issues.list.length;
  // Strapi applies `min` only to required or non-empty lists, `max` always.
  if (typeof attr.min === 'number' && (attr.required === true || value.length > 0) && value.length < attr.min) {
    issues.at(path, `field must have at least ${attr.min} items`, value);
  }
  if (typeof attr.max === 'number' && value.length > attr.max) {
    issues.at(path, `field must have less than or equal to ${attr.max} items`, value);
  }
  const items: ComponentValue[] = [];
  value.forEach((item: unknown, i) => {
    const itemPath = [...path, String(i)];
    if (!isPlainObject(item)) issues.at(itemPath, 'must be a `object` type', item);
    else items.push(...(componentItem(attr, item, ctx, itemPath, issues) ?? []));
  });
  return issues.list.length > before ? undefined : items;
}

/** One component object; items are written whole, so they always get create semantics (defaults). */
function componentItem(
  attr: ComponentAttribute | DynamicZoneAttribute, item: Record<string, unknown>, ctx: InputContext,
  path: readonly string[], issues: Issues,
): ComponentValue[] | undefined {
  let uid: string;
  if (attr.type === 'component') {
    uid = attr.component;
  } else {
    const name = item['__component'];
    if (name === undefined || name === null) {
      issues.at([...path, '__component'], 'must be defined.');
      return undefined;
    }
    if (typeof name !== 'string' || !attr.components.includes(name) || !ctx.registry.has(name)) {
      issues.at([...path, '__component'], `must be one of the following values: ${attr.components.join(', ')}`, name);
      return undefined;
    }
    uid = name;
  }
  const model = ctx.registry.component(uid);
  const { input, id } = normalizeObject(item, model, ctx, path, issues, {
    mode: 'create', component: true, ...(attr.type === 'dynamiczone' ? { skipKey: '__component' } : {}),
  });
  return [id === undefined ? { uid, input } : { uid, id, input }];
}

/** Throws ValidationError for required attributes that are missing (create) or set to null/empty
 *  (create and update). On update only attributes present in the input are checked; component
 *  items are written whole, so their required attributes are always checked as on create. */
export function checkRequired(
  input: NormalizedInput, model: Model, ctx: { mode: 'create' | 'update'; registry?: ModelRegistry },
): void {
  const issues = new Issues();
  requiredIn(input, model, ctx.mode, [], issues, ctx.registry);
  if (issues.list.length > 0) throw ValidationError.fromFields(issues.list);
}

function requiredIn(
  input: NormalizedInput, model: Model, mode: 'create' | 'update', path: readonly string[], issues: Issues,
  registry: ModelRegistry | undefined,
): void {
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (attr.writable === false) continue;
    const attrPath = [...path, name];
    const required = attr.required === true;
    const missing = (value?: unknown): void => issues.at(attrPath, 'must be defined.', value);
    switch (attr.type) {
      case 'relation': {
        const op = Object.hasOwn(input.relations, name) ? input.relations[name] : undefined;
        if (!required) break;
        if (!op) {
          if (mode === 'create') missing();
        } else if (op.kind === 'set' ? op.refs.length === 0 : mode === 'create' && op.connect.length === 0) {
          missing(op.kind === 'set' ? null : undefined);
        }
        break;
      }
      case 'media': {
        const ids = Object.hasOwn(input.media, name) ? input.media[name] : undefined;
        if (required && (ids ? ids.length === 0 : mode === 'create')) missing(ids ? null : undefined);
        break;
      }
      case 'component': case 'dynamiczone': {
        const items = Object.hasOwn(input.components, name) ? input.components[name] : undefined;
        if (required && (items ? items.length === 0 : mode === 'create')) missing(items ? null : undefined);
        const indexed = attr.type === 'dynamiczone' || attr.repeatable === true;
        (items ?? []).forEach((item, i) => {
          const itemModel = modelOf.get(item.input) ?? (registry?.has(item.uid) ? registry.component(item.uid) : undefined);
          if (itemModel) requiredIn(item.input, itemModel, 'create', indexed ? [...attrPath, String(i)] : attrPath, issues, registry);
        });
        break;
      }
      default: {
        if (!required) break;
        if (!Object.hasOwn(input.scalars, name)) {
          if (mode === 'create') missing();
        } else {
          const value = input.scalars[name];
          if (value === null || value === '') missing(attr.type === 'password' ? undefined : value);
        }
      }
    }
  }
}
