// Administrators managed by administrators (admin::users.*), and one's own account (me): Strapi's
// /admin/users routes. An invitation answers a registration token (the panel turns it into a
// link); a block, a deactivation, a password change or a role change ends sessions or takes
// effect on the next request. The last active super admin cannot be removed, blocked or demoted.

import {
  ApplicationError, checkBody, checkBoolean, checkEmail, fieldError, ForbiddenError, NotFoundError, numericId,
  type Body, type Doc, type OperationCall, type OperationDefinition,
} from '../../core/index.js';
import { EXPLORER, SETTINGS_ACTIONS, SUPER_ADMIN_CODE } from './actions.js';
import { newCode } from './codes.js';
import type { AdminContext } from './context.js';
import { isEditable, ROLE_UID } from './models.js';
import { recordOperation, type Kind } from './operation.js';
import { checkPassword, passwordMatches } from './passwords.js';
import { adminOf } from './strategy.js';
import { isSuperAdmin, publicUser, type AdminUser } from './users.js';

export const USERS = {
  me: 'admin::users.me.read',
  updateMe: 'admin::users.me.update',
  myPermissions: 'admin::users.me.permissions',
  find: 'admin::users.read',
  findOne: 'admin::users.read-one',
  create: 'admin::users.create',
  update: 'admin::users.update',
  delete: 'admin::users.delete',
  batchDelete: 'admin::users.batch-delete',
} as const;

const MAX_PAGE_SIZE = 100;
/** What a list may be sorted by: never a secret's column. */
const SORTABLE = /^(firstname|lastname|email|username|createdAt|updatedAt|id)(:(asc|desc|ASC|DESC))?$/;
const str = (body: Body, key: string): string | null | undefined => {
  const v = body[key];
  if (v === undefined || v === null) return v;
  if (typeof v !== 'string') throw fieldError(key, `${key} must be a string`);
  return v;
};

export function userOperations(admin: AdminContext): OperationDefinition[] {
  const { users, sessions, api } = admin;
  const op = (name: string, kind: Kind, description: string, run: Parameters<typeof recordOperation>[3], extraActions?: string[]) =>
    recordOperation(name, kind, description, run, extraActions ? { extraActions } : {});

  const byId = async (raw: string | undefined) => {
    const id = numericId(raw);
    const user = id === undefined ? undefined : await users.byId(id);
    if (!user) throw new NotFoundError('User not found');
    return user;
  };

  /** Role documentIds for a list of role ids (numbers), every one existing. */
  const roleRefs = async (raw: unknown, path: string): Promise<Doc[]> => {
    if (!Array.isArray(raw) || raw.length === 0 || !raw.every((r) => Number.isSafeInteger(r) && (r as number) > 0)) {
      throw fieldError(path, `${path} must be a non-empty list of role ids`);
    }
    const roles = await api.documents(ROLE_UID).findMany({ filters: { id: { $in: raw as number[] } }, fields: ['code'] });
    if (roles.length !== new Set(raw).size) throw fieldError(path, `${path} names a role that does not exist`);
    return roles;
  };

  /** Refuses a change that would leave no active, unblocked super admin. Called under the
   *  'admin.super-admins' lock with the write, so two changes racing cannot both pass it. */
  const keepsASuperAdmin = async (changed: AdminUser, next: { active: boolean; superAdmin: boolean }) => {
    if (!isSuperAdmin(changed) || (next.active && next.superAdmin)) return;
    const role = await admin.roles.byCode(SUPER_ADMIN_CODE);
    const others = await users.docs.count({ filters: { roles: { id: { $eq: role?.id ?? 0 } }, isActive: { $eq: true }, blocked: { $eq: false }, id: { $ne: changed.id } } });
    if (others === 0) throw new ApplicationError('You must have at least one active super admin');
  };

  /** Only a super admin gives or takes the Super Admin role, changes a super admin's account or
   *  sets another administrator's password: otherwise admin::users.update (or .create) would be a
   *  way to every permission. */
  const superAdminOnly = (call: OperationCall, what: string) => {
    if (!adminOf(call.auth)?.superAdmin) throw new ForbiddenError(`Only a super admin can ${what}`);
  };

  const profile = async (user: AdminUser, raw: Body, call: OperationCall, own: boolean) => {
    const allowed = own
      ? ['firstname', 'lastname', 'username', 'email', 'preferedLanguage', 'currentPassword', 'password']
      : ['firstname', 'lastname', 'username', 'email', 'preferedLanguage', 'isActive', 'blocked', 'roles', 'password'];
    const body = checkBody(raw, allowed);
    if (!own && isSuperAdmin(user)) superAdminOnly(call, 'change a super admin\'s account');
    if (!own && body.password !== undefined) superAdminOnly(call, 'set another administrator\'s password');
    const data: Record<string, unknown> = {};
    for (const key of ['firstname', 'lastname', 'username', 'preferedLanguage']) {
      const v = str(body, key);
      if (v !== undefined) data[key] = v;
    }
    if (body.firstname !== undefined && !data.firstname) throw fieldError('firstname', 'firstname cannot be empty');
    let codesEnd = false;
    if (body.email !== undefined) {
      data.email = checkEmail(body.email);
      const other = await users.byEmail(String(data.email));
      if (other && other.id !== user.id) throw fieldError('email', 'Email already taken');
      codesEnd = data.email !== user.email;
    }
    let endSessions = false;
    if (body.password !== undefined) {
      data.password = checkPassword(body.password);
      if (own) {
        // The access token alone must not let a thief guess the password: the sign-in budgets apply
        await admin.rateLimit(call, USERS.updateMe, user.email);
        if (!(await passwordMatches(typeof body.currentPassword === 'string' ? body.currentPassword : '', (await users.byId(user.id))?.password))) {
          throw fieldError('currentPassword', 'Current password is invalid');
        }
      }
      endSessions = true;
      codesEnd = true;
    }
    // A reset link mailed before a new password or address is no longer the owner's to use
    if (codesEnd) Object.assign(data, { resetPasswordToken: null, resetPasswordExpiresAt: null });
    let roles: Doc[] | undefined;
    if (body.roles !== undefined) {
      roles = await roleRefs(body.roles, 'roles');
      if (roles.some((r) => r.code === SUPER_ADMIN_CODE) !== isSuperAdmin(user)) superAdminOnly(call, 'give or take the Super Admin role');
    }
    const active = body.isActive === undefined ? user.isActive : checkBoolean(body.isActive, 'isActive');
    const blocked = body.blocked === undefined ? user.blocked : checkBoolean(body.blocked, 'blocked');
    if (body.isActive !== undefined) data.isActive = active;
    if (body.blocked !== undefined) data.blocked = blocked;
    if (roles) data.roles = roles.map((r) => r.documentId);
    await api.exclusive('admin.super-admins', async () => {
      await keepsASuperAdmin(user, { active: active && !blocked, superAdmin: roles ? roles.some((r) => r.code === SUPER_ADMIN_CODE) : isSuperAdmin(user) });
      await api.transaction(async () => {
        await users.docs.update({ documentId: user.documentId, data });
        // A blocked or deactivated account is out at once; a new password ends the other sessions
        if (!active || blocked) await sessions.endAllOf(user.id);
        else if (endSessions) await sessions.endAllOf(user.id, adminOf(call.auth)?.id === user.id ? adminOf(call.auth)?.sessionId : undefined);
      });
    });
    return publicUser((await users.byId(user.id))!);
  };

  /** Deletes administrators, all or none; the lock is outside the transaction (SQLite has one
   *  writer, and the lock is written on its own connection). */
  const remove = async (list: AdminUser[], call: OperationCall) => {
    for (const user of list) {
      if (adminOf(call.auth)?.id === user.id) throw new ApplicationError('You cannot delete yourself');
      if (isSuperAdmin(user)) superAdminOnly(call, 'delete a super admin');
    }
    await api.exclusive('admin.super-admins', () => api.transaction(async () => {
      for (const user of list) {
        await keepsASuperAdmin(user, { active: false, superAdmin: false });
        await sessions.endAllOf(user.id);
        await users.docs.delete({ documentId: user.documentId });
      }
    }));
    return list.map(publicUser);
  };

  return [
    op(USERS.me, 'read', 'The calling administrator', async (_input, call) => publicUser(await byId(String(adminOf(call.auth)!.id)))),

    op(USERS.updateMe, 'write', 'Changes the caller\'s profile or password (the current one is asked for)', async ({ body }, call) => profile(await byId(String(adminOf(call.auth)!.id)), body, call, true)),

    op(USERS.myPermissions, 'read', 'What the caller may do, as permission rows', async (_input, call) => {
      const me = adminOf(call.auth)!;
      if (me.superAdmin) {
        const types = api.registry.contentTypes().filter((ct) => isEditable(ct, api));
        const content = types.flatMap((ct) => Object.values(EXPLORER)
          .filter((action) => action !== EXPLORER.publish || api.documents(ct.uid).hasAction('publish'))
          .map((action) => ({ action, subject: ct.uid, properties: {}, conditions: [] })));
        return [...content, ...SETTINGS_ACTIONS.map((s) => ({ action: s.action, subject: null, properties: {}, conditions: [] }))];
      }
      return admin.roles.permissionsOf(me.roleIds);
    }),

    op(USERS.find, 'read', 'A page of administrators', async ({ query }) => {
      const page = Math.max(1, Number(query.page ?? 1) || 1);
      const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(query.pageSize ?? 10) || 10));
      const q = typeof query._q === 'string' && query._q.trim() ? query._q.trim() : undefined;
      const sort = typeof query.sort === 'string' ? query.sort : 'id:asc';
      if (!SORTABLE.test(sort)) throw fieldError('sort', 'sort must be one of firstname, lastname, email, username, createdAt, updatedAt, id, with :asc or :desc');
      const filters = q ? { $or: ['firstname', 'lastname', 'email', 'username'].map((f) => ({ [f]: { $containsi: q } })) } : undefined;
      const found = await users.page({ ...(filters ? { filters } : {}), sort, pagination: { page, pageSize } });
      return { results: found.results.map(publicUser), pagination: found.pagination };
    }),

    op(USERS.findOne, 'read', 'One administrator', async ({ id }) => publicUser(await byId(id)), [USERS.find]),

    op(USERS.create, 'write', 'Invites an administrator: answers the registration token of the link to send them', async ({ body: raw }, call) => {
      const body = checkBody(raw, ['email', 'firstname', 'lastname', 'roles']);
      const email = checkEmail(body.email);
      if (await users.byEmail(email)) throw fieldError('email', 'Email already taken');
      const firstname = str(body, 'firstname');
      if (!firstname) throw fieldError('firstname', 'firstname is a required field');
      const roles = await roleRefs(body.roles, 'roles');
      // The answer carries the registration token: inviting a super admin is becoming one
      if (roles.some((r) => r.code === SUPER_ADMIN_CODE)) superAdminOnly(call, 'invite a super admin');
      const { code, hash } = newCode();
      const doc = await users.docs.create({
        data: {
          email, firstname, lastname: str(body, 'lastname') ?? null, isActive: false, roles: roles.map((r) => r.documentId),
          registrationToken: hash, registrationExpiresAt: new Date(Date.now() + admin.settings.registrationTokenLifespan * 1000).toISOString(),
        },
      });
      const user = publicUser((await users.byId(doc.id))!);
      return { ...user, registrationToken: code, registrationLink: `${admin.settings.url}/auth/register?registrationToken=${code}` };
    }),

    op(USERS.update, 'write', 'Changes an administrator', async ({ id, body }, call) => profile(await byId(id), body, call, false)),

    op(USERS.delete, 'write', 'Deletes an administrator', async ({ id }, call) => (await remove([await byId(id)], call))[0]),

    op(USERS.batchDelete, 'write', 'Deletes several administrators, all or none', async ({ body: raw }, call) => {
      const body = checkBody(raw, ['ids']);
      if (!Array.isArray(body.ids) || body.ids.length === 0 || body.ids.length > MAX_PAGE_SIZE) throw fieldError('ids', `ids must be a list of 1 to ${MAX_PAGE_SIZE} ids`);
      const list: AdminUser[] = [];
      for (const id of new Set(body.ids as unknown[])) list.push(await byId(String(id)));
      return remove(list, call);
    }, [USERS.delete]),
  ];
}
