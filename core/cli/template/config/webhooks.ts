import type { WebhooksConfigFile } from 'strata-cms';

// Document events POSTed to receivers (docs/webhooks.md). WEBHOOK_URL adds one receiver of every
// entry event; list more endpoints here.
export default ((env) => {
  const url = env('WEBHOOK_URL');
  return {
    endpoints: url ? [{
      name: 'default',
      url,
      events: env.array('WEBHOOK_EVENTS', ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'entry.draft-discard']),
      secret: env('WEBHOOK_SECRET'),
    }] : [],
    // A receiver on this machine or its private network (development, a sidecar) needs this
    allowPrivateAddresses: env.bool('WEBHOOKS_ALLOW_PRIVATE', false),
    timeout: env.int('WEBHOOKS_TIMEOUT', 10_000),
    pollInterval: env.int('WEBHOOKS_POLL_INTERVAL', 1000),
  };
}) satisfies WebhooksConfigFile;
