// Waiting for a condition instead of for the clock: a bounded poll that fails naming what it
// waited for. A fixed sleep before an assertion is either too short on a slow machine (a flaky
// test) or longer than needed everywhere (a slow one).

/** Polls `check` until it answers something other than false, null or undefined, and returns it;
 *  throws after `within` ms. */
export async function until<T>(what: string, check: () => T | Promise<T>, { within = 5_000, every = 20 }: { within?: number; every?: number } = {}): Promise<NonNullable<Exclude<T, false>>> {
  const deadline = Date.now() + within;
  for (;;) {
    const value = await check();
    if (value !== false && value !== null && value !== undefined) return value as NonNullable<Exclude<T, false>>;
    if (Date.now() >= deadline) throw new Error(`waited ${within} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/** A negative check over a window: `check` must hold at every poll for `ms`, and the first poll
 *  where it does not fails at once. The window is the caller's claim of how long "never" must be
 *  watched to mean something: size it from the mechanism (several of a poller's intervals). */
export async function holds(what: string, check: () => boolean | Promise<boolean>, ms: number, every = 20): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (!(await check())) throw new Error(`${what} stopped holding`);
    if (Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
