// Who made a write, as history and the audit log keep it: read from the caller's identity, whatever
// strategy recognised it. Strategies are named by their strings, so no plugin imports another.

import type { AuthResult } from '../../../core/index.js';
import { adminOf } from '../strategy.js';

export interface Actor {
  kind: 'admin' | 'user' | 'api-token' | 'system';
  id: string | null;
  name: string | null;
  /** The administrator's id, when one acted. */
  adminId?: number;
  email?: string;
}

type Raw = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);

export function actorOf(auth: AuthResult | undefined): Actor {
  const admin = adminOf(auth);
  if (admin) {
    const name = [admin.firstname, admin.lastname].filter(Boolean).join(' ') || admin.email;
    return { kind: 'admin', id: String(admin.id), name, adminId: admin.id, email: admin.email };
  }
  const credentials = (auth?.credentials ?? null) as Raw | null;
  if (auth?.strategy === 'api-token' && credentials) return { kind: 'api-token', id: text(credentials.id), name: text(credentials.name) };
  // An end user (users-permissions' JWT), or the public role (no credentials)
  if (auth && auth.strategy !== 'api-token') {
    return credentials ? { kind: 'user', id: text(credentials.id), name: text(credentials.username) ?? text(credentials.email) } : { kind: 'user', id: null, name: 'Public' };
  }
  return { kind: 'system', id: null, name: null };
}

/** An administrator named by their stored record (a sign-in, before any token exists). */
export function adminActor(user: { id: number; email: string; firstname?: string | null; lastname?: string | null }): Actor {
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email;
  return { kind: 'admin', id: String(user.id), name, adminId: user.id, email: user.email };
}
