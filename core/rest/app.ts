// The HTTP application of the REST surface: request id, security headers, the error boundary,
// CORS, plugins' middleware before the body parser, the JSON body parser, plugins' middleware
// before the routes, then the routes.

import Koa, { type Middleware } from 'koa';
import type { ApiConfig, ServerConfig } from '../config/types.js';
import type { Logger } from '../log/logger.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import { corsMiddleware } from './cors.js';
import { routedBody } from './body.js';
import { jsonBody } from './json-body.js';
import { bodyParseError, errorMiddleware } from './error-middleware.js';
import { buildRouter, hasRoute, useRouter, type MountDeps } from './mount.js';
import { indexMiddleware, serverIndex } from './index-page.js';
import { requestIdMiddleware } from './request-id.js';
import type { RouteTable } from './route-table.js';
import { securityHeadersMiddleware } from './security-headers.js';
import type { RequestState } from './types.js';

export interface RestAppOptions extends Omit<MountDeps, 'queryLength'> {
  server: ServerConfig;
  api: ApiConfig;
  logger: Logger;
  routes: RouteTable;
  registry: ModelRegistry;
  /** Plugins' middleware at their positions. */
  middleware: { beforeBody: Array<Middleware<RequestState>>; beforeRoutes: Array<Middleware<RequestState>> };
}

export function createRestApp(options: RestAppOptions): Koa<RequestState> {
  const { server, api, logger, middleware } = options;
  const app = new Koa<RequestState>();
  app.proxy = server.proxy;
  // What reaches Koa's own error event has already been answered (or the client is gone: a
  // timeout, an aborted upload); errors of handlers go through errorMiddleware and its log line
  app.on('error', (err: Error) => { logger.debug(`connection error: ${err.message}`); });
  app.use(requestIdMiddleware());
  app.use(securityHeadersMiddleware(server.securityHeaders));
  app.use(errorMiddleware(logger));
  app.use(corsMiddleware(server.cors));
  for (const m of middleware.beforeBody) app.use(m);
  const router = buildRouter(options.routes, {
    authorizer: options.authorizer, identify: options.identify, callerOf: options.callerOf, contentLimit: options.contentLimit, queryLength: server.limits.queryLength,
    policies: options.policies,
  });
  // A request without a route is answered 404 or 405 without its body being read or inflated
  app.use(routedBody({
    routed: (ctx) => hasRoute(router, ctx.path, ctx.method),
    parse: jsonBody(api.bodyLimit, bodyParseError),
    depthLimit: api.rest.maxBodyDepth + api.rest.maxJsonDepth,
  }));
  for (const m of middleware.beforeRoutes) app.use(m);
  // After plugins' middleware and only without a route of its own: an app may serve GET /
  if (server.environment !== 'production' && !hasRoute(router, '/', 'GET')) {
    app.use(indexMiddleware(() => serverIndex(options.routes, options.registry)));
  }
  useRouter(app, router);
  return app;
}
