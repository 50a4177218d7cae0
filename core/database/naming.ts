// Physical names for models, columns, link tables and indexes. Identifiers are kept within the
// 63 characters PostgreSQL allows (MySQL: 64) by shortening with a stable hash suffix.

import { createHash } from 'node:crypto';

const MAX_IDENTIFIER = 63;

export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();
}

export function identifier(name: string): string {
  if (name.length <= MAX_IDENTIFIER) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX_IDENTIFIER - 9)}_${hash}`;
}

const columnNames = new Map<string, string>();
/** Memoised: it runs for every field of every row read. */
export const columnName = (attribute: string): string => {
  let column = columnNames.get(attribute);
  if (column === undefined) {
    column = identifier(snakeCase(attribute));
    columnNames.set(attribute, column);
  }
  return column;
};
export const relationTable = (collectionName: string, attribute: string): string =>
  identifier(`${collectionName}_${snakeCase(attribute)}_lnk`);
export const componentLinkTable = (collectionName: string): string => identifier(`${collectionName}_cmps`);
export const indexName = (table: string, columns: string[], kind: 'idx' | 'uq' | 'fk' | 'trgm'): string =>
  identifier(`${table}_${columns.join('_')}_${kind}`);
/** SQLite's count of rows per scope of a table (scope-counts.ts). */
export const scopeCountsName = (table: string): string => identifier(`${table}_scope_counts`);
/** A column's trigram index: on SQLite the FTS5 table that holds it, on PostgreSQL the index. */
export const textIndexName = (table: string, column: string): string => indexName(table, [column], 'trgm');

export { FILES_TABLE } from '../registry/media.js';
export const FILES_LINK_TABLE = 'files_related_mph';
export const SCHEMA_STATE_TABLE = 'strata_schema_state';
/** Rate-limit windows shared by instances (rate-limit-store.ts). */
export const RATE_LIMIT_TABLE = 'strata_rate_limits';
/** Named counters instances bump to tell each other a cache is stale (signals.ts). */
export const SIGNALS_TABLE = 'strata_signals';
/** Document events recorded in the write's transaction, for webhooks (core/events). */
export const EVENTS_TABLE = 'strata_events';
/** One row per event and receiver: what was sent, how it went, when it is tried again. */
export const DELIVERIES_TABLE = 'strata_deliveries';
/** Webhooks created through the API (config/webhooks.ts endpoints are not stored). */
export const WEBHOOKS_TABLE = 'strata_webhooks';
