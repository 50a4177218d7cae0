// Per-attribute checks of schema files: names, types, the options each type accepts and their
// values, relation targets and inverse sides, component references. validate.ts drives them.

import { SCALAR_TYPES, RELATION_KINDS } from './types.js';
import type { AttributeType, RelationKind } from './types.js';

export type Json = Record<string, unknown>;

/** Records one problem at a path inside the current file (e.g. "attributes.title.maxLength"). */
export type Reporter = (path: string, message: string) => void;

/** What the attribute checks need to know about the other files. */
export interface SchemaIndex {
  /** api::<singular>.<singular> -> that content type's attributes object. */
  contentTypes: Map<string, Json>;
  /** Component uids (<category>.<name>). */
  components: Set<string>;
}

export interface ModelScope {
  modelType: 'contentType' | 'component';
  uid: string;
  attributes: Json;
}

export const ATTRIBUTE_TYPES: readonly AttributeType[] = [
  ...SCALAR_TYPES, 'relation', 'media', 'component', 'dynamiczone',
];

export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const RESERVED_ATTRIBUTE_NAMES: ReadonlySet<string> = new Set([
  'id', 'documentId', 'document_id', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy',
  'updatedBy', 'locale', 'localizations', '__component', '__proto__', 'constructor', 'prototype',
]);

export const MEDIA_TYPES = ['images', 'files', 'videos', 'audios'] as const;

const INVERSE_KIND: Record<RelationKind, RelationKind> = {
  oneToOne: 'oneToOne',
  oneToMany: 'manyToOne',
  manyToOne: 'oneToMany',
  manyToMany: 'manyToMany',
};

const COMMON = ['type', 'required', 'private', 'configurable', 'writable', 'pluginOptions'];
const LENGTH = ['minLength', 'maxLength', 'regex'];
const STRING_LIKE = [...COMMON, 'unique', 'default', 'searchable', ...LENGTH];
const NUMBER = [...COMMON, 'unique', 'default', 'min', 'max'];
const DATE = [...COMMON, 'unique', 'default'];
const WITH_DEFAULT = [...COMMON, 'default'];

/** Option keys each attribute type accepts; anything else is reported (typos like `requried`). */
export const ALLOWED_OPTIONS: Record<AttributeType, readonly string[]> = {
  string: STRING_LIKE,
  text: STRING_LIKE,
  richtext: STRING_LIKE,
  email: STRING_LIKE,
  password: [...COMMON, ...LENGTH],
  uid: [...STRING_LIKE, 'targetField'],
  enumeration: [...COMMON, 'unique', 'default', 'enum'],
  integer: NUMBER,
  biginteger: NUMBER,
  float: NUMBER,
  decimal: NUMBER,
  date: DATE,
  time: DATE,
  datetime: DATE,
  timestamp: DATE,
  boolean: WITH_DEFAULT,
  json: WITH_DEFAULT,
  blocks: WITH_DEFAULT,
  relation: [...COMMON, 'relation', 'target', 'inversedBy', 'mappedBy'],
  media: [...COMMON, 'multiple', 'allowedTypes'],
  component: [...COMMON, 'component', 'repeatable', 'min', 'max'],
  dynamiczone: [...COMMON, 'components', 'min', 'max'],
};

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One attribute being checked: `at('maxLength', msg)` reports at attributes.<name>.maxLength. */
interface AttrCtx {
  name: string;
  attr: Json;
  type: AttributeType;
  model: ModelScope;
  index: SchemaIndex;
  at: (key: string, message: string) => void;
}

export function validateAttributes(model: ModelScope, index: SchemaIndex, report: Reporter): void {
  for (const [name, attr] of Object.entries(model.attributes)) {
    const path = `attributes.${name}`;
    if (!IDENTIFIER.test(name)) {
      report(path, 'invalid attribute name: use letters, digits and _, not starting with a digit');
    } else if (RESERVED_ATTRIBUTE_NAMES.has(name)) {
      report(path, `reserved attribute name "${name}"`);
    }
    if (!isObject(attr)) {
      report(path, 'must be an object with a "type"');
      continue;
    }
    const type = attr.type;
    if (typeof type !== 'string' || !(ATTRIBUTE_TYPES as readonly string[]).includes(type)) {
      const got = type === undefined ? 'missing' : `unknown type ${JSON.stringify(type)}`;
      report(`${path}.type`, `${got}; allowed types: ${ATTRIBUTE_TYPES.join(', ')}`);
      continue;
    }
    const ctx: AttrCtx = {
      name, attr, type: type as AttributeType, model, index,
      at: (key, message) => report(`${path}.${key}`, message),
    };
    checkOptionKeys(ctx);
    checkCommonOptions(ctx);
    checkTypeOptions(ctx);
  }
}

function checkOptionKeys(ctx: AttrCtx): void {
  const allowed = ALLOWED_OPTIONS[ctx.type];
  for (const key of Object.keys(ctx.attr)) {
    if (!allowed.includes(key)) {
      ctx.at(key, `unknown option for a ${ctx.type} attribute (allowed: ${allowed.filter((k) => k !== 'type').join(', ')})`);
    }
  }
}

function checkCommonOptions(ctx: AttrCtx): void {
  for (const key of ['required', 'private', 'configurable', 'writable', 'unique', 'searchable']) {
    if (ctx.attr[key] !== undefined && typeof ctx.attr[key] !== 'boolean') ctx.at(key, 'must be a boolean');
  }
  const pluginOptions = ctx.attr.pluginOptions;
  if (pluginOptions !== undefined && !isObject(pluginOptions)) ctx.at('pluginOptions', 'must be an object');
}

function checkTypeOptions(ctx: AttrCtx): void {
  switch (ctx.type) {
    case 'string': case 'text': case 'richtext': case 'email': case 'password':
      checkLengths(ctx);
      checkStringDefault(ctx);
      return;
    case 'uid':
      checkLengths(ctx);
      checkStringDefault(ctx);
      checkTargetField(ctx);
      return;
    case 'enumeration':
      checkEnumeration(ctx);
      return;
    case 'integer': case 'biginteger': case 'float': case 'decimal':
      checkNumber(ctx);
      return;
    case 'date': case 'time': case 'datetime': case 'timestamp':
      if (ctx.attr.default !== undefined && typeof ctx.attr.default !== 'string') ctx.at('default', 'must be a string');
      return;
    case 'boolean':
      if (ctx.attr.default !== undefined && typeof ctx.attr.default !== 'boolean') ctx.at('default', 'must be a boolean');
      return;
    case 'json': case 'blocks':
      return;
    case 'relation':
      checkRelation(ctx);
      return;
    case 'media':
      checkMedia(ctx);
      return;
    case 'component':
      checkComponent(ctx);
      return;
    case 'dynamiczone':
      checkDynamicZone(ctx);
      return;
  }
}

// --- scalars -----------------------------------------------------------------------------------

function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** Checks `minKey`/`maxKey` are non-negative integers with min <= max. */
function checkCountBounds(ctx: AttrCtx, minKey: string, maxKey: string): void {
  const min = ctx.attr[minKey];
  const max = ctx.attr[maxKey];
  if (min !== undefined && !isNonNegativeInteger(min)) ctx.at(minKey, 'must be a non-negative integer');
  if (max !== undefined && !isNonNegativeInteger(max)) ctx.at(maxKey, 'must be a non-negative integer');
  if (isNonNegativeInteger(min) && isNonNegativeInteger(max) && min > max) {
    ctx.at(minKey, `must not be greater than ${maxKey} (${max})`);
  }
}

function checkLengths(ctx: AttrCtx): void {
  checkCountBounds(ctx, 'minLength', 'maxLength');
  const regex = ctx.attr.regex;
  if (regex === undefined) return;
  if (typeof regex !== 'string') {
    ctx.at('regex', 'must be a string');
    return;
  }
  try {
    new RegExp(regex);
  } catch (err) {
    ctx.at('regex', `not a valid regular expression (${(err as Error).message})`);
  }
}

function checkStringDefault(ctx: AttrCtx): void {
  const value = ctx.attr.default;
  if (value === undefined) return;
  if (typeof value !== 'string') {
    ctx.at('default', 'must be a string');
    return;
  }
  const { minLength, maxLength } = ctx.attr;
  if (isNonNegativeInteger(maxLength) && value.length > maxLength) ctx.at('default', `longer than maxLength (${maxLength})`);
  if (isNonNegativeInteger(minLength) && value.length < minLength) ctx.at('default', `shorter than minLength (${minLength})`);
}

function checkTargetField(ctx: AttrCtx): void {
  const target = ctx.attr.targetField;
  if (target === undefined) return;
  if (typeof target !== 'string') {
    ctx.at('targetField', 'must be a string');
    return;
  }
  const field = ctx.model.attributes[target];
  if (!isObject(field)) {
    ctx.at('targetField', `no attribute "${target}" in this model`);
  } else if (field.type !== 'string' && field.type !== 'text') {
    ctx.at('targetField', `attribute "${target}" must be a string or text attribute`);
  }
}

function checkEnumeration(ctx: AttrCtx): void {
  const values = ctx.attr.enum;
  if (!Array.isArray(values) || values.length === 0) {
    ctx.at('enum', 'must be a non-empty array of strings');
    return;
  }
  const seen = new Set<string>();
  values.forEach((value, i) => {
    if (typeof value !== 'string' || value === '') {
      ctx.at(`enum[${i}]`, 'must be a non-empty string');
    } else if (seen.has(value)) {
      ctx.at(`enum[${i}]`, `duplicate value "${value}"`);
    } else {
      seen.add(value);
    }
  });
  const def = ctx.attr.default;
  if (def !== undefined && (typeof def !== 'string' || !seen.has(def))) {
    ctx.at('default', `must be one of the enum values (${[...seen].join(', ')})`);
  }
}

/** A bound or default of a number attribute, as a comparable value; undefined when invalid. */
function numberValue(type: AttributeType, value: unknown): number | bigint | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  if (type === 'biginteger' && /^-?\d+$/.test(value)) return BigInt(value);
  if (type === 'decimal' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return undefined;
}

function checkNumber(ctx: AttrCtx): void {
  const acceptsString = ctx.type === 'biginteger' || ctx.type === 'decimal';
  const expected = acceptsString ? 'must be a number or a numeric string' : 'must be a number';
  const bounds: Partial<Record<'min' | 'max', number | bigint>> = {};
  for (const key of ['min', 'max'] as const) {
    if (ctx.attr[key] === undefined) continue;
    const value = numberValue(ctx.type, ctx.attr[key]);
    if (value === undefined) ctx.at(key, expected);
    else bounds[key] = value;
  }
  if (bounds.min !== undefined && bounds.max !== undefined && bounds.min > bounds.max) {
    ctx.at('min', `must not be greater than max (${String(ctx.attr.max)})`);
  }
  if (ctx.attr.default === undefined) return;
  const def = numberValue(ctx.type, ctx.attr.default);
  if (def === undefined) {
    ctx.at('default', expected);
  } else if ((ctx.type === 'integer' || ctx.type === 'biginteger') && typeof def === 'number' && !Number.isInteger(def)) {
    ctx.at('default', 'must be an integer');
  } else if (bounds.min !== undefined && def < bounds.min) {
    ctx.at('default', `must not be less than min (${String(ctx.attr.min)})`);
  } else if (bounds.max !== undefined && def > bounds.max) {
    ctx.at('default', `must not be greater than max (${String(ctx.attr.max)})`);
  }
}

// --- relations ---------------------------------------------------------------------------------

function checkRelation(ctx: AttrCtx): void {
  const { relation, target, inversedBy, mappedBy } = ctx.attr;
  if (!(RELATION_KINDS as readonly unknown[]).includes(relation)) {
    ctx.at('relation', `must be one of ${RELATION_KINDS.join(', ')}`);
  }
  for (const key of ['inversedBy', 'mappedBy'] as const) {
    if (ctx.attr[key] !== undefined && typeof ctx.attr[key] !== 'string') ctx.at(key, 'must be a string');
  }
  if (inversedBy !== undefined && mappedBy !== undefined) {
    ctx.at('mappedBy', 'inversedBy and mappedBy cannot both be set');
  }
  if (ctx.model.modelType === 'component') {
    for (const key of ['inversedBy', 'mappedBy'] as const) {
      if (ctx.attr[key] !== undefined) ctx.at(key, 'relations in components must be one-directional (no inversedBy/mappedBy)');
    }
  }
  if (typeof target !== 'string' || target === '') {
    ctx.at('target', 'must be the uid of a content type (api::<singular>.<singular>)');
    return;
  }
  if (target.startsWith('plugin::')) return; // plugin models are checked once plugins are loaded
  const targetAttributes = ctx.index.contentTypes.get(target);
  if (!targetAttributes) {
    ctx.at('target', `unknown content type "${target}" (expected api::<singular>.<singular> of an existing content type, or a plugin:: uid)`);
    return;
  }
  if (ctx.model.modelType !== 'contentType' || (inversedBy !== undefined && mappedBy !== undefined)) return;
  if (typeof inversedBy === 'string') checkInverseSide(ctx, target, targetAttributes, 'inversedBy', inversedBy);
  if (typeof mappedBy === 'string') checkInverseSide(ctx, target, targetAttributes, 'mappedBy', mappedBy);
}

/** The attribute named by inversedBy/mappedBy must exist on the target and point back here. */
function checkInverseSide(
  ctx: AttrCtx, target: string, targetAttributes: Json, key: 'inversedBy' | 'mappedBy', other: string,
): void {
  const back = key === 'inversedBy' ? 'mappedBy' : 'inversedBy';
  const counterpart = targetAttributes[other];
  const where = `${target} attribute "${other}"`;
  if (!isObject(counterpart)) {
    ctx.at(key, `${target} has no attribute "${other}"`);
  } else if (counterpart.type !== 'relation') {
    ctx.at(key, `${where} is not a relation`);
  } else if (counterpart.target !== ctx.model.uid) {
    ctx.at(key, `${where} must target "${ctx.model.uid}" (found ${JSON.stringify(counterpart.target)})`);
  } else if (counterpart[back] !== ctx.name) {
    ctx.at(key, `${where} must have ${back}: "${ctx.name}"`);
  } else if (key === 'inversedBy') {
    const kind = ctx.attr.relation as RelationKind;
    const expected = INVERSE_KIND[kind];
    if (expected && counterpart.relation !== expected) {
      ctx.at('relation', `${kind} needs ${expected} on ${where} (found ${JSON.stringify(counterpart.relation)})`);
    }
  }
}

// --- media, components, dynamic zones ----------------------------------------------------------

function checkMedia(ctx: AttrCtx): void {
  const { multiple, allowedTypes } = ctx.attr;
  if (multiple !== undefined && typeof multiple !== 'boolean') ctx.at('multiple', 'must be a boolean');
  if (allowedTypes === undefined) return;
  if (!Array.isArray(allowedTypes)) {
    ctx.at('allowedTypes', `must be an array of ${MEDIA_TYPES.join(', ')}`);
    return;
  }
  allowedTypes.forEach((value, i) => {
    if (!(MEDIA_TYPES as readonly unknown[]).includes(value)) {
      ctx.at(`allowedTypes[${i}]`, `must be one of ${MEDIA_TYPES.join(', ')}`);
    }
  });
}

function checkComponentRef(ctx: AttrCtx, path: string, uid: unknown): void {
  if (typeof uid !== 'string' || uid === '') ctx.at(path, 'must be a component uid (<category>.<name>)');
  else if (!ctx.index.components.has(uid)) ctx.at(path, `unknown component "${uid}"`);
}

function checkComponent(ctx: AttrCtx): void {
  checkComponentRef(ctx, 'component', ctx.attr.component);
  const repeatable = ctx.attr.repeatable;
  if (repeatable !== undefined && typeof repeatable !== 'boolean') ctx.at('repeatable', 'must be a boolean');
  checkCountBounds(ctx, 'min', 'max');
  if (repeatable !== true) {
    for (const key of ['min', 'max']) {
      if (ctx.attr[key] !== undefined) ctx.at(key, 'only allowed on a repeatable component');
    }
  }
}

function checkDynamicZone(ctx: AttrCtx): void {
  if (ctx.model.modelType === 'component') {
    ctx.at('type', 'dynamic zones are not allowed inside components');
  }
  const components = ctx.attr.components;
  if (!Array.isArray(components) || components.length === 0) {
    ctx.at('components', 'must be a non-empty array of component uids');
  } else {
    const seen = new Set<unknown>();
    components.forEach((uid, i) => {
      if (seen.has(uid)) ctx.at(`components[${i}]`, `duplicate component "${String(uid)}"`);
      else checkComponentRef(ctx, `components[${i}]`, uid);
      seen.add(uid);
    });
  }
  checkCountBounds(ctx, 'min', 'max');
}
