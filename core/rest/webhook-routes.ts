// REST routes over the webhook operations (operations/webhooks.ts), under <prefix>/webhooks.

import { WEBHOOK_ACTIONS } from '../operations/webhooks.js';
import { withData } from './content-routes.js';
import { envelope, listOf, objectOf, type DocSchema } from './route-doc.js';
import type { RouteTable } from './route-table.js';
import type { RequestContext } from './types.js';

const idOf = (ctx: RequestContext) => ({ id: (ctx as unknown as { params: Record<string, string> }).params.id });

const str = { type: 'string' };
const WEBHOOK_FIELDS: Record<string, DocSchema> = {
  name: str, url: { type: 'string', format: 'uri' }, events: listOf(str),
  headers: { type: 'object', additionalProperties: str, description: 'Values masked' }, enabled: { type: 'boolean' },
};
const WEBHOOK = objectOf({
  id: { type: ['integer', 'null'], description: 'null for those of config/webhooks.ts' }, ...WEBHOOK_FIELDS, signed: { type: 'boolean' },
  source: { enum: ['config', 'api'] }, createdAt: { type: 'string', format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' },
}, ['source', 'createdAt', 'updatedAt']);
const INPUT_FIELDS = { ...WEBHOOK_FIELDS, secret: { type: 'string', writeOnly: true } };
const WEBHOOK_INPUT = objectOf({ data: objectOf(INPUT_FIELDS, ['events', 'headers', 'enabled', 'secret']) });
const WEBHOOK_CHANGE = objectOf({ data: objectOf(INPUT_FIELDS, Object.keys(INPUT_FIELDS)) });
const DELIVERY = objectOf({
  deliveryId: str, webhook: str, event: str, uid: str, documentId: str, status: { enum: ['pending', 'delivered', 'failed'] },
  attempts: { type: 'integer' }, lastStatus: { type: ['integer', 'null'] }, lastError: { type: ['string', 'null'] },
  nextAttemptAt: { type: ['string', 'null'], format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' },
});

export function addWebhookRoutes(routes: RouteTable, prefix: string): void {
  const at = `${prefix}/webhooks`;
  const tags = ['Webhooks'];
  const one = { schema: envelope(WEBHOOK) };
  routes.addOperation({ method: 'GET', path: at, operation: WEBHOOK_ACTIONS.find, doc: { summary: 'List the webhooks', tags, response: { schema: envelope(listOf(WEBHOOK)) } } });
  routes.addOperation({
    method: 'GET', path: `${at}/deliveries`, operation: WEBHOOK_ACTIONS.deliveries, query: ['webhook', 'status', 'limit'],
    input: (ctx) => ({ body: ctx.query }),
    doc: {
      summary: 'The delivery log, newest first', tags, response: { schema: envelope(listOf(DELIVERY)) },
      query: {
        webhook: { schema: str, description: 'A webhook\'s name' },
        status: { schema: { enum: ['pending', 'delivered', 'failed'] } },
        limit: { schema: { type: 'integer', minimum: 1 } },
      },
    },
  });
  routes.addOperation({ method: 'GET', path: `${at}/:id`, operation: WEBHOOK_ACTIONS.findOne, input: idOf, doc: { summary: 'Read a stored webhook', tags, response: one, errors: [404] } });
  routes.addOperation({
    method: 'POST', path: at, operation: WEBHOOK_ACTIONS.create, input: withData,
    respond: (ctx, webhook) => { ctx.status = 201; ctx.body = { data: webhook, meta: {} }; },
    doc: { summary: 'Store a webhook', tags, body: WEBHOOK_INPUT, response: { status: 201, ...one } },
  });
  routes.addOperation({
    method: 'PUT', path: `${at}/:id`, operation: WEBHOOK_ACTIONS.update, input: (ctx) => ({ ...idOf(ctx), ...withData(ctx) }),
    doc: { summary: 'Change a stored webhook', tags, body: WEBHOOK_CHANGE, response: one, errors: [404] },
  });
  routes.addOperation({ method: 'DELETE', path: `${at}/:id`, operation: WEBHOOK_ACTIONS.delete, input: idOf, doc: { summary: 'Delete a stored webhook', tags, response: one, errors: [404] } });
}
