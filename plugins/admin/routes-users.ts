// /admin/users and /admin/roles: REST adapters over the administrators' and roles' operations,
// Strapi's paths and `{ data }` answers.

import { objectOf, type OperationRouteSpec, type RequestContext, type RouteTable } from '../../core/index.js';
import { ALIASES } from './actions.js';
import { ROLES } from './role-operations.js';
import { USERS } from './user-operations.js';

const body = (ctx: RequestContext) => ({ body: (ctx.request as { body?: unknown }).body });
const id = (ctx: RequestContext) => ({ id: String((ctx.params as Record<string, string>).id ?? '') });
const data = (ctx: RequestContext, output: unknown) => { ctx.body = { data: output }; };
const created = (ctx: RequestContext, output: unknown) => { ctx.status = 201; ctx.body = { data: output }; };

export function addUserAndRoleRoutes(table: RouteTable): void {
  // An operation named apart from the permission it needs (reading one user needs admin::users.read)
  // is checked against that permission, which a refusal then names
  const routes = { addOperation: <T>(spec: OperationRouteSpec<T>) => table.addOperation<T>(ALIASES[spec.operation] ? { ...spec, scope: [ALIASES[spec.operation]!] } : spec) };
  const users = ['Admin: administrators'];
  const roles = ['Admin: roles'];
  routes.addOperation({ method: 'GET', path: '/admin/users/me', operation: USERS.me, respond: data, doc: { summary: 'The calling administrator', tags: users } });
  routes.addOperation({ method: 'PUT', path: '/admin/users/me', operation: USERS.updateMe, input: body, respond: data, doc: { summary: 'Change one\'s profile or password', tags: users } });
  routes.addOperation({ method: 'GET', path: '/admin/users/me/permissions', operation: USERS.myPermissions, respond: data, doc: { summary: 'What the caller may do', tags: users } });
  routes.addOperation({ method: 'GET', path: '/admin/users', operation: USERS.find, query: ['page', 'pageSize', '_q', 'sort'], input: (ctx) => ({ params: ctx.state.query ?? {} }), respond: data, doc: { summary: 'A page of administrators', tags: users } });
  routes.addOperation({
    method: 'POST', path: '/admin/users', operation: USERS.create, input: body, respond: created,
    doc: { summary: 'Invite an administrator (answers the registration token of their link)', tags: users, response: { status: 201 }, body: objectOf({ email: { type: 'string' }, firstname: { type: 'string' }, lastname: { type: 'string' }, roles: { type: 'array', items: { type: 'integer' } } }, ['lastname']) },
  });
  routes.addOperation({ method: 'POST', path: '/admin/users/batch-delete', operation: USERS.batchDelete, input: body, respond: data, doc: { summary: 'Delete several administrators, all or none', tags: users } });
  routes.addOperation({ method: 'GET', path: '/admin/users/:id', operation: USERS.findOne, input: id, respond: data, doc: { summary: 'One administrator', tags: users, errors: [404] } });
  routes.addOperation({ method: 'PUT', path: '/admin/users/:id', operation: USERS.update, input: (ctx) => ({ ...id(ctx), ...body(ctx) }), respond: data, doc: { summary: 'Change an administrator', tags: users, errors: [404] } });
  routes.addOperation({ method: 'DELETE', path: '/admin/users/:id', operation: USERS.delete, input: id, respond: data, doc: { summary: 'Delete an administrator', tags: users, errors: [404] } });

  routes.addOperation({ method: 'GET', path: '/admin/roles', operation: ROLES.find, respond: data, doc: { summary: 'Every admin role', tags: roles } });
  routes.addOperation({ method: 'POST', path: '/admin/roles', operation: ROLES.create, input: body, respond: created, doc: { summary: 'Create an admin role', tags: roles, response: { status: 201 } } });
  routes.addOperation({ method: 'GET', path: '/admin/roles/:id', operation: ROLES.findOne, input: id, respond: data, doc: { summary: 'One admin role', tags: roles, errors: [404] } });
  routes.addOperation({ method: 'PUT', path: '/admin/roles/:id', operation: ROLES.update, input: (ctx) => ({ ...id(ctx), ...body(ctx) }), respond: data, doc: { summary: 'Rename an admin role', tags: roles, errors: [404] } });
  routes.addOperation({ method: 'DELETE', path: '/admin/roles/:id', operation: ROLES.delete, input: id, respond: data, doc: { summary: 'Delete an admin role no administrator has', tags: roles, errors: [404] } });
  routes.addOperation({ method: 'GET', path: '/admin/roles/:id/permissions', operation: ROLES.permissions, input: id, respond: data, doc: { summary: 'An admin role\'s permissions', tags: roles, errors: [404] } });
  routes.addOperation({ method: 'PUT', path: '/admin/roles/:id/permissions', operation: ROLES.setPermissions, input: (ctx) => ({ ...id(ctx), ...body(ctx) }), respond: data, doc: { summary: 'Replace an admin role\'s permissions', tags: roles, errors: [404] } });
  routes.addOperation({ method: 'GET', path: '/admin/permissions', operation: ROLES.catalogue, respond: data, doc: { summary: 'Every admin permission action and condition', tags: roles } });
}
