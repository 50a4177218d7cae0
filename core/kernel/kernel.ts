// The kernel: a small phase machine. It owns the config, the registries (models, parameters,
// operations, routes, services), the hooks, and what the phases open (the database, the HTTP
// server); the work of each phase is done by the module it calls. Boot: register plugins ->
// registerModels (then frozen) -> buildRoutes (operations, routes, the HTTP app; then verify) ->
// sync (the database) -> bootstrap -> ready. Plugins get a PluginApi, never the kernel. Nothing here touches
// process-level state: the CLI does that.

import { join } from 'node:path';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import { addApiTokenModel } from '../api-tokens/model.js';
import { resolveSalt } from '../api-tokens/salt.js';
import type { ApiTokenService } from '../api-tokens/service.js';
import type { AuthenticateRequest, AuthorizeSubject, AuthRealm, AuthResult } from '../auth/types.js';
import { createAuthorizer, type Authorizer } from '../auth/verdict.js';
import type { EnvSource } from '../config/env.js';
import { checkPluginConfigs } from '../config/known-keys.js';
import { loadConfig } from '../config/load.js';
import type { KernelConfig, KernelConfigInput } from '../config/types.js';
import type { Dialect } from '../database/connection.js';
import type { ModelClass } from '../database/models.js';
import type { SyncReport } from '../database/sync.js';
import type { DocumentActionDefinition, DocumentApi } from '../documents/api.js';
import type { RowApi } from '../documents/row-api.js';
import type { DocumentEvent } from '../documents/types.js';
import { KernelError } from '../errors/index.js';
import { DatabaseRateLimitStore } from '../database/rate-limit-store.js';
import { DatabaseSignals } from '../database/signals.js';
import { Dispatcher } from '../events/dispatcher.js';
import { Outbox } from '../events/outbox.js';
import { webhookReceiver } from '../events/receivers.js';
import { WebhookStore } from '../events/webhook-store.js';
import { contentLimit, MemoryRateLimitStore, type RateLimitOptions, type RateLimitStore } from '../limits/rate-limit.js';
import { createConsoleLogger, type Logger } from '../log/logger.js';
import { ContentApiRegistry, type ContentApiOptions } from '../operations/content-api.js';
import { OperationRegistry } from '../operations/registry.js';
import { defineCoreParams } from '../params/core-params.js';
import { ParamRegistry } from '../params/registry.js';
import { addAppModels } from '../registry/app-models.js';
import { readRenames } from '../database/renames.js';
import { rowsHolding } from '../database/holding.js';
import { checkRegistry } from '../registry/check-registry.js';
import type { SchemaFiles } from '../registry/load.js';
import { addFileModel } from '../registry/media.js';
import { ModelRegistry } from '../registry/model-registry.js';
import { listen, type Listening } from '../rest/listen.js';
import { RouteTable } from '../rest/route-table.js';
import type { RequestState } from '../rest/types.js';
import { tapCore } from './core-taps.js';
import { createKernelHooks, type KernelHooks } from './hooks.js';
import { loadPlugins, type LoadedPlugin } from './load-plugins.js';
import { open, type Opened } from './open.js';
import { phaseIndex, type Phase } from './phase.js';
import { createPluginApi } from './plugin-api.js';
import type { MiddlewarePosition, Plugin, PluginApi } from './plugin.js';
import { PolicyRegistry } from '../policies/registry.js';
import { ServiceRegistry, type ServiceName, type Services } from './services.js';
import { buildSurfaces } from './surfaces.js';
import { guardHooks } from './tap-guard.js';

/** Bumped when a stored webhook changes: every instance reads them again. */
const WEBHOOKS_SIGNAL = 'webhooks';

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
const BOOT_HOOKS: ReadonlySet<string> = new Set([
  'registerModels', 'defineOperations', 'buildRoutes', 'verify', 'bootstrap', 'wrapDocumentAction',
  'schemaInit', 'schemaType', 'schemaFields', 'schemaField', 'schemaFieldArgs',
]);

export class Kernel {
  readonly hooks: KernelHooks = createKernelHooks();
  readonly registry: ModelRegistry;
  readonly params = new ParamRegistry();
  readonly operations: OperationRegistry;
  readonly routes: RouteTable;
  readonly services = new ServiceRegistry();
  readonly policies = new PolicyRegistry();
  /** The content types the content API serves (api:: and plugins' served ones). */
  readonly contentApi = new ContentApiRegistry();
  readonly config: KernelConfig;
  readonly logger: Logger;
  readonly appDir: string;
  readonly #auth: Authorizer = createAuthorizer(this.hooks, { anonymousStatus: () => this.config.api.auth.anonymousStatus });
  readonly #options: KernelOptions;
  readonly #actions = new Map<string, DocumentActionDefinition>();
  // One content rate limit, so REST routes and operations count against the same store
  readonly #contentLimit: RateLimitOptions | undefined;
  /** Where rate limits count unless they name their own store (server.rateLimitStore). */
  readonly rateLimitStore: RateLimitStore;
  readonly #signals: DatabaseSignals;
  readonly #outbox = new Outbox((uid) => this.contentApi.has(uid));
  readonly #dispatcher: Dispatcher;
  #webhooks?: WebhookStore;
  readonly #middleware: Record<MiddlewarePosition, Array<Middleware<RequestState>>> = { beforeBody: [], beforeRoutes: [] };
  readonly #apis = new Map<string, PluginApi>();
  #phase: Phase = 'created';
  #destroyed = false;
  #plugins: LoadedPlugin[] = [];
  /** The plugin whose register() or bootstrap() is running: its taps are its own. */
  #current = 'core';
  #salt = '';
  #opened?: Opened;
  #app?: Koa<RequestState>;
  #server?: Listening;

  constructor(config: KernelConfig, options: KernelOptions) {
    this.config = config;
    this.#options = options;
    this.appDir = options.appDir ?? process.cwd();
    this.logger = options.logger ?? createConsoleLogger('info');
    this.registry = new ModelRegistry({ warn: (message) => this.logger.warn(`[models] ${message}`) });
    this.rateLimitStore = config.server.rateLimitStore === 'database' ? new DatabaseRateLimitStore() : new MemoryRateLimitStore();
    this.#contentLimit = contentLimit(config.api.rateLimit, this.rateLimitStore);
    this.#signals = new DatabaseSignals(this.logger, config.server.signalInterval);
    for (const endpoint of config.webhooks.endpoints) if (endpoint.enabled !== false) this.#outbox.add(webhookReceiver(endpoint, config.webhooks));
    this.#dispatcher = new Dispatcher(this.#outbox, config.webhooks, this.logger);
    this.#signals.watch(WEBHOOKS_SIGNAL, () => {
      this.#reloadWebhooks().catch((err: unknown) => this.logger.warn(`webhooks: not reloaded: ${String(err)}`));
    });
    this.operations = new OperationRegistry({
      authorizer: this.#auth, contentLimit: this.#contentLimit, policies: this.policies, documents: (uid) => this.documents(uid),
    });
    this.routes = new RouteTable({ operations: this.operations, strictParams: config.api.rest.strictParams });
    guardHooks(this.hooks, {
      late: (hook) => {
        const late = BOOT_HOOKS.has(hook) ? this.#phase !== 'created' && this.#phase !== 'register' : phaseIndex(this.#phase) >= phaseIndex('ready');
        return late ? this.#phase : undefined;
      },
      // A tap made later (inside another tap) goes by its own name
      owner: (tapName) => (this.#current !== 'core' || this.#phase === 'created' ? this.#current : tapName),
    });
    defineCoreParams(this.params);
    tapCore(this.hooks, { registry: this.registry, rest: config.api.rest, actions: this.#actions }, () => this.apiTokens);
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

  /** Runs fn while no other instance on this database (or caller in this process) holds `name`:
   *  start-up seeding, a data migration. Not reentrant. */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
    return this.#open('exclusive()').locks.hold(name, fn);
  }

  /** Row-level access to a content type's versions; only inside transaction(). */
  rows(uid: string): RowApi {
    return this.#open('the document service').documents.rows(uid);
  }

  /** Emits a document event (after the ambient transaction commits), for plugin-defined actions. */
  emitDocumentEvent(event: DocumentEvent): Promise<void> {
    return this.#open('the document service').documents.emit(event);
  }

  /** Who is calling, from a request's credentials (any surface passes its headers and address),
   *  by the strategies of `realm` (the content API's by default). */
  authenticate(request: AuthenticateRequest, realm?: AuthRealm): Promise<AuthResult | undefined> {
    return this.#auth.authenticate(request, realm);
  }

  /** Throws 401/403 unless the caller may do `action` (such as api::article.article.find). */
  authorize(auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject, message?: string): Promise<void> {
    return this.#auth.authorize(auth, action, subject, message);
  }

  can(auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject): Promise<boolean> {
    return this.#auth.can(auth, action, subject);
  }

  /** How many rows hold data of a model, or of one of its attributes (a data-losing schema change names it). */
  rowsHolding(uid: string, attribute?: string): Promise<number> {
    const knex = this.#open('rowsHolding()').knex;
    return rowsHolding(knex, this.registry.get(uid), attribute);
  }

  /** Every permission action that exists: the operations' and those of plugins' own routes. */
  knownActions(): Set<string> {
    return new Set([...this.operations.actions(), ...this.routes.actions()]);
  }

  /** The plugins loaded (after register), in load order. */
  pluginNames(): string[] {
    return this.#plugins.map(({ plugin }) => plugin.name);
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
      // Before the database: what the routes and operations show wrong in the config (an unknown
      // permission action) stops the start before a table is created or changed
      ['buildRoutes', () => this.#buildRoutes()],
      ['sync', async () => {
        this.#opened = await open(this.#openDeps());
        if (this.rateLimitStore instanceof DatabaseRateLimitStore) this.rateLimitStore.bind(this.#opened.knex, this.config.database.client, this.logger);
        this.#signals.bind(this.#opened.knex, this.config.database.client);
        this.#dispatcher.bind(this.#opened.knex);
        this.#webhooks = new WebhookStore(this.#opened.knex, {
          dialect: this.dialect, allowPrivateAddresses: this.config.webhooks.allowPrivateAddresses,
          reservedNames: new Set(this.config.webhooks.endpoints.map((e) => e.name.toLowerCase())),
        });
        // Before plugins bootstrap: what they write is sent too
        await this.#reloadWebhooks();
      }],
      ['bootstrap', async () => {
        await this.#bootstrap();
        // What plugins watch is read from here on
        await this.#signals.start();
        // A webhook stored between the first read and the signals' start was not signalled here
        await this.#reloadWebhooks();
        this.#dispatcher.start();
      }],
    ];
    try {
      for (const [phase, step] of steps) {
        this.#phase = phase;
        await step();
        // destroy() during a phase has closed what was open then; what the phase opened after it
        // is closed below
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

  /** What start-up reads before it opens the database (config, plugins and their register(), the
   *  content types), with the errors start would give; opens nothing. `strata build` in an app.
   *  The kernel is destroyed after, whatever the outcome. */
  async check(): Promise<void> {
    if (this.#phase !== 'created') throw new KernelError('KERNEL_ERR_STATE', `check() in phase ${this.#phase}`);
    try {
      this.#phase = 'register';
      await this.#register();
      this.#phase = 'registerModels';
      this.#registerModels();
      this.#phase = 'buildRoutes';
      await this.#buildRoutes();
    } finally {
      await this.#close();
      this.#phase = 'destroyed';
    }
  }

  /** load() if needed, then listen on config.server (port 0 picks a free port). */
  async start(): Promise<{ url: string; port: number }> {
    if (this.#phase === 'created') await this.load();
    if (!this.#app || this.#destroyed) throw new KernelError('KERNEL_ERR_STATE', `start() in phase ${this.#phase}`);
    const { url, port, close } = await listen(this.#app.callback(), this.config.server, this.logger);
    this.#server = { url, port, close };
    return { url, port };
  }

  /** Stops accepting, lets requests in flight finish (server.shutdownTimeout), then lets plugins
   *  release what they hold and closes the pool; safe to call at any phase and twice. */
  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    const wasLoaded = phaseIndex(this.#phase) >= phaseIndex('bootstrap');
    this.#destroyed = true;
    this.#phase = 'destroyed';
    try {
      const server = this.#server;
      this.#server = undefined;
      // Requests in flight still use the pool and the plugins' services: they end first
      const started = Date.now();
      if (server) await server.close(this.config.server.shutdownTimeout);
      // What the requests recorded goes out before the pool closes, in what is left of the grace time
      await this.#dispatcher.stop(started + this.config.server.shutdownTimeout);
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
    const locks = this.#opened?.locks;
    this.#opened?.maintenance.stop();
    await this.#dispatcher.stop();
    await this.#signals.stop();
    this.#server = undefined;
    this.#opened = undefined;
    if (server) await server.close(0);
    await locks?.close();
    await knex?.destroy();
  }

  // ---------------------------------------------------------------- phases

  async #register(): Promise<void> {
    this.#plugins = await loadPlugins(this.config.plugins, this.#options.plugins ?? [], this.appDir);
    // Before anything connects or registers: keys no plugin knows, and every secret production
    // lacks (core's salt and the plugins'), named together
    checkPluginConfigs(this.config, this.#plugins.map(({ plugin, config }) => ({ name: plugin.name, keys: plugin.configKeys, config })));
    this.#salt = resolveSalt(this.config.api.tokens.salt, {
      production: this.config.server.environment === 'production', appDir: this.appDir, logger: this.logger,
    });
    for (const { plugin, config } of this.#plugins) await this.#as(plugin.name, () => plugin.register(this.#apiFor(plugin.name), config));
    this.params.freeze();
    this.policies.freeze();
  }

  /** Where the app's schema files (and its renames file) are, if anywhere. */
  get contentTypesDir(): string | undefined {
    return this.#options.contentTypesDir === false ? undefined : this.#options.contentTypesDir ?? join(this.appDir, 'content-types');
  }

  #registerModels(): void {
    const dir = this.contentTypesDir;
    addAppModels(this.registry, dir, this.#options.schemas);
    addApiTokenModel(this.registry);
    this.hooks.registerModels.call(this.registry);
    addFileModel(this.registry);
    this.registry.freeze();
    checkRegistry(this.registry);
  }

  async #bootstrap(): Promise<void> {
    await this.hooks.bootstrap.promise();
    for (const { plugin, config } of this.#plugins) await this.#as(plugin.name, () => plugin.bootstrap?.(this.#apiFor(plugin.name), config));
  }

  #openDeps() {
    return {
      config: this.config, registry: this.registry, params: this.params, hooks: this.hooks, logger: this.logger,
      appDir: this.appDir, salt: this.#salt, actions: this.#actions, knownActions: () => this.knownActions(), outbox: this.#outbox,
      renames: readRenames(this.contentTypesDir),
    };
  }

  async #reloadWebhooks(): Promise<void> {
    if (!this.#webhooks) return;
    this.#outbox.setStored((await this.#webhooks.endpoints()).map((e) => webhookReceiver(e, this.config.webhooks)));
    this.#dispatcher.wake();
  }

  async #buildRoutes(): Promise<void> {
    this.#app = buildSurfaces(this.#surfaceDeps());
    await this.hooks.verify.promise();
  }

  #surfaceDeps() {
    return {
      hooks: this.hooks, config: this.config, logger: this.logger, registry: this.registry, params: this.params,
      operations: this.operations, routes: this.routes, authorizer: this.#auth, contentLimit: this.#contentLimit,
      middleware: this.#middleware, documents: (uid: string) => this.documents(uid), policies: this.policies,
      contentApi: this.contentApi,
      webhooks: {
        store: () => {
          if (!this.#webhooks) throw new KernelError('KERNEL_ERR_STATE', 'webhooks are stored after the schema sync');
          return this.#webhooks;
        },
        configured: this.config.webhooks.endpoints,
        settings: this.config.webhooks,
        changed: async () => {
          await this.#reloadWebhooks();
          await this.#signals.bump(WEBHOOKS_SIGNAL);
        },
      },
    };
  }

  // ---------------------------------------------------------------- plugins

  async #as(plugin: string, work: () => unknown): Promise<void> {
    this.#current = plugin;
    try {
      await work();
    } finally {
      this.#current = 'core';
    }
  }

  #open(what: string): Opened {
    if (!this.#opened) throw new KernelError('KERNEL_ERR_STATE', `${what} is available after the schema sync (from bootstrap on)`);
    return this.#opened;
  }

  /** A plugin's handle: what it may use, with its name on what it provides. */
  #apiFor(name: string): PluginApi {
    let api = this.#apis.get(name);
    if (!api) {
      const registering = (plugin: string, what: string) => {
        if (this.#phase !== 'register') throw new KernelError('KERNEL_ERR_LATE_TAP', `${plugin} ${what} during phase ${this.#phase}, after plugins registered`);
      };
      api = createPluginApi(name, {
        hooks: this.hooks, registry: this.registry, params: this.params, operations: this.operations, services: this.services,
        policies: this.policies, contentApi: this.contentApi, config: this.config, logger: this.logger, appDir: this.appDir,
        contentTypesDir: this.contentTypesDir,
        rowsHolding: (uid, attribute) => this.rowsHolding(uid, attribute),
        documents: (uid) => this.documents(uid),
        transaction: (fn) => this.transaction(fn),
        apiTokens: () => this.apiTokens,
        exclusive: (lockName, fn) => this.exclusive(lockName, fn),
        rateLimitStore: this.rateLimitStore,
        signals: this.#signals,
        emitDocumentEvent: (event) => this.emitDocumentEvent(event),
        authorize: (auth, action, subject, message) => this.authorize(auth, action, subject, message),
        can: (auth, action, subject) => this.can(auth, action, subject),
        knownActions: () => this.knownActions(),
        defineDocumentAction: (plugin, definition) => {
          registering(plugin, `defined document action ${definition.name}`);
          const existing = this.#actions.get(definition.name);
          if (existing) {
            throw new KernelError('PLUGIN_ERR_DUPLICATE', `document action ${definition.name}: defined by ${definition.owner}, already defined by ${existing.owner}`);
          }
          this.#actions.set(definition.name, definition);
        },
        serveContentApi: (plugin: string, uid: string, options?: ContentApiOptions) => {
          this.contentApi.serve(uid, options, plugin, this.#phase === 'register' ? undefined : this.#phase);
        },
        addMiddleware: (plugin, position, middleware) => {
          registering(plugin, `added ${position} middleware`);
          this.#middleware[position].push(middleware);
        },
      });
      this.#apis.set(name, api);
    }
    return api;
  }
}

/** Loads config and builds a kernel; call load()/start() on it. */
export async function createKernel(options: KernelOptions = {}): Promise<Kernel> {
  const config = await loadConfig({ dir: options.configDir, env: options.env, overrides: options.config });
  return new Kernel(config, options);
}
