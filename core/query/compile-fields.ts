// fields => the scalar attribute names to return ('*' or nothing: all of them). id and documentId
// may be named but are not listed: the planner always returns them.

import type { Model } from '../registry/types.js';
import type { CompileContext } from './compile-context.js';
import {
  assertReadable, invalidKey, isBlank, parseNameList, requireField,
} from './compile-common.js';
import { isScalar } from '../registry/types.js';

/** The media "model" (files), which is not in the registry. */
export const MEDIA_FIELDS: readonly string[] = [
  'id', 'documentId', 'name', 'alternativeText', 'caption', 'width', 'height', 'formats', 'hash', 'ext',
  'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt',
];

const ALWAYS_RETURNED = new Set(['id', 'documentId']);

export function compileFields(raw: unknown, model: Model, ctx: CompileContext, path = 'fields'): string[] | undefined {
  if (isBlank(raw)) return undefined;
  const names = parseNameList(raw, path);
  if (names === '*') return undefined;
  const out: string[] = [];
  for (const name of names) {
    const keyPath = `${path}.${name}`;
    const attr = requireField(model, name, keyPath);
    if (!isScalar(attr)) {
      throw invalidKey(name, keyPath, `${name} is a ${attr.type} attribute: use populate to select it`);
    }
    assertReadable(attr, name, keyPath, ctx, 'selected');
    if (!ALWAYS_RETURNED.has(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

export function compileMediaFields(raw: unknown, path: string): string[] | undefined {
  if (isBlank(raw)) return undefined;
  const names = parseNameList(raw, path);
  if (names === '*') return undefined;
  const out: string[] = [];
  for (const name of names) {
    if (!MEDIA_FIELDS.includes(name)) {
      throw invalidKey(name, `${path}.${name}`, `"${name}" is not a field of media files`);
    }
    if (!ALWAYS_RETURNED.has(name) && !out.includes(name)) out.push(name);
  }
  return out;
}
