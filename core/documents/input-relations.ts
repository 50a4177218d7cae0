// Relation and media values of write input: the shorthand, detailed, connect/disconnect/set and
// position shapes of Strapi v5's relation parameters, and file ids for media attributes.

import type { MediaAttribute, RelationAttribute } from '../registry/types.js';
import type { RelationOp, RelationRef, RelationRefKeyDef } from './input-types.js';
import { INVALID, Issues, dotted, isPlainObject, ownKeys } from './input-scalars.js';
import type { Checked } from './input-scalars.js';

const OP_KEYS: ReadonlySet<string> = new Set(['connect', 'disconnect', 'set']);
const POSITION_KEYS = ['before', 'after', 'start', 'end'] as const;

type ListKind = 'connect' | 'disconnect' | 'set';

export function normalizeRelation(
  _attr: RelationAttribute, value: unknown, path: readonly string[], issues: Issues, refKeys: readonly RelationRefKeyDef[],
): Checked<RelationOp> {
  const before = issues.list.length;
  const done = (op: RelationOp): Checked<RelationOp> => (issues.list.length > before ? INVALID : op);

  if (value === null) return { kind: 'set', refs: [] };
  if (typeof value === 'string' || Array.isArray(value)) {
    return done({ kind: 'set', refs: parseList(value, path, 'set', issues, refKeys) });
  }
  if (!isPlainObject(value)) {
    issues.at(path, 'must be a documentId string, an array of documentIds, or an object with connect, disconnect or set', value);
    return INVALID;
  }
  const keys = ownKeys(value);
  if (keys.length > 0 && !keys.some((key) => OP_KEYS.has(key))) {
    // Detailed single form: { documentId, locale?, status? }
    const ref = parseRef(value, path, 'set', issues, refKeys);
    return ref ? done({ kind: 'set', refs: [ref] }) : INVALID;
  }
  for (const key of keys) if (!OP_KEYS.has(key)) issues.invalidKey([...path, key], value[key]);
  const { set, connect, disconnect } = value;
  if (set !== undefined && (connect !== undefined || disconnect !== undefined)) {
    issues.add(path, `${dotted(path)}: set cannot be combined with connect or disconnect`, value);
    return INVALID;
  }
  if (set !== undefined) return done({ kind: 'set', refs: parseList(set, [...path, 'set'], 'set', issues, refKeys) });
  return done({
    kind: 'change',
    connect: parseList(connect, [...path, 'connect'], 'connect', issues, refKeys),
    disconnect: parseList(disconnect, [...path, 'disconnect'], 'disconnect', issues, refKeys),
  });
}

/** An array of refs, or one ref; null or absent is empty. Connect and set may not repeat a relation. */
function parseList(value: unknown, path: readonly string[], kind: ListKind, issues: Issues, refKeys: readonly RelationRefKeyDef[]): RelationRef[] {
  if (value === null || value === undefined) return [];
  const items: { item: unknown; path: string[] }[] = Array.isArray(value)
    ? value.map((item, i) => ({ item, path: [...path, String(i)] }))
    : [{ item: value, path: [...path] }];
  const refs: RelationRef[] = [];
  const seen = new Set<string>();
  for (const { item, path: itemPath } of items) {
    const ref = parseRef(item, itemPath, kind, issues, refKeys);
    if (!ref) continue;
    if (kind !== 'disconnect') {
      const key = [ref.documentId, ...refKeys.filter((k) => k.identifies).map((k) => String(ref.keys?.[k.name] ?? ''))].join('\u0000');
      if (seen.has(key)) {
        issues.at(itemPath, `cannot ${kind === 'set' ? 'set' : 'connect'} the same relation more than once (documentId "${ref.documentId}")`, item);
        continue;
      }
      seen.add(key);
    }
    refs.push(ref);
  }
  return refs;
}

function parseRef(item: unknown, path: readonly string[], kind: ListKind, issues: Issues, refKeys: readonly RelationRefKeyDef[]): RelationRef | undefined {
  if (typeof item === 'string') {
    if (item !== '') return { documentId: item };
    issues.at(path, 'must be a non-empty documentId', item);
    return undefined;
  }
  if (!isPlainObject(item)) {
    issues.at(path, 'must be a documentId string or an object with a documentId', item);
    return undefined;
  }
  const before = issues.list.length;
  const ref: RelationRef = { documentId: '' };
  for (const key of ownKeys(item)) {
    const value = item[key];
    const keyPath = [...path, key];
    const refKey = refKeys.find((k) => k.name === key);
    if (key === 'documentId') {
      if (typeof value === 'string' && value !== '') ref.documentId = value;
      else if (value === '') issues.at(keyPath, 'must be a non-empty string', value);
      else if (value !== undefined) issues.at(keyPath, 'must be a `string` type', value);
    } else if (refKey) {
      const problem = value === null ? undefined : refKeyProblem(refKey, value);
      if (problem) issues.at(keyPath, problem, value);
      else if (value !== null) (ref.keys ??= {})[key] = value;
    } else if (key === 'position' && kind === 'connect') {
      const position = parsePosition(value, keyPath, issues);
      if (position) ref.position = position;
    } else {
      issues.invalidKey(keyPath, value);
    }
  }
  if (!Object.hasOwn(item, 'documentId') || item['documentId'] === undefined) {
    issues.at([...path, 'documentId'], 'must be defined.');
  }
  return issues.list.length > before ? undefined : ref;
}

function parsePosition(value: unknown, path: readonly string[], issues: Issues): RelationRef['position'] {
  if (value === null || value === undefined) return undefined;
  if (!isPlainObject(value)) {
    issues.at(path, 'must be a `object` type', value);
    return undefined;
  }
  const keys = ownKeys(value);
  let ok = true;
  for (const key of keys) {
    if (!(POSITION_KEYS as readonly string[]).includes(key)) {
      issues.invalidKey([...path, key], value[key]);
      ok = false;
    }
  }
  const given = POSITION_KEYS.filter((key) => value[key] !== undefined);
  if (given.length !== 1) {
    issues.at(path, 'must have exactly one of before, after, start, end', value);
    return undefined;
  }
  const key = given[0]!;
  const target = value[key];
  if (key === 'before' || key === 'after') {
    if (typeof target !== 'string' || target === '') {
      issues.at([...path, key], 'must be a non-empty documentId', target);
      return undefined;
    }
    return ok ? { [key]: target } : undefined;
  }
  if (target !== true) {
    issues.at([...path, key], 'must be true', target);
    return undefined;
  }
  return ok ? (key === 'start' ? { start: true } : { end: true }) : undefined;
}

/** Ordered file ids; null (or []) clears. */
export function normalizeMedia(
  attr: MediaAttribute, value: unknown, path: readonly string[], issues: Issues,
): Checked<number[]> {
  if (value === null) return [];
  if (isPlainObject(value)) {
    const ops = ownKeys(value).filter((key) => OP_KEYS.has(key));
    if (ops.length) {
      for (const op of ops) issues.add(path, `${dotted(path)}: ${op} cannot be used on media attributes`, value);
      return INVALID;
    }
  }
  const before = issues.list.length;
  let items: { item: unknown; path: string[] }[];
  if (Array.isArray(value)) {
    if (attr.multiple !== true && value.length > 1) {
      issues.at(path, 'field must have less than or equal to 1 items', value);
      return INVALID;
    }
    items = value.map((item, i) => ({ item, path: [...path, String(i)] }));
  } else {
    items = [{ item: value, path: [...path] }];
  }
  const ids: number[] = [];
  for (const { item, path: itemPath } of items) {
    const id = parseFileId(item, itemPath, issues);
    if (id !== undefined) ids.push(id);
  }
  return issues.list.length > before ? INVALID : ids;
}

function parseFileId(item: unknown, path: readonly string[], issues: Issues): number | undefined {
  const nested = isPlainObject(item) && Object.hasOwn(item, 'id');
  const raw = nested ? item['id'] : item;
  const id = typeof raw === 'number' ? raw
    : typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (Number.isSafeInteger(id) && id > 0) return id;
  if (nested) issues.at([...path, 'id'], 'must be a file id (a positive integer)', raw);
  else issues.at(path, 'must be a file id (a positive integer) or an object with an id', item);
  return undefined;
}

/** What is wrong with a reference key's value, by its declared schema (null means "not given"). */
function refKeyProblem(def: RelationRefKeyDef, value: unknown): string | undefined {
  switch (def.schema.type) {
    case 'enum': return typeof value === 'string' && def.schema.values.includes(value) ? undefined : `must be one of the following values: ${def.schema.values.join(', ')}`;
    case 'string': return typeof value === 'string' ? undefined : 'must be a `string` type';
    case 'boolean': return typeof value === 'boolean' ? undefined : 'must be a `boolean` type';
    case 'integer': return Number.isSafeInteger(value) ? undefined : 'must be an integer';
    default: return undefined;
  }
}
