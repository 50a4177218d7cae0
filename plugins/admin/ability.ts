// An administrator's ability, from the permissions of their roles. It answers the questions the
// rest of the system asks in its own words: a content type's `<uid>.find`, `.update`, `.publish`
// (what core's relation checks, draft-and-publish's readDraft and the content manager's
// operations ask) from the content manager's permissions on that type, and the settings'
// operations by their actions. Its limits() narrow a content type's reads and writes to the
// permitted fields, locales and rows (the conditions), which the document layer enforces for
// every call that carries this ability.

import type { AccessLimits, Ability, ContentType, DocumentAccess } from '../../core/index.js';
import { ALIASES, CONDITIONS, EXPLORER, isOwnAccountAction, VERB_OF, type ExplorerVerb } from './actions.js';
import { CREATED_BY } from './models.js';

export interface PermissionRow {
  action: string;
  subject: string | null;
  properties: { fields?: string[]; locales?: string[] };
  conditions: string[];
}

export interface AbilityOwner {
  id: number;
  superAdmin: boolean;
  /** Administrators who share a role with this one (itself included), for "same role as creator". */
  sameRole: () => readonly number[];
}

export interface ModelInfo {
  /** The content type an administrator edits, by uid (undefined for any other). */
  editable(uid: string): ContentType | undefined;
}

const ACCESS_VERB: Record<DocumentAccess, ExplorerVerb> = { read: 'read', create: 'create', update: 'update', delete: 'delete', publish: 'publish' };

export function adminAbility(owner: AbilityOwner, permissions: readonly PermissionRow[], models: ModelInfo): Ability {
  if (owner.superAdmin) return { can: () => true };
  const granted = new Set(permissions.filter((p) => !p.subject).map((p) => p.action));
  const explorer = (verb: ExplorerVerb, uid: string) => permissions.filter((p) => p.action === EXPLORER[verb] && p.subject === uid);
  return {
    can(action) {
      if (isOwnAccountAction(action)) return true;
      const dot = action.lastIndexOf('.');
      const uid = action.slice(0, dot);
      const verb = VERB_OF[action.slice(dot + 1)];
      if (verb && models.editable(uid)) return explorer(verb, uid).length > 0;
      return granted.has(action) || granted.has(ALIASES[action] ?? '');
    },
    limits(uid, access) {
      const ct = models.editable(uid);
      if (!ct) return undefined;
      const rows = explorer(ACCESS_VERB[access], uid);
      if (rows.length === 0) return false;
      return limitsOf(rows, ct, owner);
    },
  };
}

/**
 * Several rows (of one role, or of several) may grant the same action. Each row allows its own
 * rows-and-locales pair, so they combine as alternatives: `(creator AND locale fr) OR (locale
 * en)`, never as separate unions that would let one row's breadth cancel another's narrowing. The
 * fields, which the document layer applies to every row alike, are those every row grants (fail
 * closed: a role wanting different fields per locale gets the ones they share).
 */
function limitsOf(rows: readonly PermissionRow[], ct: ContentType, owner: AbilityOwner): AccessLimits {
  const limits: AccessLimits = {};
  const fieldsOf = (r: PermissionRow) => (Array.isArray(r.properties.fields) ? new Set(r.properties.fields.map((f) => f.split('.')[0]!)) : undefined);
  const narrowed = rows.map(fieldsOf).filter((f): f is Set<string> => f !== undefined);
  if (narrowed.length) limits.fields = Object.keys(ct.attributes).filter((name) => narrowed.every((f) => f.has(name)));
  const localized = ct.attributes.locale?.scope === 'value';
  const localesOf = (r: PermissionRow) => (localized && Array.isArray(r.properties.locales) ? r.properties.locales : undefined);
  // A row without conditions or locales reaches every row: nothing to narrow
  if (rows.some((r) => r.conditions.length === 0 && !localesOf(r))) return limits;
  if (rows.every((r) => localesOf(r))) limits.scopes = { locale: [...new Set(rows.flatMap((r) => localesOf(r)!))] };
  limits.rows = {
    $or: rows.map((r) => {
      const parts: Array<Record<string, unknown>> = [];
      if (r.conditions.length) parts.push({ $or: r.conditions.map((c) => conditionFilter(c, owner)) });
      const locales = localesOf(r);
      if (locales) parts.push({ locale: { $in: locales.length ? locales : [''] } });
      return parts.length === 1 ? parts[0]! : { $and: parts };
    }),
  };
  return limits;
}

function conditionFilter(condition: string, owner: AbilityOwner): Record<string, unknown> {
  if (condition === CONDITIONS.sameRole) return { [CREATED_BY]: { $in: [...owner.sameRole()] } };
  // is-creator, and any condition no longer known: the narrowest
  return { [CREATED_BY]: { $eq: owner.id } };
}
