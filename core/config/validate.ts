// Fails start-up on a bad config value, naming the key and what was expected.

import { KernelError } from '../errors/index.js';
import type { KernelConfig } from './types.js';

type Check = [path: string, ok: (v: unknown) => boolean, expected: string];

const isInt = (min: number, max = Number.MAX_SAFE_INTEGER) => (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const isString = (v: unknown) => typeof v === 'string' && v.length > 0;
const isBool = (v: unknown) => typeof v === 'boolean';
const isStringList = (v: unknown) => Array.isArray(v) && v.every(isString);
// scheme://host[:port], nothing after: what a browser sends in Origin
const isOrigin = (v: unknown) => typeof v === 'string' && /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(v);

const CHECKS: Check[] = [
  ['server.host', isString, 'a non-empty host name or address'],
  ['server.port', isInt(0, 65535), 'an integer between 0 and 65535'],
  ['server.proxy', isBool, 'a boolean'],
  ['server.autoReload', isBool, 'a boolean'],
  ['server.workers', isInt(1, 256), 'an integer between 1 and 256'],
  ['server.environment', isString, 'a non-empty string such as development or production'],
  ['server.shutdownTimeout', isInt(0), 'a number of milliseconds'],
  ['server.rateLimitStore', (v) => v === 'memory' || v === 'database', "'memory' or 'database'"],
  ['server.signalInterval', isInt(0), 'a number of milliseconds (0: never)'],
  ['server.cors.origin', (v) => v === '*' || (Array.isArray(v) && v.every(isOrigin)), "'*' or a list of origins such as 'https://example.com'"],
  ['server.cors.credentials', isBool, 'a boolean'],
  ['server.cors.methods', isStringList, 'a list of HTTP methods'],
  ['server.cors.headers', isStringList, 'a list of header names'],
  ['server.cors.exposeHeaders', isStringList, 'a list of header names'],
  ['server.cors.maxAge', isInt(0), 'a number of seconds'],
  ['server.limits.queryLength', isInt(256), 'a number of characters, at least 256'],
  ['server.limits.maxHeaderSize', isInt(1024), 'a number of bytes, at least 1024'],
  ['server.limits.requestTimeout', isInt(1000), 'a number of milliseconds, at least 1000'],
  ['server.limits.headersTimeout', isInt(1000), 'a number of milliseconds, at least 1000'],
  ['server.securityHeaders.hsts', (v) => v === false || (typeof v === 'object' && v !== null && isInt(1)((v as { maxAge?: unknown }).maxAge) && isBool((v as { includeSubDomains?: unknown }).includeSubDomains)), 'false or { maxAge: seconds, includeSubDomains: boolean }'],
  ['database.client', (v) => v === 'sqlite' || v === 'mysql' || v === 'postgres', "one of 'sqlite', 'mysql', 'postgres'"],
  ['database.connection', (v) => typeof v === 'object' && v !== null, 'an object'],
  ['database.pool.min', isInt(0), 'a non-negative integer'],
  ['database.pool.max', isInt(1), 'a positive integer'],
  ['database.pool.acquireTimeoutMillis', isInt(1), 'a positive integer'],
  ['database.debug', isBool, 'a boolean'],
  ['database.statementTimeout', isInt(0), 'a number of milliseconds (0 for none)'],
  ['api.rest.prefix', (v) => typeof v === 'string' && /^\/[A-Za-z0-9_\-/]*[A-Za-z0-9_-]$/.test(v), "a path such as '/api'"],
  ['api.rest.defaultLimit', isInt(1), 'a positive integer'],
  ['api.rest.maxLimit', isInt(1), 'a positive integer'],
  ['api.rest.withCount', isBool, 'a boolean'],
  ['api.rest.countLimit', (v) => v === null || isInt(1)(v), 'a positive integer, or null for exact totals'],
  ['api.rest.strictParams', isBool, 'a boolean'],
  ['api.rest.maxPopulateDepth', isInt(1), 'a positive integer'],
  ['api.rest.maxFilterDepth', isInt(1), 'a positive integer'],
  ['api.rest.maxSortKeys', isInt(1), 'a positive integer'],
  ['api.rest.maxFilterNodes', isInt(1), 'a positive integer'],
  ['api.rest.maxInListLength', isInt(1), 'a positive integer'],
  ['api.rest.maxPopulateNodes', isInt(1), 'a positive integer'],
  ['api.rest.maxPopulateRows', isInt(1), 'a positive integer'],
  ['api.rest.maxFields', isInt(1), 'a positive integer'],
  ['api.rest.maxBodyDepth', isInt(1), 'a positive integer'],
  ['api.rest.maxJsonDepth', isInt(1), 'a positive integer'],
  ['api.bodyLimit', isInt(1), 'a positive number of bytes'],
  ['api.tokens', (v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'an object'],
  ['api.rateLimit.enabled', isBool, 'a boolean'],
  ['api.rateLimit.interval', isInt(1), 'a positive number of milliseconds'],
  ['api.rateLimit.max', isInt(1), 'a positive integer'],
  ['api.rateLimit.store', (v) => v === undefined || typeof (v as { hit?: unknown })?.hit === 'function', 'an object with a hit(key, interval) function'],
  ['api.tokens.salt', (v) => v === undefined || isString(v), 'a non-empty string (or leave it unset)'],
  ['api.auth.anonymousStatus', (v) => v === 401 || v === 403, '401 or 403'],
  ['webhooks.endpoints', Array.isArray, 'a list of { name, url, events }'],
  ['webhooks.timeout', isInt(1), 'a positive number of milliseconds'],
  ['webhooks.maxAttempts', isInt(1, 100), 'an integer between 1 and 100'],
  ['webhooks.backoff', isInt(0), 'a number of milliseconds'],
  ['webhooks.maxBackoff', isInt(0), 'a number of milliseconds'],
  ['webhooks.allowPrivateAddresses', isBool, 'a boolean'],
  ['webhooks.pollInterval', isInt(0), 'a number of milliseconds (0: only on this instance\'s writes)'],
  ['webhooks.retention', isInt(0), 'a number of milliseconds'],
];

export function validateConfig(config: KernelConfig): void {
  for (const [path, ok, expected] of CHECKS) {
    const value = path.split('.').reduce<unknown>((obj, key) =>
      obj && typeof obj === 'object' ? (obj as Record<string, unknown>)[key] : undefined, config);
    if (!ok(value)) {
      throw new KernelError('CONFIG_ERR_INVALID', `config ${path}: expected ${expected}, got ${JSON.stringify(value)}`);
    }
  }
  if (config.server.cors.credentials && config.server.cors.origin === '*') {
    throw new KernelError('CONFIG_ERR_INVALID', "config server.cors.credentials: credentials need an explicit list of origins in server.cors.origin, not '*'");
  }
  if (config.api.rest.defaultLimit > config.api.rest.maxLimit) {
    throw new KernelError('CONFIG_ERR_INVALID',
      `config api.rest.defaultLimit: must not exceed api.rest.maxLimit (${config.api.rest.maxLimit}), got ${config.api.rest.defaultLimit}`);
  }
  if (config.database.pool.min > config.database.pool.max) {
    throw new KernelError('CONFIG_ERR_INVALID', 'config database.pool.min: must not exceed database.pool.max');
  }
  const conn = config.database.connection as Record<string, unknown>;
  if (config.database.client === 'sqlite') {
    if (!isString(conn.filename)) {
      throw new KernelError('CONFIG_ERR_INVALID', `config database.connection.filename: expected a file path or ':memory:', got ${JSON.stringify(conn.filename)}`);
    }
  } else if (!isString(conn.connectionString)) {
    if (!isString(conn.host)) throw new KernelError('CONFIG_ERR_INVALID', `config database.connection.host: expected a host name, got ${JSON.stringify(conn.host)}`);
    if (!isInt(1, 65535)(conn.port)) throw new KernelError('CONFIG_ERR_INVALID', `config database.connection.port: expected an integer between 1 and 65535, got ${JSON.stringify(conn.port)}`);
    if (!isString(conn.database)) throw new KernelError('CONFIG_ERR_INVALID', `config database.connection.database: expected a database name, got ${JSON.stringify(conn.database)}`);
  }
  validateEndpoints(config.webhooks.endpoints);
  for (const [name, entry] of Object.entries(config.plugins)) {
    if (typeof entry !== 'boolean' && (typeof entry !== 'object' || entry === null)) {
      throw new KernelError('CONFIG_ERR_INVALID', `config plugins.${name}: expected true/false or { enabled, config }`);
    }
  }
}

/** A webhook's name: what its deliveries are filed under and what X-Strata-Webhook says. */
export const WEBHOOK_NAME = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,99}$/;

/** Strapi's entry events, and ours under the same names. */
// The media library's events (Strapi's upload plugin registers them); sent when the upload plugin writes files
export const WEBHOOK_EVENTS = [
  'entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'entry.draft-discard', 'media.create', 'media.update', 'media.delete',
] as const;

function validateEndpoints(endpoints: unknown[]): void {
  const names = new Set<string>();
  for (const [i, raw] of endpoints.entries()) {
    const at = `config webhooks.endpoints[${i}]`;
    const fail = (key: string, expected: string, got: unknown) => {
      throw new KernelError('CONFIG_ERR_INVALID', `${at}.${key}: expected ${expected}, got ${JSON.stringify(got)}`);
    };
    if (typeof raw !== 'object' || raw === null) fail('', 'an object', raw);
    const e = raw as Record<string, unknown>;
    if (typeof e.name !== 'string' || !WEBHOOK_NAME.test(e.name)) fail('name', '1 to 100 letters, digits, spaces, dots, dashes or underscores', e.name);
    // Compared as MariaDB's collation compares them
    if (names.has((e.name as string).toLowerCase())) fail('name', 'a name no other endpoint has (in any case)', e.name);
    names.add((e.name as string).toLowerCase());
    if (!isHttpUrl(e.url)) fail('url', 'an http(s) URL', e.url);
    if (!Array.isArray(e.events) || !e.events.length || !e.events.every((v) => (WEBHOOK_EVENTS as readonly unknown[]).includes(v))) {
      fail('events', `a non-empty list of ${WEBHOOK_EVENTS.join(', ')}`, e.events);
    }
    if (e.headers !== undefined && (typeof e.headers !== 'object' || e.headers === null || !Object.values(e.headers).every((v) => typeof v === 'string'))) {
      fail('headers', 'an object of header names to strings', e.headers);
    }
    if (e.secret !== undefined && !isString(e.secret)) fail('secret', 'a non-empty string (or leave it unset)', e.secret);
    if (e.enabled !== undefined && !isBool(e.enabled)) fail('enabled', 'a boolean', e.enabled);
  }
}

export function isHttpUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
