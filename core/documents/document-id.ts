import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 24 random characters, starting with a letter so it never reads as a number. */
export function newDocumentId(): string {
  const bytes = randomBytes(24);
  let out = ALPHABET[bytes[0]! % 26]!;
  for (let i = 1; i < 24; i++) out += ALPHABET[bytes[i]! % 36]!;
  return out;
}
