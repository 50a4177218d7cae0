// Routes are data until mount time, so plugins can add routes or change ones they did not write
// (the buildRoutes hook). A duplicate method+path names both owners.

import { KernelError, NotFoundError } from '../errors/index.js';
import type { Caller } from '../operations/caller.js';
import type { OperationRegistry } from '../operations/registry.js';
import type { HttpMethod, OperationRouteSpec, RequestContext, RouteDefinition } from './types.js';

export type { HttpMethod, OperationRouteSpec, RouteDefinition } from './types.js';

export interface RouteTableDeps {
  operations: OperationRegistry;
  /** Unknown query parameters are a 400 (else dropped). */
  strictParams: boolean;
}

/** A page or endpoint served beside the routes (a plugin's middleware: the GraphQL endpoint, an
 *  API reference), for the development index at GET / and the start-up lines. */
export interface ServerLink {
  title: string;
  path: string;
  description?: string;
}

export class RouteTable {
  readonly #routes = new Map<string, RouteDefinition>();
  readonly #links: ServerLink[] = [];
  readonly #deps: RouteTableDeps;

  constructor(deps: RouteTableDeps) {
    this.#deps = deps;
  }

  /** Adds a route that runs an operation. It accepts the operation's parameters (and those its
   *  input reads itself), and the operation runner (not the mount) applies the rate limit,
   *  authentication, permission and then the parameter check. */
  addOperation<Output>(spec: OperationRouteSpec<Output>): void {
    const { operations, strictParams } = this.#deps;
    const op = operations.get(spec.operation);
    const respond = spec.respond ?? defaultAnswer;
    const realm = operations.realmOf(op.name, spec);
    this.add({
      method: spec.method, path: spec.path, action: op.name, operation: op.name, query: [...op.params, ...spec.query ?? []],
      ...(op.contentType ? { contentType: op.contentType } : {}),
      ...(op.extraActions ? { extraActions: [...op.extraActions] } : {}),
      ...(spec.doc ? { doc: spec.doc } : {}),
      config: { auth: !op.public, owner: op.owner, realm, ...(spec.policies ? { policies: spec.policies } : {}) },
      handler: async (ctx: RequestContext) => {
        const input = { ...spec.input?.(ctx), params: ctx.state.query ?? {} };
        const output = await operations.run<Output>(op.name, input, ctx, {
          realm, unknownParams: strictParams ? 'refuse' : 'drop', accepted: spec.query,
          ...(spec.scope !== undefined ? { scope: spec.scope } : {}),
          ...(spec.policies?.length ? { policies: spec.policies, policyContext: { surface: 'rest', args: routeArgs(ctx) } } : {}),
        });
        // Who called, for what runs after (a plugin's wrapper, the log): authenticated once already
        if (!op.public) setCaller(ctx, operations.callerOf(await operations.identify(ctx, realm), ctx.ip));
        respond(ctx, output);
      },
    });
  }

  add(route: RouteDefinition): void {
    const key = `${route.method} ${route.path}`;
    const existing = this.#routes.get(key);
    if (existing) {
      throw new KernelError('ROUTE_ERR_DUPLICATE',
        `route ${key}: added by ${route.config.owner}, already defined by ${existing.config.owner}`);
    }
    this.#routes.set(key, route);
  }

  get(method: HttpMethod, path: string): RouteDefinition | undefined {
    return this.#routes.get(`${method} ${path}`);
  }

  /** Changes a route someone else defined (add a query parameter, wrap a handler). */
  update(method: HttpMethod, path: string, change: (route: RouteDefinition) => RouteDefinition): void {
    const key = `${method} ${path}`;
    const route = this.#routes.get(key);
    if (!route) throw new KernelError('ROUTE_ERR_DUPLICATE', `route ${key}: cannot update, not defined`);
    this.#routes.set(key, change(route));
  }

  remove(method: HttpMethod, path: string): boolean {
    return this.#routes.delete(`${method} ${path}`);
  }

  all(): RouteDefinition[] {
    return [...this.#routes.values()];
  }

  /** Every content-API permission action a route may ask authorize for: its own and its
   *  extraActions (routes without auth ask for nothing; admin routes are the admin plugin's). */
  actions(): Set<string> {
    const known = new Set<string>();
    for (const route of this.#routes.values()) {
      if (!route.config.auth || route.config.realm === 'admin') continue;
      known.add(route.action);
      for (const extra of route.extraActions ?? []) known.add(extra);
    }
    return known;
  }

  forContentType(uid: string): RouteDefinition[] {
    return this.all().filter((r) => r.contentType === uid);
  }

  /** Lists a page or endpoint a plugin serves outside the routes. */
  addLink(link: ServerLink): void {
    this.#links.push({ ...link });
  }

  links(): ServerLink[] {
    return this.#links.map((l) => ({ ...l }));
  }
}

/** ctx.state's auth, caller and user, for a caller identified. */
export function setCaller(ctx: RequestContext, caller: Caller): void {
  ctx.state.auth = caller.auth;
  ctx.state.caller = caller;
  ctx.state.user = caller.user;
}

/** What a route's policies see as the call's arguments. */
export function routeArgs(ctx: RequestContext): Record<string, unknown> {
  return { params: { ...ctx.params as Record<string, string> }, query: ctx.state.query ?? {}, body: (ctx.request as { body?: unknown }).body };
}

function defaultAnswer(ctx: RequestContext, output: unknown): void {
  if (output === null || output === undefined) throw new NotFoundError('Not Found');
  ctx.body = { data: output, meta: {} };
}
