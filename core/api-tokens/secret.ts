// Token secrets: 128 random bytes, hex (256 characters), as Strapi generates them. Only
// HMAC-SHA512(salt, secret) is stored, so a leaked database does not leak usable tokens.

import { createHmac, randomBytes } from 'node:crypto';

const SECRET_BYTES = 128;
const SECRET_SHAPE = /^[0-9a-f]{256}$/;

export function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString('hex');
}

/** Whether a bearer value could be one of our secrets; anything else (a JWT) costs no lookup. */
export function looksLikeSecret(value: string): boolean {
  return SECRET_SHAPE.test(value);
}

export function hashSecret(salt: string, secret: string): string {
  return createHmac('sha512', salt).update(secret).digest('hex');
}
