// Types of the document service: its parameters, the context its hooks see, its results.

import type { Knex } from 'knex';
import type { AuthResult } from '../auth/types.js';
import type { ContentType, Model } from '../registry/types.js';
import type { FieldError } from '../errors/index.js';
import type { FilterNode, PageInfo, Pagination, QueryAst } from '../query/ast.js';
import type { RelationRef } from './input-types.js';
import type { RowScope } from '../query/scopes.js';

export { SIBLING_REACH, type RowScope, type ScopeReach } from '../query/scopes.js';
export type { PageInfo } from '../query/ast.js';

/** Core's actions, or the name of a plugin-defined one (publish, ...). */
export type DocumentAction = 'findMany' | 'findFirst' | 'findOne' | 'count' | 'create' | 'createMany' | 'update' | 'delete' | (string & {});

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
  /** On lists, the conditions; on update, a precondition: only versions that match are written
   *  (under a row lock), and none matching is a null answer, as for a missing document. */
  filters?: unknown;
  sort?: unknown;
  fields?: unknown;
  populate?: unknown;
  pagination?: unknown;
  _q?: unknown;
  source?: QuerySource;
  /** Who is calling (a surface's authentication); what the query reaches is checked against it. */
  auth?: AuthResult;
  /** Call-scoped values for plugin taps. */
  state?: Record<string, unknown>;
  [param: string]: unknown;
}

export type Row = Record<string, unknown>;
export type Doc = Record<string, unknown> & { id: number; documentId: string };

/** Values a write puts on the rows it creates (a plugin setting locale or publishedAt). */
export type RowDefaults = (contentType: ContentType) => Record<string, unknown> | undefined;

export interface QueryContext {
  readonly uid: string;
  readonly contentType: ContentType;
  readonly action: DocumentAction;
  readonly source: QuerySource;
  /** Who is calling (params.auth). */
  readonly auth: AuthResult | undefined;
  params: DocumentParams;
  /** The compiled, validated query (for reads; writes use it to shape their response). */
  query: QueryAst;
  /** Conditions every row of every content type this query touches must meet. */
  rowScopes: RowScope[];
  /** Values added to the rows a write creates. */
  rowDefaults: RowDefaults[];
  /** Values put on every row a write creates or changes (who changed it), over its data. */
  rowStamps: RowDefaults[];
  /** createMany writes each item once with rowDefaults, then once more per entry here, with its
   *  values over them (draft-and-publish's published version next to the draft). */
  rowVersions: RowDefaults[];
  /** Whether writes check required and unique; a draft-and-publish draft sets required off. */
  constraints: {
    required: boolean;
    unique: boolean;
    /** The rows `unique` compares with besides the row scopes (draft-and-publish: published ones). */
    uniqueAmong?: FilterNode;
  };
  state: Record<string, unknown>;
  trx?: Knex.Transaction;
}

export type QueryResult =
  | { kind: 'many'; documents: Doc[]; pagination?: PageInfo }
  | { kind: 'one'; document: Doc | null }
  | { kind: 'count'; count: number };

/** The actions a document event may name: core's writes, and those plugins add by merging
 *  (draft-and-publish's publish, unpublish and discardDraft), so that a misspelt one
 *  (`'publsh'`) does not compile, in a tap comparing it or in a plugin emitting it. */
export interface DocumentEventActions {
  create: true;
  update: true;
  delete: true;
}

export type DocumentEventAction = keyof DocumentEventActions & string;

export interface DocumentEvent {
  action: DocumentEventAction;
  uid: string;
  documentId: string;
  /** The document as written (undefined for delete). */
  document?: Doc;
  params: DocumentParams;
}

export type { Pagination };

/** One row (version) of a document: its id, documentId and attribute values. */
export interface VersionRow { id: number; documentId: string; [attribute: string]: unknown }

/** Relation references of a write that carry keys a plugin declared (a locale): that plugin checks
 *  them in the checkRelationRefs hook, pushing one error per bad reference. */
export interface RelationRefsCheck {
  /** The model whose relation is written (a content type or a component). */
  model: Model;
  /** The row the links start from. */
  sourceId: number;
  /** The source row's attribute values, read when first asked for. */
  sourceValues(): Promise<Record<string, unknown>>;
  target: ContentType;
  /** The references that carry keys. */
  refs: RelationRef[];
  /** Where in the body the relation is. */
  path: string[];
  /** The target document's rows (versions) matching `filter`, unscoped, in the write's transaction. */
  targetRows(documentId: string, filter?: FilterNode): Promise<VersionRow[]>;
  errors: FieldError[];
}
