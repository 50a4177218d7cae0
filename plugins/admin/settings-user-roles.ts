// Settings > Users & Permissions plugin > Roles: Strapi's admin routes /users-permissions/roles and
// /users-permissions/permissions, admin-realm routes over users-permissions' role operations, named
// by their strings (this plugin does not import that one) and added only when it is enabled. The
// answers are the plugin's own, bare, as Strapi's: { roles }, { role }, { ok: true }, { permissions }.
// Each needs plugin::users-permissions.roles.read/create/update/delete (actions.ts's aliases).

import { listOf, objectOf, type DocSchema, type OperationRegistry, type RequestContext, type RouteDoc, type RouteTable } from '../../core/index.js';

const UP = 'plugin::users-permissions';
const ROLE = {
  find: `${UP}.role.find`, findOne: `${UP}.role.findOne`, create: `${UP}.role.createRole`,
  update: `${UP}.role.updateRole`, delete: `${UP}.role.deleteRole`, permissions: `${UP}.permissions.getPermissions`,
} as const;
/** The admin permissions the routes need: a refusal names the one the administrator lacks. */
const PERMISSION = {
  read: `${UP}.roles.read`, create: `${UP}.roles.create`, update: `${UP}.roles.update`, delete: `${UP}.roles.delete`,
} as const;

const bare = (ctx: RequestContext, output: unknown) => { ctx.body = output; };
const param = (key: string) => (ctx: RequestContext) => ({
  id: String((ctx.params as Record<string, string>)[key] ?? ''),
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
const ROLE_FIELDS: Record<string, DocSchema> = {
  id: { type: 'integer' }, documentId: str, name: str, description: { type: ['string', 'null'] }, type: str,
  createdAt: { type: 'string', format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' },
};
const INPUT = (optional: string[]) => objectOf({ name: str, description: str, type: str, permissions: PERMISSIONS }, optional);
const OK = { ok: { const: true } };
const tags = ['Admin: end-user roles'];
const doc = (summary: string, answer: Record<string, DocSchema>, extra: Partial<RouteDoc> = {}): RouteDoc => ({ summary, tags, response: { schema: objectOf(answer) }, ...extra });

export function addEndUserRoleRoutes(routes: RouteTable, operations: Pick<OperationRegistry, 'has'>): void {
  if (!Object.values(ROLE).every((name) => operations.has(name))) return;
  const at = '/users-permissions';
  const realm = 'admin' as const;
  routes.addOperation({
    // Strapi's list: every role with its number of users (the operation's other answer is a page)
    method: 'GET', path: `${at}/roles`, operation: ROLE.find, realm, scope: [PERMISSION.read], input: () => ({ body: { counted: true } }), respond: bare,
    doc: doc('List the end users\' roles', { roles: listOf(objectOf({ ...ROLE_FIELDS, nb_users: { type: 'integer' } }, ['description', 'createdAt', 'updatedAt'])) }),
  });
  routes.addOperation({
    method: 'GET', path: `${at}/roles/:id`, operation: ROLE.findOne, realm, scope: [PERMISSION.read], input: param('id'), respond: bare,
    doc: doc('Read an end users\' role with its permissions', { role: objectOf({ ...ROLE_FIELDS, permissions: PERMISSIONS }, ['description', 'createdAt', 'updatedAt']) }, { errors: [404] }),
  });
  routes.addOperation({
    method: 'POST', path: `${at}/roles`, operation: ROLE.create, realm, scope: [PERMISSION.create], input: (ctx) => ({ body: (ctx.request as { body?: unknown }).body }), respond: bare,
    doc: doc('Create an end users\' role', OK, { body: INPUT(['description', 'type', 'permissions']) }),
  });
  routes.addOperation({
    method: 'PUT', path: `${at}/roles/:role`, operation: ROLE.update, realm, scope: [PERMISSION.update], input: param('role'), respond: bare,
    doc: doc('Change an end users\' role', OK, { body: INPUT(['name', 'description', 'type', 'permissions']), errors: [404] }),
  });
  routes.addOperation({
    method: 'DELETE', path: `${at}/roles/:role`, operation: ROLE.delete, realm, scope: [PERMISSION.delete], input: param('role'), respond: bare,
    doc: doc('Delete an end users\' role (its users move to Authenticated)', OK, { errors: [404] }),
  });
  routes.addOperation({
    method: 'GET', path: `${at}/permissions`, operation: ROLE.permissions, realm, scope: [PERMISSION.read], respond: bare,
    doc: doc('Every content-API permission action, nested', { permissions: PERMISSIONS }),
  });
}
