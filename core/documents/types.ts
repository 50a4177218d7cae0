// Types of the document service: its parameters, the context its hooks see, its results.

import type { Knex } from 'knex';
import type { ContentType, Model } from '../registry/types.js';
import type { FilterNode, Pagination, QueryAst } from '../query/ast.js';

/** Core's actions, or the name of a plugin-defined one (publish, ...). */
export type DocumentAction = 'findMany' | 'findFirst' | 'findOne' | 'count' | 'create' | 'update' | 'delete' | (string & {});

/** Where a call comes from. 'content-api' calls (REST, GraphQL) may never read or write private
 *  fields; 'internal' calls (plugins, scripts) see everything. */
export type QuerySource = 'content-api' | 'internal';

/**
 * Strapi-style parameters: filters, sort, fields, populate and pagination in the same shapes as the
 * REST query string (already parsed), plus data and documentId for writes. Plugins read their own
 * parameters (status, locale) by name.
 */
export interface DocumentParams {
  documentId?: string;
  data?: unknown;
  filters?: unknown;
  sort?: unknown;
  fields?: unknown;
  populate?: unknown;
  pagination?: unknown;
  _q?: unknown;
  source?: QuerySource;
  /** Request-scoped values (the authenticated user, the raw Koa state) for plugin taps. */
  state?: Record<string, unknown>;
  [param: string]: unknown;
}

export type Row = Record<string, unknown>;
export type Doc = Record<string, unknown> & { id: number; documentId: string };

/** How a query reached a content type below its root: through which attribute of which model.
 *  A `sibling` filter reaches the other versions of the row's own document as SIBLING_REACH. */
export interface ScopeReach { from: Model; attribute: string }

export const SIBLING_REACH = '$sibling';

/** Picks which rows (versions) of a content type a query may see; applied at every level.
 *  `reach` is undefined at the root. */
export type RowScope = (contentType: ContentType, reach?: ScopeReach) => FilterNode | undefined;

/** Values a write puts on the rows it creates (a plugin setting locale or publishedAt). */
export type RowDefaults = (contentType: ContentType) => Record<string, unknown> | undefined;

export interface QueryContext {
  readonly uid: string;
  readonly contentType: ContentType;
  readonly action: DocumentAction;
  readonly source: QuerySource;
  params: DocumentParams;
  /** The compiled, validated query (for reads; writes use it to shape their response). */
  query: QueryAst;
  /** Conditions every row of every content type this query touches must meet. */
  rowScopes: RowScope[];
  /** Values added to the rows a write creates. */
  rowDefaults: RowDefaults[];
  /** Whether writes check required and unique; a draft-and-publish draft sets required off. */
  constraints: { required: boolean; unique: boolean };
  state: Record<string, unknown>;
  trx?: Knex.Transaction;
}

export interface PageInfo {
  page?: number;
  pageSize?: number;
  pageCount?: number;
  start?: number;
  limit?: number;
  total?: number;
}

export type QueryResult =
  | { kind: 'many'; documents: Doc[]; pagination?: PageInfo }
  | { kind: 'one'; document: Doc | null }
  | { kind: 'count'; count: number };

export interface DocumentEvent {
  action: 'create' | 'update' | 'delete' | (string & {});
  uid: string;
  documentId: string;
  /** The document as written (undefined for delete). */
  document?: Doc;
  params: DocumentParams;
}

export type { Pagination };
