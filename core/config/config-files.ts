// The types of an app's config/<name>.ts: a function of env returning part of that section. An
// app writes `export default ((env) => ({ port: env.int('PORT', 1337) })) satisfies ServerConfigFile;`
// and its editor completes the keys and checks the values; start-up validates them all the same.

import type { Env } from './env.js';
import type { ApiConfig, DatabaseConfig, PluginsConfig, ServerConfig, WebhooksConfig } from './types.js';

/** Every key optional and undefined allowed (env.int() without a fallback may give undefined).
 *  A string union also takes any string, as env() gives: the named values are still suggested,
 *  and validation at start-up names a wrong one. */
export type ConfigInput<T> =
  T extends string ? T | (string & {})
    : T extends readonly (infer U)[] ? ConfigInput<U>[]
      : T extends (...args: never[]) => unknown ? T
        : T extends object ? { [K in keyof T]?: ConfigInput<T[K]> | undefined }
          : T;

export type ServerConfigFile = (env: Env) => ConfigInput<ServerConfig>;
export type DatabaseConfigFile = (env: Env) => ConfigInput<DatabaseConfig>;
export type ApiConfigFile = (env: Env) => ConfigInput<ApiConfig>;
export type WebhooksConfigFile = (env: Env) => ConfigInput<WebhooksConfig>;
export type PluginsConfigFile = (env: Env) => PluginsConfig;
