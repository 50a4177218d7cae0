// Mounts route data on @koa/router, each route composed in a fixed order: route info -> parse
// query -> handler. A route that runs an operation leaves the rate limit, authentication and the
// permission to the operation runner; any other route (a plugin's own handler) gets them here:
// rate limit (if it serves a content type) -> authenticate -> authorize -> handler.

import Router from '@koa/router';
import type Koa from 'koa';
import type { AuthRealm, AuthResult } from '../auth/types.js';
import { assertIdentifiedIn, type Authorizer } from '../auth/verdict.js';
import { KernelError, URITooLongError } from '../errors/index.js';
import { enforceRateLimit, type RateLimitOptions } from '../limits/rate-limit.js';
import type { Caller } from '../operations/caller.js';
import { parseQueryString } from '../query/parse.js';
import type { RouteDefinition, RouteTable } from './route-table.js';
import type { PolicyRegistry } from '../policies/registry.js';
import { routeArgs, setCaller } from './route-table.js';
import type { RequestContext, RequestState } from './types.js';

export interface MountDeps {
  authorizer: Authorizer;
  /** Authentication once per request and realm, shared with the operation runner. */
  identify(request: RequestContext, realm?: AuthRealm): Promise<AuthResult | undefined>;
  /** The typed caller of an identity. */
  callerOf(auth: AuthResult | undefined, ip: string): Caller;
  /** The content rate limit (shared with the operation runner), when on. */
  contentLimit: RateLimitOptions | undefined;
  /** Longest query string, in characters. */
  queryLength: number;
  policies: PolicyRegistry;
}

/** The routes on @koa/router; the app uses it after the body parser, which asks it first whether
 *  a request has a route at all (404 and 405 are answered without reading the body). */
export function buildRouter(table: RouteTable, deps: MountDeps): Router<RequestState> {
  const router = new Router<RequestState>();
  const { contentLimit, queryLength } = deps;
  // One budget per client address; ctx.ip honours server.proxy, so X-Forwarded-For only counts
  // behind a proxy the config says is trusted
  const limit = contentLimit && (async (ctx: RequestContext, next: () => Promise<unknown>) => {
    await enforceRateLimit(`content:${ctx.ip}`, contentLimit);
    await next();
  });
  for (const route of table.all()) {
    const guarded = !route.operation;
    const policies = route.config.policies ?? [];
    deps.policies.assertKnown(policies, `route ${route.method} ${route.path}`);
    try {
      router.register(route.path, [route.method], [
        async (ctx: RequestContext, next: () => Promise<unknown>) => {
          if (ctx.querystring.length > queryLength) {
            throw new URITooLongError(`The query string is too long: at most ${queryLength} characters are allowed`, { limit: queryLength });
          }
          ctx.state.route = route;
          ctx.state.query = parseQueryString(ctx.querystring);
          await next();
        },
        ...(guarded && limit && route.contentType ? [limit] : []),
        ...(guarded && route.config.auth ? [authMiddleware(route, deps)] : []),
        ...(guarded && policies.length ? [policyMiddleware(policies, deps)] : []),
        async (ctx: RequestContext) => { await route.handler(ctx); },
      ] as never, { name: `${route.method} ${route.path}` });
    } catch (err) {
      throw new KernelError('ROUTE_ERR_DUPLICATE', `Error creating endpoint ${route.method} ${route.path}: ${(err as Error).message}`, { cause: err });
    }
  }
  return router;
}

export function useRouter(app: Koa<RequestState>, router: Router<RequestState>): void {
  app.use(methodNotImplemented);
  app.use(router.routes() as never);
  app.use(router.allowedMethods() as never);
}

/**
 * The router answers 501 to a method no route uses (PROPFIND, LINK, ...), on any path. A 5xx
 * says the server failed, and anyone could raise a server-error alarm with one request: the
 * method is refused as the client's error instead, 405 where the path has routes (with Allow),
 * 404 where it has none.
 */
async function methodNotImplemented(ctx: Koa.Context, next: Koa.Next): Promise<void> {
  await next();
  if (ctx.status !== 501 || ctx.body) return;
  if (ctx.response.get('Allow')) ctx.status = 405;
  else {
    ctx.remove('Allow');
    ctx.status = 404;
  }
}

/** Whether a method and path reach a route (else the router answers 404 or 405). */
export function hasRoute(router: Router<RequestState>, path: string, method: string): boolean {
  return router.match(path, method).route;
}

/** A plain route's policies (an operation route's run in the operation runner). */
function policyMiddleware(policies: NonNullable<RouteDefinition['config']['policies']>, deps: MountDeps) {
  return async (ctx: RequestContext, next: () => Promise<unknown>) => {
    const auth = ctx.state.auth ?? await deps.identify(ctx, ctx.state.route?.config.realm);
    await deps.policies.check(policies, { auth, request: ctx, surface: 'rest', args: routeArgs(ctx), state: {} });
    await next();
  };
}

function authMiddleware(route: RouteDefinition, deps: MountDeps) {
  return async (ctx: RequestContext, next: () => Promise<unknown>) => {
    // Koa's context is an AuthenticateRequest (headers and the client's address)
    const auth = await deps.identify(ctx, route.config.realm);
    assertIdentifiedIn(route.config.realm ?? 'content-api', auth);
    setCaller(ctx, deps.callerOf(auth, ctx.ip));
    await deps.authorizer.authorize(auth, route.action);
    await next();
  };
}
