// Fixed-window rate limiting with a pluggable store: the in-memory default counts per process;
// several instances agree when they share a store (Redis, the database) implementing hit().

import { RateLimitError } from '../errors/index.js';

export interface RateLimitStore {
  /** Counts one hit on key in the current window of `interval` ms; returns the count so far. */
  hit(key: string, interval: number): Promise<{ count: number; resetAt: number }>;
}

export interface RateLimitOptions {
  interval: number;
  max: number;
  store: RateLimitStore;
}

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  #nextSweep = 0;

  async hit(key: string, interval: number): Promise<{ count: number; resetAt: number }> {
    const now = Date.now();
    this.#sweep(now);
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + interval };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { ...window };
  }

  /** Forgets ended windows now and then, so a flood of distinct keys cannot grow memory forever. */
  #sweep(now: number): void {
    if (now < this.#nextSweep) return;
    this.#nextSweep = now + 10_000;
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}

/** Throws 429 once key has been hit more than max times in the window. */
export async function enforceRateLimit(key: string, options: RateLimitOptions): Promise<void> {
  const { count, resetAt } = await options.store.hit(key, options.interval);
  if (count > options.max) throw rateLimited(resetAt);
}

/** The 429 of a budget spent until `resetAt` (ms since the epoch), saying when to come back. */
export function rateLimited(resetAt: number): RateLimitError {
  return new RateLimitError(undefined, {}, Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)));
}

/** The content rate limit's options from its config, or undefined when it is off: built once, so
 *  every surface counts against the same store. */
export function contentLimit(config: { enabled: boolean; interval: number; max: number; store?: RateLimitStore }, shared: RateLimitStore): RateLimitOptions | undefined {
  return config.enabled ? { interval: config.interval, max: config.max, store: config.store ?? shared } : undefined;
}
