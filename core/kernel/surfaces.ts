// The buildRoutes phase: the operations (core's for every content type of the content API: the
// api:: types and those plugins asked for, then plugins'), frozen; the REST routes over them
// (core's, then plugins'); the HTTP app.

import type Koa from 'koa';
import type { Middleware } from 'koa';
import type { Authorizer } from '../auth/verdict.js';
import type { KernelConfig } from '../config/types.js';
import type { DocumentApi } from '../documents/api.js';
import type { RateLimitOptions } from '../limits/rate-limit.js';
import type { Logger } from '../log/logger.js';
import { defineContentOperations } from '../operations/content.js';
import type { ContentApiRegistry } from '../operations/content-api.js';
import { defineWebhookOperations, type WebhookApiDeps } from '../operations/webhooks.js';
import type { OperationRegistry } from '../operations/registry.js';
import type { ParamRegistry } from '../params/registry.js';
import type { PolicyRegistry } from '../policies/registry.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import { createRestApp } from '../rest/app.js';
import { addContentRoutes } from '../rest/content-routes.js';
import { addWebhookRoutes } from '../rest/webhook-routes.js';
import type { RouteTable } from '../rest/route-table.js';
import type { RequestState } from '../rest/types.js';
import type { KernelHooks } from './hooks.js';
import type { MiddlewarePosition } from './plugin.js';

export interface SurfaceDeps {
  hooks: KernelHooks;
  config: KernelConfig;
  logger: Logger;
  registry: ModelRegistry;
  params: ParamRegistry;
  operations: OperationRegistry;
  routes: RouteTable;
  authorizer: Authorizer;
  contentLimit: RateLimitOptions | undefined;
  middleware: Record<MiddlewarePosition, Array<Middleware<RequestState>>>;
  documents(uid: string): DocumentApi;
  policies: PolicyRegistry;
  webhooks: WebhookApiDeps;
  contentApi: ContentApiRegistry;
}

export function buildSurfaces(deps: SurfaceDeps): Koa<RequestState> {
  const { hooks, config, registry, operations, routes } = deps;
  const contentApi = deps.contentApi.resolve(registry, config.api.rest.prefix);
  for (const served of contentApi) defineContentOperations(operations, served.contentType, deps, served.actions);
  defineWebhookOperations(operations, deps.webhooks);
  hooks.defineOperations.call(operations);
  operations.freeze();
  for (const served of contentApi) addContentRoutes(routes, served);
  // An app's own content type named webhooks keeps its routes; the webhooks API then has none
  if (routes.get('GET', `${config.api.rest.prefix}/webhooks`)) deps.logger.warn(`webhooks: ${config.api.rest.prefix}/webhooks belongs to a content type; the webhooks API is not served (config/webhooks.ts still applies)`);
  else addWebhookRoutes(routes, config.api.rest.prefix);
  hooks.buildRoutes.call(routes);
  return createRestApp({
    server: config.server, api: config.api, logger: deps.logger, routes, registry, middleware: deps.middleware,
    authorizer: deps.authorizer, identify: (request, realm) => operations.identify(request, realm), contentLimit: deps.contentLimit,
    callerOf: (auth, ip) => operations.callerOf(auth, ip),
    policies: deps.policies,
  });
}
