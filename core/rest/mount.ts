// Mounts route data on @koa/router, each route composed in a fixed order:
// route info -> parse query -> authenticate -> authorize -> handler.

import Router from '@koa/router';
import type Koa from 'koa';
import { denial, isAnonymous } from '../auth/verdict.js';
import { KernelError, UnauthorizedError, URITooLongError } from '../errors/index.js';
import type { ContentRateLimitConfig } from '../config/types.js';
import type { KernelHooks } from '../kernel/hooks.js';
import { enforceRateLimit, MemoryRateLimitStore } from './rate-limit.js';
import { parseQueryString } from '../query/parse.js';
import type { RouteDefinition, RouteTable } from './route-table.js';
import type { RequestContext, RequestState } from './types.js';

export function mountRoutes(app: Koa<RequestState>, table: RouteTable, hooks: KernelHooks, rateLimit: ContentRateLimitConfig, queryLength: number): void {
  const router = new Router<RequestState>();
  const limit = contentRateLimit(rateLimit);
  for (const route of table.all()) {
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
        ...(limit && route.contentType ? [limit] : []),
        ...(route.config.auth ? [authMiddleware(route, hooks)] : []),
        async (ctx: RequestContext) => { await route.handler(ctx); },
      ] as never, { name: `${route.method} ${route.path}` });
    } catch (err) {
      throw new KernelError('ROUTE_ERR_DUPLICATE', `Error creating endpoint ${route.method} ${route.path}: ${(err as Error).message}`, { cause: err });
    }
  }
  app.use(router.routes() as never);
  app.use(router.allowedMethods() as never);
}

/** One budget per client address across the content routes; ctx.ip honours server.proxy, so
 *  X-Forwarded-For only counts behind a proxy the config says is trusted. */
function contentRateLimit(config: ContentRateLimitConfig) {
  if (!config.enabled) return undefined;
  const options = { interval: config.interval, max: config.max, store: config.store ?? new MemoryRateLimitStore() };
  return async (ctx: RequestContext, next: () => Promise<unknown>) => {
    await enforceRateLimit(`content:${ctx.ip}`, options);
    await next();
  };
}

function authMiddleware(route: RouteDefinition, hooks: KernelHooks) {
  return async (ctx: RequestContext, next: () => Promise<unknown>) => {
    const auth = await hooks.authenticate.promise(ctx);
    // Credentials nobody recognised are refused, never served as an anonymous request
    if (ctx.get('authorization') && isAnonymous(auth)) throw new UnauthorizedError('Missing or invalid credentials');
    ctx.state.auth = auth;
    const verdict = await hooks.authorize.promise(ctx, { action: route.action, route, auth });
    if (verdict && !verdict.allowed) throw denial(auth);
    await next();
  };
}
