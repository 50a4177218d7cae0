// The webhook dispatcher's passes, seen in the statements it runs: a negative check ("nothing
// more is sent") waits for passes that could have sent it, not for the clock.

import type { TestKernel } from '../helpers/kernel.js';
import { until } from '../helpers/poll.js';

/** Resolves once the dispatcher has looked for due deliveries to `receiver` n times from now, and
 *  every delivery those passes took has been answered and written. */
export async function dispatcherPasses(app: TestKernel, receiver: string, n = 2): Promise<void> {
  let seen = 0;
  // The pass's first statement: the due deliveries of one receiver (core/events/dispatcher.ts)
  const listener = (q: { sql: string; bindings?: unknown[] }) => {
    if (/from [`"]strata_deliveries[`"] as [`"]d[`"]/.test(q.sql) && /next_at/.test(q.sql) && q.bindings?.includes(receiver)) seen++;
  };
  app.kernel.db.on('query', listener);
  try {
    // A pass starts after the one before it ended: the (n+1)th starting means n ended
    await until(`${n} passes of the webhook dispatcher for ${receiver}`, () => seen > n);
  } finally {
    app.kernel.db.removeListener('query', listener);
  }
}
