// Managing webhooks: operations (the permission actions admin::webhooks.*, which a full-access API
// token passes, or a custom token or a role granted them); rest/webhook-routes.ts serves them
// under <prefix>/webhooks. config/webhooks.ts's endpoints are listed, read-only. A webhook receives every
// matching document as written, drafts included: an anonymous caller is refused here even where no
// plugin guards the content API (no users-permissions), or where a public role was granted these.

import type { WebhookEndpoint } from '../config/types.js';
import { isAnonymous } from '../auth/verdict.js';
import { UnauthorizedError } from '../errors/index.js';
import type { OperationRegistry } from './registry.js';
import type { OperationCall } from './types.js';
import { maskHeaders, type WebhookStore } from '../events/webhook-store.js';

// Not .find/.findOne: a read-only API token must not read the receivers' headers (credentials)
export const WEBHOOK_ACTIONS = {
  find: 'admin::webhooks.list',
  findOne: 'admin::webhooks.read',
  create: 'admin::webhooks.create',
  update: 'admin::webhooks.update',
  delete: 'admin::webhooks.delete',
  deliveries: 'admin::webhooks.deliveries',
} as const;

export interface WebhookApiDeps {
  store(): WebhookStore;
  configured: readonly WebhookEndpoint[];
  /** After a change: this instance sends to what is stored now, and tells the others. */
  changed(): Promise<void>;
}

export function defineWebhookOperations(operations: OperationRegistry, deps: WebhookApiDeps): void {
  const common = { owner: 'core', params: [] as string[] };
  const signedIn = (call: OperationCall) => {
    if (isAnonymous(call.auth)) throw new UnauthorizedError('Missing or invalid credentials');
  };
  const after = async <T>(result: T): Promise<T> => { await deps.changed(); return result; };
  operations.define({
    ...common, name: WEBHOOK_ACTIONS.find, kind: 'read', description: 'Lists the webhooks (stored, and those of config/webhooks.ts)',
    run: async (_input, call) => { signedIn(call); return [
      ...deps.configured.map((e) => ({
        id: null, name: e.name, url: e.url, events: e.events, headers: maskHeaders(e.headers), enabled: e.enabled !== false, signed: Boolean(e.secret), source: 'config',
      })),
      ...(await deps.store().list()).map((w) => ({ ...w, source: 'api' })),
    ]; },
  });
  operations.define({ ...common, name: WEBHOOK_ACTIONS.findOne, kind: 'read', description: 'Reads a stored webhook', run: async (input, call) => { signedIn(call); return deps.store().get(input.id); } });
  operations.define({ ...common, name: WEBHOOK_ACTIONS.create, kind: 'write', description: 'Stores a webhook', run: async (input, call) => { signedIn(call); return after(await deps.store().create(input.data)); } });
  operations.define({ ...common, name: WEBHOOK_ACTIONS.update, kind: 'write', description: 'Changes a stored webhook', run: async (input, call) => { signedIn(call); return after(await deps.store().update(input.id, input.data)); } });
  operations.define({ ...common, name: WEBHOOK_ACTIONS.delete, kind: 'write', description: 'Deletes a stored webhook', run: async (input, call) => { signedIn(call); return after(await deps.store().delete(input.id)); } });
  operations.define({
    ...common, name: WEBHOOK_ACTIONS.deliveries, kind: 'read', description: 'The delivery log, newest first',
    run: async (input, call) => { signedIn(call); return deps.store().deliveries((input.body ?? {}) as Record<string, unknown>); },
  });
}
