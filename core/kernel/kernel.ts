// The kernel: owns the Koa app, the config, the model registry, the database handle and the hooks.
// Every feature arrives through a hook. Boot runs in phases with a freeze point:
// register plugins -> load schemas -> registerModels -> freeze -> schema sync -> buildRoutes -> mount
// -> bootstrap -> listen. Nothing here touches process-level state: the CLI does that.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import type { Knex } from 'knex';
import { loadConfig } from '../config/load.js';
import type { EnvSource } from '../config/env.js';
import type { KernelConfig, KernelConfigInput } from '../config/types.js';
import { createConnection, preparePg, type Dialect } from '../database/connection.js';
import { buildModels, type ModelClass } from '../database/models.js';
import { buildPhysicalSchema } from '../database/physical.js';
import { syncSchema, type SyncReport } from '../database/sync.js';
import type { DocumentActionDefinition } from '../documents/api.js';
import type { RowApi } from '../documents/row-api.js';
import type { DocumentEvent } from '../documents/types.js';
import { DocumentService, type DocumentApi } from '../documents/service.js';
import { KernelError } from '../errors/index.js';
import { createConsoleLogger, type Logger } from '../log/logger.js';
import { readSchemaDir, type SchemaFiles } from '../registry/load.js';
import { checkRegistry } from '../registry/check-registry.js';
import { ModelRegistry } from '../registry/model-registry.js';
import { validateSchemaFiles } from '../registry/validate.js';
import { addContentRoutes } from '../rest/content-routes.js';
import { corsMiddleware } from '../rest/cors.js';
import { bodyParseError, errorMiddleware } from '../rest/error-middleware.js';
import { requestIdMiddleware } from '../rest/request-id.js';
import { securityHeadersMiddleware } from '../rest/security-headers.js';
import { mountRoutes } from '../rest/mount.js';
import { RouteTable } from '../rest/route-table.js';
import type { RequestState } from '../rest/types.js';
import { abilityVerdict, ABILITY_STAGE, createAuthorizer, type Authorizer } from '../auth/verdict.js';
import type { AuthenticateRequest, AuthorizeSubject, AuthResult } from '../auth/types.js';
import { enforceQueryPermissions } from '../documents/query-permissions.js';
import { addApiTokenModel } from '../api-tokens/model.js';
import { resolveSalt } from '../api-tokens/salt.js';
import { ApiTokenService } from '../api-tokens/service.js';
import { apiTokenStrategy } from '../api-tokens/strategy.js';
import { createKernelHooks, type KernelHooks } from './hooks.js';
import { AUTH_STAGE, QUERY_STAGE } from './stages.js';
import { loadPlugins, type LoadedPlugin } from './load-plugins.js';
import { phaseIndex, type Phase } from './phase.js';
import type { Plugin } from './plugin.js';

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

/** Hooks tapped only during plugin registration, because they fire during boot (or, for
 *  wrapDocumentAction, compile once per content type on first use: a later tap would be ignored). */
const BOOT_HOOKS: Partial<Record<keyof KernelHooks, Phase>> = {
  registerModels: 'registerModels', buildRoutes: 'buildRoutes', bootstrap: 'bootstrap', wrapDocumentAction: 'sync',
};

export class Kernel {
  readonly hooks: KernelHooks = createKernelHooks();
  readonly #auth: Authorizer = createAuthorizer(this.hooks);
  readonly registry = new ModelRegistry();
  readonly routes = new RouteTable();
  readonly app = new Koa<RequestState>();
  readonly config: KernelConfig;
  readonly logger: Logger;
  readonly appDir: string;
  #phase: Phase = 'created';
  #options: KernelOptions;
  #plugins: LoadedPlugin[] = [];
  #knex?: Knex;
  #documents?: DocumentService;
  #server?: Server;
  #sync?: SyncReport;
  #models?: Map<string, ModelClass>;
  #apiTokens?: ApiTokenService;
  readonly #actions = new Map<string, DocumentActionDefinition>();

  constructor(config: KernelConfig, options: KernelOptions) {
    this.config = config;
    this.#options = options;
    this.appDir = options.appDir ?? process.cwd();
    this.logger = options.logger ?? createConsoleLogger('info');
    this.app.proxy = config.server.proxy;
    // What reaches Koa's own error event has already been answered (or the client is gone: a
    // timeout, an aborted upload); errors of handlers go through errorMiddleware and its log line
    this.app.on('error', (err: Error) => { this.logger.debug(`connection error: ${err.message}`); });
    this.#guardHooks();
    this.#tapCore();
  }

  /** Core's own taps: API-token authentication, the ability verdict and the permission check on
   *  every content-API query. */
  #tapCore(): void {
    this.hooks.authenticate.tapPromise({ name: 'core', stage: AUTH_STAGE.API_TOKEN }, apiTokenStrategy(() => this.apiTokens));
    this.hooks.authorize.tap({ name: 'core', stage: ABILITY_STAGE }, abilityVerdict);
    this.hooks.beforeQuery.tap({ name: 'core', stage: QUERY_STAGE.SECURITY }, enforceQueryPermissions(this.registry));
  }

  get phase(): Phase { return this.#phase; }

  /** Who is calling, from a request's credentials (no transport in it: any surface passes a
   *  request with its headers and address). */
  authenticate(request: AuthenticateRequest): Promise<AuthResult | undefined> {
    return this.#auth.authenticate(request);
  }

  /** Throws 401/403 unless the caller may do `action` (a permission action such as
   *  api::article.article.find). */
  authorize(auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject, message?: string): Promise<void> {
    return this.#auth.authorize(auth, action, subject, message);
  }

  /** Whether the caller may do `action`. */
  can(auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject): Promise<boolean> {
    return this.#auth.can(auth, action, subject);
  }

  get dialect(): Dialect { return this.config.database.client; }

  /** The knex instance (after load()); use documents() for content. */
  get db(): Knex {
    if (!this.#knex) throw new KernelError('KERNEL_ERR_STATE', 'the database is not connected before load()');
    return this.#knex;
  }

  get lastSync(): SyncReport | undefined { return this.#sync; }

  /** API tokens: create, list, revoke (after load()). */
  get apiTokens(): ApiTokenService {
    if (!this.#apiTokens) throw new KernelError('KERNEL_ERR_STATE', 'apiTokens is available after load()');
    return this.#apiTokens;
  }

  /** The Objection model of a content type or component, bound to this kernel's database. */
  model(uid: string): ModelClass {
    const model = this.#models?.get(uid);
    if (!model) throw new KernelError('KERNEL_ERR_STATE', this.#models ? `no model ${uid}` : 'model() is available after load()');
    return model;
  }

  /** Adds an action to the document service (draft-and-publish's publish); during register only. */
  defineDocumentAction(definition: DocumentActionDefinition): void {
    if (this.#phase !== 'register' && this.#phase !== 'created') {
      throw new KernelError('KERNEL_ERR_LATE_TAP', `${definition.owner} defined document action ${definition.name} during phase ${this.#phase}`);
    }
    const existing = this.#actions.get(definition.name);
    if (existing) {
      throw new KernelError('PLUGIN_ERR_DUPLICATE', `document action ${definition.name}: defined by ${definition.owner}, already defined by ${existing.owner}`);
    }
    this.#actions.set(definition.name, definition);
  }

  /** Runs fn in one database transaction; document calls inside it join it; events fire after commit. */
  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#documentService().transaction(fn);
  }

  /** Row-level access to a content type's versions, for plugins; only inside transaction(). */
  rows(uid: string): RowApi {
    return this.#documentService().rows(uid);
  }

  /** Emits a document event (after the ambient transaction commits), for plugin-defined actions. */
  emitDocumentEvent(event: DocumentEvent): Promise<void> {
    return this.#documentService().emit(event);
  }

  #documentService(): DocumentService {
    if (!this.#documents) throw new KernelError('KERNEL_ERR_STATE', 'the document service is available after load()');
    return this.#documents;
  }

  /** The document service for one content type. */
  documents(uid: string): DocumentApi {
    return this.#documentService().for(uid);
  }

  /** Runs every boot phase except listen. */
  async load(): Promise<this> {
    if (this.#phase !== 'created') throw new KernelError('KERNEL_ERR_STATE', `load() called twice (phase ${this.#phase})`);
    // Before anything connects: a production app without a salt must not start
    const salt = resolveSalt(this.config.api.tokens.salt, {
      production: this.config.server.environment === 'production', appDir: this.appDir, logger: this.logger,
    });
    this.#phase = 'register';
    this.#plugins = await loadPlugins(this.config.plugins, this.#options.plugins ?? [], this.appDir);
    for (const { plugin, config } of this.#plugins) await plugin.register(this, config);

    this.#phase = 'registerModels';
    this.#loadSchemas();
    addApiTokenModel(this.registry);
    this.hooks.registerModels.call(this.registry);
    this.registry.freeze();
    checkRegistry(this.registry);

    this.#phase = 'sync';
    if (this.dialect === 'postgres') await preparePg();
    this.#knex = createConnection(this.config.database, this.appDir);
    try {
      await this.#connected(this.#knex, salt);
    } catch (err) {
      // A half-built kernel is of no use to anyone: close the pool now rather than leave its
      // connections (and their prepared statements) to the garbage collector at exit
      await this.destroy();
      throw err;
    }
    return this;
  }

  async #connected(knex: Knex, salt: string): Promise<void> {
    this.#sync = await syncSchema(knex, buildPhysicalSchema(this.registry), this.logger);
    this.#models = buildModels(this.registry, knex);
    this.#documents = new DocumentService({
      knex, dialect: this.dialect, registry: this.registry, hooks: this.hooks,
      rest: this.config.api.rest, logger: this.logger, actions: this.#actions,
    });
    this.#apiTokens = new ApiTokenService({
      knex, dialect: this.dialect, salt, registry: this.registry, knownActions: () => this.routes.actions(), logger: this.logger,
    });

    this.#phase = 'buildRoutes';
    for (const ct of this.registry.contentTypes()) {
      if (ct.uid.startsWith('api::')) addContentRoutes(this.routes, ct, { rest: this.config.api.rest, documents: (uid) => this.documents(uid) });
    }
    this.hooks.buildRoutes.call(this.routes);
    this.#mount();

    this.#phase = 'bootstrap';
    await this.hooks.bootstrap.promise();
    for (const { plugin, config } of this.#plugins) await plugin.bootstrap?.(this, config);
    this.#phase = 'ready';
  }

  /** load() if needed, then listen on config.server (port 0 picks a free port). */
  async start(): Promise<{ url: string; port: number }> {
    if (this.#phase === 'created') await this.load();
    const { maxHeaderSize, requestTimeout, headersTimeout } = this.config.server.limits;
    // Node checks the timeouts on an interval (30 s by default): make it fine enough for them
    const connectionsCheckingInterval = Math.min(30_000, Math.max(250, Math.floor(Math.min(requestTimeout, headersTimeout) / 4)));
    const server = createServer({ maxHeaderSize, requestTimeout, headersTimeout, connectionsCheckingInterval }, this.app.callback());
    this.#server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.server.port, this.config.server.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const host = this.config.server.host.includes(':') ? `[${this.config.server.host}]` : this.config.server.host;
    return { url: `http://${host}:${port}`, port };
  }

  /** Closes the server and the pool; safe to call at any phase and twice. */
  async destroy(): Promise<void> {
    if (this.#phase === 'destroyed') return;
    const wasLoaded = phaseIndex(this.#phase) >= phaseIndex('bootstrap');
    this.#phase = 'destroyed';
    try {
      if (wasLoaded) {
        await this.hooks.destroy.promise();
        for (const { plugin, config } of [...this.#plugins].reverse()) await plugin.destroy?.(this, config);
      }
    } finally {
      const server = this.#server;
      if (server) {
        await new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); });
      }
      await this.#knex?.destroy();
    }
  }

  #loadSchemas(): void {
    const dir = this.#options.contentTypesDir === false ? undefined
      : this.#options.contentTypesDir ?? join(this.appDir, 'content-types');
    const fromDir = dir ? readSchemaDir(dir) : { contentTypes: [], components: [] };
    const extra = this.#options.schemas ?? { contentTypes: [], components: [] };
    const { contentTypes, components } = validateSchemaFiles(
      [...fromDir.contentTypes, ...extra.contentTypes],
      [...fromDir.components, ...extra.components],
    );
    for (const c of components) this.registry.addComponent(c.uid, c.schema, { owner: 'app' });
    for (const c of contentTypes) this.registry.addContentType(c.schema, { owner: 'app' });
  }

  #mount(): void {
    this.app.use(requestIdMiddleware());
    this.app.use(securityHeadersMiddleware(this.config.server.securityHeaders));
    this.app.use(errorMiddleware(this.logger));
    this.app.use(corsMiddleware(this.config.server.cors));
    this.app.use(koaBody({
      json: true, multipart: false, urlencoded: false, text: false,
      jsonLimit: this.config.api.bodyLimit, jsonStrict: true,
      onError: bodyParseError,
    }) as never);
    mountRoutes(this.app, this.routes, this.#auth, this.config.api.rateLimit, this.config.server.limits.queryLength);
  }

  /** A tap on a boot hook after it fired, or on any hook once ready, is a bug in a plugin: say so. */
  #guardHooks(): void {
    for (const [name, hook] of Object.entries(this.hooks) as Array<[keyof KernelHooks, KernelHooks[keyof KernelHooks]]>) {
      hook.intercept({
        register: (tap) => {
          const firesAt = BOOT_HOOKS[name];
          const late = firesAt ? phaseIndex(this.#phase) >= phaseIndex(firesAt) && this.#phase !== 'register'
            : phaseIndex(this.#phase) >= phaseIndex('ready');
          if (late && this.#phase !== 'created') {
            throw new KernelError('KERNEL_ERR_LATE_TAP', `${tap.name} tapped ${name} during phase ${this.#phase}, after the hook could take taps`);
          }
          return tap;
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
