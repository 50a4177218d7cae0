// Administrators' passwords: Strapi's rules (8 characters or more, a lower-case letter, an
// upper-case letter and a digit) and bcrypt's limit of 72 bytes, which would silently ignore the
// rest. The document service stores `password` attributes as bcrypt hashes; a login compares with
// a dummy hash when the address is unknown, so the answer takes as long either way.

import bcrypt from 'bcryptjs';
import { fieldError } from '../../core/index.js';

// A hash of a random value nobody kept, at the stored hashes' cost: written out rather than hashed
// at load, which cost every start 60 ms of CPU
const DUMMY_HASH = '$2b$10$/PeI0J28ufRVcZMi65CpOe3kCpxtWnAjjkJIckiWpI6/Yu9lq.8Ve';

/** The password as given, or a 400 naming `field` and what it lacks. */
export function checkPassword(value: unknown, field = 'password'): string {
  const fail = (message: string) => fieldError(field, message);
  if (typeof value !== 'string') throw fail(`${field} must be a string`);
  if (value.length < 8) throw fail(`${field} must be at least 8 characters`);
  if (Buffer.byteLength(value, 'utf8') > 72) throw fail(`${field} must be at most 72 bytes`);
  if (!/[a-z]/.test(value)) throw fail(`${field} must contain at least one lowercase character`);
  if (!/[A-Z]/.test(value)) throw fail(`${field} must contain at least one uppercase character`);
  if (!/\d/.test(value)) throw fail(`${field} must contain at least one number`);
  return value;
}

/** Whether `password` matches the stored hash (false for an account without one). */
export async function passwordMatches(password: string, hash: unknown): Promise<boolean> {
  const stored = typeof hash === 'string' && hash.startsWith('$2') ? hash : undefined;
  const ok = await bcrypt.compare(password, stored ?? DUMMY_HASH);
  return ok && stored !== undefined;
}
