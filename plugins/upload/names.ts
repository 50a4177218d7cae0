// A file's names: the display name a client sent (kept, but reduced to a base name without control
// characters), and the stored object's name, built only from [A-Za-z0-9_-] plus random bytes, so
// no client-sent name reaches a path.

import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { extensionOfType, typeOfExtension } from './media-types.js';

/** The base name of what a client called the file: no folders, no control characters, NFC. */
export function displayName(raw: string | undefined): string {
  const base = (raw ?? '').normalize('NFC').replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop()!.trim();
  const name = base === '.' || base === '..' ? '' : base;
  return (name || 'file').slice(0, 255);
}

/** Strapi's hash: a slug of the name without its extension, then `_` and 10 hex digits. */
export function objectHash(name: string): string {
  const stem = name.slice(0, name.length - extname(name).length);
  const slug = stem.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 100);
  return `${slug || 'file'}_${randomBytes(5).toString('hex')}`;
}

/** The extension a stored file gets: the client's when it names the file's type, else the type's
 *  own (as the bytes named it, or the usual one), else the client's if it is plain; with its dot,
 *  or ''. */
export function fileExtension(name: string, mime: string, detectedExt: string | undefined): string {
  const own = extname(name).slice(1);
  const plain = /^[A-Za-z0-9]{1,16}$/.test(own);
  if (plain && typeOfExtension(own)?.mime === mime) return `.${own}`;
  const usual = detectedExt ?? extensionOfType(mime);
  if (usual && /^[A-Za-z0-9]{1,16}$/.test(usual)) return `.${usual}`;
  return plain ? `.${own}` : '';
}

/** Strapi's KB: bytes / 1000, two decimals. */
export function kilobytes(bytes: number): number {
  return Math.round((bytes / 1000) * 100) / 100;
}
