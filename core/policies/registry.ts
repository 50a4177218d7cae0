// The policy registry: plugins and the app define policies by name in register(); surfaces check
// a list of them for a call. A refusal is a 403 PolicyError whatever surface asked.

import { KernelError, PolicyError } from '../errors/index.js';
import type { PolicyContext, PolicyFn, PolicyName, PolicyRef, Policies } from './types.js';

export class PolicyRegistry {
  readonly #policies = new Map<string, { owner: string; fn: PolicyFn<never> }>();
  #frozen = false;

  define<K extends PolicyName>(name: K, fn: PolicyFn<Policies[K]>, owner: string): void {
    if (this.#frozen) throw new KernelError('KERNEL_ERR_LATE_MUTATION', `${owner} defined policy ${name} after register`);
    const existing = this.#policies.get(name);
    if (existing) throw new KernelError('PLUGIN_ERR_DUPLICATE', `policy ${name}: defined by ${owner}, already defined by ${existing.owner}`);
    this.#policies.set(name, { owner, fn: fn as PolicyFn<never> });
  }

  has(name: string): boolean {
    return this.#policies.has(name);
  }

  /** Throws a KernelError naming the first reference to a policy nobody defined: called when a
   *  route or a resolver is built, so a misspelt name stops start-up. */
  assertKnown(refs: readonly PolicyRef[], where: string): void {
    for (const ref of refs) {
      if (typeof ref === 'function') continue;
      const { name } = named(ref);
      if (typeof name !== 'string') throw new KernelError('PLUGIN_ERR_INVALID', `${where}: a policy is a name, { name, config } or a function; got ${JSON.stringify(ref)}`);
      if (!this.#policies.has(name)) throw new KernelError('PLUGIN_ERR_INVALID', `${where}: no policy ${name} is defined (policies: ${[...this.#policies.keys()].join(', ') || 'none'})`);
    }
  }

  /** Runs the policies in order; the first falsy answer refuses the call. */
  async check(refs: readonly PolicyRef[], context: PolicyContext): Promise<void> {
    for (const ref of refs) {
      let allowed: unknown;
      let name: unknown;
      if (typeof ref === 'function') {
        allowed = await ref(context, undefined);
      } else {
        const byName = named(ref);
        name = byName.name;
        const policy = typeof name === 'string' ? this.#policies.get(name) : undefined;
        if (!policy) throw new KernelError('KERNEL_ERR_STATE', `no policy ${String(name)} is defined`);
        allowed = await (policy.fn as PolicyFn<unknown>)(context, byName.config);
      }
      if (!allowed) throw new PolicyError('Policy Failed', typeof name === 'string' ? { policy: name } : {});
    }
  }

  freeze(): void {
    this.#frozen = true;
  }
}

/** A reference by name, as `name` or `{ name, config }`. */
function named(ref: Exclude<PolicyRef, PolicyFn<undefined>>): { name: unknown; config: unknown } {
  return typeof ref === 'string' ? { name: ref, config: undefined } : { name: (ref as { name?: unknown } | null)?.name, config: (ref as { config?: unknown } | null)?.config };
}
