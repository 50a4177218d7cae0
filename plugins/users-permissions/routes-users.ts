// /api/users: REST adapters over the user operations (user-operations.ts), answering bare objects
// and arrays as Strapi does.

import { listOf, modelSchema, objectOf, type RequestContext, type RouteDoc, type RouteTable } from '../../core/index.js';
import type { UpContext } from './context.js';
import { USER_UID } from './models.js';
import { USER } from './user-operations.js';

const bare = (ctx: RequestContext, output: unknown) => { ctx.body = output; };
const id = (ctx: RequestContext) => ({ id: (ctx as unknown as { params: Record<string, string> }).params.id });
const withBody = (ctx: RequestContext) => ({ ...id(ctx), body: (ctx.request as { body?: unknown }).body });

const user = modelSchema(USER_UID);
const FIELDS = {
  username: { type: 'string' }, email: { type: 'string', format: 'email' }, password: { type: 'string', format: 'password', writeOnly: true },
  role: { type: ['integer', 'string'], description: "The role's id or documentId" }, confirmed: { type: 'boolean' }, blocked: { type: 'boolean' },
};
// Fields an app added to its users are taken too
const CREATE = { ...objectOf(FIELDS, ['role', 'confirmed', 'blocked']), additionalProperties: true };
const UPDATE = { ...objectOf(FIELDS, Object.keys(FIELDS)), additionalProperties: true };
const doc = (summary: string, more: Omit<RouteDoc, 'summary'> = {}): RouteDoc => ({ summary, tags: ['Users'], model: USER_UID, response: { schema: user }, ...more });

export function addUserRoutes(up: UpContext, routes: RouteTable): void {
  const at = `${up.api.config.api.rest.prefix}/users`;
  routes.addOperation({ method: 'GET', path: at, operation: USER.find, respond: (ctx, page) => { ctx.body = (page as { results: unknown[] }).results; }, doc: doc('List users', { response: { schema: listOf(user) } }) });
  routes.addOperation({ method: 'GET', path: `${at}/count`, operation: USER.count, respond: bare, doc: doc('Count users', { response: { schema: { type: 'integer' } } }) });
  routes.addOperation({ method: 'GET', path: `${at}/me`, operation: USER.me, respond: bare, doc: doc('The calling user') });
  routes.addOperation({ method: 'GET', path: `${at}/:id`, operation: USER.findOne, input: id, respond: bare, doc: doc('Get a user', { errors: [404] }) });
  routes.addOperation({
    method: 'POST', path: at, operation: USER.create, input: withBody,
    respond: (ctx, created) => { ctx.status = 201; ctx.body = created; },
    doc: doc('Create a user', { body: CREATE, response: { status: 201, schema: user } }),
  });
  routes.addOperation({ method: 'PUT', path: `${at}/:id`, operation: USER.update, input: withBody, respond: bare, doc: doc('Update a user', { body: UPDATE, errors: [404] }) });
  routes.addOperation({ method: 'DELETE', path: `${at}/:id`, operation: USER.destroy, input: id, respond: bare, doc: doc('Delete a user', { errors: [404] }) });
}
