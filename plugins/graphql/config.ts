// The plugin's configuration (plugins.graphql.config): Strapi's keys, checked at start-up with a
// message naming the key, and bounded defaults where Strapi ships none.

import { KernelError, type ConfigKeys, type KernelConfig } from '../../core/index.js';

export const PLUGIN_NAME = 'graphql';

export const SHAPES = ['flat', 'v4'] as const;
export type Shape = typeof SHAPES[number];

/** How a content type's documentId is spelled in arguments and filters: `id` in the v4 shape
 *  (where id is the documentId), `documentId` otherwise. */
export const documentIdKey = (settings: Pick<GraphqlSettings, 'shape'>): string => (settings.shape === 'v4' ? 'id' : 'documentId');

export interface GraphqlSettings {
  /** Where the endpoint is served. */
  endpoint: string;
  /** Generate types, queries and mutations for the content types. */
  shadowCRUD: boolean;
  /** Introspection (and the playground) in production too. */
  playgroundAlways: boolean;
  /** Nesting of selections. */
  depthLimit: number;
  /** Most documents a list or a nested relation returns. */
  amountLimit: number;
  /** Documents a list returns when no pagination is given. */
  defaultLimit: number;
  /** Estimated cost of an operation (graphql-query-complexity: one per field, times page sizes). */
  maxCost: number;
  /** Aliased fields in an operation. */
  maxAliases: number;
  /** Root fields of an operation. */
  maxRootFields: number;
  /** Operations in a batched request (a JSON array); 0: batching is off. */
  maxBatch: number;
  /** Strapi 5's v4CompatibilityMode: deprecated id / attributes / data beside the flat fields. */
  v4CompatibilityMode: boolean;
  /** 'flat': Strapi 5's types (Article { documentId ... }); 'v4': Strapi v4's, which the spec
   *  describes (ArticleEntityResponse { data { id attributes } }). */
  shape: Shape;
  /** Compiled execution (graphql-jit): a document is compiled once it has run this many times
   *  (0: at its first run); false: never, every operation runs on graphql-js's interpreter. */
  jit: number | false;
  /** Introspection is served (development, or playgroundAlways). */
  introspection: boolean;
  /** The GraphiQL page is served at the endpoint (the same rule as introspection, which it needs). */
  playground: boolean;
}

const DEFAULTS = {
  endpoint: '/graphql', shadowCRUD: true, playgroundAlways: false, depthLimit: 10, amountLimit: 100,
  defaultLimit: 25, maxCost: 30_000, maxAliases: 30, maxRootFields: 20, maxBatch: 0, v4CompatibilityMode: false,
  shape: 'flat' as Shape, jit: 1 as number | false,
};
type Key = keyof typeof DEFAULTS;
// Accepted for Strapi configurations; this server is not Apollo, so their options do nothing
const IGNORED = new Set(['apolloServer', 'landingPage', 'generateArtifacts', 'artifacts']);

/** The keys plugins.graphql.config may hold (the kernel refuses others before register). */
export const CONFIG_KEYS: ConfigKeys = Object.fromEntries([...Object.keys(DEFAULTS), ...IGNORED].map((key) => [key, true]));

export function readSettings(config: Record<string, unknown>, kernel: Readonly<KernelConfig>): GraphqlSettings {
  const out: Record<string, unknown> = { ...DEFAULTS };
  for (const [key, value] of Object.entries(config)) {
    // Another key was refused before register (CONFIG_KEYS)
    if (IGNORED.has(key) || !(key in DEFAULTS)) continue;
    out[key] = checkValue(key as Key, value);
  }
  const settings = out as Omit<GraphqlSettings, 'introspection' | 'playground'>;
  if (settings.v4CompatibilityMode && settings.shape === 'v4') {
    throw invalid('v4CompatibilityMode', "adds v4's fields to the flat shape; shape 'v4' already is v4's");
  }
  // REST's page size unless set, within amountLimit
  if (config.defaultLimit === undefined) settings.defaultLimit = Math.min(kernel.api.rest.defaultLimit, settings.amountLimit);
  if (settings.defaultLimit > settings.amountLimit) {
    throw invalid('defaultLimit', `${settings.defaultLimit} is above amountLimit (${settings.amountLimit})`);
  }
  const exposed = settings.playgroundAlways || kernel.server.environment !== 'production';
  return { ...settings, introspection: exposed, playground: exposed };
}

function checkValue(key: Key, value: unknown): unknown {
  const expected = DEFAULTS[key];
  if (typeof expected === 'boolean') {
    if (typeof value !== 'boolean') throw invalid(key, `expected true or false, got ${JSON.stringify(value)}`);
    return value;
  }
  if (key === 'jit') {
    if (value !== false && (typeof value !== 'number' || !Number.isInteger(value) || value < 0)) {
      throw invalid(key, `expected false or an integer of at least 0, got ${JSON.stringify(value)}`);
    }
    return value;
  }
  if (typeof expected === 'number') {
    const min = key === 'maxBatch' ? 0 : 1;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
      throw invalid(key, `expected an integer of at least ${min}, got ${JSON.stringify(value)}`);
    }
    return value;
  }
  if (key === 'shape') {
    if (!SHAPES.includes(value as Shape)) throw invalid(key, `expected one of ${SHAPES.join(', ')}, got ${JSON.stringify(value)}`);
    return value;
  }
  if (typeof value !== 'string' || !/^\/[A-Za-z0-9/_-]*$/.test(value)) {
    throw invalid(key, `expected a path such as /graphql, got ${JSON.stringify(value)}`);
  }
  return value;
}

function invalid(key: string, why: string): KernelError {
  return new KernelError('CONFIG_ERR_INVALID', `config plugins.graphql.config.${key}: ${why}`);
}
