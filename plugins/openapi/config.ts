// The plugin's configuration (plugins.openapi.config), checked at start-up with a message naming
// the key. The document and the reference page are served in development; in production only
// when turned on, since they list every route an app has.

import { KernelError, type ConfigKeys, type KernelConfig } from '../../core/index.js';

export const PLUGIN_NAME = 'openapi';

export interface OpenApiSettings {
  /** GET <documentPath> answers the document (JSON). */
  serveDocument: boolean;
  documentPath: string;
  /** GET <adminDocumentPath> answers the admin API's document, when the app has an admin API. */
  adminDocumentPath: string;
  /** GET <pagePath> answers the API reference page, which reads the document. */
  servePage: boolean;
  pagePath: string;
  /** The document's info: title and version (the app's, not this framework's). */
  title: string;
  version: string;
  description?: string;
  /** Where clients reach the API; by default the server's own origin (a relative URL). */
  servers: Array<{ url: string; description?: string }>;
}

/** The keys plugins.openapi.config may hold (the kernel refuses others before register). */
export const CONFIG_KEYS: ConfigKeys = {
  serveDocument: true, documentPath: true, adminDocumentPath: true, servePage: true, pagePath: true, title: true, version: true, description: true, servers: true,
};

export function readSettings(config: Record<string, unknown>, kernel: Readonly<KernelConfig>): OpenApiSettings {
  const development = kernel.server.environment !== 'production';
  const prefix = kernel.api.rest.prefix;
  const serveDocument = bool(config, 'serveDocument', development);
  const servePage = bool(config, 'servePage', development);
  if (servePage && !serveDocument) throw invalid('servePage', 'the page reads the document: serveDocument must be true too');
  const description = optionalString(config, 'description');
  return {
    serveDocument, servePage,
    documentPath: path(config, 'documentPath', `${prefix}/openapi.json`),
    adminDocumentPath: path(config, 'adminDocumentPath', '/admin/openapi.json'),
    pagePath: path(config, 'pagePath', `${prefix}/docs`),
    title: optionalString(config, 'title') ?? 'Content API',
    version: optionalString(config, 'version') ?? '1.0.0',
    ...(description === undefined ? {} : { description }),
    servers: servers(config.servers),
  };
}

function bool(config: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const value = config[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalid(key, `expected true or false, got ${JSON.stringify(value)}`);
  return value;
}

function optionalString(config: Record<string, unknown>, key: string): string | undefined {
  const value = config[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw invalid(key, `expected a non-empty string, got ${JSON.stringify(value)}`);
  return value;
}

function path(config: Record<string, unknown>, key: string, fallback: string): string {
  const value = config[key] ?? fallback;
  if (typeof value !== 'string' || !/^\/[A-Za-z0-9/._-]*$/.test(value)) throw invalid(key, `expected a path such as ${fallback}, got ${JSON.stringify(value)}`);
  return value;
}

function servers(value: unknown): OpenApiSettings['servers'] {
  if (value === undefined) return [{ url: '/' }];
  const ok = Array.isArray(value) && value.length > 0 && value.every((s) => typeof s === 'object' && s !== null
    && typeof (s as { url?: unknown }).url === 'string' && ['undefined', 'string'].includes(typeof (s as { description?: unknown }).description));
  if (!ok) throw invalid('servers', `expected a list of { url, description? }, got ${JSON.stringify(value)}`);
  return (value as OpenApiSettings['servers']).map(({ url, description }) => ({ url, ...(description === undefined ? {} : { description }) }));
}

function invalid(key: string, why: string): KernelError {
  return new KernelError('CONFIG_ERR_INVALID', `config plugins.openapi.config.${key}: ${why}`);
}
