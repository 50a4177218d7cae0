// A plugin is one object; first-party plugins and an app's own are written the same way. It gets a
// PluginApi: what a plugin may use, and nothing else (no Koa app, no database handle).

import type { Middleware } from 'koa';
import type { ApiTokenService } from '../api-tokens/service.js';
import type { AuthorizeSubject, AuthResult } from '../auth/types.js';
import type { ConfigKeys } from '../config/known-keys.js';
import type { KernelConfig } from '../config/types.js';
import type { DocumentActionDefinition, DocumentApi } from '../documents/api.js';
import type { DocumentEvent } from '../documents/types.js';
import type { RateLimitStore } from '../limits/rate-limit.js';
import type { Signals } from '../database/signals.js';
import type { Logger } from '../log/logger.js';
import type { PluginContentApi } from '../operations/content-api.js';
import type { OperationRegistry } from '../operations/registry.js';
import type { ParamRegistry } from '../params/registry.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { PolicyContext, PolicyFn, PolicyName, PolicyRef, Policies } from '../policies/types.js';
import type { RequestState } from '../rest/types.js';
import type { KernelHooks } from './hooks.js';
import type { PluginServices } from './services.js';

export type { PluginEntry, PluginsConfig } from '../config/types.js';

/** Where in the HTTP pipeline a plugin's middleware runs: before the JSON body parser (a
 *  multipart upload reads the raw body), or after it, before the routes (a static file server). */
export type MiddlewarePosition = 'beforeBody' | 'beforeRoutes';

export interface PluginApi {
  /** The plugin's name: the kernel ties its taps, services and errors to it. */
  readonly name: string;
  /** Every hook, to tap in register(). */
  readonly hooks: KernelHooks;
  /** Content types and components; changed in registerModels, frozen after it. */
  readonly registry: ModelRegistry;
  /** Typed parameters: define yours in register(). */
  readonly params: ParamRegistry;
  /** Operations: define yours in the defineOperations hook; run any of them from a surface. */
  readonly operations: OperationRegistry;
  /** The content types the content API serves: `serve(uid)` in register() gives a plugin's own
   *  content type what an api:: type gets (core's operations and permission actions, REST routes
   *  answering `{ data, meta }`, GraphQL's shadow CRUD); `has`, `types` and `path` read them from
   *  the buildRoutes phase on. */
  readonly contentApi: PluginContentApi;
  /** Services published for other plugins and the app. */
  readonly services: PluginServices;
  /** Policies: define yours in register(); routes and resolvers name them, surfaces check them. */
  readonly policies: PluginPolicies;
  /** The validated configuration (read only). */
  readonly config: Readonly<KernelConfig>;
  readonly logger: Logger;
  /** The app's root folder (where .tmp/ keeps development secrets). */
  readonly appDir: string;
  /** Where the app's schema files (and renames.json) are; undefined when it has none. */
  readonly contentTypesDir: string | undefined;
  /** How many rows hold data of a model (its table), or of one of its attributes: what a schema
   *  change that leaves them behind names (from the sync phase on). */
  rowsHolding(uid: string, attribute?: string): Promise<number>;
  /** The document service of a content type (from the sync phase on). */
  documents(uid: string): DocumentApi;
  /** Runs fn in one database transaction; document calls inside join it; events fire after commit. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** API tokens: create, list, regenerate, revoke (from the sync phase on). */
  apiTokens(): ApiTokenService;
  /** Runs fn while no other instance on this database holds `name` (seeding default rows at
   *  start-up, a data migration): the others wait, then find the work done. Not reentrant. */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Where the app's rate limits count (server.rateLimitStore): a plugin's own limits use it
   *  unless configured with another, so that instances sharing it share the budgets. */
  readonly rateLimitStore: RateLimitStore;
  /** Named counters that tell every instance on the database a cache is stale: bump() after a
   *  change, watch() in register() to drop the cache when another instance bumps (read every
   *  server.signalInterval ms). */
  readonly signals: Signals;
  /** Emits a document event (after the ambient transaction commits), for a plugin's own actions. */
  emitDocumentEvent(event: DocumentEvent): Promise<void>;
  /** Adds an action to the document service (draft-and-publish's publish); in register() only. */
  defineDocumentAction(definition: DocumentActionDefinition): void;
  /** Throws 401/403 unless the caller may do `action`. */
  authorize(auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject, message?: string): Promise<void>;
  /** Whether the caller may do `action`. */
  can(auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject): Promise<boolean>;
  /** Every permission action that exists (operations and routes), for permission editors. */
  knownActions(): Set<string>;
  /** Adds a Koa middleware to the HTTP pipeline at a named position; in register() only. */
  middleware(position: MiddlewarePosition, middleware: Middleware<RequestState>): void;
}

/** What a plugin sees of the policy registry. */
export interface PluginPolicies {
  define<K extends PolicyName>(name: K, fn: PolicyFn<Policies[K]>): void;
  has(name: string): boolean;
  /** Throws a KernelError (a start-up failure) naming a reference to an undefined policy. */
  assertKnown(refs: readonly PolicyRef[], where: string): void;
  /** Runs the policies for a call; the first falsy answer is a 403 PolicyError. */
  check(refs: readonly PolicyRef[], context: PolicyContext): Promise<void>;
}

export interface Plugin<Config = Record<string, unknown>> {
  /** kebab-case; equals its folder name and its key in config/plugins. */
  name: string;
  /** Plugins that must be enabled and registered before this one. */
  dependsOn?: string[];
  /** The keys its config may hold (a key not among them stops the start, naming the nearest
   *  known one) and the secrets production requires (productionSecret()); without it the
   *  config is not checked before register. */
  configKeys?: ConfigKeys;
  /** Taps hooks, defines parameters and document actions. Runs before registerModels. */
  register(api: PluginApi, config: Config): void | Promise<void>;
  bootstrap?(api: PluginApi, config: Config): void | Promise<void>;
  destroy?(api: PluginApi, config: Config): void | Promise<void>;
}

export function definePlugin<Config = Record<string, unknown>>(plugin: Plugin<Config>): Plugin<Config> {
  return plugin;
}
