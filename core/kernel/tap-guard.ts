// Ties every tap to the plugin that made it. A tap that throws something other than a deliberate
// answer (an application error such as a 400 or 401, or a KernelError) fails with
// HOOK_ERR_TAP_FAILED, naming the plugin and the hook, with the original error as its cause.

import { isApplicationError, isKernelError, KernelError } from '../errors/index.js';

type Fn = (...args: unknown[]) => unknown;

/** A tap as tapable's register interceptor sees it. */
export interface RegisteredTap { name: string; type: 'sync' | 'async' | 'promise'; fn: Fn; stage?: number; before?: string }

function deliberate(err: unknown): boolean {
  if (isApplicationError(err) || isKernelError(err)) return true;
  // http-errors (ctx.throw(400)) say what the client did wrong, or expose what the server won't do
  const { status, expose } = (err ?? {}) as { status?: unknown; expose?: unknown };
  return typeof status === 'number' && (status < 500 || expose === true);
}

export function tapFailure(err: unknown, owner: string, hook: string): unknown {
  if (deliberate(err)) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new KernelError('HOOK_ERR_TAP_FAILED', `${owner}'s ${hook} tap failed: ${message}`, { cause: err });
}

/** The tap with its function wrapped so that what it throws names `owner` and `hook`. */
export function guardTap<T extends RegisteredTap>(tap: T, owner: string, hook: string): T {
  const fn = tap.fn;
  const fail = (err: unknown) => tapFailure(err, owner, hook);
  let guarded: Fn;
  switch (tap.type) {
    case 'promise':
      guarded = (...args) => {
        let result: unknown;
        try { result = fn(...args); } catch (err) { return Promise.reject(fail(err)); }
        return Promise.resolve(result).catch((err: unknown) => { throw fail(err); });
      };
      break;
    case 'async':
      guarded = (...args) => {
        const callback = args[args.length - 1] as (err?: unknown, result?: unknown) => void;
        let called = false;
        const done = (err?: unknown, result?: unknown) => { called = true; callback(err ? fail(err) : err, result); };
        try {
          return fn(...args.slice(0, -1), done);
        } catch (err) {
          // A throw from the callback (the taps after this one run inside it) is not this tap's
          if (called) throw err;
          return callback(fail(err));
        }
      };
      break;
    default:
      guarded = (...args) => {
        try { return fn(...args); } catch (err) { throw fail(err); }
      };
  }
  return { ...tap, fn: guarded };
}

export interface HookPolicy {
  /** Why a tap on this hook comes too late now, or undefined when it may be made. */
  late(hook: string): string | undefined;
  /** Whose the tap is: the plugin registering now, or the tap's own name. */
  owner(tapName: string): string;
}

/** Puts every hook of `hooks` under the policy: late taps throw, and each tap is guarded. */
export function guardHooks(hooks: Record<string, { intercept(interceptor: { register?(tap: never): unknown }): void }>, policy: HookPolicy): void {
  for (const [name, hook] of Object.entries(hooks)) {
    hook.intercept({
      register: ((tap: RegisteredTap) => {
        const late = policy.late(name);
        if (late) throw new KernelError('KERNEL_ERR_LATE_TAP', `${tap.name} tapped ${name} during phase ${late}, after the hook could take taps`);
        return guardTap(tap, policy.owner(tap.name), name);
      }) as (tap: never) => unknown,
    });
  }
}
