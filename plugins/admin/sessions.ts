// Sessions, stored in the database so every instance and worker checks and ends the same ones. A
// login opens a session and hands out a refresh token `<sessionId>.<secret>` (in an httpOnly
// cookie); the session keeps only the SHA-256 of the one secret that may be used next. A refresh
// swaps it for a new one under a precondition on the stored hash, so of two refreshes with one
// token exactly one succeeds; a token that names a live session but not its current secret has been
// used before (stolen, or replayed), and ends the whole session, as OAuth's refresh-token rotation
// prescribes.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { UnauthorizedError, type Doc, type DocumentApi, type PluginApi } from '../../core/index.js';
import { hashOf } from './codes.js';
import { SESSION_UID } from './models.js';
import type { AdminSettings, SessionLifespans } from './settings.js';

export interface SessionInfo {
  sessionId: string;
  userId: number;
  rememberMe: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string;
  absoluteExpiresAt: string;
  userAgent: string | null;
  ip: string | null;
}

export interface Opened { sessionId: string; refreshToken: string; rememberMe: boolean; expiresAt: string }

const INVALID = 'Invalid refresh token';
/** Ended sessions removed as another starts: a few each time, so a login's statements stay few
 *  whatever an account has piled up, and the pile still shrinks faster than logins add to it. */
const PRUNED_PER_LOGIN = 3;
const FIELDS = ['userId', 'status', 'rememberMe', 'createdAt', 'lastUsedAt', 'expiresAt', 'absoluteExpiresAt', 'userAgent', 'ip'];


export class Sessions {
  constructor(private readonly api: PluginApi, private readonly settings: AdminSettings) {}

  get #docs() { return this.api.documents(SESSION_UID); }

  #lifespans(rememberMe: boolean): SessionLifespans {
    return rememberMe ? this.settings.auth.remembered : this.settings.auth.session;
  }

  async open(userId: number, options: { rememberMe: boolean; ip: string; userAgent: string }): Promise<Opened> {
    const secret = randomBytes(32).toString('base64url');
    const now = Date.now();
    const { idle, max } = this.#lifespans(options.rememberMe);
    const absolute = new Date(now + max * 1000).toISOString();
    const expiresAt = new Date(Math.min(now + idle * 1000, now + max * 1000)).toISOString();
    // Sessions of this administrator that ended long ago go as a new one starts: no timer needed
    await this.#prune(userId);
    const doc = await this.#docs.create({
      data: {
        sessionId: randomBytes(18).toString('base64url'), userId, refreshHash: hashOf(secret), status: 'active', rememberMe: options.rememberMe,
        expiresAt, absoluteExpiresAt: absolute, lastUsedAt: new Date(now).toISOString(),
        userAgent: options.userAgent.slice(0, 255) || null, ip: options.ip.slice(0, 64) || null,
      },
    });
    const sessionId = String(doc.sessionId);
    return { sessionId, refreshToken: `${sessionId}.${secret}`, rememberMe: options.rememberMe, expiresAt };
  }

  /** Swaps a refresh token for the next one; a token used before ends its session (401 either way). */
  async rotate(refreshToken: unknown): Promise<Opened & { userId: number }> {
    const parsed = typeof refreshToken === 'string' ? /^([\w-]{8,64})\.([\w-]{20,128})$/.exec(refreshToken) : null;
    if (!parsed) throw new UnauthorizedError(INVALID);
    const [, sessionId, secret] = parsed as unknown as [string, string, string];
    const row = await this.#row(sessionId);
    if (!row || !isLive(row) || typeof row.refreshHash !== 'string') throw new UnauthorizedError(INVALID);
    // Used before: a copy someone kept, or a replay. A client refreshing from several tabs must
    // send one refresh at a time (the panel does), or the second ends the session
    if (!matches(hashOf(secret), row.refreshHash)) {
      await this.#end(row.documentId);
      throw new UnauthorizedError(INVALID);
    }
    const next = randomBytes(32).toString('base64url');
    const now = Date.now();
    const { idle } = this.#lifespans(row.rememberMe === true);
    const expiresAt = new Date(Math.min(now + idle * 1000, Date.parse(String(row.absoluteExpiresAt)))).toISOString();
    // Of two refreshes racing with the same token (two tabs, a retry), the precondition lets one
    // through; the other is refused without ending the session the first one just renewed. A
    // token presented after its rotation was seen (above) ends it.
    const swapped = await this.#docs.update({
      documentId: row.documentId, filters: { refreshHash: { $eq: row.refreshHash }, status: { $eq: 'active' } },
      data: { refreshHash: hashOf(next), expiresAt, lastUsedAt: new Date(now).toISOString() }, fields: ['sessionId'],
    });
    if (!swapped) throw new UnauthorizedError(INVALID);
    return { sessionId, refreshToken: `${sessionId}.${next}`, rememberMe: row.rememberMe === true, expiresAt, userId: Number(row.userId) };
  }

  /** Whether the session is live and belongs to the administrator (checked on every request). */
  async isLive(sessionId: string, userId: number): Promise<boolean> {
    const row = await this.#row(sessionId);
    return row !== undefined && Number(row.userId) === userId && isLive(row);
  }

  async end(sessionId: string): Promise<boolean> {
    const row = await this.#row(sessionId);
    if (!row || row.status !== 'active') return false;
    await this.#end(row.documentId);
    return true;
  }

  /** Ends the session of a refresh token that is its current one (logout with the cookie alone);
   *  any other token changes nothing, so logging out cannot be used to end someone's session. */
  /** Answers the administrator whose session it ended, if it ended one. */
  async endWithRefreshToken(refreshToken: unknown): Promise<number | undefined> {
    const parsed = typeof refreshToken === 'string' ? /^([\w-]{8,64})\.([\w-]{20,128})$/.exec(refreshToken) : null;
    if (!parsed) return undefined;
    const row = await this.#row(parsed[1]!);
    if (!row || row.status !== 'active' || !matches(hashOf(parsed[2]!), row.refreshHash)) return undefined;
    await this.#end(row.documentId);
    return Number(row.userId);
  }

  /** Ends every session of the administrator but `except` (a password change, a block). */
  async endAllOf(userId: number, except?: string): Promise<number> {
    return endSessionsOf(this.#docs, userId, except);
  }

  /** The administrator's live sessions, newest first. */
  async listOf(userId: number): Promise<SessionInfo[]> {
    const rows = await this.#docs.findMany({
      filters: { userId: { $eq: userId }, status: { $eq: 'active' }, absoluteExpiresAt: { $gt: new Date().toISOString() } },
      fields: ['sessionId', ...FIELDS], sort: ['createdAt:desc', 'id:desc'],
    });
    return rows.filter(isLive).map((r) => ({
      sessionId: String(r.sessionId), userId: Number(r.userId), rememberMe: r.rememberMe === true, createdAt: String(r.createdAt),
      lastUsedAt: (r.lastUsedAt as string | null) ?? null, expiresAt: String(r.expiresAt), absoluteExpiresAt: String(r.absoluteExpiresAt),
      userAgent: (r.userAgent as string | null) ?? null, ip: (r.ip as string | null) ?? null,
    }));
  }

  async #row(sessionId: string): Promise<Doc | undefined> {
    return (await this.#docs.findFirst({ filters: { sessionId: { $eq: sessionId } }, fields: ['sessionId', 'refreshHash', ...FIELDS] })) ?? undefined;
  }

  async #end(documentId: string): Promise<void> {
    await this.#docs.update({ documentId, data: { status: 'revoked', refreshHash: null } });
  }

  async #prune(userId: number): Promise<void> {
    const ended = await this.#docs.findMany({
      filters: { userId: { $eq: userId }, $or: [{ status: { $eq: 'revoked' } }, { absoluteExpiresAt: { $lt: new Date().toISOString() } }] },
      fields: ['sessionId'], sort: ['id:asc'], pagination: { start: 0, limit: PRUNED_PER_LOGIN },
    });
    for (const row of ended) await this.#docs.delete({ documentId: row.documentId });
  }
}

/** Ends an administrator's live sessions but `except`; how many ended. The CLI's password reset
 *  calls it with the kernel's document service. */
export async function endSessionsOf(docs: DocumentApi, userId: number, except?: string): Promise<number> {
  const rows = await docs.findMany({ filters: { userId: { $eq: userId }, status: { $eq: 'active' } }, fields: ['sessionId'] });
  const ending = rows.filter((row) => row.sessionId !== except);
  for (const row of ending) await docs.update({ documentId: row.documentId, data: { status: 'revoked', refreshHash: null } });
  return ending.length;
}

/** Whether a presented token's hash is the stored one, compared in constant time. */
function matches(presented: string, stored: unknown): boolean {
  if (typeof stored !== 'string' || stored.length !== presented.length) return false;
  return timingSafeEqual(Buffer.from(presented), Buffer.from(stored));
}

function isLive(row: Record<string, unknown>): boolean {
  const now = Date.now();
  return row.status === 'active' && Date.parse(String(row.expiresAt)) > now && Date.parse(String(row.absoluteExpiresAt)) > now;
}
