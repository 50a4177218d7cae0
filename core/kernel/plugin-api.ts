// Builds a plugin's handle (PluginApi) over what the kernel lends it: each member is a window on
// the kernel, with the plugin's name on what it provides.

import type { Middleware } from 'koa';
import type { AuthorizeSubject, AuthResult } from '../auth/types.js';
import { nearest } from '../config/known-keys.js';
import { KernelError } from '../errors/index.js';
import type { DocumentActionDefinition } from '../documents/api.js';
import type { ContentApiOptions, ContentApiRegistry } from '../operations/content-api.js';
import type { PolicyRegistry } from '../policies/registry.js';
import type { PolicyFn, PolicyName, Policies } from '../policies/types.js';
import type { RequestState } from '../rest/types.js';
import type { KernelHooks } from './hooks.js';
import type { MiddlewarePosition, PluginApi } from './plugin.js';
import type { ServiceName, ServiceRegistry, Services } from './services.js';

/** What the kernel lends every plugin. */
export type PluginHost = Omit<PluginApi, 'name' | 'services' | 'policies' | 'defineDocumentAction' | 'middleware' | 'contentApi'> & {
  services: ServiceRegistry;
  policies: PolicyRegistry;
  contentApi: ContentApiRegistry;
  /** Records a served plugin content type (names the plugin in a refusal, refuses it after register). */
  serveContentApi(plugin: string, uid: string, options?: ContentApiOptions): void;
  /** Checks the phase and registers (names the plugin in a refusal). */
  defineDocumentAction(plugin: string, definition: DocumentActionDefinition): void;
  addMiddleware(plugin: string, position: MiddlewarePosition, middleware: Middleware<RequestState>): void;
};

export function createPluginApi(name: string, host: PluginHost): PluginApi {
  const { services, policies } = host;
  return Object.freeze({
    name, hooks: namedHooks(host.hooks, name), registry: host.registry, params: host.params, operations: host.operations,
    config: host.config, logger: host.logger, appDir: host.appDir, contentTypesDir: host.contentTypesDir,
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
    contentApi: Object.freeze({
      serve: (uid: string, options?: ContentApiOptions) => host.serveContentApi(name, uid, options),
      has: (uid: string) => host.contentApi.has(uid),
      types: () => host.contentApi.types(),
      path: (uid: string) => host.contentApi.path(uid),
    }),
    documents: (uid: string) => host.documents(uid),
    transaction: <T>(fn: () => Promise<T>) => host.transaction(fn),
    apiTokens: () => host.apiTokens(),
    rowsHolding: (uid: string, attribute?: string) => host.rowsHolding(uid, attribute),
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

/** The hooks as a plugin sees them: a name that is no hook (`api.hooks.documntEvent.tap(...)`)
 *  stops the start naming the plugin and the nearest hook, where the frozen object alone would
 *  give `Cannot read properties of undefined (reading 'tap')`. */
function namedHooks(hooks: KernelHooks, plugin: string): KernelHooks {
  const names = Object.keys(hooks);
  return new Proxy(hooks, {
    get(target, key, receiver) {
      // then: awaiting a value probes it; neither is a hook's name
      if (typeof key === 'string' && !(key in target) && key !== 'then' && key !== 'toJSON') {
        const close = nearest(key, names);
        throw new KernelError('PLUGIN_ERR_INVALID', `plugin ${plugin}: api.hooks.${key} is not a hook${close ? ` (did you mean ${close}?)` : ` (hooks: ${names.join(', ')})`}`);
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}
