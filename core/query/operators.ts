// The scalar filter operators: which attribute types accept each one and what its operand looks
// like, plus the per-type coercion of operand values (query strings only carry strings).

import type { ScalarOperator } from './ast.js';
import { SCALAR_OPERATORS } from './ast.js';
import type { Attribute, ScalarType } from '../registry/types.js';
import { parseBooleanLike, toArrayLike } from './compile-common.js';

/** Types the text operators ($contains, $startsWith, $eqi, ...) apply to. Not password. */
export const STRING_TYPES: readonly ScalarType[] = ['string', 'text', 'richtext', 'email', 'uid', 'enumeration'];
const ORDERED_TYPES: readonly ScalarType[] = [
  ...STRING_TYPES, 'integer', 'biginteger', 'float', 'decimal', 'date', 'time', 'datetime', 'timestamp',
];
const EQUALITY_TYPES: readonly ScalarType[] = [...ORDERED_TYPES, 'boolean', 'password'];
const ALL_TYPES: readonly ScalarType[] = [...EQUALITY_TYPES, 'json', 'blocks'];

/**
 * single: one value; list: an array of values (a single value is wrapped); pair: exactly two values;
 * flag: a boolean-like ('true', 'false', '1', '0', 't', 'f', true, false).
 */
export type OperandShape = 'single' | 'list' | 'pair' | 'flag';

export interface OperatorSpec {
  types: readonly ScalarType[];
  operand: OperandShape;
  /** Whether enumeration values must be one of the enum's values (exact comparisons only). */
  checkEnum: boolean;
}

const spec = (types: readonly ScalarType[], operand: OperandShape, checkEnum = false): OperatorSpec =>
  ({ types, operand, checkEnum });

export const OPERATORS: Readonly<Record<ScalarOperator, OperatorSpec>> = {
  $eq: spec(EQUALITY_TYPES, 'single', true),
  $ne: spec(EQUALITY_TYPES, 'single', true),
  $in: spec(EQUALITY_TYPES, 'list', true),
  $notIn: spec(EQUALITY_TYPES, 'list', true),
  $lt: spec(ORDERED_TYPES, 'single'),
  $lte: spec(ORDERED_TYPES, 'single'),
  $gt: spec(ORDERED_TYPES, 'single'),
  $gte: spec(ORDERED_TYPES, 'single'),
  $between: spec(ORDERED_TYPES, 'pair'),
  $eqi: spec(STRING_TYPES, 'single'),
  $nei: spec(STRING_TYPES, 'single'),
  $contains: spec(STRING_TYPES, 'single'),
  $notContains: spec(STRING_TYPES, 'single'),
  $containsi: spec(STRING_TYPES, 'single'),
  $notContainsi: spec(STRING_TYPES, 'single'),
  $startsWith: spec(STRING_TYPES, 'single'),
  $startsWithi: spec(STRING_TYPES, 'single'),
  $endsWith: spec(STRING_TYPES, 'single'),
  $endsWithi: spec(STRING_TYPES, 'single'),
  $null: spec(ALL_TYPES, 'flag'),
  $notNull: spec(ALL_TYPES, 'flag'),
};

export function isScalarOperator(key: string): key is ScalarOperator {
  return (SCALAR_OPERATORS as readonly string[]).includes(key);
}

export function operatorAccepts(operator: ScalarOperator, type: string): boolean {
  return (OPERATORS[operator].types as readonly string[]).includes(type);
}

export type Coerced = { ok: true; value: unknown } | { ok: false; expected: string };

const fail = (expected: string): Coerced => ({ ok: false, expected });

/** Validates and coerces an operator's operand for an attribute (operatorAccepts already checked). */
export function coerceOperand(operator: ScalarOperator, attr: Attribute, value: unknown): Coerced {
  const { operand, checkEnum } = OPERATORS[operator];
  switch (operand) {
    case 'flag': {
      const flag = parseBooleanLike(value);
      return flag === undefined ? fail('a boolean (true, false, 1, 0, t, f)') : { ok: true, value: flag };
    }
    case 'single':
      if (typeof value === 'object' && value !== null && !(value instanceof Date)) return fail('a single value');
      return coerceValue(attr, value, checkEnum);
    case 'list':
    case 'pair': {
      const items = value !== null && typeof value === 'object' && !(value instanceof Date)
        ? toArrayLike(value) : operand === 'list' ? [value] : undefined;
      if (!items) return fail(operand === 'list' ? 'an array of values' : 'an array of two values');
      if (operand === 'pair' && items.length !== 2) return fail('an array of two values');
      const out: unknown[] = [];
      for (const item of items) {
        const one = coerceValue(attr, item, checkEnum);
        if (!one.ok) return operand === 'list' ? fail(`an array of ${one.expected}`) : fail(`two values, each ${one.expected}`);
        out.push(one.value);
      }
      return { ok: true, value: out };
    }
  }
}

const INTEGER = /^[-+]?\d+$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/** One value in the attribute's API form: numbers for integer/float/decimal, a digit string for
 *  biginteger, booleans, 'YYYY-MM-DD' dates, ISO UTC date-times, 'HH:mm:ss.SSS' times. */
export function coerceValue(attr: Attribute, value: unknown, checkEnum: boolean): Coerced {
  switch (attr.type) {
    case 'string': case 'text': case 'richtext': case 'email': case 'uid': case 'password':
      // NUL ends a pattern early in SQLite and is not valid text in PostgreSQL
      if (typeof value === 'string') return value.includes('\0') ? fail('a string without NUL characters') : { ok: true, value };
      if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value: String(value) };
      return fail('a string');
    case 'enumeration': {
      const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
      if (text === undefined || text.includes('\0')) return fail('a string');
      if (checkEnum && !attr.enum.includes(text)) return fail(`one of ${attr.enum.join(', ')}`);
      return { ok: true, value: text };
    }
    case 'integer': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && INTEGER.test(value.trim()) ? Number(value) : NaN;
      // the column is a 32-bit integer on every database: a wider value is a client error, not a 500
      if (!Number.isSafeInteger(n)) return fail('an integer');
      return n >= INT32_MIN && n <= INT32_MAX ? { ok: true, value: n } : fail(`an integer between ${INT32_MIN} and ${INT32_MAX}`);
    }
    case 'biginteger': {
      if (typeof value === 'bigint') return { ok: true, value: value.toString() };
      if (typeof value === 'number') return Number.isSafeInteger(value) ? { ok: true, value: String(value) } : fail('an integer');
      if (typeof value !== 'string' || !INTEGER.test(value.trim())) return fail('an integer');
      const big = BigInt(value.trim());
      return big >= INT64_MIN && big <= INT64_MAX ? { ok: true, value: big.toString() } : fail('a 64-bit integer');
    }
    case 'float': case 'decimal': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value) : NaN;
      return Number.isFinite(n) ? { ok: true, value: n } : fail('a number');
    }
    case 'boolean': {
      const flag = parseBooleanLike(value);
      return flag === undefined ? fail('a boolean (true, false, 1, 0, t, f)') : { ok: true, value: flag };
    }
    case 'date': {
      if (value instanceof Date) return validDate(value) ? { ok: true, value: value.toISOString().slice(0, 10) } : fail('a date (YYYY-MM-DD)');
      const m = typeof value === 'string' ? DATE.exec(value) : null;
      return m && isCalendarDate(m[1], m[2], m[3]) ? { ok: true, value } : fail('a date (YYYY-MM-DD)');
    }
    case 'datetime': case 'timestamp':
      return coerceDateTime(value);
    case 'time': {
      const m = typeof value === 'string' ? TIME.exec(value) : null;
      if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return fail('a time (HH:mm or HH:mm:ss.SSS)');
      return { ok: true, value: `${m[1]}:${m[2]}:${m[3] ?? '00'}.${(m[4] ?? '').padEnd(3, '0')}` };
    }
    case 'json': case 'blocks':
      return fail('no value: json attributes only support $null and $notNull');
    default:
      return fail('a scalar attribute');
  }
}

function coerceDateTime(value: unknown): Coerced {
  const expected = 'an ISO 8601 date-time';
  if (value instanceof Date) return validDate(value) ? { ok: true, value: value.toISOString() } : fail(expected);
  if (typeof value !== 'string') return fail(expected);
  const m = DATETIME.exec(value.trim());
  if (!m || !isCalendarDate(m[1], m[2], m[3])) return fail(expected);
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return fail(expected);
  let text = value.trim().replace(' ', 'T');
  // A date-time without a zone is read as UTC, whatever the server's time zone
  if (m[4] !== undefined && m[7] === undefined) text += 'Z';
  const date = new Date(text);
  // The zone can push a valid local date out of the years SQL dates hold (0001-9999)
  const year = validDate(date) ? date.getUTCFullYear() : 0;
  return year >= 1 && year <= 9999 ? { ok: true, value: date.toISOString() } : fail(expected);
}

function validDate(date: Date): boolean {
  return !Number.isNaN(date.getTime());
}

function isCalendarDate(y: string | undefined, m: string | undefined, d: string | undefined): boolean {
  const year = Number(y), month = Number(m), day = Number(d);
  // Year 0 does not exist in SQL dates; Date.UTC would also read years 0-99 as 1900-1999
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
