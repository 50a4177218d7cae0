// fields => the scalar attribute names to return ('*' or nothing: all of them). id and documentId
// may be named but are not listed: the planner always returns them.

import type { Model } from '../registry/types.js';
import type { CompileContext } from './compile-context.js';
import {
  assertReadable, invalidKey, isBlank, parseNameList, requireField,
} from './compile-common.js';
import { fileModel } from '../registry/media.js';
import { isScalar } from '../registry/types.js';
import { readableScalars } from './columns.js';
import { assertFieldCount } from './breadth-limits.js';

const ALWAYS_RETURNED = new Set(['id', 'documentId']);

export function compileFields(raw: unknown, model: Model, ctx: CompileContext, path = 'fields'): string[] | undefined {
  if (isBlank(raw)) return undefined;
  const names = parseNameList(raw, path);
  if (names === '*') return undefined;
  if (ctx.source === 'content-api') assertFieldCount(names.length, path, ctx.rest);
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

/** fields of a media file: the file content type's scalars a caller may read. */
export function compileMediaFields(raw: unknown, ctx: CompileContext, path: string): string[] | undefined {
  if (isBlank(raw)) return undefined;
  const names = parseNameList(raw, path);
  if (names === '*') return undefined;
  if (ctx.source === 'content-api') assertFieldCount(names.length, path, ctx.rest);
  const readable = ['id', 'documentId', ...readableScalars(fileModel(ctx.registry), ctx.source)];
  const out: string[] = [];
  for (const name of names) {
    if (!readable.includes(name)) {
      throw invalidKey(name, `${path}.${name}`, `"${name}" is not a field of media files`);
    }
    if (!ALWAYS_RETURNED.has(name) && !out.includes(name)) out.push(name);
  }
  return out;
}
