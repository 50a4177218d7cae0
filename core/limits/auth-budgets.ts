// The two budgets of sign-in flows (users-permissions' and the administration's). One per
// identifier, operation and client address stops guessing one account's password; one per
// operation and client address, whatever the identifier, stops trying one password against many
// accounts (password spraying), which the first cannot see.
// Both count in the configured store, so instances that share it share both budgets.

import { rateLimited, type RateLimitStore } from './rate-limit.js';

export interface AuthLimits {
  interval: number;
  /** Attempts per identifier, operation and address. */
  max: number;
  /** Attempts per operation and address, across identifiers. */
  maxPerAddress: number;
  store: RateLimitStore;
}

/** Counts one attempt in both budgets; throws once either is spent. */
export async function spendAuthBudgets(limits: AuthLimits, operation: string, address: string, identifier: unknown): Promise<void> {
  const who = typeof identifier === 'string' && identifier ? identifier.toLowerCase() : 'noIdentifier';
  // The address key starts with the operation's name and the identifier key with the
  // identifier, so no identifier can name the address budget (an address holds no `plugin::`)
  const [own, shared] = await Promise.all([
    limits.store.hit(`${who}:${operation}:${address}`, limits.interval),
    limits.store.hit(`${operation}:${address}`, limits.interval),
  ]);
  const spentUntil = Math.max(
    own.count > limits.max ? own.resetAt : 0,
    shared.count > limits.maxPerAddress ? shared.resetAt : 0,
  );
  if (spentUntil > 0) throw rateLimited(spentUntil);
}
