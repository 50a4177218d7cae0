// The input of the auth and user operations: the password and username rules of Strapi's user
// schema (bcrypt reads at most 72 bytes); the common checks are core's.

import { fieldError, ValidationError, type Body } from '../../core/index.js';

export { checkBody, checkBoolean, checkEmail, numericId, requiredString, type Body } from '../../core/index.js';

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

export function checkUsername(value: unknown, key = 'username'): string {
  if (typeof value !== 'string' || value.length === 0) throw fieldError(key, `${key} is a required field`);
  if (value.length < 3) throw fieldError(key, `${key} must be at least 3 characters`);
  if (value.length > 255) throw fieldError(key, `${key} must be at most 255 characters`);
  return value;
}
