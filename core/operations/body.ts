// The body of an operation that is not a document (login, a role, a token): a plain object with
// known keys only, and the checks of its common fields, each refusal a 400 naming the field.

import { ValidationError } from '../errors/index.js';

export type Body = Record<string, unknown>;

export function checkBody(body: unknown, allowed: readonly string[]): Body {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationError('Invalid parameters: expected a JSON object body');
  }
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) throw new ValidationError(`Invalid parameters: ${unknown.join(', ')}`, { keys: unknown });
  return body as Body;
}

/** The largest id every database's integer key holds (PostgreSQL's and MariaDB's int). */
const MAX_ID = 2_147_483_647;

/** A positive integer id (a user's or a role's), or undefined for anything else (a larger one
 *  names no row, and a database would refuse it rather than find nothing). */
export function numericId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= MAX_ID ? id : undefined;
}

/** A 400 whose details name the field. */
export function fieldError(path: string, message: string): ValidationError {
  return ValidationError.fromFields([{ path: [path], message, name: 'ValidationError' }]);
}

export function requiredString(body: Body, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value.length === 0) throw fieldError(key, `${key} is a required field`);
  return value;
}

// Deliberately plain: one @, no spaces, a dot in the domain. The mail server has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A valid address, lower-cased (one account per address whatever its case). */
export function checkEmail(value: unknown, key = 'email'): string {
  if (typeof value !== 'string' || value.length === 0) throw fieldError(key, `${key} is a required field`);
  if (!EMAIL.test(value) || value.length < 6 || value.length > 255) throw fieldError(key, `${key} must be a valid email`);
  return value.toLowerCase();
}

export function checkBoolean(value: unknown, key: string): boolean {
  if (typeof value !== 'boolean') throw fieldError(key, `${key} must be a boolean`);
  return value;
}
