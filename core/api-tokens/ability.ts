// What each token type may do, as the Ability core's authorize tap and query checks consult.
// read-only: actions ending in .find or .findOne (Strapi's rule, so readDraft and writes are out);
// full-access: everything; custom: exactly its list.

import { ValidationError } from '../errors/index.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { Ability } from '../auth/types.js';
import type { ApiTokenType } from './types.js';

const READ_ONLY = /\.(find|findOne)$/;
const ALLOW_ALL: Ability = { can: () => true };
const READ_ONLY_ABILITY: Ability = { can: (action) => READ_ONLY.test(action) };

export function abilityFor(type: ApiTokenType, permissions: readonly string[]): Ability {
  if (type === 'full-access') return ALLOW_ALL;
  if (type === 'read-only') return READ_ONLY_ABILITY;
  const allowed = new Set(permissions);
  return { can: (action) => allowed.has(action) };
}

export function checkPermissions(permissions: unknown, known: Set<string>, registry: ModelRegistry): string[] {
  if (!Array.isArray(permissions) || permissions.length === 0) {
    throw invalid('permissions', 'a custom token needs a non-empty list of permissions, such as api::article.article.find', permissions);
  }
  const out: string[] = [];
  for (const [i, p] of permissions.entries()) {
    if (typeof p !== 'string' || !known.has(p)) throw invalid(`permissions.${i}`, unknownMessage(p, known, registry), p);
    if (!out.includes(p)) out.push(p);
  }
  return out;
}

function unknownMessage(permission: unknown, known: Set<string>, registry: ModelRegistry): string {
  if (typeof permission !== 'string') return `permission ${JSON.stringify(permission)} is not a string`;
  const dot = permission.lastIndexOf('.');
  const uid = dot > 0 ? permission.slice(0, dot) : permission;
  const actions = [...known].filter((a) => a.startsWith(`${uid}.`) && !a.slice(uid.length + 1).includes('.')).map((a) => a.slice(uid.length + 1));
  if (actions.length === 0) {
    const what = registry.has(uid) ? 'has no content-API routes' : 'is not a content type';
    return `unknown permission ${permission}: ${uid} ${what} (expected <uid>.<action>, such as api::article.article.find)`;
  }
  return `unknown permission ${permission}: ${permission.slice(dot + 1)} is not an action of ${uid} (expected one of ${actions.join(', ')})`;
}

export function invalid(path: string, message: string, value: unknown): ValidationError {
  return ValidationError.fromFields([{ path: path.split('.'), message, name: 'ValidationError', value }]);
}
