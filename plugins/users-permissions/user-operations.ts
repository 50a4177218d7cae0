// The users of the content API as operations, in Strapi's shapes (bare objects and arrays).
// Stricter than Strapi: update accepts only the user's own attributes, and a password, block or
// role change revokes the user's earlier JWTs.

import {
  ApplicationError, LIST_PARAMS, NotFoundError, ONE_PARAMS, UnauthorizedError, ValidationError,
  type DocumentApi, type DocumentParams, type OperationCall, type OperationDefinition, type OperationInput,
} from '../../core/index.js';
import { checkBoolean, checkBody, checkEmail, checkPassword, checkUsername, numericId, type Body } from './body.js';
import type { UpContext } from './context.js';
import { PLUGIN_NAME, ROLE_UID, USER_UID } from './models.js';
import { UP } from './permissions.js';
import { callerOf } from './strategy.js';
import { hashPassword } from './users.js';

const WRITABLE = ['username', 'email', 'password', 'confirmed', 'blocked', 'role', 'provider'];

export const USER = {
  find: `${UP}.user.find`, count: `${UP}.user.count`, me: `${UP}.user.me`, findOne: `${UP}.user.findOne`,
  create: `${UP}.user.create`, update: `${UP}.user.update`, destroy: `${UP}.user.destroy`,
} as const;

export function userOperations(up: UpContext): OperationDefinition[] {
  const docs = () => up.api.documents(USER_UID);
  const params = (input: OperationInput, call: OperationCall): DocumentParams => ({ ...input.params, source: 'content-api', auth: call.auth });
  const one = async (input: OperationInput, call: OperationCall, id: number) => {
    const user = await up.users.public(id, params(input, call));
    if (!user) throw new NotFoundError('Not Found');
    return user;
  };
  const op = (name: string, kind: 'read' | 'write', accepts: readonly string[], description: string, run: OperationDefinition['run']): OperationDefinition => ({
    name, owner: PLUGIN_NAME, kind, params: accepts, description, run,
  });

  return [
    // A page: REST answers its results (Strapi's bare array), a typed surface its pagination too
    op(USER.find, 'read', LIST_PARAMS, 'Users', (input, call) => page(docs(), params(input, call))),
    op(USER.count, 'read', ['filters', '_q'], 'How many users match', (input, call) => docs().count(params(input, call))),
    op(USER.me, 'read', ONE_PARAMS, 'The calling user', async (input, call) => {
      const caller = callerOf(call.auth);
      if (!caller) throw new UnauthorizedError('Missing or invalid credentials');
      return one(input, call, caller.id);
    }),
    op(USER.findOne, 'read', ONE_PARAMS, 'One user, by id (REST) or documentId (a typed surface: null when there is none)', async (input, call) => {
      if (input.documentId === undefined) return one(input, call, idOf(input));
      return docs().findOne({ ...params(input, call), documentId: input.documentId });
    }),
    op(USER.create, 'write', ONE_PARAMS, 'Creates a user', async (input, call) => {
      const data = await userData(up, checkBody(input.body, WRITABLE), true);
      if (await up.users.takenBy({ username: String(data.username), email: String(data.email) })) throw new ApplicationError('Email or Username are already taken');
      data.role ??= (await up.permissions.roleByType(up.settings.defaultRole) ?? await up.permissions.roleByType('authenticated'))?.documentId ?? null;
      data.provider ??= 'local';
      const doc = await docs().create({ data, source: 'internal' });
      return one(input, call, doc.id);
    }),
    op(USER.update, 'write', ONE_PARAMS, 'Updates a user', async (input, call) => {
      const user = await up.users.byId(idOf(input));
      if (!user) throw new NotFoundError('Not Found');
      const data = await userData(up, checkBody(input.body, WRITABLE), false);
      const clash = await up.users.takenBy({ username: data.username as string | undefined, email: data.email as string | undefined }, user.id);
      if (clash) throw new ApplicationError(`${clash === 'email' ? 'Email' : 'Username'} already taken`);
      const revoke = data.password !== undefined || data.blocked === true
        || (data.role !== undefined && (await up.permissions.roleById(user.roleId ?? 0))?.documentId !== data.role);
      await up.users.update(user, revoke ? { ...data, tokenVersion: user.tokenVersion + 1 } : data);
      return one(input, call, user.id);
    }),
    op(USER.destroy, 'write', ONE_PARAMS, 'Deletes a user', async (input, call) => {
      const user = await one(input, call, idOf(input));
      await docs().delete({ documentId: user.documentId, source: 'internal' });
      return user;
    }),
  ];
}

/** A page of documents; counted only when asked (a typed surface's connection), so REST's
 *  bare list costs one statement. */
export async function page(documents: DocumentApi, params: DocumentParams): Promise<{ results: unknown[]; pagination: unknown }> {
  const pagination = params.pagination as { withCount?: unknown } | undefined;
  if (pagination?.withCount === true) return documents.findPage(params);
  return { results: await documents.findMany(params), pagination: {} };
}

function idOf(input: OperationInput): number {
  const id = numericId(input.id);
  if (id === undefined) throw new NotFoundError('Not Found');
  return id;
}

async function userData(up: UpContext, body: Body, creating: boolean): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  if (creating || body.username !== undefined) data.username = checkUsername(body.username);
  if (creating || body.email !== undefined) data.email = checkEmail(body.email);
  if (creating || body.password !== undefined) data.password = await hashPassword(checkPassword(body.password));
  if (body.confirmed !== undefined) data.confirmed = checkBoolean(body.confirmed, 'confirmed');
  if (body.blocked !== undefined) data.blocked = checkBoolean(body.blocked, 'blocked');
  if (body.provider !== undefined) {
    if (typeof body.provider !== 'string' || !body.provider) throw new ValidationError('provider must be a string');
    data.provider = body.provider;
  }
  if (body.role !== undefined) {
    const id = typeof body.role === 'object' && body.role !== null ? (body.role as { id?: unknown }).id : body.role;
    // Its id (REST sends a number, GraphQL an ID string) or its documentId
    const numeric = typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : id;
    const role = Number.isSafeInteger(numeric) ? await up.permissions.roleById(numeric as number)
      : typeof id === 'string' && id !== '' ? await up.api.documents(ROLE_UID).findOne({ documentId: id, fields: ['documentId'], source: 'internal' }) : undefined;
    if (!role) throw ValidationError.fromFields([{ path: ['role'], message: 'role must be the id or documentId of an existing role', name: 'ValidationError' }]);
    data.role = role.documentId;
  }
  return data;
}
