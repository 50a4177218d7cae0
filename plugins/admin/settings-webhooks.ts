// Settings > Webhooks: Strapi's /admin/webhooks, admin-realm routes over core's webhook operations
// (admin::webhooks.*; the list and the delivery log need admin::webhooks.read, a test request
// admin::webhooks.update). Strapi's shapes:
// the body is the webhook itself (no `data` wrapper) and `isEnabled` says whether it is on; the
// rest is core's (headers' values masked, config/webhooks.ts's endpoints listed read-only).

import { listOf, objectOf, WEBHOOK_ACTIONS, type DocSchema, type OperationRegistry, type RequestContext, type RouteTable } from '../../core/index.js';

/** Core's webhook operations, by name (core/operations/webhooks.ts). */
// The actions core's webhook operations check, under the names the routes below read
const WEBHOOKS = { ...WEBHOOK_ACTIONS, list: WEBHOOK_ACTIONS.find, read: WEBHOOK_ACTIONS.findOne } as const;

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Core's `enabled` as Strapi's `isEnabled`. */
function asStrapi(webhook: unknown): unknown {
  if (!isObject(webhook) || !('enabled' in webhook)) return webhook;
  const { enabled, ...rest } = webhook;
  return { ...rest, isEnabled: enabled };
}

/** Strapi's body as core's `data`; an isEnabled that is no boolean goes through as is, so core's
 *  check refuses it by its name. */
function dataOf(ctx: RequestContext): Raw {
  const body = (ctx.request as { body?: unknown }).body;
  if (!isObject(body) || typeof body.isEnabled !== 'boolean') return { data: body };
  const { isEnabled, ...rest } = body;
  return { data: { ...rest, enabled: isEnabled } };
}

const idOf = (ctx: RequestContext) => ({ id: String((ctx.params as Record<string, string>).id ?? '') });
const answer = (status: number) => (ctx: RequestContext, output: unknown) => {
  ctx.status = status;
  ctx.body = { data: Array.isArray(output) ? output.map(asStrapi) : asStrapi(output) };
};

const str = { type: 'string' };
const FIELDS: Record<string, DocSchema> = {
  name: str, url: { type: 'string', format: 'uri' }, events: listOf(str),
  headers: { type: 'object', additionalProperties: str, description: 'Values masked in answers' }, isEnabled: { type: 'boolean' },
};
const WEBHOOK = objectOf({
  id: { type: ['integer', 'null'], description: 'null for those of config/webhooks.ts' }, ...FIELDS, signed: { type: 'boolean' },
  source: { enum: ['config', 'api'] }, createdAt: { type: 'string', format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' },
}, ['source', 'createdAt', 'updatedAt']);
const INPUT = (optional: string[]) => objectOf({ ...FIELDS, secret: { type: ['string', 'null'], writeOnly: true, description: 'Signs bodies (X-Strata-Signature); null for none' } }, optional);
const DELIVERY = objectOf({
  deliveryId: str, webhook: str, event: str, uid: str, documentId: str, status: { enum: ['pending', 'delivered', 'failed'] },
  attempts: { type: 'integer' }, lastStatus: { type: ['integer', 'null'] }, lastError: { type: ['string', 'null'] },
  nextAttemptAt: { type: ['string', 'null'], format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' },
});
const data = (schema: DocSchema) => ({ schema: objectOf({ data: schema }) });

export function addWebhookSettingsRoutes(routes: RouteTable, operations: Pick<OperationRegistry, 'has'>): void {
  if (!Object.values(WEBHOOKS).every((name) => operations.has(name))) return;
  const at = '/admin/webhooks';
  const tags = ['Admin: webhooks'];
  const realm = 'admin' as const;
  routes.addOperation({ method: 'GET', path: at, operation: WEBHOOKS.list, realm, scope: [WEBHOOKS.read], respond: answer(200), doc: { summary: 'List the webhooks', tags, response: data(listOf(WEBHOOK)) } });
  // Before /:id, which would take "deliveries" for an id
  routes.addOperation({
    method: 'GET', path: `${at}/deliveries`, operation: WEBHOOKS.deliveries, realm, scope: [WEBHOOKS.read], query: ['webhook', 'status', 'limit'],
    input: (ctx) => ({ body: ctx.query }), respond: answer(200),
    doc: {
      summary: 'The delivery log, newest first', tags, response: data(listOf(DELIVERY)),
      query: {
        webhook: { schema: str, description: 'A webhook\'s name' },
        status: { schema: { enum: ['pending', 'delivered', 'failed'] } },
        limit: { schema: { type: 'integer', minimum: 1, maximum: 100 } },
      },
    },
  });
  routes.addOperation({ method: 'GET', path: `${at}/:id`, operation: WEBHOOKS.read, realm, input: idOf, respond: answer(200), doc: { summary: 'Read a stored webhook', tags, response: data(WEBHOOK), errors: [404] } });
  routes.addOperation({
    method: 'POST', path: at, operation: WEBHOOKS.create, realm, input: dataOf, respond: answer(201),
    doc: { summary: 'Store a webhook', tags, body: INPUT(['headers', 'isEnabled', 'secret']), response: { status: 201, ...data(WEBHOOK) } },
  });
  routes.addOperation({
    method: 'PUT', path: `${at}/:id`, operation: WEBHOOKS.update, realm, input: (ctx) => ({ ...idOf(ctx), ...dataOf(ctx) }), respond: answer(200),
    doc: { summary: 'Change a stored webhook (its name stays)', tags, body: INPUT(Object.keys(FIELDS).concat('secret')), response: data(WEBHOOK), errors: [404] },
  });
  routes.addOperation({ method: 'DELETE', path: `${at}/:id`, operation: WEBHOOKS.delete, realm, input: idOf, respond: answer(200), doc: { summary: 'Delete a stored webhook', tags, response: data(WEBHOOK), errors: [404] } });
  // Strapi asks for the update permission to send a test
  routes.addOperation({
    method: 'POST', path: `${at}/:id/trigger`, operation: WEBHOOKS.trigger, realm, scope: [WEBHOOKS.update], input: idOf, respond: answer(200),
    doc: {
      summary: 'Send a stored webhook a test request (event trigger-test) now', tags, errors: [404],
      response: data(objectOf({ statusCode: { type: 'integer', description: 'The receiver\'s answer; 500 when there was none' }, message: { type: 'string', description: 'Why it failed' } }, ['message'])),
    },
  });
}
