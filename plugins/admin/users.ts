// Administrators as stored (admin::user), read and written through the document service as an
// internal caller, and the shape the admin API answers with (Strapi's, without secrets).

import type { Doc, PageInfo, PluginApi } from '../../core/index.js';
import { SUPER_ADMIN_CODE } from './actions.js';
import { USER_UID } from './models.js';

export interface RoleRef { id: number; documentId: string; name: string; code: string; description: string | null }

export interface AdminUser {
  id: number;
  documentId: string;
  firstname: string | null;
  lastname: string | null;
  username: string | null;
  email: string;
  isActive: boolean;
  blocked: boolean;
  preferedLanguage: string | null;
  roles: RoleRef[];
  createdAt: string;
  updatedAt: string;
}

export interface StoredUser extends AdminUser {
  password: string | null;
  resetPasswordToken: string | null;
  resetPasswordExpiresAt: string | null;
  registrationToken: string | null;
  registrationExpiresAt: string | null;
}

const PUBLIC_FIELDS = ['firstname', 'lastname', 'username', 'email', 'isActive', 'blocked', 'preferedLanguage', 'createdAt', 'updatedAt'];
const SECRET_FIELDS = ['password', 'resetPasswordToken', 'resetPasswordExpiresAt', 'registrationToken', 'registrationExpiresAt'];
const ROLES = { roles: { fields: ['name', 'code', 'description'], sort: ['id:asc'] } };

export const isSuperAdmin = (user: Pick<AdminUser, 'roles'>): boolean => user.roles.some((r) => r.code === SUPER_ADMIN_CODE);

export class AdminUsers {
  constructor(private readonly api: PluginApi) {}

  get docs() { return this.api.documents(USER_UID); }

  count(): Promise<number> {
    return this.docs.count();
  }

  async byId(id: number): Promise<StoredUser | undefined> {
    return this.#one({ id: { $eq: id } });
  }

  /** By email, compared lower-cased (stored so). */
  async byEmail(email: string): Promise<StoredUser | undefined> {
    return this.#one({ email: { $eq: email.toLowerCase() } });
  }

  async byToken(field: 'registrationToken' | 'resetPasswordToken', hash: string): Promise<StoredUser | undefined> {
    return this.#one({ [field]: { $eq: hash } });
  }

  async #one(filters: Record<string, unknown>): Promise<StoredUser | undefined> {
    const doc = await this.docs.findFirst({ filters, fields: [...PUBLIC_FIELDS, ...SECRET_FIELDS], populate: ROLES });
    return doc ? stored(doc) : undefined;
  }

  /** A page of administrators (without their secrets). */
  async page(params: { filters?: Record<string, unknown>; sort: string; pagination: { page: number; pageSize: number } }): Promise<{ results: AdminUser[]; pagination: PageInfo }> {
    const { results, pagination } = await this.docs.findPage({ ...params, fields: PUBLIC_FIELDS, populate: ROLES });
    return { results: results.map((doc) => publicUser(stored(doc))), pagination };
  }

  /** The ids of the administrators who have any of these roles. */
  async withRoles(roleIds: readonly number[]): Promise<number[]> {
    if (roleIds.length === 0) return [];
    const docs = await this.docs.findMany({ filters: { roles: { id: { $in: [...roleIds] } } }, fields: ['id'] });
    return docs.map((d) => d.id);
  }
}

/** What the admin API shows of an administrator. */
export function publicUser(user: AdminUser): AdminUser {
  const { id, documentId, firstname, lastname, username, email, isActive, blocked, preferedLanguage, roles, createdAt, updatedAt } = user;
  return { id, documentId, firstname, lastname, username, email, isActive, blocked, preferedLanguage, roles, createdAt, updatedAt };
}

export function stored(doc: Doc): StoredUser {
  const s = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: doc.id, documentId: doc.documentId,
    firstname: s(doc.firstname), lastname: s(doc.lastname), username: s(doc.username), email: String(doc.email),
    isActive: doc.isActive === true, blocked: doc.blocked === true, preferedLanguage: s(doc.preferedLanguage),
    roles: ((doc.roles as Doc[] | undefined) ?? []).map((r) => ({ id: r.id, documentId: r.documentId, name: String(r.name), code: String(r.code), description: s(r.description) })),
    createdAt: String(doc.createdAt), updatedAt: String(doc.updatedAt),
    password: s(doc.password), resetPasswordToken: s(doc.resetPasswordToken), resetPasswordExpiresAt: s(doc.resetPasswordExpiresAt),
    registrationToken: s(doc.registrationToken), registrationExpiresAt: s(doc.registrationExpiresAt),
  };
}
