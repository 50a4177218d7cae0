// Roles and their permissions as operations, in Strapi's shapes: permissions are nested as
// { 'api::article': { controllers: { article: { find: { enabled, policy } } } } }.

import {
  ApplicationError, LIST_PARAMS, NotFoundError, ONE_PARAMS, ValidationError, type DocumentParams, type OperationCall, type OperationDefinition,
  type OperationInput,
} from '../../core/index.js';
import { checkBody, numericId, type Body } from './body.js';
import type { UpContext } from './context.js';
import { PLUGIN_NAME, ROLE_UID, USER_UID } from './models.js';
import { UP, type RoleRow } from './permissions.js';
import { page } from './user-operations.js';

export const ROLE = {
  find: `${UP}.role.find`, findOne: `${UP}.role.findOne`, create: `${UP}.role.createRole`,
  update: `${UP}.role.updateRole`, delete: `${UP}.role.deleteRole`, permissions: `${UP}.permissions.getPermissions`,
} as const;

type Nested = Record<string, { controllers: Record<string, Record<string, { enabled: boolean; policy: string }>> }>;

/** api::article.article.find -> ['api::article', 'article', 'find'] */
function splitAction(action: string): [string, string, string] | undefined {
  const first = action.indexOf('.');
  const last = action.lastIndexOf('.');
  if (first <= 0 || last <= first) return undefined;
  return [action.slice(0, first), action.slice(first + 1, last), action.slice(last + 1)];
}

function nest(known: Iterable<string>, enabled: ReadonlySet<string>): Nested {
  const out: Nested = {};
  for (const action of [...known].sort()) {
    const parts = splitAction(action);
    if (!parts) continue;
    const [ns, controller, name] = parts;
    ((out[ns] ??= { controllers: {} }).controllers[controller] ??= {})[name] = { enabled: enabled.has(action), policy: '' };
  }
  return out;
}

/** The enabled actions of a nested permissions body; unknown actions are a 400. */
function flatten(raw: unknown, known: ReadonlySet<string>): string[] {
  const bad = () => new ValidationError('permissions must be { <namespace>: { controllers: { <controller>: { <action>: { enabled } } } } }');
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad();
  const actions: string[] = [];
  for (const [ns, entry] of Object.entries(raw)) {
    const controllers = (entry as { controllers?: unknown })?.controllers;
    if (typeof controllers !== 'object' || controllers === null) throw bad();
    for (const [controller, names] of Object.entries(controllers)) {
      if (typeof names !== 'object' || names === null) throw bad();
      for (const [name, value] of Object.entries(names)) {
        const action = `${ns}.${controller}.${name}`;
        if (!known.has(action)) throw new ValidationError(`Unknown permission action ${action}`, { action });
        if ((value as { enabled?: unknown })?.enabled === true) actions.push(action);
      }
    }
  }
  return actions;
}

export function roleOperations(up: UpContext): OperationDefinition[] {
  const { permissions } = up;
  const roles = () => up.api.documents(ROLE_UID);
  const roleOf = async (input: OperationInput): Promise<RoleRow> => {
    const id = numericId(input.id);
    const role = id === undefined ? undefined : await permissions.roleById(id);
    if (!role) throw new NotFoundError('Role not found');
    return role;
  };
  const roleInput = (body: Body, creating: boolean) => {
    const data: Record<string, unknown> = {};
    if (creating || body.name !== undefined) {
      if (typeof body.name !== 'string' || body.name.trim().length < 3) throw ValidationError.fromFields([{ path: ['name'], message: 'name must be at least 3 characters', name: 'ValidationError' }]);
      data.name = body.name.trim();
    }
    if (body.description !== undefined) {
      if (typeof body.description !== 'string') throw new ValidationError('description must be a string');
      data.description = body.description;
    }
    return data;
  };
  const op = (name: string, kind: 'read' | 'write', description: string, run: OperationDefinition['run'], params: readonly string[] = []): OperationDefinition => ({
    name, owner: PLUGIN_NAME, kind, params, description, run,
  });
  const asCaller = (input: OperationInput, call: OperationCall): DocumentParams => ({ ...input.params, source: 'content-api', auth: call.auth });

  return [
    // REST's list (body.counted: every role with its number of users, as Strapi answers it), or a
    // typed surface's page of role documents, read with the caller's parameters
    op(ROLE.find, 'read', 'Every role, with its number of users; or a page of roles', async (input, call) => {
      if ((input.body as { counted?: unknown } | undefined)?.counted !== true) return page(roles(), asCaller(input, call));
      const list = await roles().findMany({ fields: ['name', 'description', 'type', 'createdAt', 'updatedAt'], sort: 'id', populate: { users: { count: true } }, source: 'internal' });
      return {
        roles: list.map(({ users, ...role }) => ({ ...role, nb_users: (users as { count?: number } | undefined)?.count ?? 0 })),
      };
    }, LIST_PARAMS),
    // By id, with its permissions nested (REST); by documentId, the document (a typed surface)
    op(ROLE.findOne, 'read', 'One role with its permissions', async (input, call) => {
      if (input.documentId !== undefined) return roles().findOne({ ...asCaller(input, call), documentId: input.documentId });
      const role = await roleOf(input);
      return { role: { ...role, permissions: nest(permissions.knownActions(), new Set(await permissions.actionsOf(role.id))) } };
    }, ONE_PARAMS),
    op(ROLE.create, 'write', 'Creates a role with its permissions', async (input) => {
      const body = checkBody(input.body, ['name', 'description', 'type', 'permissions']);
      const data = roleInput(body, true);
      const type = typeof body.type === 'string' && body.type ? body.type : String(data.name).toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const actions = body.permissions === undefined ? [] : flatten(body.permissions, permissions.knownActions());
      await up.api.transaction(async () => {
        if (await permissions.roleByType(type)) throw new ApplicationError(`A role of type ${type} already exists`);
        await roles().create({ data: { ...data, type }, source: 'internal' });
        const role = await permissions.roleByType(type);
        if (role) await permissions.setActions(role, actions);
      });
      return { ok: true };
    }),
    op(ROLE.update, 'write', "Changes a role's name, description or permissions", async (input) => {
      const role = await roleOf(input);
      const body = checkBody(input.body, ['name', 'description', 'type', 'permissions']);
      if (body.type !== undefined && body.type !== role.type) throw new ValidationError('A role\'s type cannot change');
      const data = roleInput(body, false);
      const actions = body.permissions === undefined ? undefined : flatten(body.permissions, permissions.knownActions());
      await up.api.transaction(async () => {
        if (Object.keys(data).length > 0) await roles().update({ documentId: role.documentId, data, source: 'internal' });
        if (actions) await permissions.setActions(role, actions);
      });
      return { ok: true };
    }),
    op(ROLE.delete, 'write', 'Deletes a role; its users fall back to the authenticated role', async (input) => {
      const role = await roleOf(input);
      if (role.type === 'public' || role.type === 'authenticated') throw new ApplicationError(`Cannot delete ${role.type} role`);
      if (role.type === up.settings.defaultRole) throw new ApplicationError('Cannot delete the default role of new accounts: choose another in the advanced settings first');
      const fallback = await permissions.roleByType('authenticated');
      await up.api.transaction(async () => {
        // Its users fall back to the authenticated role, and their earlier JWTs stop working
        const users = up.api.documents(USER_UID);
        const members = await users.findMany({ filters: { role: { id: { $eq: role.id } } }, fields: ['tokenVersion'], source: 'internal' });
        for (const member of members) {
          await users.update({ documentId: member.documentId, data: { role: fallback?.documentId ?? null, tokenVersion: Number(member.tokenVersion ?? 0) + 1 }, source: 'internal' });
        }
        await permissions.setActions({ ...role, type: '' }, []);
        await roles().delete({ documentId: role.documentId, source: 'internal' });
      });
      permissions.invalidate();
      return { ok: true };
    }),
    op(ROLE.permissions, 'read', 'Every permission action, nested', async () => ({ permissions: nest(permissions.knownActions(), new Set()) })),
  ];
}
