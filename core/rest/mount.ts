// Mounts route data on @koa/router, each route composed in a fixed order:
// route info -> parse query -> authenticate -> authorize -> handler.

import Router from '@koa/router';
import type Koa from 'koa';
import type { Authorizer } from '../auth/verdict.js';
import { KernelError, URITooLongError } from '../errors/index.js';
import type { ContentRateLimitConfig } from '../config/types.js';
import { enforceRateLimit, MemoryRateLimitStore } from '../limits/rate-limit.js';
import { parseQueryString } from '../query/parse.js';
import type { RouteDefinition, RouteTable } from './route-table.js';
import type { RequestContext, RequestState } from './types.js';

export function mountRoutes(app: Koa<RequestState>, table: RouteTable, auth: Authorizer, rateLimit: ContentRateLimitConfig, queryLength: number): void {
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
        ...(route.config.auth ? [authMiddleware(route, auth)] : []),
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

function authMiddleware(route: RouteDefinition, authorizer: Authorizer) {
  return async (ctx: RequestContext, next: () => Promise<unknown>) => {
    // Koa's context is an AuthenticateRequest (headers and the client's address)
    const auth = await authorizer.authenticate(ctx);
    ctx.state.auth = auth;
    await authorizer.authorize(auth, route.action);
    await next();
  };
}
