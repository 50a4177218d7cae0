// The operation registry and its runner: rate limit, authentication (once per request), the
// permission check, then the operation. The one path every surface takes to run an operation.

import type { AuthenticateRequest, AuthRealm, AuthResult } from '../auth/types.js';
import { assertIdentifiedIn, type Authorizer } from '../auth/verdict.js';
import { KernelError, ValidationError } from '../errors/index.js';
import { enforceRateLimit, type RateLimitOptions } from '../limits/rate-limit.js';
import type { DocumentApi } from '../documents/api.js';
import type { PolicyRegistry } from '../policies/registry.js';
import { createCaller, type Caller } from './caller.js';
import type { OperationDefinition, OperationInput, RunOptions } from './types.js';

export interface OperationRegistryDeps {
  authorizer: Authorizer;
  /** The document service, for a caller's view of it (from the sync phase on). */
  documents(uid: string): DocumentApi;
  /** The content rate limit, when on: one budget per client address across content operations
   *  (shared with REST routes that serve a content type). */
  contentLimit: RateLimitOptions | undefined;
  policies: PolicyRegistry;
}

export class OperationRegistry {
  readonly #ops = new Map<string, OperationDefinition>();
  readonly #deps: OperationRegistryDeps;
  readonly #limit: RateLimitOptions | undefined;
  // A request authenticates once per realm, however many operations it runs (a GraphQL query runs several)
  readonly #identities: Record<AuthRealm, WeakMap<AuthenticateRequest, Promise<AuthResult | undefined>>> = {
    'content-api': new WeakMap(), admin: new WeakMap(),
  };
  // Actions checked outside any operation (a GraphQL resolver of an extension), for permission editors
  readonly #declared = new Set<string>();
  #frozen = false;

  constructor(deps: OperationRegistryDeps) {
    this.#deps = deps;
    this.#limit = deps.contentLimit;
  }

  define(op: OperationDefinition): void {
    this.#mutable(op.owner, op.name);
    const existing = this.#ops.get(op.name);
    if (existing) throw new KernelError('PLUGIN_ERR_DUPLICATE', `operation ${op.name}: defined by ${op.owner}, already defined by ${existing.owner}`);
    this.#ops.set(op.name, checked(op));
  }

  /** Changes an operation someone else defined (more parameters, an extra action, a wrapped run). */
  update(name: string, change: (op: OperationDefinition) => OperationDefinition): void {
    const op = this.get(name);
    this.#mutable(op.owner, name);
    this.#ops.set(name, checked(change(op)));
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

  /** Declares a permission action a surface checks itself (through authorize) with no operation
   *  behind it, so permission editors list it. */
  declareAction(action: string): void {
    this.#declared.add(action);
  }

  /** Every permission action a content-API operation checks: their names and extra actions, and
   *  the declared ones (admin operations' actions are the admin plugin's to list). */
  actions(): Set<string> {
    const out = new Set<string>(this.#declared);
    for (const op of this.#ops.values()) {
      if (op.public || op.realm === 'admin') continue;
      out.add(op.name);
      for (const extra of op.extraActions ?? []) out.add(extra);
    }
    return out;
  }

  /** Who is calling, authenticated once per request object and realm: a surface passes one
   *  object per request (Koa's context), so a later request authenticates again. */
  identify(request: AuthenticateRequest, realm: AuthRealm = 'content-api'): Promise<AuthResult | undefined> {
    const identities = this.#identities[realm];
    let identity = identities.get(request);
    if (!identity) {
      identity = this.#deps.authorizer.authenticate(request, realm);
      identities.set(request, identity);
    }
    return identity;
  }

  /** The typed caller of an identity (what operations, routes and resolvers hand plugin code). */
  callerOf(auth: AuthResult | undefined, ip: string): Caller {
    const { authorizer, documents } = this.#deps;
    return createCaller(auth, ip, { documents, authorize: authorizer.authorize, can: authorizer.can });
  }

  /** Who is calling, typed, authenticated once per request object and realm (identify). */
  async caller(request: AuthenticateRequest, realm: AuthRealm = 'content-api'): Promise<Caller> {
    return this.callerOf(await this.identify(request, realm), request.ip);
  }

  /** The realm an operation's callers are identified in, for a run with these options. */
  realmOf(name: string, options: Pick<RunOptions, 'realm'> = {}): AuthRealm {
    return this.get(name).realm === 'admin' ? 'admin' : options.realm ?? 'content-api';
  }

  /** Runs an operation for a request: rate limit (content operations; each operation run counts),
   *  authentication, permission (unless public), the parameters it accepts, then the operation. */
  async run<Output = unknown>(name: string, input: OperationInput, request: AuthenticateRequest, options: RunOptions = {}): Promise<Output> {
    const op = this.get(name);
    if (this.#limit && op.contentType) await enforceRateLimit(`content:${request.ip}`, this.#limit);
    // A public operation (login) serves whoever calls, whatever credentials came with the request
    const realm = this.realmOf(name, options);
    const auth = op.public ? undefined : await this.identify(request, realm);
    if (!op.public) assertIdentifiedIn(realm, auth);
    if (!op.public && options.scope !== false) {
      const scope = options.scope ?? [op.name];
      if (scope.length === 0) throw new KernelError('KERNEL_ERR_STATE', `operation ${name}: an empty scope; give false to check no permission`);
      for (const action of scope) await this.#deps.authorizer.authorize(auth, action);
    }
    if (options.policies?.length) {
      const { surface, args, ...graphql } = options.policyContext ?? { surface: 'unknown', args: {} };
      await this.#deps.policies.check(options.policies, { ...graphql, auth, request, surface, args, state: {} });
    }
    return await op.run(acceptedInput(op, input, options), { auth, ip: request.ip, caller: this.callerOf(auth, request.ip) }) as Output;
  }

  freeze(): void {
    this.#frozen = true;
  }

  #mutable(owner: string, name: string): void {
    if (this.#frozen) throw new KernelError('KERNEL_ERR_LATE_MUTATION', `${owner} changed operation ${name} after defineOperations`);
  }
}

/** The input with only the parameters the operation declares; another one is dropped, or refused
 *  when the surface asks for that (and did not accept it for itself). */
function acceptedInput(op: OperationDefinition, input: OperationInput, options: RunOptions): OperationInput {
  if (!input.params) return input;
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input.params)) {
    if (op.params.includes(key)) params[key] = value;
    else if (options.unknownParams === 'refuse' && !options.accepted?.includes(key)) {
      throw new ValidationError(`Invalid key ${key}`, { key, path: key, source: 'query', reason: 'unknown query parameter' });
    }
  }
  return { ...input, params };
}

/** A frozen operation; content operations are never public (their rules need a caller). */
function checked(op: OperationDefinition): OperationDefinition {
  if (op.public && op.contentType) {
    throw new KernelError('PLUGIN_ERR_INVALID', `operation ${op.name} (${op.owner}): an operation on a content type cannot be public`);
  }
  return Object.freeze({ ...op, params: Object.freeze([...op.params]) });
}
