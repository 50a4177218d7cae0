// The audit log: what administrators and the settings went through (sign-ins, tokens, roles,
// webhooks, locales, content types, publishing and deleting content), with who, when, from which
// address and about what. Entries are written by the operations that did the thing (audit-operations.ts)
// and by history's recorder for content; reading them is Strapi EE's /admin/audit-logs.

import type { AuthResult, Doc, PluginApi } from '../../../core/index.js';
import type { AuditLogSettings } from '../settings.js';
import { actorOf, type Actor } from './actor.js';
import { AUDIT_UID } from './models.js';

export interface AuditEntry {
  action: string;
  payload: Record<string, unknown>;
  /** An operation's caller, or the actor already read. */
  auth?: AuthResult | undefined;
  actor?: Actor;
  ip?: string | undefined;
}

export class AuditLog {
  constructor(private readonly api: PluginApi, readonly settings: AuditLogSettings) {}

  /** Joins the ambient transaction when there is one (a publish and its entry commit together). */
  async record(entry: AuditEntry): Promise<void> {
    if (!this.settings.enabled) return;
    const actor = entry.actor ?? actorOf(entry.auth);
    // Someone other than an administrator is named in the payload (the user columns are theirs)
    const payload = actor.kind !== 'admin' && actor.name ? { ...entry.payload, actor: { kind: actor.kind, id: actor.id, name: actor.name } } : entry.payload;
    await this.api.documents(AUDIT_UID).createMany({
      data: [{
        action: entry.action, date: new Date().toISOString(), payload,
        userId: actor.adminId ?? null, userName: actor.kind === 'admin' ? actor.name : null, userEmail: actor.email ?? null,
        actorKind: actor.kind, ip: entry.ip ? entry.ip.slice(0, 64) : null,
      }],
    });
  }
}

/** An entry as Strapi EE answers it: { id, action, date, payload, user: { id, displayName, email } }. */
export function auditAnswer(doc: Doc): Record<string, unknown> {
  const userId = doc.userId;
  return {
    id: doc.id, action: doc.action, date: doc.date, payload: doc.payload ?? {},
    user: typeof userId === 'number' ? { id: userId, displayName: doc.userName ?? doc.userEmail ?? String(userId), email: doc.userEmail ?? null } : null,
    ip: doc.ip ?? null,
  };
}
