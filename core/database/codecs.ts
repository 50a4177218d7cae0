// Converts attribute values between the API's JSON form and each dialect's column values.
// API forms: datetime/timestamp 'YYYY-MM-DDTHH:mm:ss.sssZ', date 'YYYY-MM-DD', time 'HH:mm:ss.SSS',
// biginteger a string, decimal/float a number, boolean a boolean, json/blocks any JSON value.

import type { Dialect } from './connection.js';
import type { ColumnType } from './physical.js';

export type DbValue = string | number | boolean | null | Buffer | Date;

export function toDb(type: ColumnType, value: unknown, dialect: Dialect): DbValue {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'json': return JSON.stringify(value);
    case 'boolean': return dialect === 'postgres' ? Boolean(value) : value ? 1 : 0;
    case 'datetime': {
      const iso = new Date(value as string).toISOString();
      return dialect === 'mysql' ? iso.slice(0, 23).replace('T', ' ') : iso;
    }
    case 'biginteger': return String(value);
    default: return value as DbValue;
  }
}

export function fromDb(type: ColumnType, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  switch (type) {
    case 'json': return typeof raw === 'string' ? parseJson(raw) : raw;
    case 'boolean': return raw === true || raw === 1 || raw === '1' || raw === 't';
    case 'datetime': return datetimeFromDb(raw);
    case 'date': return raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).slice(0, 10);
    case 'integer': return typeof raw === 'number' ? raw : Number(raw);
    case 'double': case 'decimal': return typeof raw === 'number' ? raw : Number(raw);
    case 'biginteger': return String(raw);
    case 'increments': return typeof raw === 'number' ? raw : Number(raw);
    default: return raw;
  }
}

const CANONICAL_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

function datetimeFromDb(raw: unknown): string {
  // SQLite holds what we wrote: already the API form
  if (typeof raw === 'string' && CANONICAL_ISO.test(raw)) return raw;
  if (raw instanceof Date) return raw.toISOString();
  if (typeof raw === 'number') return new Date(raw).toISOString();
  const text = String(raw);
  // Stored as UTC without a zone (MySQL/PostgreSQL 'YYYY-MM-DD HH:mm:ss.sss'), or as ISO (SQLite)
  const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

function parseJson(raw: string): unknown {
  try { return JSON.parse(raw) as unknown; } catch { return raw; }
}
