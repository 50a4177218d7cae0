// Reading and writing user records for the auth flows. Reads for the auth path are 'internal'
// (they need the private fields); what leaves the server is read again as 'content-api', so the
// private fields are stripped by the same code that strips them everywhere else.

import bcrypt from 'bcryptjs';
import type { Doc, PluginApi } from '../../core/index.js';
import { USER_UID } from './models.js';

export interface AuthUser {
  id: number;
  documentId: string;
  username: string;
  email: string;
  password: string | null;
  confirmed: boolean;
  blocked: boolean;
  tokenVersion: number;
  roleId: number | undefined;
  resetPasswordToken: string | null;
  resetPasswordExpiresAt: string | null;
  confirmationToken: string | null;
  confirmationExpiresAt: string | null;
}

const AUTH_FIELDS = [
  'username', 'email', 'password', 'confirmed', 'blocked', 'tokenVersion',
  'resetPasswordToken', 'resetPasswordExpiresAt', 'confirmationToken', 'confirmationExpiresAt',
];

const REQUEST_FIELDS = ['username', 'email', 'confirmed', 'blocked', 'tokenVersion'];

export const BCRYPT_COST = 10;
// Compared against when no user matches, so a miss costs what a wrong password costs: a hash of a
// random value nobody kept, written out rather than hashed at every start. bcrypt reads the cost
// from the hash, so it is written from BCRYPT_COST.
const DUMMY_HASH = `$2b$${String(BCRYPT_COST).padStart(2, '0')}$9akQRvbAMn48wCx/C7sScuTEiVkoQI6QRKSKe3oU2EWpC2YvbNzfm`;

export class Users {
  constructor(private readonly kernel: PluginApi) {}

  #docs() { return this.kernel.documents(USER_UID); }

  async #one(filters: Record<string, unknown>, fields = AUTH_FIELDS): Promise<AuthUser | undefined> {
    const doc = await this.#docs().findFirst({ filters, fields, populate: { role: { fields: ['type'] } }, source: 'internal' });
    return doc ? toAuthUser(doc) : undefined;
  }

  byId(id: number): Promise<AuthUser | undefined> { return this.#one({ id: { $eq: id } }); }

  /** What authenticating a request needs, and nothing more (no hashes or codes read per request). */
  forRequest(id: number): Promise<AuthUser | undefined> { return this.#one({ id: { $eq: id } }, REQUEST_FIELDS); }

  /** Login: an email (compared lower-cased) or a username. */
  byIdentifier(identifier: string): Promise<AuthUser | undefined> {
    return this.#one({ $or: [{ email: { $eq: identifier.toLowerCase() } }, { username: { $eq: identifier } }] });
  }

  byEmail(email: string): Promise<AuthUser | undefined> { return this.#one({ email: { $eq: email.toLowerCase() } }); }

  byField(field: 'resetPasswordToken' | 'confirmationToken', hash: string): Promise<AuthUser | undefined> {
    return this.#one({ [field]: { $eq: hash } });
  }

  /** Which of username and email another user already holds. Each is checked against both
   *  columns, as Strapi does: a username equal to someone's email would make login ambiguous. */
  async takenBy(values: { username?: string; email?: string }, exceptId?: number): Promise<'username' | 'email' | undefined> {
    for (const field of ['username', 'email'] as const) {
      const value = values[field];
      if (value === undefined) continue;
      const either = [{ username: { $eq: value } }, { email: { $eq: value.toLowerCase() } }];
      const filters = exceptId === undefined ? { $or: either } : { $or: either, id: { $ne: exceptId } };
      if (await this.#docs().count({ filters, source: 'internal' }) > 0) return field;
    }
    return undefined;
  }

  /** The user as clients see it (private fields stripped); populate as the request asked. */
  async public(id: number, params: Record<string, unknown> = {}): Promise<Doc | undefined> {
    return await this.#docs().findFirst({ ...params, filters: { id: { $eq: id } }, source: 'content-api' }) ?? undefined;
  }

  async update(user: { documentId: string }, data: Record<string, unknown>): Promise<void> {
    await this.#docs().update({ documentId: user.documentId, data, source: 'internal' });
  }

  /** Writes data only while the user still holds that code, in one locked step: of two requests
   *  with one code (two instances, or one with a slow password hash between), one wins. */
  async consume(user: { documentId: string }, field: 'resetPasswordToken' | 'confirmationToken', hash: string, data: Record<string, unknown>): Promise<boolean> {
    const updated = await this.#docs().update({ documentId: user.documentId, filters: { [field]: { $eq: hash } }, data, source: 'internal' });
    return updated !== null;
  }

  async checkPassword(user: AuthUser | undefined, password: string): Promise<boolean> {
    const hash = user?.password;
    const ok = await bcrypt.compare(password, hash ?? DUMMY_HASH);
    return ok && typeof hash === 'string';
  }
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

function toAuthUser(doc: Doc): AuthUser {
  const role = doc.role as { id?: number } | null | undefined;
  return {
    id: doc.id,
    documentId: doc.documentId,
    username: String(doc.username ?? ''),
    email: String(doc.email ?? ''),
    password: typeof doc.password === 'string' ? doc.password : null,
    confirmed: doc.confirmed === true,
    blocked: doc.blocked === true,
    tokenVersion: Number(doc.tokenVersion ?? 0),
    roleId: role?.id,
    resetPasswordToken: (doc.resetPasswordToken as string | null) ?? null,
    resetPasswordExpiresAt: (doc.resetPasswordExpiresAt as string | null) ?? null,
    confirmationToken: (doc.confirmationToken as string | null) ?? null,
    confirmationExpiresAt: (doc.confirmationExpiresAt as string | null) ?? null,
  };
}
