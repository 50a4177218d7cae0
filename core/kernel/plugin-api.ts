// Builds a plugin's handle (PluginApi) over what the kernel lends it: each member is a window on
// the kernel, with the plugin's name on what it provides.

import type { Middleware } from 'koa';
import type { AuthorizeSubject, AuthResult } from '../auth/types.js';
import type { DocumentActionDefinition } from '../documents/api.js';
import type { PolicyRegistry } from '../policies/registry.js';
import type { PolicyFn, PolicyName, Policies } from '../policies/types.js';
import type { RequestState } from '../rest/types.js';
import type { MiddlewarePosition, PluginApi } from './plugin.js';
import type { ServiceName, ServiceRegistry, Services } from './services.js';

/** What the kernel lends every plugin. */
export type PluginHost = Omit<PluginApi, 'name' | 'services' | 'policies' | 'defineDocumentAction' | 'middleware'> & {
  services: ServiceRegistry;
  policies: PolicyRegistry;
  /** Checks the phase and registers (names the plugin in a refusal). */
  defineDocumentAction(plugin: string, definition: DocumentActionDefinition): void;
  addMiddleware(plugin: string, position: MiddlewarePosition, middleware: Middleware<RequestState>): void;
};

export function createPluginApi(name: string, host: PluginHost): PluginApi {
  const { services, policies } = host;
  return Object.freeze({
    name, hooks: host.hooks, registry: host.registry, params: host.params, operations: host.operations,
    config: host.config, logger: host.logger, appDir: host.appDir,
    services: Object.freeze({
      provide: <K extends ServiceName>(service: K, value: Services[K]) => services.provide(service, value, name),
      get: <K extends ServiceName>(service: K) => services.get(service),
      find: <K extends ServiceName>(service: K) => services.find(service),
    }),
    policies: Object.freeze({
      define: <K extends PolicyName>(policy: K, fn: PolicyFn<Policies[K]>) => policies.define(policy, fn, name),
      has: (policy: string) => policies.has(policy),
      assertKnown: policies.assertKnown.bind(policies),
      check: policies.check.bind(policies),
    }),
    documents: (uid: string) => host.documents(uid),
    transaction: <T>(fn: () => Promise<T>) => host.transaction(fn),
    apiTokens: () => host.apiTokens(),
    exclusive: <T>(lock: string, fn: () => Promise<T>) => host.exclusive(lock, fn),
    rateLimitStore: host.rateLimitStore,
    signals: host.signals,
    emitDocumentEvent: host.emitDocumentEvent,
    defineDocumentAction: (definition: DocumentActionDefinition) => host.defineDocumentAction(name, definition),
    authorize: (auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject, message?: string) => host.authorize(auth, action, subject, message),
    can: (auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject) => host.can(auth, action, subject),
    knownActions: () => host.knownActions(),
    middleware: (position: MiddlewarePosition, middleware: Middleware<RequestState>) => host.addMiddleware(name, position, middleware),
  });
}
