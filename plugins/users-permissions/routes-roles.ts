// /api/users-permissions/roles and /permissions: REST adapters over the role operations.

import type { RequestContext, RouteTable } from '../../core/index.js';
import type { UpContext } from './context.js';
import { ROLE } from './role-operations.js';

const bare = (ctx: RequestContext, output: unknown) => { ctx.body = output; };
const param = (key: string) => (ctx: RequestContext) => ({
  id: (ctx as unknown as { params: Record<string, string> }).params[key],
  body: (ctx.request as { body?: unknown }).body,
});

export function addRoleRoutes(up: UpContext, routes: RouteTable): void {
  const at = `${up.api.config.api.rest.prefix}/users-permissions`;
  routes.addOperation({ method: 'GET', path: `${at}/roles`, operation: ROLE.find, respond: bare });
  routes.addOperation({ method: 'GET', path: `${at}/roles/:id`, operation: ROLE.findOne, input: param('id'), respond: bare });
  routes.addOperation({ method: 'POST', path: `${at}/roles`, operation: ROLE.create, input: param('id'), respond: bare });
  routes.addOperation({ method: 'PUT', path: `${at}/roles/:role`, operation: ROLE.update, input: param('role'), respond: bare });
  routes.addOperation({ method: 'DELETE', path: `${at}/roles/:role`, operation: ROLE.delete, input: param('role'), respond: bare });
  routes.addOperation({ method: 'GET', path: `${at}/permissions`, operation: ROLE.permissions, respond: bare });
}
