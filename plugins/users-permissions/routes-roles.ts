// /api/users-permissions/roles and /permissions: REST adapters over the role operations.

import { listOf, objectOf, type DocSchema, type RequestContext, type RouteDoc, type RouteTable } from '../../core/index.js';
import type { UpContext } from './context.js';
import { ROLE } from './role-operations.js';

const bare = (ctx: RequestContext, output: unknown) => { ctx.body = output; };
const param = (key: string) => (ctx: RequestContext) => ({
  id: (ctx as unknown as { params: Record<string, string> }).params[key],
  body: (ctx.request as { body?: unknown }).body,
});

const str = { type: 'string' };
/** { 'api::article': { controllers: { article: { find: { enabled, policy } } } } } */
const PERMISSIONS: DocSchema = {
  type: 'object',
  additionalProperties: objectOf({
    controllers: { type: 'object', additionalProperties: { type: 'object', additionalProperties: objectOf({ enabled: { type: 'boolean' }, policy: str }) } },
  }),
};
const ROLE_FIELDS = (extra: Array<'nb_users' | 'permissions'>): DocSchema => objectOf({
  id: { type: 'integer' }, documentId: str, name: str, description: { type: ['string', 'null'] }, type: str,
  createdAt: { type: 'string', format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' },
  ...(extra.includes('nb_users') ? { nb_users: { type: 'integer' } } : {}),
  ...(extra.includes('permissions') ? { permissions: PERMISSIONS } : {}),
}, ['description', 'createdAt', 'updatedAt']);
const INPUT = (optional: string[]): DocSchema => objectOf({ name: str, description: str, type: str, permissions: PERMISSIONS }, optional);
const OK = { ok: { const: true } };
const doc = (summary: string, answer: Record<string, DocSchema>): RouteDoc => ({ summary, tags: ['Roles'], response: { schema: objectOf(answer) } });

export function addRoleRoutes(up: UpContext, routes: RouteTable): void {
  const at = `${up.api.config.api.rest.prefix}/users-permissions`;
  routes.addOperation({ method: 'GET', path: `${at}/roles`, operation: ROLE.find, input: () => ({ body: { counted: true } }), respond: bare, doc: doc('List roles', { roles: listOf(ROLE_FIELDS(['nb_users'])) }) });
  routes.addOperation({
    method: 'GET', path: `${at}/roles/:id`, operation: ROLE.findOne, input: param('id'), respond: bare,
    doc: { ...doc('Get a role with its permissions', { role: ROLE_FIELDS(['permissions']) }), errors: [404] },
  });
  routes.addOperation({ method: 'POST', path: `${at}/roles`, operation: ROLE.create, input: param('id'), respond: bare, doc: { ...doc('Create a role', OK), body: INPUT(['description', 'type', 'permissions']) } });
  routes.addOperation({
    method: 'PUT', path: `${at}/roles/:role`, operation: ROLE.update, input: param('role'), respond: bare,
    doc: { ...doc('Change a role', OK), body: INPUT(['name', 'description', 'type', 'permissions']), errors: [404] },
  });
  routes.addOperation({ method: 'DELETE', path: `${at}/roles/:role`, operation: ROLE.delete, input: param('role'), respond: bare, doc: { ...doc('Delete a role', OK), errors: [404] } });
  routes.addOperation({ method: 'GET', path: `${at}/permissions`, operation: ROLE.permissions, respond: bare, doc: doc('Every permission action, nested', { permissions: PERMISSIONS }) });
}
