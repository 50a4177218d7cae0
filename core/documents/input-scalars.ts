// Scalar attribute checks for write input (string-likes, numbers, booleans, dates, json, blocks)
// and the shared error-collecting helpers input.ts and input-relations.ts use. Messages follow
// Strapi's yup wording: "<dotted.path> must be ...".

import type { FieldError } from '../errors/application.js';
import { jsonDepth } from '../limits/json-depth.js';
import type { ScalarAttribute } from '../registry/types.js';

export const PROTO_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Own enumerable keys, without the prototype keys (those are reported once by scanProtoKeys). */
export function ownKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => !PROTO_KEYS.has(key));
}

export function dotted(path: readonly string[]): string {
  return path.join('.');
}

/** Collects every problem of one input, in FieldError form. */
export class Issues {
  readonly list: FieldError[] = [];

  add(path: readonly string[], message: string, value?: unknown, hidden = false): void {
    const error: FieldError = { path: [...path], message, name: 'ValidationError' };
    if (!hidden && value !== undefined) {
      const shown = echo(value);
      if (shown !== undefined) error.value = shown;
    }
    this.list.push(error);
  }

  /** "<path> <text>" */
  at(path: readonly string[], text: string, value?: unknown, hidden = false): void {
    this.add(path, `${dotted(path)} ${text}`, value, hidden);
  }

  /** Strapi's throwInvalidKey wording: "Invalid key k", or "Invalid key k at a.b.k" when nested. */
  invalidKey(path: readonly string[], value?: unknown, hidden = false): void {
    const key = path[path.length - 1] ?? '';
    const message = path.length > 1 ? `Invalid key ${key} at ${dotted(path)}` : `Invalid key ${key}`;
    this.add(path, message, value, hidden);
  }
}

/** Characters of a refused value an error echoes back: enough to recognise it, never the megabyte
 *  (or the 4,500 levels) a client sent. */
const ECHO_CHARS = 1024;

/** The refused value as an error shows it: short strings and small structures as they are, a long
 *  string cut, anything larger left out. */
function echo(value: unknown): unknown {
  if (typeof value === 'string') return value.length > ECHO_CHARS ? `${value.slice(0, ECHO_CHARS)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (jsonDepth(value, 8) > 8) return undefined;
  return JSON.stringify(value).length > ECHO_CHARS ? undefined : value;
}

/** A path kept as a chain of links, so walking deep values never copies long arrays. */
export interface PathLink { key: string; parent: PathLink | undefined }

export function materialize(base: readonly string[], link: PathLink | undefined): string[] {
  const keys: string[] = [];
  for (let at = link; at; at = at.parent) keys.push(at.key);
  return [...base, ...keys.reverse()];
}

/** Reports `__proto__`, `constructor` and `prototype` keys at any depth (iteratively: no stack limit). */
export function scanProtoKeys(root: unknown, base: readonly string[], issues: Issues): void {
  const stack: { value: unknown; link: PathLink | undefined }[] = [{ value: root, link: undefined }];
  const seen = new Set<object>();
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, link } = item;
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], link: { key: String(i), parent: link } });
    } else if (isPlainObject(value)) {
      for (const key of Object.keys(value).reverse()) {
        if (PROTO_KEYS.has(key)) issues.invalidKey(materialize(base, { key, parent: link }));
        else stack.push({ value: value[key], link: { key, parent: link } });
      }
    }
  }
}

/** Marks a value that failed its checks (the problem is already recorded). */
export const INVALID: unique symbol = Symbol('invalid');
export type Checked<T> = T | typeof INVALID;

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const BIGINT_MIN = -(2n ** 63n);
const BIGINT_MAX = 2n ** 63n - 1n;
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const UID_PATTERN = /^[A-Za-z0-9-_.~]*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

/** Checks one non-null scalar value and returns it in API form, or INVALID after recording why. */
export function normalizeScalar(
  attr: ScalarAttribute, value: unknown, path: readonly string[], issues: Issues, hidden: boolean,
): Checked<unknown> {
  const fail = (text: string): typeof INVALID => {
    issues.at(path, text, value, hidden);
    return INVALID;
  };
  switch (attr.type) {
    case 'string': case 'text': case 'richtext': case 'email': case 'password': case 'uid':
      return checkString(attr, value, fail);
    case 'enumeration':
      return typeof value === 'string' && attr.enum.includes(value)
        ? value : fail(`must be one of the following values: ${attr.enum.join(', ')}`);
    case 'integer': case 'float': case 'decimal': {
      const num = toNumber(value);
      if (num === undefined) return fail('must be a `number` type');
      if (attr.type === 'integer') {
        if (!Number.isInteger(num)) return fail('must be an integer');
        if (num < INT_MIN) return fail(`must be greater than or equal to ${INT_MIN}`);
        if (num > INT_MAX) return fail(`must be less than or equal to ${INT_MAX}`);
      }
      // decimal columns are DECIMAL(10,2), as Strapi's: a wider value would overflow in the database
      if (attr.type === 'decimal' && Math.abs(num) >= 1e8) return fail('must be between -99999999.99 and 99999999.99');
      const min = toNumber(attr.min);
      const max = toNumber(attr.max);
      if (min !== undefined && num < min) return fail(`must be greater than or equal to ${attr.min}`);
      if (max !== undefined && num > max) return fail(`must be less than or equal to ${attr.max}`);
      return num;
    }
    case 'biginteger': {
      let big: bigint;
      if (typeof value === 'number' && Number.isFinite(value)) {
        if (!Number.isInteger(value)) return fail('must be an integer');
        big = BigInt(value);
      } else if (typeof value === 'string' && /^-?\d+$/.test(value)) {
        big = BigInt(value);
      } else if (typeof value === 'string' && NUMERIC.test(value)) {
        return fail('must be an integer');
      } else {
        return fail('must be a `number` type');
      }
      if (big < BIGINT_MIN) return fail(`must be greater than or equal to ${BIGINT_MIN}`);
      if (big > BIGINT_MAX) return fail(`must be less than or equal to ${BIGINT_MAX}`);
      if (attr.min !== undefined && compareBig(big, attr.min) < 0) return fail(`must be greater than or equal to ${attr.min}`);
      if (attr.max !== undefined && compareBig(big, attr.max) > 0) return fail(`must be less than or equal to ${attr.max}`);
      return big.toString();
    }
    case 'boolean':
      if (value === true || value === 1 || (typeof value === 'string' && /^(true|1)$/i.test(value))) return true;
      if (value === false || value === 0 || (typeof value === 'string' && /^(false|0)$/i.test(value))) return false;
      return fail('must be a `boolean` type');
    case 'date': {
      const ms = parseDateTime(value);
      if (ms === undefined) return fail('must be a valid date');
      // The calendar date as written (Strapi keeps the date part of an ISO string as given).
      return value instanceof Date ? new Date(ms).toISOString().slice(0, 10) : String(value).slice(0, 10);
    }
    case 'datetime': case 'timestamp': {
      const ms = parseDateTime(value);
      return ms === undefined ? fail('must be a valid date') : new Date(ms).toISOString();
    }
    case 'time': {
      const time = parseTime(value);
      return time ?? fail('must be a valid time');
    }
    case 'json': case 'blocks': {
      if (attr.type === 'blocks' && !checkBlocks(value, path, issues, hidden)) return INVALID;
      // The value is not echoed: it may be cyclic or too deep to serialize.
      const problem = jsonProblem(value);
      if (problem === undefined) return value;
      issues.at(path, problem);
      return INVALID;
    }
  }
}

type Fail = (text: string) => typeof INVALID;

function checkString(attr: ScalarAttribute & { type: 'string' | 'text' | 'richtext' | 'email' | 'password' | 'uid' },
  value: unknown, fail: Fail): Checked<string> {
  if (typeof value !== 'string') return fail('must be a `string` type');
  if (value.includes('\u0000')) return fail('must not contain NUL characters');
  const length = [...value].length;
  if (typeof attr.minLength === 'number' && length < attr.minLength) return fail(`must be at least ${attr.minLength} characters`);
  if (typeof attr.maxLength === 'number' && length > attr.maxLength) return fail(`must be at most ${attr.maxLength} characters`);
  // yup skips the email check for '' (required reports it); Strapi's regex skips '' unless required.
  if (attr.type === 'email' && value !== '' && !(value.length <= 254 && EMAIL.test(value))) return fail('must be a valid email');
  const regex = attr.regex ? compile(attr.regex) : attr.type === 'uid' ? UID_PATTERN : undefined;
  const skipEmpty = value === '' && attr.required !== true;
  if (regex && !skipEmpty && !regex.test(value)) return fail(`must match the following: "${regex}"`);
  if (attr.type === 'password' && Buffer.byteLength(value, 'utf8') > 72) return fail('must be less than 73 bytes');
  return value;
}

function compile(source: string): RegExp | undefined {
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}

/** A finite number, or a string that is exactly a number (yup's number() cast). */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC.test(value)) {
    const num = Number(value);
    return Number.isFinite(num) ? num : undefined;
  }
  return undefined;
}

function compareBig(big: bigint, bound: number | string): number {
  const text = String(bound);
  if (/^-?\d+$/.test(text)) {
    const other = BigInt(text);
    return big < other ? -1 : big > other ? 1 : 0;
  }
  const num = Number(text);
  if (Number.isNaN(num)) return 0;
  const asNumber = Number(big);
  return asNumber < num ? -1 : asNumber > num ? 1 : 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Epoch ms of an ISO-8601-looking string (no zone = UTC), or of a valid Date; undefined if invalid. */
function parseDateTime(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value !== 'string') return undefined;
  const m = DATETIME.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m;
  const year = Number(y), month = Number(mo), day = Number(d);
  const hour = Number(h), minute = Number(mi), second = Number(s);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, Number(frac.padEnd(3, '0').slice(0, 3)));
  let ms = date.getTime();
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offH = Number(digits.slice(0, 2)), offM = Number(digits.slice(2, 4));
    if (offH > 23 || offM > 59) return undefined;
    ms -= sign * (offH * 60 + offM) * 60_000;
  }
  const resultYear = new Date(ms).getUTCFullYear();
  return resultYear < 1 || resultYear > 9999 ? undefined : ms;
}

function parseTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = TIME.exec(value);
  if (!m) return undefined;
  const [, h = '', mi = '', s = '00', frac = ''] = m;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  return `${h}:${mi}:${s}.${frac.padEnd(3, '0').slice(0, 3)}`;
}

/** Plain objects, arrays, strings, finite numbers, booleans and null, all the way down. */
/** Why a value cannot be stored as JSON, or undefined when it can. NUL is refused in strings and
 *  keys on every database: PostgreSQL's jsonb cannot hold it (the write failed with a 500 there). */
function jsonProblem(root: unknown): string | undefined {
  const stack: unknown[] = [root];
  const seen = new Set<object>();
  const invalid = 'must be a valid JSON value';
  while (stack.length) {
    const value = stack.pop();
    if (value === null || typeof value === 'boolean') continue;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'must not contain NUL characters';
      continue;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return invalid;
      continue;
    }
    if (Array.isArray(value) || isPlainObject(value)) {
      if (seen.has(value)) continue;
      seen.add(value);
      // A loop, not push(...value): a long array would exceed the argument limit
      if (Array.isArray(value)) for (const child of value) stack.push(child);
      else {
        for (const [key, child] of Object.entries(value)) {
          if (key.includes('\u0000')) return 'must not contain NUL characters';
          stack.push(child);
        }
      }
      continue;
    }
    return invalid;
  }
  try {
    JSON.stringify(root);
    return undefined;
  } catch {
    return invalid; // a cycle
  }
}

/** Blocks: an array of nodes, each an object with a string `type` and, if present, `children` nodes. */
function checkBlocks(value: unknown, path: readonly string[], issues: Issues, hidden: boolean): boolean {
  if (!Array.isArray(value)) {
    issues.at(path, 'must be an array of blocks', value, hidden);
    return false;
  }
  const stack: { node: unknown; link: PathLink }[] = value.map((node, i) => ({ node, link: { key: String(i), parent: undefined } })).reverse();
  const seen = new Set<object>();
  let ok = true;
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, link } = item;
    if (!isPlainObject(node) || typeof node['type'] !== 'string') {
      issues.at(materialize(path, link), 'must be a block node (an object with a string `type`)', node, hidden);
      ok = false;
      continue;
    }
    if (seen.has(node)) continue;
    seen.add(node);
    const children = node['children'];
    if (children === undefined) continue;
    const childrenLink: PathLink = { key: 'children', parent: link };
    if (!Array.isArray(children)) {
      issues.at(materialize(path, childrenLink), 'must be a `array` type', children, hidden);
      ok = false;
      continue;
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], link: { key: String(i), parent: childrenLink } });
  }
  return ok;
}
