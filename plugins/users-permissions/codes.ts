// One-time codes (password reset, email confirmation): random, sent once, stored only as a
// SHA-256 hash with an expiry, so a database leak does not hand out working links.

import { createHash, randomBytes } from 'node:crypto';

export function newCode(): { code: string; hash: string } {
  const code = randomBytes(32).toString('hex');
  return { code, hash: hashCode(code) };
}

export function hashCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** Codes are hex strings of 64 characters; anything else is refused before any lookup. */
export function isCodeShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}
