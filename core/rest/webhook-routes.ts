// REST routes over the webhook operations (operations/webhooks.ts), under <prefix>/webhooks.

import { WEBHOOK_ACTIONS } from '../operations/webhooks.js';
import { withData } from './content-routes.js';
import type { RouteTable } from './route-table.js';
import type { RequestContext } from './types.js';

const idOf = (ctx: RequestContext) => ({ id: (ctx as unknown as { params: Record<string, string> }).params.id });

export function addWebhookRoutes(routes: RouteTable, prefix: string): void {
  const at = `${prefix}/webhooks`;
  routes.addOperation({ method: 'GET', path: at, operation: WEBHOOK_ACTIONS.find });
  routes.addOperation({
    method: 'GET', path: `${at}/deliveries`, operation: WEBHOOK_ACTIONS.deliveries, query: ['webhook', 'status', 'limit'],
    input: (ctx) => ({ body: ctx.query }),
  });
  routes.addOperation({ method: 'GET', path: `${at}/:id`, operation: WEBHOOK_ACTIONS.findOne, input: idOf });
  routes.addOperation({
    method: 'POST', path: at, operation: WEBHOOK_ACTIONS.create, input: withData,
    respond: (ctx, webhook) => { ctx.status = 201; ctx.body = { data: webhook, meta: {} }; },
  });
  routes.addOperation({ method: 'PUT', path: `${at}/:id`, operation: WEBHOOK_ACTIONS.update, input: (ctx) => ({ ...idOf(ctx), ...withData(ctx) }) });
  routes.addOperation({ method: 'DELETE', path: `${at}/:id`, operation: WEBHOOK_ACTIONS.delete, input: idOf });
}
