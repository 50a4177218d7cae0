// The document service's public shapes: the per-content-type API, and how plugins add actions.

import type { DocumentAccess } from '../auth/types.js';
import type { ContentType } from '../registry/types.js';
import type { RowApi } from './row-api.js';
import type { Doc, DocumentParams, PageInfo } from './types.js';

export interface DocumentApi {
  /** Every matching document; pages only when pagination is given. */
  findMany(params?: DocumentParams): Promise<Doc[]>;
  /** findMany with pagination meta, as the REST list endpoint needs it. */
  findPage(params?: DocumentParams): Promise<{ results: Doc[]; pagination: PageInfo }>;
  findFirst(params?: DocumentParams): Promise<Doc | null>;
  findOne(params: DocumentParams & { documentId: string }): Promise<Doc | null>;
  count(params?: DocumentParams): Promise<number>;
  create(params: DocumentParams & { data: unknown }): Promise<Doc>;
  /**
   * Creates many documents in one transaction with one statement per table and chunk (imports,
   * seeding). Each item is checked as create checks it; any bad item fails the whole call, its
   * errors' paths starting with the item's index. `documentIds`, when given, adds each item as a
   * version (a locale) of that existing document instead. Answers with the documentIds, in order.
   */
  createMany(params: DocumentParams & { data: unknown[]; documentIds?: string[] }): Promise<{ count: number; documentIds: string[] }>;
  /** null when no document (in the params' scope) has that documentId. */
  update(params: DocumentParams & { documentId: string; data: unknown }): Promise<Doc | null>;
  /** null when nothing matched; otherwise the number of rows removed. */
  delete(params: DocumentParams & { documentId: string }): Promise<{ documentId: string; entries: number } | null>;
  /** The documentId of any document of this type, whatever its versions: a single type's one document. */
  firstDocumentId(): Promise<string | null>;
  /** A plugin-defined action (publish, unpublish, ...). */
  action(name: string, params?: DocumentParams): Promise<unknown>;
  hasAction(name: string): boolean;
}

export type DocumentActionFn = (params: DocumentParams) => Promise<unknown>;

export interface DocumentActionInfo {
  uid: string;
  contentType: ContentType;
  /** findMany, findPage, findFirst, findOne, count, create, update, delete, or a plugin action. */
  action: string;
}

export interface DocumentActionContext {
  uid: string;
  contentType: ContentType;
  /** This content type's document API (its create, update, ... are the wrapped ones). */
  api: DocumentApi;
  /** Row-level access; call inside transaction(). */
  rows: RowApi;
  params: DocumentParams;
  transaction<T>(fn: () => Promise<T>): Promise<T>;
}

/** An action a plugin adds to the document service, e.g. draft-and-publish's publish. */
export interface DocumentActionDefinition {
  name: string;
  owner: string;
  /** Only content types this returns true for get the action; all by default. */
  appliesTo?(contentType: ContentType): boolean;
  /** What it asks of a caller whose ability narrows access (AccessLimits): 'update' by default;
   *  publish and unpublish ask 'publish'. */
  access?: DocumentAccess;
  run(ctx: DocumentActionContext): Promise<unknown>;
}
