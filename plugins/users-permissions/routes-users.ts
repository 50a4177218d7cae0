// /api/users: REST adapters over the user operations (user-operations.ts), answering bare objects
// and arrays as Strapi does.

import type { RequestContext, RouteTable } from '../../core/index.js';
import type { UpContext } from './context.js';
import { USER } from './user-operations.js';

const bare = (ctx: RequestContext, output: unknown) => { ctx.body = output; };
const id = (ctx: RequestContext) => ({ id: (ctx as unknown as { params: Record<string, string> }).params.id });
const withBody = (ctx: RequestContext) => ({ ...id(ctx), body: (ctx.request as { body?: unknown }).body });

export function addUserRoutes(up: UpContext, routes: RouteTable): void {
  const at = `${up.api.config.api.rest.prefix}/users`;
  routes.addOperation({ method: 'GET', path: at, operation: USER.find, respond: bare });
  routes.addOperation({ method: 'GET', path: `${at}/count`, operation: USER.count, respond: bare });
  routes.addOperation({ method: 'GET', path: `${at}/me`, operation: USER.me, respond: bare });
  routes.addOperation({ method: 'GET', path: `${at}/:id`, operation: USER.findOne, input: id, respond: bare });
  routes.addOperation({
    method: 'POST', path: at, operation: USER.create, input: withBody,
    respond: (ctx, user) => { ctx.status = 201; ctx.body = user; },
  });
  routes.addOperation({ method: 'PUT', path: `${at}/:id`, operation: USER.update, input: withBody, respond: bare });
  routes.addOperation({ method: 'DELETE', path: `${at}/:id`, operation: USER.destroy, input: id, respond: bare });
}
