// The document service: the one entry point REST, GraphQL and app code use to read and write
// documents. Each action is a linear script: beforeQuery -> validate -> plan/run -> afterQuery.
// Calls made inside transaction(fn) join it; events wait for the outermost commit.

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import type { RestConfig } from '../config/types.js';
import type { Dialect } from '../database/connection.js';
import { SCHEMA_STATE_TABLE } from '../database/naming.js';
import { ConflictError, KernelError, ValidationError } from '../errors/index.js';
import { VERSION_KEY } from '../database/physical.js';
import { isRetryableConflict, type UniqueKeys } from '../database/unique-violation.js';
import type { DocumentHooks } from './hooks.js';
import type { Logger } from '../log/logger.js';
import { compileQuery, type RawQuery } from '../query/compile.js';
import { aliasFactory, type PlanContext } from '../query/plan-context.js';
import { count as countRows, readMany } from '../query/read.js';
import { applyFilter, applyScopes } from '../query/sql-filters.js';
import type { FilterNode } from '../query/ast.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { ContentType } from '../registry/types.js';
import type { DocumentActionDefinition, DocumentActionFn, DocumentApi } from './api.js';
import { newDocumentId, requireDocumentId } from './document-id.js';
import { checkRequired, normalizeInput, type NormalizedInput } from './input.js';
import type { RelationRefKeyDef } from './input-types.js';
import { hashPasswords } from './passwords.js';
import { RowApi } from './row-api.js';
import type { Doc, DocumentAction, DocumentEvent, DocumentParams, QueryContext, QueryResult, RowScope } from './types.js';
import { fillUidFields } from './uid-field.js';
import { checkUnique } from './unique.js';
import { assertNoVersionYet, checkUniqueMany, readManyItems, runItem } from './create-many.js';
import { insertRow, insertRowsReturningIds, type WriteContext } from './write-context.js';
import { writeFreshLinks } from './write-fresh.js';
import type { Outbox } from '../events/outbox.js';
import { eventRecord, hasReceivers } from './record-events.js';
import { entryShape } from '../events/entry.js';
import { keepsDeletedEntry } from '../events/names.js';
import type { RecordedEvent } from '../events/outbox.js';
import { removeIncomingLinks } from './write-relations.js';
import { deleteOwned, writeRowLinks } from './write-row.js';
import { scalarColumns } from './write-scalars.js';

export type { DocumentApi } from './api.js';

export interface DocumentServiceDeps {
  knex: Knex;
  dialect: Dialect;
  registry: ModelRegistry;
  hooks: DocumentHooks;
  rest: RestConfig;
  logger: Logger;
  actions: ReadonlyMap<string, DocumentActionDefinition>;
  /** Keys plugins allow in relation references (typed parameters with relationRef). */
  refKeys: readonly RelationRefKeyDef[];
  /** Whether a multi-row INSERT returns its ids (false: MySQL, MariaDB before 10.5). */
  insertReturning?: boolean;
  /** Database upkeep once a bulk write has committed (rows per table; SQLite's planner statistics). */
  afterBulkWrite?: (inserted: ReadonlyMap<string, number>) => Promise<void>;
  /** Which unique key a refused write hit (the database's own check, behind checkUnique). */
  uniqueKeys?: UniqueKeys;
  /** Where events with receivers (webhooks) are recorded, in the write's transaction. */
  outbox?: Outbox;
}

/** Runs of a write the database refused as racing another one (see #transaction). Several
 *  inserts of one unique value deadlock on InnoDB's key locks: each run after the first waits a
 *  little, at random, so the racers do not meet again in the same order. */
const WRITE_ATTEMPTS = 5;
const RETRY_WAIT_MS = 20;
const RACED = 'Another request changed this document at the same time; try again';

export class DocumentService {
  readonly #deps: DocumentServiceDeps;
  readonly #apis = new Map<string, DocumentApi>();
  readonly #als = new AsyncLocalStorage<WriteContext>();

  constructor(deps: DocumentServiceDeps) {
    this.#deps = deps;
  }

  for(uid: string): DocumentApi {
    let api = this.#apis.get(uid);
    if (!api) {
      api = this.#bind(this.#deps.registry.contentType(uid));
      this.#apis.set(uid, api);
    }
    return api;
  }

  /** Low-level row access for plugins (publishing copies a version): joins the ambient transaction. */
  rows(uid: string, scopes: RowScope[] = []): RowApi {
    return new RowApi(this.#deps.registry.contentType(uid), () => this.#requireTransaction(), this.#deps.registry, scopes);
  }

  /** Runs fn in one transaction; every document call inside joins it. Events fire after commit. */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transaction(() => fn());
  }

  // Actions are compiled once per content type: core's, then whatever wrapDocumentAction taps add.
  #bind(ct: ContentType): DocumentApi {
    const base: Record<string, DocumentActionFn> = {
      findMany: async (params) => (await this.#findMany(ct, 'findMany', params, hasPagination(params))).results,
      findPage: async (params) => {
        const { results, pagination } = await this.#findMany(ct, 'findMany', params, true);
        return { results, pagination: pagination ?? {} };
      },
      findFirst: async (params) => this.#findFirst(ct, 'findFirst', params),
      findOne: async (params) => this.#findFirst(ct, 'findOne', params),
      count: async (params) => this.#count(ct, params),
      create: async (params) => this.#create(ct, params),
      createMany: async (params) => this.#createMany(ct, params),
      update: async (params) => this.#update(ct, params),
      delete: async (params) => this.#delete(ct, params),
    };
    const fns = new Map<string, DocumentActionFn>();
    const api = {} as DocumentApi;
    for (const [action, fn] of Object.entries(base)) {
      fns.set(action, this.#deps.hooks.wrapDocumentAction.call(fn, { uid: ct.uid, contentType: ct, action }));
    }
    for (const def of this.#deps.actions.values()) {
      if (def.appliesTo && !def.appliesTo(ct)) continue;
      // Other plugins' scopes apply to a plugin action's rows too (publishing fr touches only fr rows)
      const run: DocumentActionFn = async (params) => {
        const ctx = await this.#context(ct, def.name, params, false);
        return def.run({
          uid: ct.uid, contentType: ct, api, rows: this.rows(ct.uid, ctx.rowScopes), params: ctx.params,
          transaction: (fn) => this.transaction(fn),
        });
      };
      fns.set(def.name, this.#deps.hooks.wrapDocumentAction.call(run, { uid: ct.uid, contentType: ct, action: def.name }));
    }
    const call = (action: string) => (params: DocumentParams = {}) => fns.get(action)!(params);
    Object.assign(api, {
      findMany: call('findMany'), findPage: call('findPage'), findFirst: call('findFirst'), findOne: call('findOne'),
      count: call('count'), create: call('create'), update: call('update'), delete: call('delete'),
      createMany: call('createMany'),
      action: (name: string, params: DocumentParams = {}) => {
        const fn = fns.get(name);
        if (!fn || name in base) throw new KernelError('KERNEL_ERR_STATE', `no document action ${name} on ${ct.uid}`);
        return fn(params);
      },
      hasAction: (name: string) => fns.has(name) && !(name in base),
      firstDocumentId: async () => {
        const knex = this.#als.getStore()?.trx ?? this.#deps.knex;
        const row = await knex(ct.collectionName).orderBy('id').first('document_id') as { document_id: string } | undefined;
        return row?.document_id ?? null;
      },
    });
    // Each plugin action is also a method of its own name on every content type (Strapi's
    // documents(uid).publish()), typed by its plugin merging into DocumentApi; on a type it does
    // not apply to, it says so instead of being undefined
    for (const def of this.#deps.actions.values()) {
      if (def.name in api) continue;
      Object.defineProperty(api, def.name, {
        enumerable: true,
        value: (params: DocumentParams = {}) => {
          const fn = fns.get(def.name);
          if (!fn) throw new KernelError('KERNEL_ERR_STATE', `document action ${def.name} (${def.owner}) does not apply to ${ct.uid}`);
          return fn(params);
        },
      });
    }
    return api;
  }

  // ---------------------------------------------------------------- context

  async #context(ct: ContentType, action: DocumentAction, params: DocumentParams, paginate: boolean): Promise<QueryContext> {
    const source = params.source ?? 'internal';
    const query = compileQuery(params as RawQuery, ct, {
      registry: this.#deps.registry, source, rest: this.#deps.rest, paginate,
    });
    const ctx: QueryContext = {
      uid: ct.uid, contentType: ct, action, source, auth: params.auth, params, query,
      rowScopes: [], rowDefaults: [], rowStamps: [], rowVersions: [],
      constraints: { required: true, unique: true },
      state: { ...(params.state ?? {}) },
    };
    return (await this.#deps.hooks.beforeQuery.promise(ctx)) ?? ctx;
  }

  #plan(ctx: QueryContext, knex?: Knex | Knex.Transaction): PlanContext {
    return {
      knex: knex ?? this.#als.getStore()?.trx ?? this.#deps.knex, dialect: this.#deps.dialect, registry: this.#deps.registry,
      rowScopes: ctx.rowScopes, source: ctx.source, alias: aliasFactory(),
      ...(ctx.source === 'content-api' ? { populateBudget: { limit: this.#deps.rest.maxPopulateRows, used: 0 } } : {}),
    };
  }

  async #after(result: QueryResult, ctx: QueryContext): Promise<QueryResult> {
    return (await this.#deps.hooks.afterQuery.promise(result, ctx)) ?? result;
  }

  // ---------------------------------------------------------------- reads

  async #findMany(ct: ContentType, action: DocumentAction, params: DocumentParams, paginate: boolean) {
    const ctx = await this.#context(ct, action, params, paginate);
    const { docs, pagination } = await readMany(ct, ctx.query, this.#plan(ctx));
    const result = await this.#after({ kind: 'many', documents: docs as Doc[], pagination }, ctx);
    return result.kind === 'many' ? { results: result.documents, pagination: result.pagination } : { results: [] as Doc[], pagination };
  }

  async #findFirst(ct: ContentType, action: DocumentAction, params: DocumentParams): Promise<Doc | null> {
    const ctx = await this.#context(ct, action, params, false);
    const documentId = action === 'findOne' ? requireDocumentId(params) : undefined;
    const { docs } = await readMany(ct, ctx.query, this.#plan(ctx), { first: true, documentId });
    const result = await this.#after({ kind: 'one', document: (docs[0] as Doc | undefined) ?? null }, ctx);
    return result.kind === 'one' ? result.document : null;
  }

  async #count(ct: ContentType, params: DocumentParams): Promise<number> {
    const ctx = await this.#context(ct, 'count', params, false);
    const n = await countRows(ct, ctx.query, this.#plan(ctx));
    const result = await this.#after({ kind: 'count', count: n }, ctx);
    return result.kind === 'count' ? result.count : n;
  }

  // ---------------------------------------------------------------- writes

  async #create(ct: ContentType, params: DocumentParams): Promise<Doc> {
    const ctx = await this.#context(ct, 'create', params, false);
    const input = await this.#input(ct, params, 'create');
    const documentId = typeof params.documentId === 'string' && params.documentId ? params.documentId : newDocumentId();
    const doc = await this.#transaction(async (wc) => {
      // A given documentId adds a version (a locale, say) to a document: never a second one in the same scope
      if (documentId === params.documentId && (await this.#scopedRows(ctx, wc, documentId)).length) {
        throw new ValidationError(`Document ${documentId} already has a version here`);
      }
      const values = { ...this.#defaults(ctx), ...input.scalars, ...this.#stamps(ctx) };
      await fillUidFields(wc, ct, values);
      if (ctx.constraints.required) checkRequired({ ...input, scalars: values }, ct, { mode: 'create' });
      if (ctx.constraints.unique) await checkUnique(wc, ct, values, documentId, ctx);
      const id = await insertRow(wc, ct.collectionName, {
        document_id: documentId, ...scalarColumns(ct, values, wc.dialect), ...this.#timestamps(wc, true),
      });
      // A new row has no links to read or replace
      await writeFreshLinks(withScopes(wc, ctx), ct, [{ id, documentId, input, path: '' }]);
      const written = await this.#reread(ctx, wc, id);
      await this.#emit({ action: 'create', uid: ct.uid, documentId, document: written, params });
      return written;
    });
    return doc;
  }

  async #createMany(ct: ContentType, params: DocumentParams): Promise<{ count: number; documentIds: string[] }> {
    const items = readManyItems(params);
    const ctx = await this.#context(ct, 'createMany', params, false);
    const inputs: NormalizedInput[] = [];
    for (const [index, data] of items.data.entries()) inputs.push(await runItem(index, () => this.#input(ct, { ...params, data }, 'create')));
    const documentIds = items.documentIds ?? inputs.map(() => newDocumentId());
    const inserted = new Map<string, number>();
    await this.#transaction(async (outer) => {
      const wc: WriteContext = { ...outer, inserted };
      if (items.documentIds) await assertNoVersionYet(wc, ctx, items.documentIds);
      const uids = Object.keys(ct.attributes).filter((name) => ct.attributes[name]!.type === 'uid');
      const reserved = new Map(uids.map((name) => [name, new Set<string>()]));
      const prepared: Array<{ values: Record<string, unknown>; documentId: string }> = [];
      for (const [index, input] of inputs.entries()) {
        const values = { ...this.#defaults(ctx), ...input.scalars, ...this.#stamps(ctx) };
        await fillUidFields(wc, ct, values, reserved);
        for (const name of uids) if (typeof values[name] === 'string') reserved.get(name)!.add(values[name]);
        if (ctx.constraints.required) await runItem(index, () => checkRequired({ ...input, scalars: values }, ct, { mode: 'create' }));
        prepared.push({ values, documentId: documentIds[index]! });
      }
      if (ctx.constraints.unique) await checkUniqueMany(wc, ct, prepared, ctx);
      const versions = [{}, ...ctx.rowVersions.map((v) => v(ct) ?? {})];
      const stamps = this.#timestamps(wc, true);
      const rows = prepared.flatMap(({ values, documentId }) => versions.map((version) => ({
        document_id: documentId, ...scalarColumns(ct, { ...values, ...version }, wc.dialect), ...stamps,
      })));
      const ids = await insertRowsReturningIds(wc, ct.collectionName, rows);
      const fresh = ids.map((id, i) => {
        const index = Math.floor(i / versions.length);
        return { id, documentId: documentIds[index]!, input: inputs[index]!, path: String(index) };
      });
      await writeFreshLinks(withScopes(wc, ctx), ct, fresh);
      // Each event as a create of that one item would carry it
      const { documentIds: _ids, ...shared } = params;
      for (const [index, documentId] of documentIds.entries()) {
        await this.#emit({ action: 'create', uid: ct.uid, documentId, params: { ...shared, documentId, data: items.data[index] } });
      }
    });
    const upkeep = this.#deps.afterBulkWrite;
    if (upkeep) {
      // On the pool's connection, which an open transaction holds (SQLite has one): after commit
      const ambient = this.#als.getStore();
      if (ambient) ambient.afterCommit.push(() => upkeep(inserted)); else await upkeep(inserted);
    }
    return { count: documentIds.length, documentIds };
  }

  async #update(ct: ContentType, params: DocumentParams): Promise<Doc | null> {
    const documentId = requireDocumentId(params);
    const ctx = await this.#context(ct, 'update', params, false);
    const input = await this.#input(ct, params, 'update');
    const doc = await this.#transaction(async (wc) => {
      // filters, from an internal caller, are a precondition: consuming a one-time code must see
      // it still there, and the lock makes a concurrent consumer wait and then find it gone
      const rows = await this.#scopedRows(ctx, wc, documentId, ctx.query.filters);
      if (!rows.length) return null;
      if (ctx.constraints.required) checkRequired(input, ct, { mode: 'update' });
      if (ctx.constraints.unique) await checkUnique(wc, ct, input.scalars, documentId, ctx);
      const values = { ...input.scalars, ...this.#stamps(ctx) };
      for (const id of rows) {
        await wc.trx(ct.collectionName).where('id', id)
          .update({ ...scalarColumns(ct, values, wc.dialect), ...this.#timestamps(wc, false) });
        await writeRowLinks(withScopes(wc, ctx), ct, { id, documentId }, input);
      }
      const written = await this.#reread(ctx, wc, rows[0]!);
      await this.#emit({ action: 'update', uid: ct.uid, documentId, document: written, params });
      return written;
    });
    return doc;
  }

  async #delete(ct: ContentType, params: DocumentParams): Promise<{ documentId: string; entries: number } | null> {
    const documentId = requireDocumentId(params);
    const ctx = await this.#context(ct, 'delete', params, false);
    const removed = await this.#transaction(async (wc) => {
      const rows = await this.#scopedRows(ctx, wc, documentId);
      if (!rows.length) return 0;
      // A media file's event carries the file (Strapi's media.delete): read while it is there
      const event: DocumentEvent = { action: 'delete', uid: ct.uid, documentId, params };
      if (keepsDeletedEntry(ct.uid) && hasReceivers(this.#deps.outbox, event)) {
        event.document = (await this.for(ct.uid).findOne({ documentId, ...entryShape(ct, wc.registry) })) ?? undefined;
      }
      await deleteOwned(wc, ct, rows);
      await wc.trx(ct.collectionName).whereIn('id', rows).delete();
      const left = await wc.trx(ct.collectionName).where('document_id', documentId).first('id');
      if (!left) await removeIncomingLinks(wc, ct, documentId);
      await this.#emit(event);
      return rows.length;
    });
    if (!removed) return null;
    return { documentId, entries: removed };
  }

  async #input(ct: ContentType, params: DocumentParams, mode: 'create' | 'update'): Promise<NormalizedInput> {
    if (typeof params.data !== 'object' || params.data === null || Array.isArray(params.data)) {
      throw new ValidationError('Missing "data" payload in the request body');
    }
    const source = params.source ?? 'internal';
    const ability = source === 'content-api' ? params.auth?.ability : undefined;
    const depth = { body: this.#deps.rest.maxBodyDepth, json: this.#deps.rest.maxJsonDepth };
    const input = normalizeInput(params.data, ct, { registry: this.#deps.registry, source, mode, refKeys: this.#deps.refKeys, ability, depth });
    await hashPasswords(input, ct, this.#deps.registry);
    return input;
  }

  #defaults(ctx: QueryContext): Record<string, unknown> {
    return Object.assign({}, ...ctx.rowDefaults.map((d) => d(ctx.contentType) ?? {})) as Record<string, unknown>;
  }

  #stamps(ctx: QueryContext): Record<string, unknown> {
    return Object.assign({}, ...ctx.rowStamps.map((d) => d(ctx.contentType) ?? {})) as Record<string, unknown>;
  }

  #timestamps(wc: WriteContext, created: boolean): Record<string, unknown> {
    const value = wc.dialect === 'mysql' ? wc.now.slice(0, 23).replace('T', ' ') : wc.now;
    return created ? { created_at: value, updated_at: value } : { updated_at: value };
  }

  async #scopedRows(ctx: QueryContext, wc: WriteContext, documentId: string, precondition?: FilterNode): Promise<number[]> {
    const qb = wc.trx.from({ r: ctx.contentType.collectionName }).select('r.id').where('r.document_id', documentId).orderBy('r.id');
    const plan = this.#plan(ctx, wc.trx);
    applyScopes(qb, ctx.contentType, 'r', plan);
    if (precondition) {
      applyFilter(qb, precondition, ctx.contentType, 'r', plan);
      // SQLite's write transactions hold the file's write lock from their first statement
      if (wc.dialect !== 'sqlite') void qb.forUpdate();
    }
    return (await qb as Array<{ id: number }>).map((r) => Number(r.id));
  }

  /** The row a write just wrote, by id (row scopes still apply to what it populates). */
  async #reread(ctx: QueryContext, wc: WriteContext, rowId: number): Promise<Doc> {
    // An update's filters were its precondition, which the write may have ended
    const { docs } = await readMany(ctx.contentType, { ...ctx.query, pagination: undefined, filters: undefined }, this.#plan(ctx, wc.trx), { first: true, rowId });
    const result = await this.#after({ kind: 'one', document: (docs[0] as Doc | undefined) ?? null }, ctx);
    const doc = result.kind === 'one' ? result.document : null;
    if (!doc) throw new Error(`row ${rowId} of ${ctx.uid} vanished inside its own transaction`);
    return doc;
  }

  #requireTransaction(): WriteContext {
    const wc = this.#als.getStore();
    if (!wc) throw new KernelError('KERNEL_ERR_STATE', 'row operations must run inside kernel.transaction()');
    return wc;
  }

  /**
   * Runs work in a transaction (or the ambient one). Two writers can both pass checkUnique, or both
   * write a document's new published version; the database's unique keys refuse the second at
   * commit time. A refused unique value is the same 400 the check gives. A second version of a
   * document, a deadlock or a serialization failure means another write raced this one: the work
   * runs again from the start, and now sees what the other wrote (a publish replaces the version
   * the other one made). Inside an ambient transaction it cannot run again alone: the caller's
   * transaction fails with a 409.
   */
  async #transaction<T>(work: (wc: WriteContext) => Promise<T>): Promise<T> {
    const current = this.#als.getStore();
    if (current) {
      try {
        return await work(current);
      } catch (err) {
        throw this.#refusal(err) ?? err;
      }
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#attempt(work);
      } catch (err) {
        const refusal = this.#refusal(err);
        if (refusal instanceof ValidationError || (!refusal && !isRetryableConflict(err))) throw refusal ?? err;
        if (attempt >= WRITE_ATTEMPTS) throw refusal ?? new ConflictError(RACED);
        this.#deps.logger.debug(`a write raced another one and runs again (attempt ${attempt + 1}): ${(err as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_WAIT_MS * attempt));
      }
    }
  }

  /** A unique key's refusal as clients see it: a 400 naming the attribute, or a 409 for a second version. */
  #refusal(err: unknown): ValidationError | ConflictError | undefined {
    const refused = this.#deps.uniqueKeys?.explain(err);
    if (!refused) return undefined;
    if (refused.enforces === VERSION_KEY) return new ConflictError(RACED);
    return ValidationError.fromFields([{ path: [refused.enforces], message: 'This attribute must be unique', name: 'ValidationError' }]);
  }

  async #attempt<T>(work: (wc: WriteContext) => Promise<T>): Promise<T> {
    const afterCommit: Array<() => Promise<void>> = [];
    const events: DocumentEvent[] = [];
    const recorded: RecordedEvent[] = [];
    const result = await this.#deps.knex.transaction(async (trx) => {
      // SQLite: take the write lock now, as BEGIN IMMEDIATE would. A transaction that reads first and
      // writes later can deadlock with another process's writer, and busy_timeout cannot resolve that.
      if (this.#deps.dialect === 'sqlite') await trx.raw(`UPDATE ${SCHEMA_STATE_TABLE} SET hash = hash WHERE 0 = 1`);
      const wc: WriteContext = {
        trx, dialect: this.#deps.dialect, registry: this.#deps.registry, rowScopes: [], hooks: this.#deps.hooks, now: new Date().toISOString(), afterCommit,
        events, recorded, insertReturning: this.#deps.insertReturning ?? this.#deps.dialect !== 'mysql',
      };
      return this.#als.run(wc, async () => {
        const value = await work(wc);
        if (recorded.length) await this.#deps.outbox!.record(trx, this.#deps.dialect, recorded);
        return value;
      });
    });
    if (recorded.length) this.#deps.outbox!.recorded();
    for (const event of events) await this.#notify(event);
    for (const notify of afterCommit) await notify();
    return result;
  }

  async #notify(event: DocumentEvent): Promise<void> {
    try {
      await this.#deps.hooks.documentEvent.promise(event);
    } catch (err) {
      // The write has committed; a failing listener must not turn it into an error.
      this.#deps.logger.error(`documentEvent listener failed for ${event.action} ${event.uid} ${event.documentId}: ${(err as Error).message}`);
    }
  }

  /** Inside a transaction: its entry read now when a receiver listens, recorded before the commit,
   *  announced after it. Outside one (a plugin's own event): announced, or recorded in a
   *  transaction of its own when a receiver listens. */
  async #emit(event: DocumentEvent): Promise<void> {
    const current = this.#als.getStore();
    if (!current && !hasReceivers(this.#deps.outbox, event)) return this.#notify(event);
    if (!current) return this.#transaction(async () => { await this.#emit(event); });
    current.events.push(event);
    const outbox = this.#deps.outbox;
    if (!outbox) return;
    const record = await eventRecord(outbox, current, event, this.for(event.uid));
    if (record) current.recorded.push(record);
  }

  /** Emits an event for a plugin-defined action (publish, ...), after commit like core's. */
  emit(event: DocumentEvent): Promise<void> {
    return this.#emit(event);
  }
}

/** Link writes follow the action's row scopes (which versions of related documents they touch). */
function withScopes(wc: WriteContext, ctx: QueryContext): WriteContext {
  return { ...wc, rowScopes: ctx.rowScopes };
}

/** The document service pages only when asked to (Strapi's findMany has no default limit). */
function hasPagination(params: DocumentParams): boolean {
  return ['pagination', 'page', 'pageSize', 'start', 'limit'].some((k) => params[k] !== undefined);
}

