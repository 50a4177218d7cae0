// Who gets recorded events: a webhook endpoint is a receiver that POSTs the body; the dispatcher
// knows receivers only by this interface.

import { createHmac } from 'node:crypto';
import type { WebhookEndpoint, WebhooksConfig } from '../config/types.js';
import { send, type SendResult } from './send.js';

export interface Delivery {
  deliveryId: string;
  event: string;
  /** The recorded body, byte for byte as stored. */
  body: string;
  /** 1 on the first try. */
  attempt: number;
}

export interface Receiver {
  readonly name: string;
  readonly events: ReadonlySet<string>;
  deliver(delivery: Delivery): Promise<SendResult>;
}

/** Signs the time and the delivery id with the body, so a captured request cannot be sent again
 *  later or under another delivery id without the receiver noticing. */
export function signature(secret: string, timestamp: string, deliveryId: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${deliveryId}.${body}`).digest('hex')}`;
}

export function webhookReceiver(endpoint: WebhookEndpoint, config: WebhooksConfig): Receiver {
  const options = { timeout: config.timeout, allowPrivateAddresses: config.allowPrivateAddresses };
  return {
    name: endpoint.name,
    events: new Set(endpoint.events),
    deliver: ({ deliveryId, event, body, attempt }) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      return send(endpoint.url, body, {
      ...endpoint.headers,
      'Content-Type': 'application/json',
      'User-Agent': 'strata-webhooks',
      'X-Strapi-Event': event,
      'X-Strata-Webhook': endpoint.name,
      'X-Strata-Delivery': deliveryId,
      'X-Strata-Attempt': String(attempt),
      'X-Strata-Timestamp': timestamp,
      ...(endpoint.secret ? { 'X-Strata-Signature': signature(endpoint.secret, timestamp, deliveryId, body) } : {}),
    }, options);
    },
  };
}
