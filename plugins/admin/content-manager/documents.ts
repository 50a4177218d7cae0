// The content manager's document operations: Strapi 5's /content-manager/collection-types and
// /single-types, as operations of the admin realm over the document service. Each checks the
// caller's permission on the content type it names (its uid is part of the request, so the route
// checks nothing itself), and calls the document service as an outside caller with the
// administrator's ability: the fields, locales and "is creator" conditions of their role are the
// document layer's to enforce, as they would be for any surface.

import {
  ConflictError, NotFoundError, ValidationError, type ContentType, type Doc, type DocumentApi, type DocumentParams,
  type Model, type OperationCall, type OperationDefinition, type PluginApi,
} from '../../../core/index.js';
import type { AdminContext } from '../context.js';
import { contentManagerOperation, type CmInput } from '../operation.js';
import { CALLER_IP } from '../history/recorder.js';
import { Decorator, type VersionInfo } from './decorate.js';
import { editPopulate, hasDrafts, isLocalized } from './model.js';

const NAME = 'admin::content-manager';
export const CM = {
  list: `${NAME}.collection-types.find`,
  findOne: `${NAME}.collection-types.findOne`,
  create: `${NAME}.collection-types.create`,
  update: `${NAME}.collection-types.update`,
  delete: `${NAME}.collection-types.delete`,
  clone: `${NAME}.collection-types.clone`,
  publish: `${NAME}.collection-types.publish`,
  unpublish: `${NAME}.collection-types.unpublish`,
  discard: `${NAME}.collection-types.discard`,
  bulkPublish: `${NAME}.collection-types.bulkPublish`,
  bulkUnpublish: `${NAME}.collection-types.bulkUnpublish`,
  bulkDelete: `${NAME}.collection-types.bulkDelete`,
  singleFind: `${NAME}.single-types.find`,
  singleUpdate: `${NAME}.single-types.update`,
  singleDelete: `${NAME}.single-types.delete`,
  singlePublish: `${NAME}.single-types.publish`,
  singleUnpublish: `${NAME}.single-types.unpublish`,
  singleDiscard: `${NAME}.single-types.discard`,
} as const;

export type { CmInput };

/** Keys the panel sends back with a document that are not written (what it read, or derived). */
const READ_ONLY_KEYS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'status', 'locale', 'localizations'];

const BULK_LIMIT = 100;

/** Where a list asks the admin plugin's query tap to keep documents of one status. */
export const STATUS_FILTER = 'admin.statusFilter';
export type ListStatus = 'draft' | 'modified' | 'published';
const isStatus = (v: unknown): v is ListStatus => v === 'draft' || v === 'modified' || v === 'published';

export function contentManagerOperations(admin: AdminContext): OperationDefinition[] {
  const { api } = admin;
  const decorator = new Decorator(api, admin.users);
  const depth = api.config.api.rest.maxPopulateDepth;

  const op = contentManagerOperation;

  /** The content type a request names, if the caller may `verb` it; 404 for one that is not editable. */
  const typeFor = async (input: CmInput, call: OperationCall, verb: string, kind?: ContentType['kind']): Promise<ContentType> => {
    const ct = admin.models.editable(input.uid);
    if (!ct || (kind && ct.kind !== kind)) throw new NotFoundError(`No content type ${input.uid}`);
    await api.authorize(call.auth, `${ct.uid}.${verb}`);
    return ct;
  };

  /** The document service call of an outside caller with the administrator's ability. */
  const as = (call: OperationCall, query: Record<string, unknown>, ct: ContentType): DocumentParams => ({
    source: 'content-api', auth: call.auth,
    ...(isLocalized(ct) && typeof query.locale === 'string' ? { locale: query.locale } : {}),
    // Where the request came from, for the audit log's entries of what it publishes or deletes
    state: { [CALLER_IP]: call.ip },
  });

  const readOne = async (ct: ContentType, documentId: string, call: OperationCall, query: Record<string, unknown>, status?: string) => {
    const docs = api.documents(ct.uid);
    const wanted = status ?? (hasDrafts(api, ct) ? 'draft' : undefined);
    return docs.findOne({ ...as(call, query, ct), documentId, populate: editPopulate(api, ct, depth), ...(wanted ? { status: wanted } : {}) });
  };

  /** { data, meta } of one document, as the edit view reads it: its other versions in meta (the
   *  other status of this locale, and the other locales). */
  const answer = async (ct: ContentType, doc: Doc | null, viewing: 'draft' | 'published' = 'draft') => {
    if (!doc) throw new NotFoundError('Not Found');
    const versions: VersionInfo[] = (await decorator.versions(ct, [doc.documentId])).get(doc.documentId) ?? [];
    await decorator.decorate(ct, [doc], versions);
    const sameLocale = (v: VersionInfo) => !isLocalized(ct) || v.locale === doc.locale;
    const mine = versions.find(sameLocale);
    const availableStatus = hasDrafts(api, ct) && mine && mine.status !== 'draft'
      ? [{ documentId: doc.documentId, ...(mine.locale ? { locale: mine.locale } : {}), publishedAt: mine.publishedAt, status: viewing === 'draft' ? 'published' : mine.status }]
      : [];
    if (viewing === 'published') doc.status = 'published';
    return { data: doc, meta: { availableStatus, availableLocales: versions.filter((v) => !sameLocale(v)) } };
  };

  const documentIdOf = (input: CmInput): string => {
    if (typeof input.documentId !== 'string' || !input.documentId) throw new NotFoundError('Not Found');
    return input.documentId;
  };

  /** The body of a write without what the panel read and sends back; updatedAt is kept apart. */
  const writable = (data: unknown): { fields: Record<string, unknown>; updatedAt?: string } => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new ValidationError('Invalid body: expected the document\'s fields as a JSON object');
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(data)) if (!READ_ONLY_KEYS.includes(k)) fields[k] = v;
    const updatedAt = (data as Record<string, unknown>).updatedAt;
    return typeof updatedAt === 'string' ? { fields, updatedAt } : { fields };
  };

  /** Writes a document's draft; with `updatedAt`, only if nobody wrote it since (else 409). */
  const save = async (ct: ContentType, documentId: string, data: unknown, call: OperationCall, query: Record<string, unknown>): Promise<Doc> => {
    const docs = api.documents(ct.uid);
    const { fields, updatedAt } = writable(data);
    const params = { ...as(call, query, ct), documentId, data: fields, ...(hasDrafts(api, ct) ? { status: 'draft' } : {}) };
    const written = await docs.update({ ...params, ...(updatedAt ? { filters: { updatedAt: { $eq: updatedAt } } } : {}) });
    if (written) return written;
    const current = updatedAt ? await readOne(ct, documentId, call, query) : null;
    if (current) {
      throw new ConflictError('This document was changed by someone else since you opened it', { updatedAt: current.updatedAt, current });
    }
    // Nothing matched: no such document, or none the caller's role reaches (i18n has already made
    // a missing locale's version by the time an update answers)
    throw new NotFoundError('Not Found');
  };

  const list = async (ct: ContentType, input: CmInput, call: OperationCall) => {
    const q = input.query;
    const params: DocumentParams = { ...as(call, q, ct), ...(hasDrafts(api, ct) ? { status: 'draft' } : {}) };
    for (const key of ['filters', 'sort', '_q', 'populate', 'fields'] as const) if (q[key] !== undefined) params[key] = q[key];
    params.pagination = { page: q.page ?? 1, pageSize: q.pageSize ?? 10 };
    if (q.status !== undefined) {
      if (!hasDrafts(api, ct) || !isStatus(q.status)) throw ValidationError.fromFields([{ path: ['status'], message: 'status must be draft, modified or published, on a type with drafts', name: 'ValidationError' }]);
      params.state = { ...params.state, [STATUS_FILTER]: q.status };
    }
    if (isLocalized(ct) && q.locale === undefined) delete params.locale;
    const { results, pagination } = await api.documents(ct.uid).findPage(params);
    await decorator.decorate(ct, results);
    return { results, pagination };
  };

  const action = async (ct: ContentType, name: 'publish' | 'unpublish' | 'discardDraft', documentId: string, call: OperationCall, query: Record<string, unknown>): Promise<unknown> => {
    if (!hasDrafts(api, ct)) throw new ValidationError(`${ct.info.displayName} has no drafts`);
    const done = await api.documents(ct.uid).action(name, { ...as(call, query, ct), documentId });
    if (!done) throw new NotFoundError('Not Found');
    return done;
  };

  const bulk = async (ct: ContentType, input: CmInput, call: OperationCall, run: (docs: DocumentApi, documentId: string) => Promise<unknown>) => {
    const ids = (input.data as { documentIds?: unknown } | undefined)?.documentIds;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > BULK_LIMIT || !ids.every((id) => typeof id === 'string' && id)) {
      throw ValidationError.fromFields([{ path: ['documentIds'], message: `documentIds must be a list of 1 to ${BULK_LIMIT} documentIds`, name: 'ValidationError' }]);
    }
    const docs = api.documents(ct.uid);
    // One transaction: a document the caller may not reach refuses the whole batch, nothing changed
    await api.transaction(async () => {
      for (const documentId of new Set(ids as string[])) {
        if (!(await run(docs, documentId))) throw new NotFoundError(`Document ${documentId} not found`, { documentId });
      }
    });
    return { count: new Set(ids).size };
  };

  const single = async (ct: ContentType): Promise<string | null> => api.documents(ct.uid).firstDocumentId();

  /** A draft-and-publish action on the single type's one document. */
  const singleAction = (name: string, description: string, verb: string, docAction: 'publish' | 'unpublish' | 'discardDraft') => op(name, 'write', description, async (input, call) => {
    const ct = await typeFor(input, call, verb, 'singleType');
    const documentId = await single(ct);
    if (!documentId) throw new NotFoundError('Not Found');
    await action(ct, docAction, documentId, call, input.query);
    return answer(ct, await readOne(ct, documentId, call, input.query));
  });

  return [
    op(CM.list, 'read', 'A page of a collection type\'s documents, with their status', async (input, call) => list(await typeFor(input, call, 'find', 'collectionType'), input, call)),

    op(CM.findOne, 'read', 'One document as the edit view reads it', async (input, call) => {
      const ct = await typeFor(input, call, 'find', 'collectionType');
      const status = input.query.status === 'published' ? 'published' : undefined;
      return answer(ct, await readOne(ct, documentIdOf(input), call, input.query, status), status);
    }),

    op(CM.create, 'write', 'Creates a document (a draft, where the type has drafts)', async (input, call) => {
      const ct = await typeFor(input, call, 'create', 'collectionType');
      const { fields } = writable(input.data);
      const doc = await api.documents(ct.uid).create({ ...as(call, input.query, ct), data: fields, ...(hasDrafts(api, ct) ? { status: 'draft' } : {}) });
      return answer(ct, await readOne(ct, doc.documentId, call, input.query));
    }),

    op(CM.update, 'write', 'Writes a document\'s draft; a stale updatedAt is a 409', async (input, call) => {
      const ct = await typeFor(input, call, 'update', 'collectionType');
      const documentId = documentIdOf(input);
      await save(ct, documentId, input.data, call, input.query);
      return answer(ct, await readOne(ct, documentId, call, input.query));
    }),

    op(CM.delete, 'write', 'Deletes a document (or one locale of it)', async (input, call) => {
      const ct = await typeFor(input, call, 'delete', 'collectionType');
      const removed = await api.documents(ct.uid).delete({ ...as(call, input.query, ct), documentId: documentIdOf(input) });
      if (!removed) throw new NotFoundError('Not Found');
      return { documentId: removed.documentId, entries: removed.entries };
    }),

    op(CM.clone, 'write', 'Creates a draft from another document\'s content', async (input, call) => {
      const ct = await typeFor(input, call, 'create', 'collectionType');
      await api.authorize(call.auth, `${ct.uid}.find`);
      const source = await readOne(ct, documentIdOf(input), call, input.query);
      if (!source) throw new NotFoundError('Not Found');
      const { fields } = writable({ ...copyable(api, ct, source), ...(typeof input.data === 'object' && input.data !== null ? input.data : {}) });
      const doc = await api.documents(ct.uid).create({ ...as(call, input.query, ct), data: fields, ...(hasDrafts(api, ct) ? { status: 'draft' } : {}) });
      return answer(ct, await readOne(ct, doc.documentId, call, input.query));
    }),

    op(CM.publish, 'write', 'Publishes a document\'s draft (saving the body first, if any)', async (input, call) => {
      const ct = await typeFor(input, call, 'publish', 'collectionType');
      const documentId = documentIdOf(input);
      await api.transaction(async () => {
        const body = input.data as Record<string, unknown> | undefined;
        if (body && Object.keys(body).length) {
          await api.authorize(call.auth, `${ct.uid}.update`);
          await save(ct, documentId, body, call, input.query);
        }
        await action(ct, 'publish', documentId, call, input.query);
      });
      return answer(ct, await readOne(ct, documentId, call, input.query));
    }),

    op(CM.unpublish, 'write', 'Unpublishes a document (and discards its draft, if asked)', async (input, call) => {
      const ct = await typeFor(input, call, 'publish', 'collectionType');
      const documentId = documentIdOf(input);
      const discard = (input.data as { discardDraft?: unknown } | undefined)?.discardDraft === true;
      await api.transaction(async () => {
        if (discard) {
          await api.authorize(call.auth, `${ct.uid}.update`);
          await action(ct, 'discardDraft', documentId, call, input.query);
        }
        await action(ct, 'unpublish', documentId, call, input.query);
      });
      return answer(ct, await readOne(ct, documentId, call, input.query));
    }),

    op(CM.discard, 'write', 'Resets a draft to the published version', async (input, call) => {
      const ct = await typeFor(input, call, 'update', 'collectionType');
      const documentId = documentIdOf(input);
      await action(ct, 'discardDraft', documentId, call, input.query);
      return answer(ct, await readOne(ct, documentId, call, input.query));
    }),

    op(CM.bulkPublish, 'write', 'Publishes several documents, all or none', async (input, call) => {
      const ct = await typeFor(input, call, 'publish', 'collectionType');
      if (!hasDrafts(api, ct)) throw new ValidationError(`${ct.info.displayName} has no drafts`);
      return bulk(ct, input, call, (docs, documentId) => docs.action('publish', { ...as(call, input.query, ct), documentId }));
    }),

    op(CM.bulkUnpublish, 'write', 'Unpublishes several documents, all or none', async (input, call) => {
      const ct = await typeFor(input, call, 'publish', 'collectionType');
      if (!hasDrafts(api, ct)) throw new ValidationError(`${ct.info.displayName} has no drafts`);
      return bulk(ct, input, call, (docs, documentId) => docs.action('unpublish', { ...as(call, input.query, ct), documentId }));
    }),

    op(CM.bulkDelete, 'write', 'Deletes several documents, all or none', async (input, call) => {
      const ct = await typeFor(input, call, 'delete', 'collectionType');
      return bulk(ct, input, call, (docs, documentId) => docs.delete({ ...as(call, input.query, ct), documentId }));
    }),

    op(CM.singleFind, 'read', 'The single type\'s document as the edit view reads it', async (input, call) => {
      const ct = await typeFor(input, call, 'find', 'singleType');
      const documentId = await single(ct);
      const status = input.query.status === 'published' ? 'published' : undefined;
      return answer(ct, documentId ? await readOne(ct, documentId, call, input.query, status) : null, status);
    }),

    op(CM.singleUpdate, 'write', 'Creates or writes the single type\'s draft', async (input, call) => {
      const ct = admin.models.editable(input.uid);
      if (!ct || ct.kind !== 'singleType') throw new NotFoundError(`No content type ${input.uid}`);
      const documentId = await single(ct);
      const drafts = hasDrafts(api, ct) ? { status: 'draft' } : {};
      if (!documentId) {
        await api.authorize(call.auth, `${ct.uid}.create`);
        const doc = await api.documents(ct.uid).create({ ...as(call, input.query, ct), data: writable(input.data).fields, ...drafts });
        return answer(ct, await readOne(ct, doc.documentId, call, input.query));
      }
      await api.authorize(call.auth, `${ct.uid}.update`);
      try {
        await save(ct, documentId, input.data, call, input.query);
      } catch (err) {
        // The single type exists, but not yet in this locale: create that version (a version the
        // caller's role does not reach stays a 404)
        if (!(err instanceof NotFoundError) || !isLocalized(ct)) throw err;
        const locale = typeof input.query.locale === 'string' ? input.query.locale : undefined;
        if (await api.documents(ct.uid).count({ filters: { documentId: { $eq: documentId } }, ...(locale ? { locale } : {}), ...drafts }) > 0) throw err;
        await api.authorize(call.auth, `${ct.uid}.create`);
        await api.documents(ct.uid).create({ ...as(call, input.query, ct), documentId, data: writable(input.data).fields, ...drafts });
      }
      return answer(ct, await readOne(ct, documentId, call, input.query));
    }),

    op(CM.singleDelete, 'write', 'Deletes the single type\'s document (or one locale of it)', async (input, call) => {
      const ct = await typeFor(input, call, 'delete', 'singleType');
      const documentId = await single(ct);
      const removed = documentId ? await api.documents(ct.uid).delete({ ...as(call, input.query, ct), documentId }) : null;
      if (!removed) throw new NotFoundError('Not Found');
      return { documentId: removed.documentId, entries: removed.entries };
    }),

    singleAction(CM.singlePublish, 'Publishes the single type\'s draft', 'publish', 'publish'),
    singleAction(CM.singleUnpublish, 'Unpublishes the single type\'s document', 'publish', 'unpublish'),
    singleAction(CM.singleDiscard, 'Resets the single type\'s draft to the published version', 'update', 'discardDraft'),
  ];
}

/** A document read for the edit view, as the input of a new one: scalars as they are, components
 *  and zone entries without their ids (new rows), media by id, to-one relations by documentId;
 *  unique values and to-many relations are left for the editor (a copy would clash with the
 *  source, or take its links away). */
function copyable(api: PluginApi, model: Model, doc: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, attr] of Object.entries(model.attributes)) {
    const value = doc[name];
    if (value === undefined || attr.writable === false || attr.private || attr.type === 'uid' || ('unique' in attr && attr.unique)) continue;
    switch (attr.type) {
      case 'relation':
        if (value && typeof value === 'object' && 'documentId' in value) out[name] = (value as Doc).documentId;
        break;
      case 'media':
        out[name] = Array.isArray(value) ? value.map((f) => (f as Doc).id) : value === null ? null : (value as Doc).id;
        break;
      case 'component': {
        const component = api.registry.component(attr.component);
        const copy = (item: unknown) => copyable(api, component, item as Record<string, unknown>);
        out[name] = Array.isArray(value) ? value.map(copy) : value === null ? null : copy(value);
        break;
      }
      case 'dynamiczone':
        out[name] = (value as Array<Record<string, unknown>>).map((item) => ({
          __component: item.__component, ...copyable(api, api.registry.component(String(item.__component)), item),
        }));
        break;
      default:
        out[name] = value;
    }
  }
  return out;
}
