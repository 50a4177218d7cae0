// The kernel: a small phase machine over modules that do the work. It owns the config, the
// registries (models, parameters, operations, routes, services), the hooks and what the phases
// open (the database, the HTTP server). Boot: register plugins -> registerModels (then frozen) ->
// sync (database) -> buildRoutes (operations, then routes, then the HTTP app) -> bootstrap ->
// ready. Plugins get a PluginApi, never the kernel. Nothing here touches process-level state: the
// CLI does that.

import type { Server } from 'node:http';
import { join } from 'node:path';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import { addApiTokenModel } from '../api-tokens/model.js';
import { resolveSalt } from '../api-tokens/salt.js';
import { ApiTokenService } from '../api-tokens/service.js';
import { apiTokenStrategy } from '../api-tokens/strategy.js';
import type { AuthenticateRequest, AuthorizeSubject, AuthResult } from '../auth/types.js';
import { abilityVerdict, ABILITY_STAGE, createAuthorizer, type Authorizer } from '../auth/verdict.js';
import type { EnvSource } from '../config/env.js';
import { loadConfig } from '../config/load.js';
import type { KernelConfig, KernelConfigInput } from '../config/types.js';
import type { Dialect } from '../database/connection.js';
import type { ModelClass } from '../database/models.js';
import { openDatabase } from '../database/open.js';
import type { SyncReport } from '../database/sync.js';
import type { DocumentActionDefinition, DocumentApi } from '../documents/api.js';
import { enforceQueryPermissions } from '../documents/query-permissions.js';
import { sanitizePrivateFields } from '../documents/sanitize.js';
import type { RowApi } from '../documents/row-api.js';
import { DocumentService } from '../documents/service.js';
import type { DocumentEvent } from '../documents/types.js';
import { KernelError } from '../errors/index.js';
import { contentLimit, type RateLimitOptions } from '../limits/rate-limit.js';
import { createConsoleLogger, type Logger } from '../log/logger.js';
import { defineContentOperations } from '../operations/content.js';
import { OperationRegistry } from '../operations/registry.js';
import { defineCoreParams } from '../params/core-params.js';
import { ParamRegistry } from '../params/registry.js';
import { addAppModels } from '../registry/app-models.js';
import { addFileModel } from '../registry/media.js';
import { checkRegistry } from '../registry/check-registry.js';
import type { SchemaFiles } from '../registry/load.js';
import { ModelRegistry } from '../registry/model-registry.js';
import { createRestApp } from '../rest/app.js';
import { addContentRoutes } from '../rest/content-routes.js';
import { close, listen } from '../rest/listen.js';
import { RouteTable } from '../rest/route-table.js';
import type { RequestState } from '../rest/types.js';
import { createKernelHooks, type KernelHooks } from './hooks.js';
import { loadPlugins, type LoadedPlugin } from './load-plugins.js';
import { phaseIndex, type Phase } from './phase.js';
import type { MiddlewarePosition, Plugin, PluginApi } from './plugin.js';
import { ServiceRegistry, type ServiceName, type Services } from './services.js';
import { AUTH_STAGE, QUERY_STAGE } from './stages.js';
import { guardTap, type RegisteredTap } from './tap-guard.js';

export interface KernelOptions {
  /** The app's root: content-types/ and relative paths (SQLite file, plugin paths) resolve from it. */
  appDir?: string;
  /** Where the schema files are; default <appDir>/content-types; false for none. */
  contentTypesDir?: string | false;
  /** Schema files given directly (tests), added after those read from contentTypesDir. */
  schemas?: SchemaFiles;
  /** A config folder with server/database/api/plugins files; none by default. */
  configDir?: string;
  /** Values merged over the config files (tests pass their database here). */
  config?: KernelConfigInput;
  env?: EnvSource;
  /** Plugin objects enabled in addition to config/plugins (custom plugins in tests). */
  plugins?: Plugin[];
  logger?: Logger;
}

/** Hooks that take taps only while plugins register: they fire during boot (or, for
 *  wrapDocumentAction, compile once per content type on first use: a later tap would be ignored). */
const BOOT_HOOKS: ReadonlySet<keyof KernelHooks> = new Set([
  'registerModels', 'defineOperations', 'buildRoutes', 'bootstrap', 'wrapDocumentAction',
  'schemaInit', 'schemaType', 'schemaFields', 'schemaField', 'schemaFieldArgs',
]);

/** What the sync phase opens. */
interface Opened {
  knex: Knex;
  sync: SyncReport;
  models: Map<string, ModelClass>;
  documents: DocumentService;
  apiTokens: ApiTokenService;
}

export class Kernel {
  readonly hooks: KernelHooks = createKernelHooks();
  readonly registry = new ModelRegistry();
  readonly params = new ParamRegistry();
  readonly operations: OperationRegistry;
  readonly routes: RouteTable;
  readonly services = new ServiceRegistry();
  readonly config: KernelConfig;
  readonly logger: Logger;
  readonly appDir: string;
  readonly #auth: Authorizer = createAuthorizer(this.hooks);
  readonly #options: KernelOptions;
  readonly #actions = new Map<string, DocumentActionDefinition>();
  // One content rate limit, so REST routes and operations count against the same store
  readonly #contentLimit: RateLimitOptions | undefined;
  readonly #middleware: Record<MiddlewarePosition, Array<Middleware<RequestState>>> = { beforeBody: [], beforeRoutes: [] };
  #phase: Phase = 'created';
  #destroyed = false;
  #plugins: LoadedPlugin[] = [];
  /** The plugin whose register() is running: its taps are its own. */
  #registering = 'core';
  #salt = '';
  #opened?: Opened;
  #app?: Koa<RequestState>;
  #server?: Server;

  constructor(config: KernelConfig, options: KernelOptions) {
    this.config = config;
    this.#options = options;
    this.appDir = options.appDir ?? process.cwd();
    this.logger = options.logger ?? createConsoleLogger('info');
    this.#contentLimit = contentLimit(config.api.rateLimit);
    this.operations = new OperationRegistry({ authorizer: this.#auth, contentLimit: this.#contentLimit });
    this.routes = new RouteTable({ operations: this.operations, strictParams: config.api.rest.strictParams });
    this.#guardHooks();
    defineCoreParams(this.params);
    // Core's own taps: API-token authentication, the ability verdict, the permission check on
    // every content-API query, and no private field in what it answers
    this.hooks.authenticate.tapPromise({ name: 'core', stage: AUTH_STAGE.API_TOKEN }, apiTokenStrategy(() => this.apiTokens));
    this.hooks.authorize.tap({ name: 'core', stage: ABILITY_STAGE }, abilityVerdict);
    this.hooks.beforeQuery.tap({ name: 'core', stage: QUERY_STAGE.SECURITY }, enforceQueryPermissions(this.registry));
    this.hooks.afterQuery.tap({ name: 'core', stage: QUERY_STAGE.SANITIZE }, sanitizePrivateFields(this.registry));
  }

  get phase(): Phase { return this.#phase; }

  get dialect(): Dialect { return this.config.database.client; }

  /** The knex instance (after load()); use documents() for content. */
  get db(): Knex { return this.#open('the database').knex; }

  get lastSync(): SyncReport | undefined { return this.#opened?.sync; }

  /** API tokens: create, list, revoke (after load()). */
  get apiTokens(): ApiTokenService { return this.#open('apiTokens').apiTokens; }

  /** The Objection model of a content type or component, bound to this kernel's database. */
  model(uid: string): ModelClass {
    const model = this.#open('model()').models.get(uid);
    if (!model) throw new KernelError('KERNEL_ERR_STATE', `no model ${uid}`);
    return model;
  }

  /** The document service for one content type. */
  documents(uid: string): DocumentApi {
    return this.#open('the document service').documents.for(uid);
  }

  /** Runs fn in one database transaction; document calls inside it join it; events fire after commit. */
  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#open('the document service').documents.transaction(fn);
  }

  /** Row-level access to a content type's versions; only inside transaction(). */
  rows(uid: string): RowApi {
    return this.#open('the document service').documents.rows(uid);
  }

  /** Emits a document event (after the ambient transaction commits), for plugin-defined actions. */
  emitDocumentEvent(event: DocumentEvent): Promise<void> {
    return this.#open('the document service').documents.emit(event);
  }

  /** Who is calling, from a request's credentials (any surface passes its headers and address). */
  authenticate(request: AuthenticateRequest): Promise<AuthResult | undefined> {
    return this.#auth.authenticate(request);
  }

  /** Throws 401/403 unless the caller may do `action` (such as api::article.article.find). */
  authorize(auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject, message?: string): Promise<void> {
    return this.#auth.authorize(auth, action, subject, message);
  }

  can(auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject): Promise<boolean> {
    return this.#auth.can(auth, action, subject);
  }

  /** Every permission action that exists: the operations' and those of plugins' own routes. */
  knownActions(): Set<string> {
    return new Set([...this.operations.actions(), ...this.routes.actions()]);
  }

  /** A service a plugin provides (see Services). */
  service<K extends ServiceName>(name: K): Services[K] {
    return this.services.get(name);
  }

  /** Runs every boot phase except listen. On failure, whatever was opened is closed again. */
  async load(): Promise<this> {
    if (this.#phase !== 'created') throw new KernelError('KERNEL_ERR_STATE', `load() called twice (phase ${this.#phase})`);
    const steps: Array<[Phase, () => void | Promise<void>]> = [
      ['register', () => this.#register()],
      ['registerModels', () => this.#registerModels()],
      ['sync', () => this.#sync()],
      ['buildRoutes', () => this.#buildSurfaces()],
      ['bootstrap', () => this.#bootstrap()],
    ];
    try {
      for (const [phase, step] of steps) {
        this.#phase = phase;
        await step();
        // destroy() during a phase has closed what was open then; what this phase opened after it
        // is closed here
        if (this.#destroyed) throw new KernelError('KERNEL_ERR_STATE', `the kernel was destroyed during phase ${phase}`);
      }
    } catch (err) {
      // A failure in bootstrap lets plugins release what theirs opened (destroy); earlier, nothing of
      // theirs ran. Whatever goes wrong while closing, the error that stopped the load is the one
      // to see.
      const closing = this.#phase === 'bootstrap' && !this.#destroyed ? this.destroy() : this.#close();
      await closing.catch((failure: unknown) => this.logger.error(`closing after a failed load: ${String(failure)}`));
      this.#phase = 'destroyed';
      throw err;
    }
    this.#phase = 'ready';
    return this;
  }

  /** load() if needed, then listen on config.server (port 0 picks a free port). */
  async start(): Promise<{ url: string; port: number }> {
    if (this.#phase === 'created') await this.load();
    if (!this.#app || this.#destroyed) throw new KernelError('KERNEL_ERR_STATE', `start() in phase ${this.#phase}`);
    const { server, url, port } = await listen(this.#app.callback(), this.config.server);
    this.#server = server;
    return { url, port };
  }

  /** Closes the server and the pool; safe to call at any phase and twice. */
  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    const wasLoaded = phaseIndex(this.#phase) >= phaseIndex('bootstrap');
    this.#destroyed = true;
    this.#phase = 'destroyed';
    try {
      if (wasLoaded) {
        await this.hooks.destroy.promise();
        for (const { plugin, config } of [...this.#plugins].reverse()) await plugin.destroy?.(this.#apiFor(plugin.name), config);
      }
    } finally {
      await this.#close();
    }
  }

  async #close(): Promise<void> {
    this.#destroyed = true;
    const server = this.#server;
    const knex = this.#opened?.knex;
    this.#server = undefined;
    this.#opened = undefined;
    if (server) await close(server);
    await knex?.destroy();
  }

  // ---------------------------------------------------------------- phases

  async #register(): Promise<void> {
    // Before anything connects: a production app without a salt must not start
    this.#salt = resolveSalt(this.config.api.tokens.salt, {
      production: this.config.server.environment === 'production', appDir: this.appDir, logger: this.logger,
    });
    this.#plugins = await loadPlugins(this.config.plugins, this.#options.plugins ?? [], this.appDir);
    for (const { plugin, config } of this.#plugins) {
      this.#registering = plugin.name;
      try {
        await plugin.register(this.#apiFor(plugin.name), config);
      } finally {
        this.#registering = 'core';
      }
    }
    this.params.freeze();
  }

  #registerModels(): void {
    const dir = this.#options.contentTypesDir === false ? undefined : this.#options.contentTypesDir ?? join(this.appDir, 'content-types');
    addAppModels(this.registry, dir, this.#options.schemas);
    addApiTokenModel(this.registry);
    this.hooks.registerModels.call(this.registry);
    addFileModel(this.registry);
    this.registry.freeze();
    checkRegistry(this.registry);
  }

  async #sync(): Promise<void> {
    const { knex, sync, models } = await openDatabase(this.config.database, this.registry, this.appDir, this.logger);
    const documents = new DocumentService({
      knex, dialect: this.dialect, registry: this.registry, hooks: this.hooks,
      rest: this.config.api.rest, logger: this.logger, actions: this.#actions,
      refKeys: this.params.relationRefKeys().map((p) => ({ name: p.name, schema: p.schema, identifies: p.relationRef!.identifies })),
    });
    const apiTokens = new ApiTokenService({
      knex, dialect: this.dialect, salt: this.#salt, registry: this.registry, knownActions: () => this.knownActions(), logger: this.logger,
    });
    this.#opened = { knex, sync, models, documents, apiTokens };
  }

  #buildSurfaces(): void {
    const contentApi = this.registry.contentTypes().filter((ct) => ct.uid.startsWith('api::'));
    const deps = { documents: (uid: string) => this.documents(uid), params: this.params };
    for (const ct of contentApi) defineContentOperations(this.operations, ct, deps);
    this.hooks.defineOperations.call(this.operations);
    this.operations.freeze();
    for (const ct of contentApi) addContentRoutes(this.routes, ct, this.config.api.rest);
    this.hooks.buildRoutes.call(this.routes);
    this.#app = createRestApp({
      server: this.config.server, api: this.config.api, logger: this.logger, routes: this.routes,
      authorizer: this.#auth, identify: (request) => this.operations.identify(request), contentLimit: this.#contentLimit, middleware: this.#middleware,
    });
  }

  async #bootstrap(): Promise<void> {
    await this.hooks.bootstrap.promise();
    for (const { plugin, config } of this.#plugins) {
      this.#registering = plugin.name;
      try {
        await plugin.bootstrap?.(this.#apiFor(plugin.name), config);
      } finally {
        this.#registering = 'core';
      }
    }
  }

  // ---------------------------------------------------------------- plugins

  #open(what: string): Opened {
    if (!this.#opened) throw new KernelError('KERNEL_ERR_STATE', `${what} is available after the schema sync (from bootstrap on)`);
    return this.#opened;
  }

  readonly #apis = new Map<string, PluginApi>();

  /** A plugin's handle: what it may use, with its name on what it provides. */
  #apiFor(name: string): PluginApi {
    let api = this.#apis.get(name);
    if (api) return api;
    const services = this.services;
    const registering = (what: string) => {
      if (this.#phase !== 'register') throw new KernelError('KERNEL_ERR_LATE_TAP', `${name} ${what} during phase ${this.#phase}, after plugins registered`);
    };
    api = Object.freeze({
      name, hooks: this.hooks, registry: this.registry, params: this.params, operations: this.operations,
      config: this.config, logger: this.logger, appDir: this.appDir,
      services: Object.freeze({
        provide: <K extends ServiceName>(service: K, value: Services[K]) => services.provide(service, value, name),
        get: <K extends ServiceName>(service: K) => services.get(service),
        find: <K extends ServiceName>(service: K) => services.find(service),
      }),
      documents: (uid: string) => this.documents(uid),
      transaction: <T>(fn: () => Promise<T>) => this.transaction(fn),
      emitDocumentEvent: (event: DocumentEvent) => this.emitDocumentEvent(event),
      defineDocumentAction: (definition: DocumentActionDefinition) => {
        registering(`defined document action ${definition.name}`);
        const existing = this.#actions.get(definition.name);
        if (existing) {
          throw new KernelError('PLUGIN_ERR_DUPLICATE', `document action ${definition.name}: defined by ${definition.owner}, already defined by ${existing.owner}`);
        }
        this.#actions.set(definition.name, definition);
      },
      authorize: (auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject, message?: string) => this.authorize(auth, action, subject, message),
      can: (auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject) => this.can(auth, action, subject),
      knownActions: () => this.knownActions(),
      middleware: (position: MiddlewarePosition, middleware: Middleware<RequestState>) => {
        registering(`added ${position} middleware`);
        this.#middleware[position].push(middleware);
      },
    });
    this.#apis.set(name, api);
    return api;
  }

  /** A tap on a boot hook after it could fire, or on any hook once ready, is a bug in a plugin: say
   *  so. Every tap is tied to the plugin that made it, for the errors it throws. */
  #guardHooks(): void {
    for (const [name, hook] of Object.entries(this.hooks) as Array<[keyof KernelHooks, KernelHooks[keyof KernelHooks]]>) {
      hook.intercept({
        register: (tap) => {
          const late = BOOT_HOOKS.has(name) ? this.#phase !== 'created' && this.#phase !== 'register'
            : phaseIndex(this.#phase) >= phaseIndex('ready');
          if (late) {
            throw new KernelError('KERNEL_ERR_LATE_TAP', `${tap.name} tapped ${name} during phase ${this.#phase}, after the hook could take taps`);
          }
          // The plugin whose register() or bootstrap() is running; a tap made later (inside another
          // tap) goes by its own name
          const owner = this.#registering !== 'core' || this.#phase === 'created' ? this.#registering : tap.name;
          return guardTap(tap as unknown as RegisteredTap, owner, name) as unknown as typeof tap;
        },
      });
    }
  }
}

/** Loads config and builds a kernel; call load()/start() on it. */
export async function createKernel(options: KernelOptions = {}): Promise<Kernel> {
  const config = await loadConfig({ dir: options.configDir, env: options.env, overrides: options.config });
  return new Kernel(config, options);
}
