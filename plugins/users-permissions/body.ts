// The input of the auth and user operations: a plain object with known keys only, and the
// password/email/username rules of Strapi's user schema (bcrypt reads at most 72 bytes).

import { ValidationError } from '../../core/index.js';

export type Body = Record<string, unknown>;

export function checkBody(body: unknown, allowed: readonly string[]): Body {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationError('Invalid parameters: expected a JSON object body');
  }
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) throw new ValidationError(`Invalid parameters: ${unknown.join(', ')}`, { keys: unknown });
  return body as Body;
}

/** A positive integer id (a user's or a role's), or undefined for anything else. */
export function numericId(raw: string | undefined): number | undefined {
  return raw !== undefined && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined;
}

const fieldError = (path: string, message: string) => ValidationError.fromFields([{ path: [path], message, name: 'ValidationError' }]);

export function requiredString(body: Body, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value.length === 0) throw fieldError(key, `${key} is a required field`);
  return value;
}

export function checkPassword(value: unknown, key = 'password'): string {
  if (typeof value !== 'string' || value.length === 0) throw fieldError(key, `${key} is a required field`);
  if (value.length < 6) throw fieldError(key, `${key} must be at least 6 characters`);
  if (Buffer.byteLength(value, 'utf8') > 72) throw fieldError(key, 'Password must be less than 73 bytes');
  return value;
}

/** A new password and its confirmation (reset and change password). */
export function confirmedPassword(body: Body): string {
  const password = checkPassword(body.password);
  if (password !== body.passwordConfirmation) throw new ValidationError('Passwords do not match');
  return password;
}

// Deliberately plain: one @, no spaces, a dot in the domain. The mail server has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: unknown, key = 'email'): string {
  if (typeof value !== 'string' || value.length === 0) throw fieldError(key, `${key} is a required field`);
  if (!EMAIL.test(value) || value.length < 6 || value.length > 255) throw fieldError(key, `${key} must be a valid email`);
  return value.toLowerCase();
}

export function checkUsername(value: unknown, key = 'username'): string {
  if (typeof value !== 'string' || value.length === 0) throw fieldError(key, `${key} is a required field`);
  if (value.length < 3) throw fieldError(key, `${key} must be at least 3 characters`);
  if (value.length > 255) throw fieldError(key, `${key} must be at most 255 characters`);
  return value;
}

export function checkBoolean(value: unknown, key: string): boolean {
  if (typeof value !== 'boolean') throw fieldError(key, `${key} must be a boolean`);
  return value;
}
