// Managing webhooks: operations (the permission actions admin::webhooks.*, which a full-access API
// token passes, or a custom token or a role granted them); rest/webhook-routes.ts serves them
// under <prefix>/webhooks. config/webhooks.ts's endpoints are listed, read-only. A webhook receives every
// matching document as written, drafts included: an anonymous caller is refused here even where no
// plugin guards the content API (no users-permissions), or where a public role was granted these.

import { randomUUID } from 'node:crypto';
import type { WebhookEndpoint, WebhooksConfig } from '../config/types.js';
import { isAnonymous } from '../auth/verdict.js';
import { UnauthorizedError } from '../errors/index.js';
import type { OperationRegistry } from './registry.js';
import type { OperationCall, OperationInput } from './types.js';
import { webhookReceiver } from '../events/receivers.js';
import { maskHeaders, type WebhookStore } from '../events/webhook-store.js';

// Not .find/.findOne: a read-only API token must not read the receivers' headers (credentials)
export const WEBHOOK_ACTIONS = {
  find: 'admin::webhooks.list',
  findOne: 'admin::webhooks.read',
  create: 'admin::webhooks.create',
  update: 'admin::webhooks.update',
  delete: 'admin::webhooks.delete',
  deliveries: 'admin::webhooks.deliveries',
  trigger: 'admin::webhooks.trigger',
} as const;

export interface WebhookApiDeps {
  store(): WebhookStore;
  configured: readonly WebhookEndpoint[];
  /** How a test request is sent (timeout, private addresses). */
  settings: WebhooksConfig;
  /** After a change: this instance sends to what is stored now, and tells the others. */
  changed(): Promise<void>;
}

export function defineWebhookOperations(operations: OperationRegistry, deps: WebhookApiDeps): void {
  /** Every one refuses anonymous callers; a write then tells the instances what is stored now. */
  const define = (name: string, kind: 'read' | 'write', description: string, run: (input: OperationInput) => Promise<unknown>) => {
    operations.define({
      name, kind, description, owner: 'core', params: [],
      run: async (input, call: OperationCall) => {
        if (isAnonymous(call.auth)) throw new UnauthorizedError('Missing or invalid credentials');
        const result = await run(input);
        if (kind === 'write') await deps.changed();
        return result;
      },
    });
  };
  define(WEBHOOK_ACTIONS.find, 'read', 'Lists the webhooks (stored, and those of config/webhooks.ts)', async () => [
    ...deps.configured.map((e) => ({
      id: null, name: e.name, url: e.url, events: e.events, headers: maskHeaders(e.headers), enabled: e.enabled !== false, signed: Boolean(e.secret), source: 'config',
    })),
    ...(await deps.store().list()).map((w) => ({ ...w, source: 'api' })),
  ]);
  define(WEBHOOK_ACTIONS.findOne, 'read', 'Reads a stored webhook', (input) => deps.store().get(input.id));
  define(WEBHOOK_ACTIONS.create, 'write', 'Stores a webhook', (input) => deps.store().create(input.data));
  define(WEBHOOK_ACTIONS.update, 'write', 'Changes a stored webhook', (input) => deps.store().update(input.id, input.data));
  define(WEBHOOK_ACTIONS.delete, 'write', 'Deletes a stored webhook', (input) => deps.store().delete(input.id));
  define(WEBHOOK_ACTIONS.deliveries, 'read', 'The delivery log, newest first', (input) => deps.store().deliveries((input.body ?? {}) as Record<string, unknown>));
  // Strapi's "trigger": sent now, outside the outbox (nothing logged, nothing stored changes), to
  // a stored webhook enabled or not, under the same address rules; answers how it went
  define(WEBHOOK_ACTIONS.trigger, 'read', 'Sends a stored webhook a test request (event trigger-test) now', async (input) => {
    const endpoint = await deps.store().endpoint(input.id);
    const body = JSON.stringify({ event: 'trigger-test', createdAt: new Date().toISOString() });
    const sent = await webhookReceiver(endpoint, deps.settings).deliver({ deliveryId: randomUUID(), event: 'trigger-test', body, attempt: 1 });
    return { statusCode: sent.status ?? 500, ...(sent.ok ? {} : { message: sent.error ?? 'failed' }) };
  });
}
