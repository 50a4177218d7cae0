// The list's filters: Strapi's qs bracket keys (filters[$and][0][$or][0][title][$containsi]=x)
// read from the URL into an object and written back, and the builder's model over it: a
// combinator over groups, each a combinator over conditions `field [mainField] operator value`.
import { bracketEntries } from './api.js';
import type { Attribute, ContentType, Schema } from './schema.js';

export type Combinator = '$and' | '$or';
export interface Condition { field: string; sub?: string; operator: string; value: string }
export interface Group { combinator: Combinator; conditions: Condition[] }
export interface FilterState { combinator: Combinator; groups: Group[] }

export const EMPTY: FilterState = { combinator: '$and', groups: [] };

export type Tree = { [key: string]: Tree } | Tree[] | string;

/** The nested object the bracket keys under `root` spell; arrays where every key is an index. */
export function parseBrackets(query: URLSearchParams, root = 'filters'): Tree | undefined {
  let out: Tree | undefined;
  for (const [key, value] of query) {
    const path = splitKey(key);
    if (path?.[0] !== root || path.length < 2) continue;
    out = put(out, path.slice(1), value);
  }
  return out === undefined ? undefined : arrays(out);
}

function splitKey(key: string): string[] | undefined {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return undefined;
  return [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!)];
}

function put(into: Tree | undefined, path: string[], value: string): Tree {
  if (!path.length) return value;
  const node: Record<string, Tree> = into && typeof into === 'object' && !Array.isArray(into) ? into : {};
  const [head, ...rest] = path as [string, ...string[]];
  node[head] = put(node[head], rest, value);
  return node;
}

/** Objects keyed 0..n-1 become arrays, as qs reads them. */
function arrays(tree: Tree): Tree {
  if (typeof tree === 'string' || Array.isArray(tree)) return tree;
  const keys = Object.keys(tree);
  const entries = keys.map((k) => [k, arrays(tree[k]!)] as const);
  const indexed = keys.length > 0 && keys.every((k, i) => k === String(i));
  if (indexed) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

/** A copy of the query with its filters replaced (and the page reset: the results change). */
export function withFilters(query: URLSearchParams, filters: Tree | undefined): URLSearchParams {
  const next = new URLSearchParams();
  for (const [k, v] of query) if (!k.startsWith('filters[') && k !== 'page') next.append(k, v);
  for (const [k, v] of bracketEntries(filters, 'filters')) next.append(k, v);
  return next;
}

// The model <-> the object the API reads

export function toTree(state: FilterState): Tree | undefined {
  const groups = state.groups.filter((g) => g.conditions.length);
  if (!groups.length) return undefined;
  return { [state.combinator]: groups.map((g) => ({ [g.combinator]: g.conditions.map(conditionTree) })) };
}

function conditionTree(c: Condition): Tree {
  const test = { [c.operator]: isUnary(c.operator) ? 'true' : c.value };
  return { [c.field]: c.sub ? { [c.sub]: test } : test };
}

const isCombinator = (k: string): k is Combinator => k === '$and' || k === '$or';
const isObject = (t: Tree | undefined): t is { [key: string]: Tree } => typeof t === 'object' && !Array.isArray(t);

/**
 * The builder's model of a filter object, or undefined when it has another shape (a link from
 * elsewhere, say): the list still sends it as it is, and the builder starts afresh.
 */
export function fromTree(tree: Tree | undefined): FilterState | undefined {
  if (tree === undefined) return EMPTY;
  if (!isObject(tree)) return undefined;
  const keys = Object.keys(tree);
  if (keys.length === 1 && isCombinator(keys[0]!) && Array.isArray(tree[keys[0]!])) {
    const groups: Group[] = [];
    for (const item of tree[keys[0]!] as Tree[]) {
      const g = groupOf(item);
      if (!g) return undefined;
      groups.push(g);
    }
    return { combinator: keys[0]! as Combinator, groups };
  }
  // A plain object of conditions (filters[title][$eq]=x): each its own group, all required
  const conditions = conditionsOf(tree);
  return conditions ? { combinator: '$and', groups: conditions.map((c) => ({ combinator: '$and', conditions: [c] })) } : undefined;
}

function groupOf(item: Tree): Group | undefined {
  if (!isObject(item)) return undefined;
  const keys = Object.keys(item);
  if (keys.length === 1 && isCombinator(keys[0]!)) {
    const list = item[keys[0]!];
    if (!Array.isArray(list)) return undefined;
    const conditions: Condition[] = [];
    for (const c of list) {
      const found = isObject(c) ? conditionsOf(c) : undefined;
      if (!found || found.length !== 1) return undefined;
      conditions.push(found[0]!);
    }
    return { combinator: keys[0]! as Combinator, conditions };
  }
  const conditions = conditionsOf(item);
  return conditions ? { combinator: '$and', conditions } : undefined;
}

function conditionsOf(obj: { [key: string]: Tree }): Condition[] | undefined {
  const out: Condition[] = [];
  for (const [field, test] of Object.entries(obj)) {
    if (field.startsWith('$') || !isObject(test)) return undefined;
    const [key, value] = Object.entries(test)[0] ?? [];
    if (Object.keys(test).length !== 1 || key === undefined || value === undefined) return undefined;
    if (key.startsWith('$') && typeof value === 'string') out.push({ field, operator: key, value });
    else if (!key.startsWith('$') && isObject(value)) {
      const [op, v] = Object.entries(value)[0] ?? [];
      if (Object.keys(value).length !== 1 || !op?.startsWith('$') || typeof v !== 'string') return undefined;
      out.push({ field, sub: key, operator: op, value: v });
    } else return undefined;
  }
  return out;
}

// Operators by attribute type

const TEXT = ['$eq', '$ne', '$containsi', '$notContainsi', '$startsWith', '$endsWith', '$null', '$notNull'];
const ORDERED = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$null', '$notNull'];
const CHOICE = ['$eq', '$ne', '$null', '$notNull'];
const TEXT_TYPES = new Set(['string', 'text', 'richtext', 'email', 'uid']);
const ORDERED_TYPES = new Set(['integer', 'biginteger', 'float', 'decimal', 'date', 'datetime', 'time']);

export const isUnary = (op: string) => op === '$null' || op === '$notNull';

const LABELS: Record<string, string> = {
  $eq: 'is', $ne: 'is not', $containsi: 'contains', $notContainsi: 'does not contain', $startsWith: 'starts with', $endsWith: 'ends with',
  $gt: 'is greater than', $gte: 'is greater than or equal to', $lt: 'is less than', $lte: 'is less than or equal to', $null: 'is empty', $notNull: 'is not empty',
};
const DATE_LABELS: Record<string, string> = { $gt: 'is after', $gte: 'is on or after', $lt: 'is before', $lte: 'is on or before' };

export function operatorLabel(op: string, type?: string): string {
  return (type && ['date', 'datetime', 'time'].includes(type) ? DATE_LABELS[op] : undefined) ?? LABELS[op] ?? op;
}

export function operatorsFor(type: string): string[] {
  if (TEXT_TYPES.has(type)) return TEXT;
  if (ORDERED_TYPES.has(type)) return ORDERED;
  if (type === 'boolean' || type === 'enumeration') return CHOICE;
  return [];
}

/** A field the builder offers: an attribute, or a relation through its target's main field. */
export interface FilterField { name: string; label: string; sub?: string; leaf: Attribute }

/** The fields one may filter on: readable, and of a type with operators. */
export function filterFields(s: Schema, ct: ContentType, readable: Set<string> | undefined, mainFields: Map<string, string>, label: (name: string) => string): FilterField[] {
  const out: FilterField[] = [];
  for (const [name, attr] of Object.entries(ct.attributes)) {
    if (readable && !readable.has(name)) continue;
    if (['locale', 'localizations', 'publishedAt'].includes(name) || attr.private) continue;
    if (attr.type === 'relation' && attr.target) {
      const sub = mainFields.get(attr.target);
      const leaf = sub ? s.contentTypes.find((t) => t.uid === attr.target)?.attributes[sub] : undefined;
      if (sub && leaf && operatorsFor(leaf.type).length) out.push({ name, label: `${label(name)} (${sub})`, sub, leaf });
    } else if (operatorsFor(attr.type).length) out.push({ name, label: label(name), leaf: attr });
  }
  return out;
}

/** How a condition reads on its chip: `title contains lisbon`. */
export function describe(c: Condition, fields: FilterField[]): string {
  const f = fields.find((x) => x.name === c.field);
  const name = f?.label ?? (c.sub ? `${c.field} (${c.sub})` : c.field);
  return isUnary(c.operator) ? `${name} ${operatorLabel(c.operator, f?.leaf.type)}` : `${name} ${operatorLabel(c.operator, f?.leaf.type)} ${c.value}`;
}
