// Admin roles and their permissions (admin::roles.*): Strapi's /admin/roles and /admin/permissions.
// A role's permissions are written whole and checked against what exists: content-manager actions
// on editable content types (publish only where there are drafts), the fields of that type, the
// locales a string list, known conditions; settings actions without a subject. The Super Admin
// role can do everything and is not edited.

import {
  ApplicationError, checkBody, fieldError, NotFoundError, numericId, ValidationError,
  type Body, type Doc, type FieldError, type OperationDefinition,
} from '../../core/index.js';
import { CONDITION_LIST, EXPLORER, SETTINGS_ACTIONS, SUPER_ADMIN_CODE } from './actions.js';
import type { AdminContext } from './context.js';
import { isEditable } from './models.js';
import { recordOperation } from './operation.js';
import { permissionRow, type RoleInput } from './roles.js';

export const ROLES = {
  find: 'admin::roles.read',
  findOne: 'admin::roles.read-one',
  create: 'admin::roles.create',
  update: 'admin::roles.update',
  delete: 'admin::roles.delete',
  batchDelete: 'admin::roles.batch-delete',
  permissions: 'admin::roles.permissions',
  setPermissions: 'admin::roles.set-permissions',
  catalogue: 'admin::permissions.read',
} as const;

const CONDITIONS = new Set<string>(CONDITION_LIST.map((c) => c.id));

export function roleOperations(admin: AdminContext): OperationDefinition[] {
  const { api, roles } = admin;
  const op = recordOperation;

  const enabled = (plugin: string) => {
    const entry: unknown = api.config.plugins[plugin];
    return entry === true || (typeof entry === 'object' && entry !== null && (entry as { enabled?: unknown }).enabled !== false);
  };
  const byId = async (raw: string | undefined): Promise<Doc> => {
    const id = numericId(raw);
    const role = id === undefined ? null : await roles.docs.findFirst({ filters: { id: { $eq: id } }, fields: ['name', 'code', 'description', 'createdAt', 'updatedAt'] });
    if (!role) throw new NotFoundError('Role not found');
    return role;
  };
  const shape = async (role: Doc) => ({
    id: role.id, documentId: role.documentId, name: role.name, code: role.code, description: role.description ?? null,
    createdAt: role.createdAt, updatedAt: role.updatedAt,
    usersCount: await admin.users.docs.count({ filters: { roles: { id: { $eq: role.id } } } }),
  });
  const nameOf = (body: Body, required: boolean): string | undefined => {
    if (body.name === undefined && !required) return undefined;
    if (typeof body.name !== 'string' || !body.name.trim()) throw fieldError('name', 'name is a required field');
    return body.name.trim();
  };
  const uniqueName = async (name: string, except?: number) => {
    const other = await roles.docs.findFirst({ filters: { name: { $eqi: name } }, fields: ['id'] });
    if (other && other.id !== except) throw fieldError('name', 'The name must be unique and a role with name `' + name + '` already exists.');
  };
  const notSuperAdmin = (role: Doc, what: string) => {
    if (role.code === SUPER_ADMIN_CODE) throw new ApplicationError(`The Super Admin role cannot be ${what}`);
  };

  /** Permissions as sent, checked against what exists; every mistake named by its index. */
  const checkPermissions = (raw: unknown): RoleInput[] => {
    if (!Array.isArray(raw)) throw fieldError('permissions', 'permissions must be a list of { action, subject, properties, conditions }');
    const errors: FieldError[] = [];
    const settings = new Set(SETTINGS_ACTIONS.map((s) => s.action));
    const explorer = new Set<string>(Object.values(EXPLORER));
    const out: RoleInput[] = [];
    raw.forEach((item: unknown, i) => {
      const at = (...path: string[]) => ['permissions', String(i), ...path];
      const fail = (path: string[], message: string) => errors.push({ path, message, name: 'ValidationError' });
      if (typeof item !== 'object' || item === null || Array.isArray(item)) { fail(at(), 'a permission is an object'); return; }
      const p = item as Record<string, unknown>;
      for (const key of Object.keys(p)) if (!['action', 'subject', 'properties', 'conditions', 'actionParameters', 'id'].includes(key)) fail(at(key), `unknown key ${key}`);
      const action = typeof p.action === 'string' ? p.action : '';
      const subject = p.subject === undefined || p.subject === null ? null : String(p.subject);
      const properties = (p.properties ?? {}) as Record<string, unknown>;
      const conditions = p.conditions ?? [];
      if (!Array.isArray(conditions) || !conditions.every((c) => typeof c === 'string' && CONDITIONS.has(c))) fail(at('conditions'), `conditions must be a list of ${[...CONDITIONS].join(', ')}`);
      if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) { fail(at('properties'), 'properties must be an object'); return; }
      if (explorer.has(action)) {
        const ct = subject && api.registry.has(subject) ? api.registry.contentType(subject) : undefined;
        if (!ct || !isEditable(ct, api)) { fail(at('subject'), `${String(subject)} is not a content type an administrator edits`); return; }
        if (action === EXPLORER.publish && !api.documents(ct.uid).hasAction('publish')) fail(at('action'), `${ct.uid} has no drafts to publish`);
        for (const key of Object.keys(properties)) if (key !== 'fields' && key !== 'locales') fail(at('properties', key), `unknown property ${key}`);
        const { fields, locales } = properties as { fields?: unknown; locales?: unknown };
        if (fields !== undefined) {
          // Top-level names only: a component is granted whole (narrowing inside one is not enforced)
          if (!Array.isArray(fields) || !fields.every((f) => typeof f === 'string' && Object.hasOwn(ct.attributes, f))) {
            fail(at('properties', 'fields'), `fields must be attributes of ${ct.uid} (a component is granted whole, by its name)`);
          }
        }
        if (locales !== undefined && (!Array.isArray(locales) || !locales.every((l) => typeof l === 'string' && l))) fail(at('properties', 'locales'), 'locales must be a list of locale codes');
        out.push({ action, subject: ct.uid, properties: properties as RoleInput['properties'], conditions: conditions as string[] });
      } else if (settings.has(action)) {
        if (subject !== null) fail(at('subject'), `${action} takes no subject`);
        // Nothing would enforce a condition on a settings action: refused rather than ignored
        if (Array.isArray(conditions) && conditions.length) fail(at('conditions'), `${action} takes no conditions`);
        out.push({ action, subject: null, properties: {}, conditions: conditions as string[] });
      } else {
        fail(at('action'), `unknown action ${action || '(none)'}`);
      }
    });
    if (errors.length) throw ValidationError.fromFields(errors);
    return out;
  };

  return [
    op(ROLES.find, 'read', 'Every admin role, with its number of administrators', async () => {
      // One grouped count of each role's administrators, however many there are
      const all = await roles.docs.findMany({ fields: ['name', 'code', 'description', 'createdAt', 'updatedAt'], sort: ['id:asc'], populate: { users: { count: true } } });
      return all.map((r) => ({
        id: r.id, documentId: r.documentId, name: r.name, code: r.code, description: r.description ?? null, createdAt: r.createdAt, updatedAt: r.updatedAt,
        usersCount: (r.users as { count?: number } | null)?.count ?? 0,
      }));
    }),

    op(ROLES.findOne, 'read', 'One admin role', async ({ id }) => shape(await byId(id))),

    op(ROLES.create, 'write', 'Creates an admin role (no permissions yet)', async ({ body: raw }) => {
      const body = checkBody(raw, ['name', 'description']);
      const name = nameOf(body, true)!;
      await uniqueName(name);
      const code = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'role'}-${Date.now().toString(36)}`;
      const role = await roles.docs.create({ data: { name, code, description: typeof body.description === 'string' ? body.description : null } });
      return shape(role);
    }),

    op(ROLES.update, 'write', 'Renames an admin role or changes its description', async ({ id, body: raw }) => {
      const role = await byId(id);
      const body = checkBody(raw, ['name', 'description']);
      const name = nameOf(body, false);
      if (name) await uniqueName(name, role.id);
      if (name && role.code === SUPER_ADMIN_CODE && name !== role.name) notSuperAdmin(role, 'renamed');
      const data: Record<string, unknown> = {};
      if (name) data.name = name;
      if (body.description !== undefined) data.description = typeof body.description === 'string' ? body.description : null;
      await roles.docs.update({ documentId: role.documentId, data });
      return shape(await byId(id));
    }),

    op(ROLES.delete, 'write', 'Deletes an admin role that no administrator has', async ({ id }) => {
      const role = await byId(id);
      notSuperAdmin(role, 'deleted');
      const shaped = await shape(role);
      if (shaped.usersCount > 0) throw new ApplicationError('Some administrators still have this role');
      await api.transaction(async () => {
        await roles.setPermissions(role, []);
        await roles.docs.delete({ documentId: role.documentId });
      });
      return shaped;
    }),

    op(ROLES.permissions, 'read', 'An admin role\'s permissions', async ({ id }) => {
      const role = await byId(id);
      const rows = await api.documents('admin::permission').findMany({
        filters: { role: { id: { $eq: role.id } } }, fields: ['action', 'subject', 'properties', 'conditions', 'actionParameters'], sort: ['id:asc'],
      });
      return rows.map((r) => ({ id: r.id, documentId: r.documentId, ...permissionRow(r), actionParameters: r.actionParameters ?? {} }));
    }),

    op(ROLES.setPermissions, 'write', 'Replaces an admin role\'s permissions', async ({ id, body: raw }) => {
      const role = await byId(id);
      notSuperAdmin(role, 'edited');
      const body = checkBody(raw, ['permissions']);
      const permissions = checkPermissions(body.permissions);
      await roles.setPermissions(role, permissions);
      return permissions;
    }),

    op(ROLES.catalogue, 'read', 'Every admin permission action, by section, and the conditions', async () => ({
      conditions: CONDITION_LIST,
      sections: {
        contentTypes: Object.entries(EXPLORER).map(([verb, action]) => ({
          action, displayName: verb[0]!.toUpperCase() + verb.slice(1), actionId: action,
          subjects: api.registry.contentTypes().filter((ct) => isEditable(ct, api)).filter((ct) => verb !== 'publish' || api.documents(ct.uid).hasAction('publish')).map((ct) => ct.uid),
          options: { applyToProperties: verb === 'delete' || verb === 'publish' ? ['locales'] : ['fields', 'locales'] },
        })),
        settings: SETTINGS_ACTIONS.filter((s) => !s.plugin || enabled(s.plugin)),
      },
    })),
  ];
}
