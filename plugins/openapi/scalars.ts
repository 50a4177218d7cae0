// Scalar attributes as JSON Schema: their values in answers, in writes and in filters, and the
// operator objects of filters (which operators a type takes comes from the query engine's rules,
// restated here per kind of value).

import type { DocSchema, ScalarAttribute } from '../../core/index.js';

export type OperatorSet = 'string' | 'enumeration' | 'integer' | 'biginteger' | 'number' | 'date' | 'time' | 'dateTime' | 'boolean' | 'json';

const TEXT_OPERATORS = ['$eqi', '$nei', '$contains', '$notContains', '$containsi', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi'];
const ORDER_OPERATORS = ['$lt', '$lte', '$gt', '$gte', '$between'];

interface SetSpec { value: DocSchema; ordered: boolean; text: boolean; equality: boolean }

const integerish: DocSchema = { anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^-?\\d+$' }] };
export const OPERATOR_SETS: Record<OperatorSet, SetSpec> = {
  string: { value: { type: 'string' }, ordered: true, text: true, equality: true },
  enumeration: { value: { type: 'string' }, ordered: true, text: true, equality: true },
  integer: { value: { type: 'integer' }, ordered: true, text: false, equality: true },
  biginteger: { value: integerish, ordered: true, text: false, equality: true },
  number: { value: { type: 'number' }, ordered: true, text: false, equality: true },
  date: { value: { type: 'string', format: 'date' }, ordered: true, text: false, equality: true },
  time: { value: { type: 'string' }, ordered: true, text: false, equality: true },
  dateTime: { value: { type: 'string', format: 'date-time' }, ordered: true, text: false, equality: true },
  boolean: { value: { type: 'boolean' }, ordered: false, text: false, equality: true },
  json: { value: {}, ordered: false, text: false, equality: false },
};

/** The operator object of a kind of value; `self` is its own reference ($and, $or, $not nest). */
export function operatorsSchema(set: OperatorSet, value: DocSchema, self: DocSchema | undefined): DocSchema {
  const spec = OPERATOR_SETS[set];
  const list: DocSchema = { type: 'array', items: value };
  const properties: Record<string, DocSchema> = {};
  if (spec.equality) Object.assign(properties, { $eq: value, $ne: value, $in: list, $notIn: list });
  if (spec.ordered) {
    for (const op of ORDER_OPERATORS) properties[op] = op === '$between' ? { ...list, minItems: 2, maxItems: 2 } : value;
  }
  if (spec.text) for (const op of TEXT_OPERATORS) properties[op] = { type: 'string' };
  properties.$null = { type: 'boolean' };
  properties.$notNull = { type: 'boolean' };
  if (self) Object.assign(properties, { $and: { type: 'array', items: self }, $or: { type: 'array', items: self }, $not: self });
  return { type: 'object', additionalProperties: false, properties };
}

/** A scalar's value: as answered (out), as written (in), or as compared in a filter (query). */
export function scalarSchema(attr: ScalarAttribute, use: 'out' | 'in' | 'query'): DocSchema {
  const limits = (a: { minLength?: number; maxLength?: number }) => use === 'in'
    ? { ...(a.minLength === undefined ? {} : { minLength: a.minLength }), ...(a.maxLength === undefined ? {} : { maxLength: a.maxLength }) }
    : {};
  switch (attr.type) {
    case 'string': case 'text': case 'richtext': case 'uid': return { type: 'string', ...limits(attr) };
    case 'password': return { type: 'string', format: 'password', writeOnly: true, ...limits(attr) };
    case 'email': return { type: 'string', format: 'email', ...limits(attr) };
    case 'enumeration': return { type: 'string', enum: [...attr.enum] };
    case 'integer': return { type: 'integer', ...range(attr, use) };
    // 64-bit integers are answered as strings, which keep every digit
    case 'biginteger': return use === 'out' ? { type: 'string', pattern: '^-?\\d+$' } : integerish;
    case 'float': case 'decimal': return { type: 'number', ...range(attr, use) };
    case 'date': return { type: 'string', format: 'date' };
    case 'time': return { type: 'string', description: 'HH:mm[:ss[.SSS]]' };
    case 'datetime': case 'timestamp': return { type: 'string', format: 'date-time' };
    case 'boolean': return { type: 'boolean' };
    case 'blocks': return { type: 'array', items: { type: 'object' } };
    case 'json': return {};
  }
}

function range(attr: { min?: number | string; max?: number | string }, use: string): DocSchema {
  if (use !== 'in') return {};
  const n = (v: number | string | undefined) => (v === undefined || Number.isNaN(Number(v)) ? undefined : Number(v));
  const min = n(attr.min);
  const max = n(attr.max);
  return { ...(min === undefined ? {} : { minimum: min }), ...(max === undefined ? {} : { maximum: max }) };
}
