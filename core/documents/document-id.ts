import { randomBytes } from 'node:crypto';
import { NotFoundError, ValidationError } from '../errors/index.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 24 random characters, starting with a letter so it never reads as a number. */
export function newDocumentId(): string {
  const bytes = randomBytes(24);
  let out = ALPHABET[bytes[0]! % 26]!;
  for (let i = 1; i < 24; i++) out += ALPHABET[bytes[i]! % 36]!;
  return out;
}

/**
 * The documentId a call names. One with a NUL character names no document (and PostgreSQL cannot
 * compare text with NUL at all: a findOne of `/api/articles/%00` failed there with a 500).
 */
export function requireDocumentId(params: { documentId?: unknown }): string {
  const { documentId } = params;
  if (typeof documentId !== 'string' || documentId === '') throw new ValidationError('documentId must be a non-empty string');
  if (documentId.includes('\u0000')) throw new NotFoundError('Not Found');
  return documentId;
}
