// The keys each config object may hold, core's and each plugin's: a key not among them is a
// start-up error naming it and the nearest known one (a misspelt `prot: 5` must not pass as a
// default `port`), and the secrets production needs are all named together when missing.

import { KernelError } from '../errors/index.js';
import { defaultConfig } from './defaults.js';
import type { KernelConfig } from './types.js';

const SECRET = Symbol('productionSecret');

/** A value production cannot do without (a signing key): missing when the server runs with
 *  server.environment production, it stops the start, named with every other one missing. */
export interface ProductionSecret { readonly [SECRET]: string }

/** What a config object may hold, key by key: `true` for a value taken whole (a number, a list,
 *  an object whose keys the app chooses or its reader checks), the keys of an object checked key
 *  by key, or a production secret. A plugin declares its own as `configKeys`. */
export interface ConfigKeys { readonly [key: string]: ConfigKey }
export type ConfigKey = true | ConfigKeys | ProductionSecret;

/** A secret production requires; `hint` says how to set it (`set JWT_SECRET`). */
export function productionSecret(hint: string): ProductionSecret {
  return { [SECRET]: hint };
}

const isSecret = (key: ConfigKey): key is ProductionSecret => typeof key === 'object' && SECRET in key;
const isKeys = (key: ConfigKey): key is ConfigKeys => typeof key === 'object' && !(SECRET in key);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** One line per key of `value` (at `path`) that `keys` does not know, ending with `where` (the
 *  file); a value that is not an object is left to the value checks, which name what they expected. */
export function unknownKeys(value: unknown, keys: ConfigKeys, path: string, where = ''): string[] {
  if (!isObject(value)) return [];
  return Object.keys(value).flatMap((key) => {
    if (!Object.hasOwn(keys, key)) return [`config ${path}.${key}: ${unknownKey(key, Object.keys(keys))}${where}`];
    const known = keys[key]!;
    return isKeys(known) ? unknownKeys(value[key], known, `${path}.${key}`, where) : [];
  });
}

/** "unknown key (did you mean port?)" when a known key is a few edits away, else the known keys. */
export function unknownKey(key: string, known: string[]): string {
  if (known.length === 0) return 'unknown key (it takes no keys)';
  const close = nearest(key, known);
  return close ? `unknown key (did you mean ${close}?)` : `unknown key (known keys: ${known.join(', ')})`;
}

/** The word of `words` closest to `word` in edits (ignoring case), if it is close enough to be a
 *  slip: at most two edits, or a third of the word's length. */
export function nearest(word: string, words: string[]): string | undefined {
  let best: { word: string; distance: number } | undefined;
  for (const other of words) {
    const distance = editDistance(word.toLowerCase(), other.toLowerCase());
    if (!best || distance < best.distance) best = { word: other, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(word.length / 3)) ? best.word : undefined;
}

/** One line per production secret `keys` declares that `value` leaves unset or empty. */
export function missingSecrets(value: unknown, keys: ConfigKeys, path: string): string[] {
  const given = isObject(value) ? value : {};
  return Object.entries(keys).flatMap(([key, known]) => {
    if (isKeys(known)) return missingSecrets(given[key], known, `${path}.${key}`);
    if (!isSecret(known) || (given[key] !== undefined && given[key] !== '')) return [];
    return [`config ${path}.${key}: required in production (${known[SECRET]})`];
  });
}

/** Throws one CONFIG_ERR_INVALID naming every problem, if there is any. */
export function throwProblems(problems: string[]): void {
  if (problems.length === 0) return;
  const message = problems.length === 1 ? problems[0]! : `${problems.length} problems in the configuration:\n  ${problems.join('\n  ')}`;
  throw new KernelError('CONFIG_ERR_INVALID', message);
}

// ---------------------------------------------------------------- core's keys

/** The keys of a section, as its defaults have them: an object's keys checked, anything else taken whole. */
function keysOf(value: object): ConfigKeys {
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, isObject(v) ? keysOf(v) : true]));
}

const CORE_SECTIONS = ['server', 'database', 'api', 'webhooks'] as const;
type CoreSection = typeof CORE_SECTIONS[number];

/** What config/server.ts, database.ts, api.ts and webhooks.ts may hold: every key with a default,
 *  and those without one. */
export function coreConfigKeys(): Record<CoreSection, ConfigKeys> {
  const defaults = defaultConfig();
  const api = keysOf(defaults.api);
  return {
    server: keysOf(defaults.server),
    database: {
      ...keysOf(defaults.database),
      // SQLite's, or a server's (ssl: true or the driver's TLS options)
      connection: { filename: true, connectionString: true, host: true, port: true, database: true, user: true, password: true, ssl: true },
      schema: true,
    },
    api: {
      ...api,
      rateLimit: { ...(api.rateLimit as ConfigKeys), store: true },
      tokens: { salt: productionSecret('set API_TOKEN_SALT to a long random string, e.g. the output of `openssl rand -base64 32`') },
    },
    webhooks: keysOf(defaults.webhooks),
  };
}

/** The keys of a webhook endpoint (config/webhooks.ts `endpoints[i]`). */
const ENDPOINT_KEYS: ConfigKeys = { name: true, url: true, events: true, headers: true, secret: true, enabled: true };
/** The keys of an entry of config/plugins.ts. */
const PLUGIN_ENTRY_KEYS: ConfigKeys = { enabled: true, config: true, resolve: true };

/** Unknown keys of a section of core's config (what a config file returned, or the overrides
 *  given to createKernel), with `where` naming the file. */
export function unknownSectionKeys(section: string, value: unknown, where = ''): string[] {
  if (section === 'plugins') {
    return isObject(value) ? Object.entries(value).flatMap(([name, entry]) => unknownKeys(entry, PLUGIN_ENTRY_KEYS, `plugins.${name}`, where)) : [];
  }
  const keys = coreConfigKeys();
  if (!(CORE_SECTIONS as readonly string[]).includes(section)) return [`config ${section}: ${unknownKey(section, [...CORE_SECTIONS, 'plugins'])}${where}`];
  const problems = unknownKeys(value, keys[section as CoreSection], section, where);
  if (section === 'webhooks' && isObject(value) && Array.isArray(value.endpoints)) {
    value.endpoints.forEach((endpoint, i) => problems.push(...unknownKeys(endpoint, ENDPOINT_KEYS, `webhooks.endpoints[${i}]`, where)));
  }
  return problems;
}

/** A loaded plugin's config and the keys it declares (none: not checked). */
export interface PluginConfigKeys { name: string; keys?: ConfigKeys; config: Record<string, unknown> }

/**
 * Before any plugin registers: every plugin's config against the keys it declares, and in
 * production every secret core and the plugins require, all named in one error.
 */
export function checkPluginConfigs(config: KernelConfig, plugins: PluginConfigKeys[]): void {
  const production = config.server.environment === 'production';
  const core = coreConfigKeys();
  const problems = production ? CORE_SECTIONS.flatMap((section) => missingSecrets(config[section], core[section], section)) : [];
  for (const { name, keys, config: given } of plugins) {
    if (!keys) continue;
    const path = `plugins.${name}.config`;
    problems.push(...unknownKeys(given, keys, path), ...(production ? missingSecrets(given, keys, path) : []));
  }
  throwProblems(problems);
}

/** Damerau-Levenshtein distance (optimal string alignment): a swapped pair of letters is one edit. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
