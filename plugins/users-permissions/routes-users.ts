// /api/users: Strapi's user routes, answering bare objects and arrays. Stricter than Strapi:
// PUT accepts only the user's own attributes, and a password, block or role change revokes the
// user's earlier JWTs.

import {
  ApplicationError, LIST_PARAMS, NotFoundError, ONE_PARAMS, pickParams, UnauthorizedError, ValidationError,
  type DocumentParams, type RequestContext, type RouteDefinition,
} from '../../core/index.js';
import { bodyOf, checkBoolean, checkEmail, checkPassword, checkUsername, numericParam, type Body } from './body.js';
import type { UpContext } from './context.js';
import { USER_UID } from './models.js';
import { UP } from './permissions.js';
import { callerOf } from './strategy.js';
import { hashPassword } from './users.js';

const WRITABLE = ['username', 'email', 'password', 'confirmed', 'blocked', 'role', 'provider'];

export function userRoutes(up: UpContext): RouteDefinition[] {
  const docs = () => up.kernel.documents(USER_UID);
  const params = (ctx: RequestContext): DocumentParams => ({
    ...pickParams(ctx.state.query ?? {}, ctx.state.route?.query ?? [], up.kernel.config.api.rest.strictParams),
    source: 'content-api', auth: ctx.state.auth,
  });
  const one = async (ctx: RequestContext, id: number) => {
    const user = await up.users.public(id, params(ctx));
    if (!user) throw new NotFoundError('Not Found');
    return user;
  };

  return [
    up.route('GET', '/users', `${UP}.user.find`, async (ctx) => {
      ctx.body = await docs().findMany(params(ctx));
    }, LIST_PARAMS),
    up.route('GET', '/users/count', `${UP}.user.count`, async (ctx) => {
      ctx.body = await docs().count(params(ctx));
    }, ['filters', '_q']),
    up.route('GET', '/users/me', `${UP}.user.me`, async (ctx) => {
      const caller = callerOf(ctx);
      if (!caller) throw new UnauthorizedError('Missing or invalid credentials');
      ctx.body = await one(ctx, caller.id);
    }, ONE_PARAMS),
    up.route('GET', '/users/:id', `${UP}.user.findOne`, async (ctx) => {
      ctx.body = await one(ctx, idParam(ctx));
    }, ONE_PARAMS),
    up.route('POST', '/users', `${UP}.user.create`, async (ctx) => {
      const body = bodyOf(ctx, WRITABLE);
      const data = await userData(up, body, true);
      if (await up.users.takenBy({ username: String(data.username), email: String(data.email) })) throw new ApplicationError('Email or Username are already taken');
      data.role ??= (await up.permissions.roleByType('authenticated'))?.documentId ?? null;
      data.provider ??= 'local';
      const doc = await docs().create({ data, source: 'internal' });
      ctx.status = 201;
      ctx.body = await one(ctx, doc.id);
    }, ONE_PARAMS),
    up.route('PUT', '/users/:id', `${UP}.user.update`, async (ctx) => {
      const user = await up.users.byId(idParam(ctx));
      if (!user) throw new NotFoundError('Not Found');
      const data = await userData(up, bodyOf(ctx, WRITABLE), false);
      const clash = await up.users.takenBy({ username: data.username as string | undefined, email: data.email as string | undefined }, user.id);
      if (clash) throw new ApplicationError(`${clash === 'email' ? 'Email' : 'Username'} already taken`);
      const revoke = data.password !== undefined || data.blocked === true
        || (data.role !== undefined && (await up.permissions.roleById(user.roleId ?? 0))?.documentId !== data.role);
      await up.users.update(user, revoke ? { ...data, tokenVersion: user.tokenVersion + 1 } : data);
      ctx.body = await one(ctx, user.id);
    }, ONE_PARAMS),
    up.route('DELETE', '/users/:id', `${UP}.user.destroy`, async (ctx) => {
      const user = await one(ctx, idParam(ctx));
      await docs().delete({ documentId: user.documentId, source: 'internal' });
      ctx.body = user;
    }, ONE_PARAMS),
  ];
}

function idParam(ctx: RequestContext): number {
  const id = numericParam(ctx, 'id');
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
    const role = Number.isSafeInteger(id) ? await up.permissions.roleById(id as number) : undefined;
    if (!role) throw ValidationError.fromFields([{ path: ['role'], message: 'role must be the id of an existing role', name: 'ValidationError' }]);
    data.role = role.documentId;
  }
  return data;
}
