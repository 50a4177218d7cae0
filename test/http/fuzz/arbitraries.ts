// fast-check generators for REST list queries: structured ones (random mixes of valid and invalid
// filters, sort, fields, populate, pagination, _q and unknown parameters, turned into a query
// string by qs.stringify) and raw malformed query strings. Generators are schema-aware: they walk
// the example schemas, so nested filters and populates reach real relations and components.

import fc from 'fast-check';
import qs from 'qs';
import {
  ARTICLE, AUTHOR, ENDPOINTS, model, NESTABLE, POPULATABLE, attributeNames, isHidden, isToOne,
  type FuzzAttribute, type FuzzModel,
} from './schema.js';

type Arb<T> = fc.Arbitrary<T>;

// ------------------------------------------------------------------------------ vocabulary

/** The 24 operators of the spec (21 scalar, 3 logical). */
export const OPERATORS = [
  '$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$contains', '$notContains',
  '$containsi', '$notContainsi', '$null', '$notNull', '$between', '$startsWith', '$startsWithi', '$endsWith',
  '$endsWithi', '$or', '$and', '$not',
] as const;
const SCALAR_OPERATORS = OPERATORS.filter((o) => o !== '$or' && o !== '$and' && o !== '$not');

export const BOGUS_OPERATORS = [
  '$regex', '$where', '$ilike', '$like', '$exists', '$expr', '$raw', '$elemMatch', '$size', '$notBetween',
  '$EQ', '$Eq', '$', '$$eq', 'eq', '$eq ', ' $eq', '$in[]', '$gt.', '$jsonSupersetOf', '$nin', '$all',
  '$options', '$text', '$search', '$not$eq', '$constructor', '$__proto__',
];

/** Keys that are not attributes, or are dangerous, or look like columns or aliases. */
export const WEIRD_NAMES = [
  'id', 'documentId', 't1.password', 't0.id', 'r.id', '__proto__', 'constructor', 'prototype', 'toString',
  'hasOwnProperty', 'valueOf', 'nope', '', ' ', 'title ', 'Title', 'TITLE', 'document_id', 'created_at',
  'createdAt', 'updatedAt', 'publishedAt', 'locale', 'status', '*', '0', '-1', '100000', 'title.name',
  'category.name', 'category.parent.name', 'secretNote', 'passcode', 'secret_note', "title'; --", 'select',
  'null', 'undefined', '1=1', 'title)', 'x'.repeat(300), 'ünïcödé', '🎉', 'a b', 'a%20b', 'a[b]', 'a]b',
];

/** Text stored in the seeded documents, so LIKE patterns and equality sometimes match. */
export const SEED_FRAGMENTS = [
  '100% pure_fun', '100%', 'pure_fun', '_fun', "O'Brien", '"quoted"', 'back\\slash', '\\', 'Ünïcödé 日本語 🎉',
  '日本語', '🎉', 'ünïcödé', 'Plain article', 'plain', 'PLAIN', 'News', 'news', 'Tech', 'Child', 'Alice', 'Bob',
  'alice@example.com', 'Meta title', 'OG', 'Quoted text', 'https://example.com', 'approved', 'draft-review',
];

const SPECIAL_STRINGS = [
  '', ' ', '%', '_', '%%', '%_%', '\\', '\\%', '\\_', "'", '"', "''", '`', ';', '--', '/*', '*/', '\\\\',
  "'; DROP TABLE articles; --", '1 OR 1=1', "' OR '1'='1", '") OR ("1"="1', 'select * from authors',
  'null', 'NULL', 'undefined', 'true', 'false', 't', 'f', 'T', 'F', 'yes', 'no', '0', '1', '-1', '+1', ' 1 ',
  '1.5', '-1.5', '.5', '5.', '-0', '1e3', '1e309', '-1e309', 'NaN', 'Infinity', '-Infinity', '0x10', '0b1',
  '9007199254740993', '99999999999999999999999', '-99999999999999999999', '18446744073709551616',
  '2024-01-01', '2024-02-29', '2023-02-29', '2024-02-30', '0000-00-00', '9999-12-31', '2024-01-01T10:00:00Z',
  '2024-01-01 10:00:00', '2024-01-01T10:00:00+02:00', '2024-13-45T99:99:99', '12:30', '23:59:59.999',
  '25:61', '12:30:45.1234', 'APPROVED', 'archived', '\u0000', 'a\u0000b', '\u202e', '\ufeff', 'a\nb', '\r\n',
  '\t', '\uffff', '\ud83d', 'x'.repeat(2000), '%'.repeat(100), '_'.repeat(100), '[', ']', '[]', '{}', '=',
  '&', '?', '#', '+', '%2', '%zz', '%E0%A4%A', '$eq', '*',
];

// ------------------------------------------------------------------------------ values

const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...SEED_FRAGMENTS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.nat({ max: 2500 }).map((n) => 'y'.repeat(n)) },
);

const number = fc.oneof(
  fc.integer({ min: -10, max: 100 }),
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.constantFrom(0, -0, 1.5, -1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e21, -1e21, 5e-324),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
);

/** One scalar value as qs.stringify writes it (null: the key alone, with strictNullHandling). */
export const scalarValue: Arb<unknown> = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 3, arbitrary: number },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const junkKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD_NAMES, ...BOGUS_OPERATORS, ...OPERATORS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.nat({ max: 200 }).map(String) },
);

/**
 * fc.array whose items can each be dropped while shrinking (fast-check's own array shrinker only
 * drops leading items, so a failure in the first item kept every later one in the counterexample).
 */
function list<T>(item: Arb<T>, constraints: { minLength?: number; maxLength?: number } = {}): Arb<T[]> {
  return fc.array(fc.option(item, { freq: 1000, nil: undefined }), constraints)
    .map((items) => items.filter((x): x is T => x !== undefined));
}

/** An object built from entries; own properties even for '__proto__' (no prototype tricks). */
function objectOf<T>(entries: Arb<[string, T]>, max = 3, min = 0): Arb<Record<string, T>> {
  return list(entries, { minLength: min, maxLength: max }).map((list) => Object.fromEntries(list));
}

const valueMemo = new Map<number, Arb<unknown>>();
/** Any value: scalars, arrays and objects nested up to `depth`. */
export function anyValue(depth = 2): Arb<unknown> {
  const hit = valueMemo.get(depth);
  if (hit) return hit;
  const arb: Arb<unknown> = depth <= 0 ? scalarValue : fc.oneof(
    { weight: 6, arbitrary: scalarValue },
    { weight: 1, arbitrary: list(anyValue(depth - 1), { maxLength: 4 }) },
    { weight: 1, arbitrary: objectOf(fc.tuple(junkKey, anyValue(depth - 1))) },
  );
  valueMemo.set(depth, arb);
  return arb;
}

/** A value of the attribute's type (mostly valid), for filters that should often reach SQL. */
function typedValue(attr: FuzzAttribute): Arb<unknown> {
  switch (attr.type) {
    case 'string': case 'text': case 'richtext': case 'email': case 'uid': case 'password':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...SEED_FRAGMENTS) }, { weight: 2, arbitrary: text });
    case 'enumeration':
      return fc.constantFrom(...(attr.enum ?? []), 'nope', 'APPROVED', '');
    case 'integer': case 'biginteger':
      return fc.oneof(
        fc.integer({ min: -5, max: 50 }).map(String), fc.integer({ min: -5, max: 50 }),
        fc.constantFrom('9007199254740993', '-9223372036854775809', '9223372036854775807', '1.5', 'abc', ''),
      );
    case 'float': case 'decimal':
      return fc.oneof(
        fc.double({ min: -10, max: 10, noNaN: true }).map(String), fc.constantFrom('1e309', '.5', '4.5', 'x', '1,5'),
      );
    case 'boolean':
      return fc.constantFrom('true', 'false', 't', 'f', '1', '0', 'TRUE', 'yes', '', true, false);
    case 'date':
      return fc.constantFrom('2024-01-01', '2024-02-29', '2023-02-29', '2024-1-1', '2024-01-01T00:00:00Z', 'today');
    case 'datetime': case 'timestamp':
      return fc.constantFrom(
        '2024-01-01T10:00:00Z', '2024-01-01T10:00:00.123456789Z', '2024-01-01', '2024-01-01 10:00',
        '2024-01-01T10:00:00+14:00', '2024-01-01T24:00:00Z', '1970-01-01T00:00:00Z', 'yesterday',
      );
    case 'time':
      return fc.constantFrom('12:30', '12:30:45', '12:30:45.123', '23:59:59.999', '24:00', '12:60', '1230');
    default:
      return anyValue(1);
  }
}

// ------------------------------------------------------------------------------ modes
//
// Each generator has two modes. 'valid' builds what the spec accepts (so most such queries reach
// SQL and answer 200); 'chaos' mixes real names and operators with wrong types, unknown names,
// bogus operators and odd shapes (so most answer 400, from any depth). A query mixes both.

export type Mode = 'valid' | 'chaos';

const STRING_TYPES = ['string', 'text', 'richtext', 'email', 'uid', 'enumeration'];
const ORDERED_TYPES = [...STRING_TYPES, 'integer', 'biginteger', 'float', 'decimal', 'date', 'time', 'datetime', 'timestamp'];
const EQUALITY_TYPES = [...ORDERED_TYPES, 'boolean', 'password'];
const ALL_TYPES = [...EQUALITY_TYPES, 'json', 'blocks'];

/** The attribute types each scalar operator accepts (the spec's table, as the compiler applies it). */
const OPERATOR_TYPES: Record<string, string[]> = {
  $eq: EQUALITY_TYPES, $ne: EQUALITY_TYPES, $in: EQUALITY_TYPES, $notIn: EQUALITY_TYPES,
  $lt: ORDERED_TYPES, $lte: ORDERED_TYPES, $gt: ORDERED_TYPES, $gte: ORDERED_TYPES, $between: ORDERED_TYPES,
  $eqi: STRING_TYPES, $nei: STRING_TYPES, $contains: STRING_TYPES, $notContains: STRING_TYPES,
  $containsi: STRING_TYPES, $notContainsi: STRING_TYPES, $startsWith: STRING_TYPES, $startsWithi: STRING_TYPES,
  $endsWith: STRING_TYPES, $endsWithi: STRING_TYPES, $null: ALL_TYPES, $notNull: ALL_TYPES,
};
const CHECKS_ENUM = new Set(['$eq', '$ne', '$in', '$notIn']);

const SCALAR_KINDS = new Set([...ALL_TYPES]);
const isScalarType = (attr: FuzzAttribute): boolean => SCALAR_KINDS.has(attr.type);
const filterable = (attr: FuzzAttribute): boolean => !isHidden(attr) && attr.type !== 'media' && attr.type !== 'dynamiczone';
const sortable = (attr: FuzzAttribute): boolean => isScalarType(attr) && !isHidden(attr) && attr.type !== 'json' && attr.type !== 'blocks';

const memo = new Map<string, Arb<unknown>>();
function memoized<T>(key: string, build: () => Arb<T>): Arb<T> {
  const hit = memo.get(key);
  if (hit) return hit as Arb<T>;
  const arb = build();
  memo.set(key, arb);
  return arb;
}

/** Presence of an optional part: `weight` in 10 of being there. */
function sometimes<T>(arb: Arb<T>, weight: number): Arb<T | undefined> {
  return fc.oneof({ withCrossShrink: true }, { weight: 10 - weight, arbitrary: fc.constant(undefined) }, { weight, arbitrary: arb });
}

/** Mostly valid, sometimes chaos. */
function mostly<T>(build: (mode: Mode) => Arb<T>, chaosWeight = 1, validWeight = 4): Arb<T> {
  return fc.oneof({ weight: validWeight, arbitrary: build('valid') }, { weight: chaosWeight, arbitrary: build('chaos') });
}

// ------------------------------------------------------------------------------ filters

const ID_ATTRIBUTE: FuzzAttribute = { type: 'integer' };
const DOCUMENT_ID_ATTRIBUTE: FuzzAttribute = { type: 'string' };

/** A value the compiler accepts for the attribute (it may still be extreme: huge, year 0, ...). */
function validValue(attr: FuzzAttribute, checkEnum: boolean): Arb<unknown> {
  switch (attr.type) {
    case 'string': case 'text': case 'richtext': case 'email': case 'uid': case 'password':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...SEED_FRAGMENTS) }, { weight: 3, arbitrary: text }, { weight: 1, arbitrary: fc.integer() });
    case 'enumeration':
      return checkEnum ? fc.constantFrom(...(attr.enum ?? ['x'])) : fc.oneof(fc.constantFrom(...(attr.enum ?? ['x'])), text);
    case 'integer':
      return fc.oneof(
        fc.integer({ min: -5, max: 50 }), fc.integer({ min: -5, max: 50 }).map(String),
        fc.constantFrom('9007199254740991', '-9007199254740991', ' 7 ', '+3', '2147483648', '-2147483649'),
      );
    case 'biginteger':
      return fc.oneof(
        fc.integer({ min: -5, max: 50 }).map(String), fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
        fc.constantFrom('9007199254740993', '9223372036854775807', '-9223372036854775808', '9223372036854775808', '99999999999999999999999999'),
      );
    case 'float': case 'decimal':
      return fc.oneof(
        fc.double({ min: -10, max: 10, noNaN: true }), fc.constantFrom('4.5', '.5', '-0', '1e300', '-1e300', '1e-320', '123456789012345678901234567890', '0.1'),
      );
    case 'boolean':
      return fc.constantFrom('true', 'false', 't', 'f', '1', '0', 'TRUE', ' f ');
    case 'date':
      return fc.constantFrom('2024-01-01', '2024-02-29', '0000-01-01', '0001-01-01', '9999-12-31', '1970-01-01');
    case 'datetime': case 'timestamp':
      return fc.constantFrom(
        '2024-01-01T10:00:00Z', '2024-01-01T10:00:00.123456789Z', '2024-01-01', '2024-01-01 10:00', '2024-01-01T10:00:00+14:00',
        '9999-12-31T23:59:59-14:00', '0001-01-01T00:00:00+14:00', '0000-01-01T00:00:00+14:00', '0000-01-01', '1970-01-01T00:00:00Z',
        '2024-01-01t10:00z',
      );
    case 'time':
      return fc.constantFrom('12:30', '12:30:45', '12:30:45.123', '23:59:59.999', '00:00');
    default:
      return fc.constant(null);
  }
}

/** What the compiler accepts after an operator on the attribute. */
function validOperand(attr: FuzzAttribute, operator: string): Arb<unknown> {
  const one = validValue(attr, CHECKS_ENUM.has(operator));
  switch (operator) {
    case '$null': case '$notNull': return fc.constantFrom('true', 'false', 't', 'f', '1', '0', true, false);
    case '$in': case '$notIn': return fc.oneof(one, list(one, { minLength: 1, maxLength: 4 }));
    case '$between': return fc.tuple(one, one);
    default: return one;
  }
}

/** A value of the attribute's type, or close to it (chaos: often of the wrong type or shape). */
function chaosValue(attr: FuzzAttribute): Arb<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(attr, false) },
    { weight: 3, arbitrary: typedValue(attr) },
    { weight: 2, arbitrary: anyValue(2) },
  );
}

/** What can follow a scalar attribute: a value (implicit $eq), a list (implicit $in), or operators. */
function scalarCondition(attr: FuzzAttribute, depth: number, mode: Mode): Arb<unknown> {
  return memoized(`cond|${JSON.stringify(attr)}|${depth}|${mode}`, () => {
    const ops = Object.keys(OPERATOR_TYPES).filter((op) => OPERATOR_TYPES[op]!.includes(attr.type));
    const equality = EQUALITY_TYPES.includes(attr.type);
    const operatorEntry: Arb<[string, unknown]> = mode === 'valid'
      ? fc.oneof(...ops.map((op) => fc.tuple(fc.constant(op), validOperand(attr, op))))
      : fc.oneof(
        { weight: 8, arbitrary: fc.tuple(fc.constantFrom(...SCALAR_OPERATORS), chaosValue(attr)) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...BOGUS_OPERATORS, ...WEIRD_NAMES), chaosValue(attr)) },
      );
    const logical: Array<fc.WeightedArbitrary<[string, unknown]>> = depth > 0 ? [
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom('$or', '$and'), list(scalarCondition(attr, depth - 1, mode), { minLength: 1, maxLength: 3 })) },
      { weight: 1, arbitrary: fc.tuple(fc.constant('$not'), scalarCondition(attr, depth - 1, mode)) },
    ] : [];
    const operators = objectOf(fc.oneof({ weight: 6, arbitrary: operatorEntry }, ...logical), 2, 1);
    if (mode === 'valid') {
      return equality
        ? fc.oneof(
          { weight: 2, arbitrary: validValue(attr, true) },
          { weight: 1, arbitrary: list(validValue(attr, true), { minLength: 1, maxLength: 3 }) },
          { weight: 6, arbitrary: operators },
        )
        : operators;
    }
    return fc.oneof(
      { weight: 2, arbitrary: chaosValue(attr) },
      { weight: 1, arbitrary: list(chaosValue(attr), { maxLength: 3 }) },
      { weight: 6, arbitrary: operators },
      { weight: 1, arbitrary: anyValue(2) },
    );
  });
}

/** A filters object on a model, nesting through relations and components up to `depth` levels. */
export function filterObject(uid: string, depth: number, mode: Mode): Arb<Record<string, unknown>> {
  return memoized(`filters|${uid}|${depth}|${mode}`, () => {
    const m = model(uid);
    const fields: Array<fc.WeightedArbitrary<[string, unknown]>> = [];
    for (const [name, attr] of Object.entries(m.attributes)) {
      if (mode === 'valid' && !filterable(attr)) continue;
      const nested = NESTABLE.has(attr.type);
      fields.push({ weight: nested ? 3 : 2, arbitrary: fc.tuple(fc.constant(name), fieldCondition(attr, depth, mode)) });
    }
    fields.push({ weight: 3, arbitrary: fc.tuple(fc.constant('id'), scalarCondition(ID_ATTRIBUTE, 1, mode)) });
    if (m.kind === 'contentType') {
      fields.push({ weight: 2, arbitrary: fc.tuple(fc.constant('documentId'), scalarCondition(DOCUMENT_ID_ATTRIBUTE, 1, mode)) });
    }
    const entries: Array<fc.WeightedArbitrary<[string, unknown]>> = [{ weight: 12, arbitrary: fc.oneof(...fields) }];
    if (mode === 'chaos') {
      entries.push(
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...WEIRD_NAMES), scalarCondition(DOCUMENT_ID_ATTRIBUTE, 1, 'chaos')) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...BOGUS_OPERATORS, ...SCALAR_OPERATORS), anyValue(2)) },
      );
    }
    if (depth > 0) {
      const items = list(filterObject(uid, depth - 1, mode), { minLength: 1, maxLength: 3 });
      entries.push(
        {
          weight: 2,
          arbitrary: fc.tuple(fc.constantFrom('$or', '$and'), mode === 'valid' ? items : fc.oneof(
            { weight: 4, arbitrary: items }, { weight: 1, arbitrary: filterObject(uid, depth - 1, mode) }, { weight: 1, arbitrary: anyValue(1) },
          )) as Arb<[string, unknown]>,
        },
        { weight: 1, arbitrary: fc.tuple(fc.constant('$not'), filterObject(uid, depth - 1, mode)) as Arb<[string, unknown]> },
      );
    }
    return objectOf(fc.oneof(...entries), 3, 1);
  });
}

function fieldCondition(attr: FuzzAttribute, depth: number, mode: Mode): Arb<unknown> {
  if (NESTABLE.has(attr.type) && attr.target) {
    if (depth <= 0) {
      return mode === 'valid'
        ? fc.constantFrom({ id: { $notNull: true } }, { id: { $gt: 0 } }, { id: { $null: 'true' } })
        : fc.oneof(
          fc.constant({}), typedValue(ID_ATTRIBUTE), anyValue(1),
          objectOf(fc.tuple(fc.constantFrom('id', '$eq', '$null', 'nope'), typedValue(ID_ATTRIBUTE)), 1, 1),
        );
    }
    if (mode === 'valid') return filterObject(attr.target, depth - 1, 'valid');
    return fc.oneof(
      { weight: 6, arbitrary: filterObject(attr.target, depth - 1, 'chaos') },
      { weight: 2, arbitrary: filterObject(attr.target, depth - 1, 'valid') },
      { weight: 1, arbitrary: anyValue(1) },
      { weight: 1, arbitrary: objectOf(fc.tuple(fc.constantFrom(...SCALAR_OPERATORS), typedValue(ID_ATTRIBUTE)), 1, 1) },
    );
  }
  if (attr.type === 'media' || attr.type === 'dynamiczone') {
    return fc.oneof(anyValue(2), fc.constant({ id: { $eq: 1 } }), fc.constant({ __component: 'shared.quote' }));
  }
  return scalarCondition(attr, Math.min(depth, 2), mode);
}

// ------------------------------------------------------------------------------ sort

const VALID_DIRECTIONS = ['', '', ':asc', ':desc', ':ASC', ':DESC', ':Desc', ' : desc '];
const CHAOS_DIRECTIONS = [...VALID_DIRECTIONS, ':up', ':', ':asc:desc', ':random()', ':1', ':-1', ':null', ':desc;--', '::'];

/** A dot path of attribute names: valid ones go through to-one relations to a sortable scalar. */
function attributePath(uid: string, depth: number, mode: Mode): Arb<string> {
  return memoized(`path|${uid}|${depth}|${mode}`, () => {
    const m = model(uid);
    const system = m.kind === 'contentType' ? ['documentId'] : [];
    const options: Array<fc.WeightedArbitrary<string>> = [];
    if (mode === 'valid') {
      options.push({ weight: 6, arbitrary: fc.constantFrom(...attributeNames(m).filter((n) => sortable(m.attributes[n]!)), 'id', ...system) });
    } else {
      options.push(
        { weight: 8, arbitrary: fc.constantFrom(...attributeNames(m), 'id', ...system) },
        { weight: 1, arbitrary: fc.constantFrom(...WEIRD_NAMES) },
      );
    }
    if (depth > 0) {
      for (const [name, attr] of Object.entries(m.attributes)) {
        if (!NESTABLE.has(attr.type) || !attr.target) continue;
        if (mode === 'valid' && (attr.type !== 'relation' || !isToOne(attr))) continue;
        options.push({ weight: 2, arbitrary: attributePath(attr.target, depth - 1, mode).map((rest) => `${name}.${rest}`) });
      }
    }
    return fc.oneof(...options);
  });
}

function nestObject(path: string, leaf: unknown): Record<string, unknown> {
  let out: unknown = leaf;
  for (const s of path.split('.').reverse()) out = Object.fromEntries([[s, out]]);
  return out as Record<string, unknown>;
}

export function sortValue(uid: string, mode: Mode): Arb<unknown> {
  return memoized(`sort|${uid}|${mode}`, () => {
    const directions = mode === 'valid' ? VALID_DIRECTIONS : CHAOS_DIRECTIONS;
    const item = fc.tuple(attributePath(uid, 3, mode), fc.constantFrom(...directions)).map(([p, d]) => p + d);
    const words = mode === 'valid' ? ['asc', 'desc', 'DESC', ' asc'] : ['asc', 'desc', 'up', '', 1, null, ['asc']];
    const asObject = fc.tuple(attributePath(uid, 3, mode), fc.constantFrom(...words)).map(([p, d]) => nestObject(p, d));
    return fc.oneof(
      { weight: 5, arbitrary: item },
      { weight: 2, arbitrary: list(item, { minLength: 1, maxLength: 3 }).map((l) => l.join(',')) },
      { weight: 2, arbitrary: list(fc.oneof(item, asObject), { minLength: 1, maxLength: 3 }) },
      { weight: 2, arbitrary: asObject },
      ...(mode === 'chaos' ? [{ weight: 1, arbitrary: anyValue(2) }] : []),
    );
  });
}

// ------------------------------------------------------------------------------ fields

const MEDIA_FIELDS = ['id', 'documentId', 'name', 'alternativeText', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt'];
const CHAOS_MEDIA_FIELDS = [...MEDIA_FIELDS, 'folderPath', 'related', 'document_id', '__proto__', '*', 'secretNote'];

export function fieldsValue(uid: string, mode: Mode): Arb<unknown> {
  return memoized(`fields|${uid}|${mode}`, () => {
    const m = model(uid);
    const system = m.kind === 'contentType' ? ['documentId'] : [];
    const name = mode === 'valid'
      ? fc.constantFrom(...attributeNames(m).filter((n) => isScalarType(m.attributes[n]!) && !isHidden(m.attributes[n]!)), 'id', ...system, '*')
      : fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...attributeNames(m), 'id', ...system, '*') }, { weight: 1, arbitrary: fc.constantFrom(...WEIRD_NAMES) });
    return fc.oneof(
      { weight: 4, arbitrary: name },
      { weight: 2, arbitrary: list(name, { minLength: 1, maxLength: 4 }).map((l) => l.join(',')) },
      { weight: 3, arbitrary: list(name, { minLength: 1, maxLength: 4 }) },
      ...(mode === 'chaos' ? [{ weight: 1, arbitrary: anyValue(2) }] : []),
    );
  });
}

function mediaFields(mode: Mode): Arb<unknown> {
  const names = mode === 'valid' ? MEDIA_FIELDS : CHAOS_MEDIA_FIELDS;
  return fc.oneof(fc.constantFrom(...names), list(fc.constantFrom(...names), { minLength: 1, maxLength: 3 }), fc.constant('*'));
}

// ------------------------------------------------------------------------------ populate

/** A populate value on a model, nesting up to `depth` levels. */
export function populateValue(uid: string, depth: number, mode: Mode): Arb<unknown> {
  return memoized(`populate|${uid}|${depth}|${mode}`, () => {
    const m = model(uid);
    const populatable = attributeNames(m, POPULATABLE).filter((n) => mode === 'chaos' || !isHidden(m.attributes[n]!));
    if (mode === 'valid' && populatable.length === 0) return fc.constantFrom('*', true, false);
    const names = mode === 'valid'
      ? (populatable.length ? fc.constantFrom(...populatable) : fc.constant('*'))
      : fc.oneof(
        { weight: 6, arbitrary: populatable.length ? fc.constantFrom(...populatable) : fc.constantFrom(...attributeNames(m)) },
        { weight: 1, arbitrary: fc.constantFrom(...attributeNames(m)) },
        { weight: 1, arbitrary: fc.constantFrom(...WEIRD_NAMES, '*') },
      );
    const dotted = fc.oneof(names, dottedPopulatePath(uid, 3, mode));
    const entries: Array<fc.WeightedArbitrary<[string, unknown]>> = [];
    for (const name of populatable) {
      entries.push({ weight: 4, arbitrary: fc.tuple(fc.constant(name), populateNode(m.attributes[name]!, depth, mode)) });
    }
    if (mode === 'chaos' || entries.length === 0) {
      entries.push({ weight: 1, arbitrary: fc.tuple(fc.constantFrom(...WEIRD_NAMES, 'on', 'count', 'fields', 'populate', '0', '1'), anyValue(1)) });
    }
    const options: Array<fc.WeightedArbitrary<unknown>> = [
      { weight: 3, arbitrary: fc.constant('*') },
      { weight: 3, arbitrary: dotted },
      { weight: 2, arbitrary: list(fc.oneof(dotted, fc.constant('*')), { minLength: 1, maxLength: 3 }).map((l) => l.join(',')) },
      { weight: 2, arbitrary: list(fc.oneof(dotted, fc.constant('*')), { minLength: 1, maxLength: 3 }) },
      { weight: mode === 'valid' && entries.length > 0 ? 8 : 6, arbitrary: objectOf(fc.oneof(...entries), 3, 1) },
    ];
    if (mode === 'chaos') {
      options.push(
        { weight: 1, arbitrary: fc.constantFrom(true, false, 'true', 'false', '', null, 1) },
        { weight: 1, arbitrary: anyValue(2) },
      );
    }
    return fc.oneof(...options);
  });
}

/** 'seo.openGraph', 'category.parent.articles': valid ones through relations and components only. */
function dottedPopulatePath(uid: string, depth: number, mode: Mode): Arb<string> {
  return memoized(`dotted|${uid}|${depth}|${mode}`, () => {
    const m = model(uid);
    const names = attributeNames(m, POPULATABLE).filter((n) => mode === 'chaos' || !isHidden(m.attributes[n]!));
    const options: Array<Arb<string>> = [];
    if (mode === 'chaos') options.push(fc.constantFrom(...attributeNames(m), ...WEIRD_NAMES));
    else if (names.length) options.push(fc.constantFrom(...names));
    if (depth > 0) {
      for (const name of names) {
        const attr = m.attributes[name]!;
        if (!NESTABLE.has(attr.type) || !attr.target) continue;
        options.push(dottedPopulatePath(attr.target, depth - 1, mode).map((rest) => `${name}.${rest}`));
      }
    }
    return options.length ? fc.oneof(...options) : fc.constant('*');
  });
}

const validFlag = fc.constantFrom(true, 'true', '1', 't');
const boolish = fc.constantFrom(true, false, 'true', 'false', '1', '0', 't', 'f', 'yes', '', 2);

function populateNode(attr: FuzzAttribute, depth: number, mode: Mode): Arb<unknown> {
  const chaos = mode === 'chaos';
  const flags = chaos ? fc.constantFrom(true, false, 'true', 'false', '*', '1', '0', 'nope', '') : fc.constantFrom(true, 'true', false, 'false');
  const extras: Record<string, Arb<unknown>> = chaos ? {
    pagination: fc.constant({ page: 1 }), page: fc.constant('1'), limit: fc.constant('2'), start: fc.constant('0'),
    bogus: anyValue(1), on: anyValue(1),
  } : {};
  // Inside a chaos node, each nested part is valid or chaos; inside a valid node, valid
  const sub = (build: (m: Mode) => Arb<unknown>): Arb<unknown> => (chaos ? fc.oneof(build('valid'), build('chaos')) : build('valid'));
  let node: Arb<unknown>;
  if ((attr.type === 'relation' || attr.type === 'component') && attr.target) {
    const target = attr.target;
    const toMany = attr.type === 'relation' && !isToOne(attr);
    const parts: Record<string, Arb<unknown>> = {
      fields: sub((m) => fieldsValue(target, m)),
      filters: sub((m) => filterObject(target, Math.min(depth, 2), m)),
      sort: sub((m) => sortValue(target, m)),
      populate: depth > 0 ? sub((m) => populateValue(target, depth - 1, m)) : fc.constantFrom('*', chaos ? 'nope' : '*'),
      count: chaos ? boolish : toMany ? fc.constantFrom(true, false, 'false', '1') : fc.constantFrom(false, 'false', '0'),
      ...extras,
    };
    node = fc.record(parts, { requiredKeys: [] });
  } else if (attr.type === 'media') {
    const parts: Record<string, Arb<unknown>> = {
      fields: mediaFields(mode),
      ...(chaos ? { count: boolish, populate: fc.constantFrom('*', 'related'), ...extras } : { count: fc.constantFrom(false, 'false') }),
    };
    node = fc.record(parts, { requiredKeys: [] });
  } else {
    const components = attr.components ?? [];
    const onEntry = (uid: string): Arb<unknown> => {
      const parts: Record<string, Arb<unknown>> = {
        fields: sub((m) => fieldsValue(uid, m)),
        populate: depth > 0 ? sub((m) => populateValue(uid, depth - 1, m)) : fc.constant('*'),
        ...(chaos ? { filters: fc.constant({ id: { $gt: 0 } }), sort: fc.constant('id'), page: fc.constant('1') } : {}),
      };
      return fc.oneof(flags, fc.record(parts, { requiredKeys: [] }));
    };
    const onEntries: Array<fc.WeightedArbitrary<[string, unknown]>> = components.map((uid) => (
      { weight: 4, arbitrary: fc.tuple(fc.constant(uid), onEntry(uid)) }
    ));
    if (chaos) onEntries.push({ weight: 1, arbitrary: fc.tuple(fc.constantFrom('shared.seo', 'shared.nope', 'quote', '*', '__proto__'), flags) });
    const on = objectOf(fc.oneof(...onEntries), 3, 1);
    node = chaos
      ? fc.record({
        on: fc.oneof({ weight: 5, arbitrary: on }, { weight: 1, arbitrary: anyValue(1) }),
        populate: fc.oneof(fc.constantFrom<unknown>('*', ['*'], 'person', ''), anyValue(1)),
        count: boolish, fields: fc.constant('title'), filters: fc.constant({ id: 1 }),
      }, { requiredKeys: [] })
      : fc.oneof(fc.record({ on }), fc.constant({ populate: '*' }), fc.constant({ populate: ['*'] }));
  }
  return fc.oneof({ weight: 2, arbitrary: chaos ? flags : validFlag }, { weight: 5, arbitrary: node });
}

// ------------------------------------------------------------------------------ pagination

const validPaginationNumber = (min: number, max: number) => fc.oneof(fc.integer({ min, max }).map(String), fc.integer({ min, max }));

const chaosPaginationNumber = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('1', '2', '3', '10', '25', '100', '-1', '0') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '-5', '1000', '99999999', '2147483648', '9007199254740991', '9007199254740993', '99999999999999999999', '1e3', '1.5',
      'abc', '', ' 2 ', '+3', '0x10', 'true', '٣', '1 OR 1=1', '-0',
    ),
  },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: anyValue(1) },
);

const validPageMode = fc.record({
  page: fc.oneof({ weight: 5, arbitrary: validPaginationNumber(1, 3) }, { weight: 1, arbitrary: fc.constantFrom('100000', '9007199254740991', '2147483648') }),
  pageSize: fc.oneof(validPaginationNumber(1, 30), fc.constantFrom('100', '1000', '9007199254740991')),
  withCount: fc.constantFrom('true', 'false', 't', 'f', '1', '0', true, false),
}, { requiredKeys: [] });
const validOffsetMode = fc.record({
  start: fc.oneof({ weight: 5, arbitrary: validPaginationNumber(0, 5) }, { weight: 1, arbitrary: fc.constantFrom('100000', '9007199254740991', '2147483648') }),
  limit: fc.oneof(validPaginationNumber(1, 30), fc.constantFrom('-1', '100', '1000', '9007199254740991')),
  withCount: fc.constantFrom('true', 'false', true, false),
}, { requiredKeys: [] });

export function paginationValue(mode: Mode): Arb<unknown> {
  if (mode === 'valid') return fc.oneof(validPageMode, validOffsetMode);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        page: chaosPaginationNumber, pageSize: chaosPaginationNumber, start: chaosPaginationNumber, limit: chaosPaginationNumber,
        withCount: boolish, bogus: chaosPaginationNumber,
      }, { requiredKeys: [] }),
    },
    { weight: 1, arbitrary: anyValue(2) },
  );
}

// ------------------------------------------------------------------------------ whole queries

const UNKNOWN_PARAMS = ['foo', 'where', 'status', 'locale', 'publicationState', 'filter', '_limit', '_sort', '_where',
  '$where', 'populate ', 'sort[', 'plugins', 'sql', 'knex', 'q', '_q ', 'Filters', 'PAGINATION', 'fields ', 'select'];

/** The query object of a list request on `uid`: each parameter present with some probability. */
export function queryObject(uid: string): Arb<Record<string, unknown>> {
  return fc.record({
    filters: sometimes(mostly((mode) => (mode === 'valid'
      ? filterObject(uid, 6, 'valid')
      : fc.oneof({ weight: 8, arbitrary: filterObject(uid, 6, 'chaos') }, { weight: 1, arbitrary: anyValue(2) }))), 6),
    sort: sometimes(mostly((mode) => sortValue(uid, mode)), 3),
    fields: sometimes(mostly((mode) => fieldsValue(uid, mode)), 3),
    populate: sometimes(mostly((mode) => populateValue(uid, 4, mode)), 5),
    pagination: sometimes(mostly((mode) => paginationValue(mode)), 3),
    top: sometimes(fc.oneof(
      { weight: 3, arbitrary: fc.oneof(validPageMode, validOffsetMode) },
      { weight: 1, arbitrary: fc.record({ page: chaosPaginationNumber, pageSize: chaosPaginationNumber, start: chaosPaginationNumber, limit: chaosPaginationNumber }, { requiredKeys: [] }) },
    ), 1),
    _q: sometimes(fc.oneof({ weight: 8, arbitrary: text }, { weight: 1, arbitrary: anyValue(1) }), 2),
    unknown: sometimes(objectOf(fc.tuple(fc.constantFrom(...UNKNOWN_PARAMS), anyValue(1)), 2, 1), 2),
  }).map((parts) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(parts)) {
      if (value === undefined) continue;
      if (key === 'unknown' || key === 'top') Object.assign(out, value);
      else out[key] = value;
    }
    return out;
  });
}

type StringifyOptions = qs.IStringifyOptions;
const STRINGIFY_OPTIONS: Arb<StringifyOptions> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<StringifyOptions>({ encodeValuesOnly: true, strictNullHandling: true }) },
  { weight: 3, arbitrary: fc.constant<StringifyOptions>({ strictNullHandling: true }) },
  { weight: 1, arbitrary: fc.constant<StringifyOptions>({ encodeValuesOnly: true, arrayFormat: 'brackets' }) },
  { weight: 1, arbitrary: fc.constant<StringifyOptions>({ encodeValuesOnly: true, arrayFormat: 'repeat' }) },
  { weight: 1, arbitrary: fc.constant<StringifyOptions>({ encodeValuesOnly: true, allowDots: true }) },
  { weight: 1, arbitrary: fc.constant<StringifyOptions>({ encode: false, strictNullHandling: true }) },
);

export interface FuzzRequest { endpoint: string; query: string }

/** Longest query string sent: Node refuses request heads over 16 KiB (431) before the app sees them. */
export const MAX_WIRE_LENGTH = 12_000;

/** A list endpoint and a structured query string for it (mostly /api/articles). */
export const structuredRequest: Arb<FuzzRequest> = fc.oneof(
  ...ENDPOINTS.map(({ path, uid }) => ({
    weight: uid === ARTICLE ? 4 : 1,
    arbitrary: fc.tuple(queryObject(uid), STRINGIFY_OPTIONS).map(([obj, opts]) => ({ endpoint: path, query: qs.stringify(obj, opts) })),
  })),
).filter(({ query }) => toWire(query).length <= MAX_WIRE_LENGTH);

// ------------------------------------------------------------------------------ raw strings

const ROOTS = ['filters', 'populate', 'sort', 'fields', 'pagination', 'page', 'pageSize', 'start', 'limit', '_q'];

const TOKENS = [
  'filters', 'populate', 'sort', 'fields', 'pagination', '_q', 'title', 'category', 'authors', 'seo', 'blocks',
  'secretNote', 'passcode', 'parent', 'name', 'id', '__proto__', 'constructor', 'prototype', '$eq', '$or', '$in',
  '$between', '$null', '$not', '$regex', 'on', 'shared.quote', 'count', 'page', 'limit', '*', '[', ']', '[]', '][',
  '[[', ']]', '=', '==', '&', '&&', '.', ',', ':', ':desc', '%', '%5B', '%5D', '%26', '%3D', '%25', '%00', '%2',
  '%G0', '%E0%A4%A', '%C0%AF', '%FF', '+', '?', ';', '0', '1', '-1', '100000', '999999999999999999999', 'null',
  'true', "'", '"', '\\', ' ', 'ü', '🎉', '\u0000',
];

/** Percent-encodes what a request line cannot carry or a URL parser would strip or treat as a fragment. */
export function toWire(query: string): string {
  let out = '';
  for (const ch of query) {
    const code = ch.codePointAt(0)!;
    if (code <= 0x20 || code === 0x7f || ch === '#') out += `%${code.toString(16).toUpperCase().padStart(2, '0')}`;
    else if (code > 0x7e) {
      try { out += encodeURIComponent(ch); } catch { out += '%EF%BF%BD'; } // a lone surrogate
    } else out += ch;
  }
  return out;
}

const bytesEncoded = fc.uint8Array({ maxLength: 40 })
  .map((bytes) => [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));

const bracketSoup = list(fc.constantFrom('[', ']', '[[', ']]', '][', 'a', '$eq', 'title', '0', '.', ''), { maxLength: 12 })
  .map((l) => l.join(''));

const deepPath = fc.tuple(
  fc.constantFrom(...ROOTS),
  fc.integer({ min: 15, max: 60 }),
  fc.constantFrom('[a]', '[category]', '[parent]', '[$or][0]', '[$not]', '[populate]', '[0]', '[]', '[authors][articles]', '[seo][openGraph]'),
  fc.constantFrom('', '[title][$eq]', '[name]', '[$null]'),
  fc.constantFrom('=1', '=x', '', '=', '=%'),
).map(([root, n, seg, tail, value]) => `${root}${seg.repeat(n)}${tail}${value}`);

const sparse = fc.tuple(
  fc.constantFrom('a', 'filters[$or]', 'filters[title][$in]', 'filters[id][$between]', 'sort', 'fields', 'populate', 'pagination', 'filters[$and]', 'populate[authors][fields]'),
  fc.constantFrom(100, 101, 102, 1000, 100000, 2 ** 31, 2 ** 53, 1e21),
  fc.constantFrom('=1', '=title', '[title]=x', '[id]=1', '[$eq]=1', '=*'),
).map(([root, index, tail]) => `${root}[${String(index)}]${tail}`);

const manyParams = fc.tuple(
  fc.constantFrom(900, 999, 1000, 1001, 1500, 2000),
  fc.constantFrom('a=1', 'filters[title][$in][]=x', 'sort=title', 'filters[$or][][id]=1', 'populate[]=category', '&', 'fields[]=title'),
).map(([n, part]) => Array.from({ length: Math.min(n, Math.floor(MAX_WIRE_LENGTH / (part.length + 1))) }, () => part).join('&'));

const badPercent = fc.tuple(
  fc.constantFrom('filters[title][$eq]=', '_q=', 'sort=', 'filters%5Btitle%5D%5B$eq%5D=', 'populate=', 'fields[0]=', '', 'filters[title%', 'filters%5'),
  fc.constantFrom('%', '%%', '%z', '%zz', '%2', '%G1', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF%FE', '%00', '100%', '%%32%35'),
).map(([a, b]) => a + b);

const repeated = list(fc.constantFrom(
  'sort=title', 'sort=views:desc', 'sort[0]=title', 'sort[title]=asc', 'pagination[page]=1', 'pagination[page]=2',
  'pagination=1', 'page=1', 'start=0', 'filters[title]=a', 'filters[title][$eq]=b', 'filters=x', 'filters[title][]=c',
  'filters[$or][0][id]=1', 'filters[$or]=1', 'populate=category', 'populate[category]=true', 'populate[0]=authors',
  'populate=*', 'fields=title', 'fields[0]=title', 'fields[title]=1', '_q=a', '_q[]=b', 'populate[blocks][on][shared.quote]=true',
  'populate[blocks][populate]=*',
), { minLength: 2, maxLength: 8 }).map((l) => l.join('&'));

const tokenSoup = list(fc.constantFrom(...TOKENS), { maxLength: 25 }).map((l) => l.join(''));

/** Raw malformed query strings (before toWire). */
export const rawQuery: Arb<string> = fc.oneof(
  { weight: 2, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((s) => encodeURIComponent(s)) },
  { weight: 1, arbitrary: bytesEncoded },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...ROOTS), bytesEncoded, bytesEncoded).map(([r, k, v]) => `${r}[${k}]=${v}`) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...ROOTS), bracketSoup, fc.constantFrom('=1', '=', '', '=[')).map(([r, b, v]) => r + b + v) },
  { weight: 1, arbitrary: fc.constantFrom('filters[[[', 'filters]]]=1', 'filters[=1', 'filters[title=1', 'filters[title]][$eq]=1', '[]=1', '[', '=', '&&&', '==', '?', '??a=1', 'filters[][]=1', 'populate[[0]]=category') },
  { weight: 2, arbitrary: deepPath },
  { weight: 2, arbitrary: sparse },
  { weight: 1, arbitrary: manyParams },
  { weight: 2, arbitrary: badPercent },
  { weight: 2, arbitrary: repeated },
  { weight: 4, arbitrary: tokenSoup },
);

export const rawRequest: Arb<FuzzRequest> = fc.tuple(
  fc.constantFrom('/api/articles', '/api/articles', '/api/articles', '/api/categories', '/api/authors'),
  rawQuery,
).map(([endpoint, query]) => ({ endpoint, query }));

// ------------------------------------------------------------------------------ hidden attributes

/** Relation paths (attribute names) from a model to the author model, up to `depth` hops. */
function pathsToAuthor(uid: string, depth: number, toOneOnly: boolean): string[][] {
  const out: string[][] = uid === AUTHOR ? [[]] : [];
  if (depth === 0) return out;
  for (const [name, attr] of Object.entries(model(uid).attributes)) {
    if (attr.type !== 'relation' || !attr.target) continue;
    if (toOneOnly && !['oneToOne', 'manyToOne'].includes(attr.relation ?? '')) continue;
    for (const rest of pathsToAuthor(attr.target, depth - 1, toOneOnly)) out.push([name, ...rest]);
  }
  return out;
}

function hiddenNames(uid: string): string[] {
  return Object.entries(model(uid).attributes).filter(([, a]) => isHidden(a)).map(([n]) => n);
}

const brackets = (segments: string[]): string => segments.map((s) => `[${s}]`).join('');

/**
 * A query that names a private or password attribute in filters, sort, fields or populate,
 * reached through relations (and logical operators): must always be refused, never answered.
 */
export const hiddenRequest: Arb<FuzzRequest> = fc.constantFrom(...ENDPOINTS).chain(({ path, uid }) => {
  const hidden = fc.constantFrom(...hiddenNames(AUTHOR));
  const anyPath = fc.constantFrom(...pathsToAuthor(uid, 4, false));
  const toOnePath = pathsToAuthor(uid, 4, true);
  const wrapper = fc.constantFrom<string[]>([], ['$and', '0'], ['$or', '1'], ['$not'], ['$or', '0', '$and', '0'], ['$not', '$or', '0']);
  const operator = fc.constantFrom(...SCALAR_OPERATORS, '$regex');
  const value = fc.constantFrom('P', 'PRIVATE', '$2', 'true', '0', 'x', 'A');

  const viaFilters = fc.tuple(anyPath, wrapper, hidden, operator, value).map(([p, w, h, op, v]) => {
    const cut = Math.min(w.length === 0 ? 0 : 1, p.length);
    const segs = [...p.slice(0, cut), ...w, ...p.slice(cut), h, op];
    return `filters${brackets(segs)}=${encodeURIComponent(v)}`;
  });
  const viaPopulateFilters = fc.tuple(anyPath.filter((p) => p.length > 0), fc.nat(), hidden, operator, value).map(([p, k, h, op, v]) => {
    const split = 1 + (k % p.length);
    const head = p.slice(0, split).flatMap((s, i) => (i === 0 ? [s] : ['populate', s]));
    return `populate${brackets([...head, 'filters', ...p.slice(split), h, op])}=${encodeURIComponent(v)}`;
  });
  const viaFields = fc.tuple(anyPath, hidden, fc.constantFrom('', '0', 'title,', 'name,')).map(([p, h, extra]) => {
    const head = p.flatMap((s, i) => (i === 0 ? [s] : ['populate', s]));
    const fieldsValue = extra.endsWith(',') ? `${extra}${h}` : h;
    const index = extra === '0' ? '[0]' : '';
    return p.length === 0 ? `fields${index}=${fieldsValue}` : `populate${brackets([...head, 'fields'])}${index}=${fieldsValue}`;
  });
  const viaSort = fc.tuple(
    toOnePath.length ? fc.constantFrom(...toOnePath) : fc.constant<string[]>([]), hidden, fc.constantFrom('', ':asc', ':desc'), fc.boolean(),
  ).map(([p, h, dir, asObject]) => (asObject
    ? `sort${brackets([...p, h])}=${dir.slice(1) || 'asc'}`
    : `sort=${[...p, h].join('.')}${dir}`));
  const viaPopulate = fc.tuple(anyPath, hidden).map(([p, h]) => `populate=${[...p, h].join('.')}`);

  return fc.oneof(viaFilters, viaPopulateFilters, viaFields, viaSort, viaPopulate)
    .map((query) => ({ endpoint: path, query }));
});

export type { FuzzModel };
