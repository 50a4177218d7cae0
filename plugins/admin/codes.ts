// One-time secrets: a refresh token's, an invitation's and a reset link's. Only their SHA-256 is
// stored, so a copy of the database opens no session and completes no invitation.

import { createHash, randomBytes } from 'node:crypto';

export const hashOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A code for a link (registration, reset): 32 random bytes, and the hash to store. */
export const newCode = (): { code: string; hash: string } => {
  const code = randomBytes(32).toString('base64url');
  return { code, hash: hashOf(code) };
};
