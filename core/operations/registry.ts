// The operation registry and its runner: rate limit, authentication (once per request), the
// permission check, then the operation. The one path every surface takes to run an operation.

import type { AuthenticateRequest, AuthResult } from '../auth/types.js';
import type { Authorizer } from '../auth/verdict.js';
import { KernelError } from '../errors/index.js';
import { enforceRateLimit, type RateLimitOptions } from '../limits/rate-limit.js';
import type { OperationDefinition, OperationInput, RunOptions } from './types.js';

export interface OperationRegistryDeps {
  authorizer: Authorizer;
  /** The content rate limit, when on: one budget per client address across content operations
   *  (shared with REST routes that serve a content type). */
  contentLimit: RateLimitOptions | undefined;
}

export class OperationRegistry {
  readonly #ops = new Map<string, OperationDefinition>();
  readonly #deps: OperationRegistryDeps;
  readonly #limit: RateLimitOptions | undefined;
  // A request authenticates once, however many operations it runs (a GraphQL query runs several)
  readonly #identities = new WeakMap<AuthenticateRequest, Promise<AuthResult | undefined>>();
  #frozen = false;

  constructor(deps: OperationRegistryDeps) {
    this.#deps = deps;
    this.#limit = deps.contentLimit;
  }

  define(op: OperationDefinition): void {
    this.#mutable(op.owner, op.name);
    const existing = this.#ops.get(op.name);
    if (existing) throw new KernelError('PLUGIN_ERR_DUPLICATE', `operation ${op.name}: defined by ${op.owner}, already defined by ${existing.owner}`);
    this.#ops.set(op.name, op);
  }

  /** Changes an operation someone else defined (more parameters, an extra action, a wrapped run). */
  update(name: string, change: (op: OperationDefinition) => OperationDefinition): void {
    const op = this.get(name);
    this.#mutable(op.owner, name);
    this.#ops.set(name, change(op));
  }

  get(name: string): OperationDefinition {
    const op = this.#ops.get(name);
    if (!op) throw new KernelError('KERNEL_ERR_STATE', `no operation ${name}`);
    return op;
  }

  has(name: string): boolean {
    return this.#ops.has(name);
  }

  all(): OperationDefinition[] {
    return [...this.#ops.values()];
  }

  forContentType(uid: string): OperationDefinition[] {
    return this.all().filter((op) => op.contentType === uid);
  }

  /** Every permission action an operation checks: their names and extra actions. */
  actions(): Set<string> {
    const out = new Set<string>();
    for (const op of this.#ops.values()) {
      if (op.public) continue;
      out.add(op.name);
      for (const extra of op.extraActions ?? []) out.add(extra);
    }
    return out;
  }

  /** Who is calling, authenticated once per request object. */
  identify(request: AuthenticateRequest): Promise<AuthResult | undefined> {
    let identity = this.#identities.get(request);
    if (!identity) {
      identity = this.#deps.authorizer.authenticate(request);
      this.#identities.set(request, identity);
    }
    return identity;
  }

  /** Runs an operation for a request: rate limit (content operations), authentication,
   *  permission (unless public), then the operation with the parameters it accepts. */
  async run<Output = unknown>(name: string, input: OperationInput, request: AuthenticateRequest, options: RunOptions = {}): Promise<Output> {
    const op = this.get(name);
    if (this.#limit && op.contentType) await enforceRateLimit(`content:${request.ip}`, this.#limit);
    // A public operation (login) serves whoever calls, whatever credentials came with the request
    if (op.public) return await op.run(accepted(op, input), { auth: undefined, ip: request.ip }) as Output;
    const auth = await this.identify(request);
    if (options.scope !== false) {
      for (const action of options.scope ?? [op.name]) await this.#deps.authorizer.authorize(auth, action);
    }
    return await op.run(accepted(op, input), { auth, ip: request.ip }) as Output;
  }

  freeze(): void {
    this.#frozen = true;
  }

  #mutable(owner: string, name: string): void {
    if (this.#frozen) throw new KernelError('KERNEL_ERR_LATE_MUTATION', `${owner} changed operation ${name} after the surfaces were built`);
  }
}

/** The input with only the parameters the operation declares. */
function accepted(op: OperationDefinition, input: OperationInput): OperationInput {
  if (!input.params) return input;
  const params: Record<string, unknown> = {};
  for (const name of op.params) if (name in input.params) params[name] = input.params[name];
  return { ...input, params };
}
