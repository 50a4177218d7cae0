// The shape of the kernel's configuration, after defaults.

import type { RateLimitStore } from '../limits/rate-limit.js';

export type DatabaseClient = 'sqlite' | 'mysql' | 'postgres';

export interface SqliteConnection { filename: string }
export interface ServerConnection {
  host?: string;
  port?: number;
  database?: string;
  user?: string;
  password?: string;
  ssl?: boolean | Record<string, unknown>;
  connectionString?: string;
}

export interface DatabaseConfig {
  client: DatabaseClient;
  connection: SqliteConnection | ServerConnection;
  pool: { min: number; max: number; acquireTimeoutMillis: number };
  /** Log every SQL statement (for development). */
  debug: boolean;
  /** PostgreSQL and MySQL/MariaDB: the longest a statement may run, in ms; the server cancels it
   *  beyond (the request gets 503). 0 turns it off. SQLite has no way to cancel one. */
  statementTimeout: number;
  /** PostgreSQL only: the schema to create tables in (search_path); default public. */
  schema?: string;
}

export interface ServerConfig {
  host: string;
  port: number;
  /** Trust X-Forwarded-* headers (only behind a proxy you control). */
  proxy: boolean;
  /** Worker processes behind one port (node:cluster); 1 serves from the main process. */
  workers: number;
  /** 'production' makes missing secrets (JWT, API token salt) a start-up error instead of
   *  generating development ones. */
  environment: string;
  /** On stop, how long requests in flight may take to finish (ms) before their connections are cut. */
  shutdownTimeout: number;
  /** Where rate limits count (the content limit and plugins' own, unless they name a store):
   *  'memory' in each process, or 'database', shared by every instance on the database. */
  rateLimitStore: 'memory' | 'database';
  /** How often (ms) an instance reads the signals other instances send through the database
   *  (a permission changed elsewhere); 0 never. */
  signalInterval: number;
  /** Strapi's autoReload: the server runs under `strata develop`, which starts it again when a
   *  schema file changes. Set by develop itself; the content-type builder writes only then. */
  autoReload: boolean;
  cors: CorsConfig;
  securityHeaders: SecurityHeadersConfig;
  limits: ServerLimits;
}

export interface ServerLimits {
  /** Longest query string, in characters; longer is a 414 in the error envelope. */
  queryLength: number;
  /** Largest request head (request line and headers), in bytes; Node answers 431 beyond it. */
  maxHeaderSize: number;
  /** Time to receive a whole request, in ms; Node answers 408 beyond it. */
  requestTimeout: number;
  /** Time to receive the request head, in ms. */
  headersTimeout: number;
}

export interface CorsConfig {
  /** '*' lets any origin read without credentials; a list allows exactly those origins. */
  origin: '*' | string[];
  /** Access-Control-Allow-Credentials for listed origins; with origin '*' it is a config error. */
  credentials: boolean;
  methods: string[];
  headers: string[];
  exposeHeaders: string[];
  /** How long a browser may cache a preflight, in seconds. */
  maxAge: number;
}

export interface SecurityHeadersConfig {
  /** Strict-Transport-Security: set it only when every client reaches the server over TLS. */
  hsts: false | { maxAge: number; includeSubDomains: boolean };
}

export interface RestConfig {
  prefix: string;
  defaultLimit: number;
  maxLimit: number;
  withCount: boolean;
  /** Counting a list's total reads every matching row of an index: on a table of millions, tens
   *  of milliseconds. With a number, a count stops there and the answer says so
   *  (`meta.pagination.total` is the limit, `totalCapped: true`). null: exact totals. */
  countLimit: number | null;
  /** Unknown top-level query parameters are a 400 when true, ignored when false. */
  strictParams: boolean;
  /** Levels of relations/components a content-API populate may reach (400 beyond). */
  maxPopulateDepth: number;
  /** Levels of $and/$or/$not and relation hops a content-API filter may nest (400 beyond). */
  maxFilterDepth: number;
  /** Distinct keys of one content-API sort (the root's or a populated relation's); repeated keys
   *  count once. 400 beyond. */
  maxSortKeys: number;
  /** Nodes of all the filters of one content-API request together (comparisons, $and/$or/$not,
   *  relation and component hops); 400 beyond. */
  maxFilterNodes: number;
  /** Values of one $in or $notIn list in a content-API filter (400 beyond). */
  maxInListLength: number;
  /** Attributes one content-API request may populate, all levels together (a dynamic zone's
   *  components count one each); 400 beyond. */
  maxPopulateNodes: number;
  /** Related entries populate loads in one request, all levels together (rows, not attributes). */
  maxPopulateRows: number;
  /** Entries of one content-API fields list, as given (400 beyond). */
  maxFields: number;
  /** Levels a write's `data` may nest outside json and blocks attribute values (components,
   *  relation references); 400 beyond, before validation. */
  maxBodyDepth: number;
  /** Levels a json or blocks attribute value may nest (400 beyond). A request body as a whole may
   *  nest maxBodyDepth + maxJsonDepth levels. */
  maxJsonDepth: number;
}

export interface ApiTokensConfig {
  /** The HMAC key API tokens are hashed with. Required when server.environment is production; in
   *  development one is generated into <appDir>/.tmp/api-token-salt. Changing it invalidates every token. */
  salt?: string;
}

export interface ApiConfig {
  rest: RestConfig;
  /** JSON body limit, in bytes. */
  bodyLimit: number;
  tokens: ApiTokensConfig;
  /** Rate limit of the content routes (and plugin routes that serve a content type), per client
   *  address; off by default. users-permissions limits its auth routes on its own. */
  rateLimit: ContentRateLimitConfig;
  auth: ApiAuthConfig;
}

export interface ApiAuthConfig {
  /** What an anonymous caller (no credentials; the public role) hears when refused: 403
   *  ForbiddenError as in Strapi (default), or 401 UnauthorizedError. Bad, expired or revoked
   *  credentials are a 401 either way. */
  anonymousStatus: 401 | 403;
}

export interface ContentRateLimitConfig {
  enabled: boolean;
  interval: number;
  max: number;
  /** Shared counters for several instances; in memory per process by default. */
  store?: RateLimitStore;
}

export interface KernelConfig {
  server: ServerConfig;
  database: DatabaseConfig;
  api: ApiConfig;
  webhooks: WebhooksConfig;
  plugins: PluginsConfig;
}

/** One receiver of document events (config/webhooks.ts): each event it listens to is POSTed to
 *  url as Strapi's webhook body, at least once, in commit order per document. */
export interface WebhookEndpoint {
  /** Names it in the delivery log and the X-Strata-Webhook header; unique. */
  name: string;
  url: string;
  /** Strapi's event names: entry.create, entry.update, entry.delete, entry.publish,
   *  entry.unpublish, entry.draft-discard. */
  events: string[];
  headers?: Record<string, string>;
  /** Signs each body: X-Strata-Signature: sha256=<hex HMAC-SHA256 of the body with this key>. */
  secret?: string;
  enabled?: boolean;
}

export interface WebhooksConfig {
  endpoints: WebhookEndpoint[];
  /** How long one delivery may take (connect, send, answer), in ms. */
  timeout: number;
  /** Tries of one delivery before it is marked failed. */
  maxAttempts: number;
  /** Wait before the n-th retry: backoff * 2^(n-1) ms, at most maxBackoff, with some jitter. */
  backoff: number;
  maxBackoff: number;
  /** Deliveries to loopback, private, link-local and unique-local addresses are refused unless
   *  true (a URL anyone could set must not reach the server's own network). */
  allowPrivateAddresses: boolean;
  /** How often (ms) an instance looks for deliveries due (retries, and events other instances
   *  recorded); its own writes wake it at once. 0: only its own writes and start-up. */
  pollInterval: number;
  /** How long delivered and failed deliveries stay in the log, in ms. */
  retention: number;
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> | T[K] : T[K] };
export type KernelConfigInput = DeepPartial<Omit<KernelConfig, 'plugins'>> & { plugins?: PluginsConfig };

/** A plugin given as an object rather than a path; the kernel checks its whole shape when it loads it. */
export interface PluginObject {
  readonly name: string;
  register(...args: never[]): unknown;
}

/** The entry in config/plugins.ts: `{ name: { enabled, config, resolve? } }`. */
export interface PluginEntry {
  enabled?: boolean;
  config?: Record<string, unknown>;
  /** A path (relative to the app root) or a plugin object, for custom plugins. */
  resolve?: string | PluginObject;
}

export type PluginsConfig = Record<string, PluginEntry | boolean>;
