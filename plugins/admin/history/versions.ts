// Reading a document's history and restoring a version: Strapi 5's
// /content-manager/history-versions, as operations of the admin realm. Listing asks the caller's
// read permission on the type (and their locale limits, through a read of the document layer);
// restoring asks update (create, for a deleted document) and writes through the document service
// with the administrator's ability, so the fields their role may not write are refused there.

import {
  FILE_UID, NotFoundError, ValidationError, type AccessLimits, type ContentType, type DocumentAccess, type Doc, type Model, type OperationCall, type OperationDefinition, type OperationInput, type PluginApi,
} from '../../../core/index.js';
import type { AdminContext } from '../context.js';
import { CM } from '../content-manager/documents.js';
import { defaultMainField, hasDrafts, isLocalized } from '../content-manager/model.js';
import { USER_UID } from '../models.js';
import { recordOperation } from '../operation.js';
import { pageOf } from '../page-query.js';
import { HISTORY_UID } from './models.js';
import { HISTORY_ACTION } from './recorder.js';
import { collectLinks, keptAttributes, toInput, type Links, type Missing } from './shape.js';

export const HISTORY = {
  find: 'admin::content-manager.history-versions.find',
  restore: 'admin::content-manager.history-versions.restore',
} as const;

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const LOCALE_UID = 'plugin::i18n.locale';
/** Shown whatever the role's field limits: what names a version, not its content. */
const ALWAYS_SHOWN = new Set(['documentId', 'locale', 'createdAt', 'updatedAt', 'publishedAt']);
/** What a version shows of a file (never its folder path or the provider's metadata). */
const FILE_FIELDS = ['documentId', 'name', 'alternativeText', 'caption', 'width', 'height', 'formats', 'ext', 'mime', 'size', 'url', 'previewUrl'];

const text = (query: Raw, name: string): string => {
  const v = query[name];
  if (typeof v !== 'string' || !v) throw ValidationError.fromFields([{ path: [name], message: `${name} is required`, name: 'ValidationError' }]);
  return v;
};

/** What exists of the documents and files a page of versions links. */
interface Found { documents: Map<string, Map<string, Doc>>; files: Map<number, Doc> }

export function historyOperations(admin: AdminContext): OperationDefinition[] {
  const { api } = admin;

  const typeFor = async (uid: string, call: OperationCall, verb: string): Promise<ContentType> => {
    const ct = admin.models.editable(uid);
    if (!ct) throw new NotFoundError(`No content type ${uid}`);
    await api.authorize(call.auth, `${ct.uid}.${verb}`);
    return ct;
  };

  /** The caller's own read of the document: their locale limits refuse (403) a locale they may
   *  not read, and an "is creator" condition hides another's document. A deleted document's
   *  history is readable to whoever may read (or `access`) the type without conditions: a role
   *  narrowed to some rows cannot tell whose a deleted document was. */
  const checkReach = async (ct: ContentType, documentId: string, locale: string | undefined, call: OperationCall, access: DocumentAccess = 'read') => {
    const params = { filters: { documentId: { $eq: documentId } }, fields: ['documentId'], ...(locale && isLocalized(ct) ? { locale } : {}), ...(hasDrafts(api, ct) ? { status: 'draft' } : {}) };
    const mine = await api.documents(ct.uid).findMany({ ...params, source: 'content-api', auth: call.auth });
    if (mine.length) return true;
    const exists = await api.documents(ct.uid).findMany(params);
    if (exists.length || limitsOf(call, ct, access)?.rows) throw new NotFoundError('Not Found');
    return false;
  };

  /** How the caller's role narrows `access` to the type (fields, locales, conditions). */
  const limitsOf = (call: OperationCall, ct: ContentType, access: DocumentAccess): AccessLimits | undefined => {
    const limits = call.auth?.ability?.limits?.(ct.uid, access);
    return limits === false ? { fields: [] } : limits;
  };

  const find = async (input: { query: Raw }, call: OperationCall) => {
    const { query } = input;
    const ct = await typeFor(text(query, 'contentType'), call, 'find');
    const documentId = text(query, 'documentId');
    if (query.locale !== undefined && typeof query.locale !== 'string') throw ValidationError.fromFields([{ path: ['locale'], message: 'locale must be a locale code', name: 'ValidationError' }]);
    const locale = isLocalized(ct) ? (query.locale ? query.locale : await defaultLocale()) : undefined;
    await checkReach(ct, documentId, locale, call);
    const { page, pageSize } = pageOf(query);
    const { results, pagination } = await api.documents(HISTORY_UID).findPage({
      filters: { contentType: { $eq: ct.uid }, relatedDocumentId: { $eq: documentId }, locale: locale ? { $eq: locale } : { $null: true } },
      sort: 'id:desc', pagination: { page, pageSize },
    });
    return { data: await answers(ct, results, call), meta: { pagination } };
  };

  const defaultLocale = async (): Promise<string | undefined> => {
    if (!api.registry.has(LOCALE_UID)) return undefined;
    const [row] = await api.documents(LOCALE_UID).findMany({ filters: { isDefault: { $eq: true } }, fields: ['code'], pagination: { limit: 1, withCount: false } });
    return typeof row?.code === 'string' ? row.code : undefined;
  };

  /** Versions as Strapi answers them: links resolved to what still exists, with a missing count. */
  const answers = async (ct: ContentType, versions: Doc[], call: OperationCall): Promise<Raw[]> => {
    const links: Links = { documents: new Map(), files: new Set() };
    for (const v of versions) if (isObject(v.data)) collectLinks(ct, api.registry, v.data, links);
    // Documents of a type the caller may not read are counted, never shown
    for (const uid of [...links.documents.keys()]) if (!(await api.can(call.auth, `${uid}.find`))) links.documents.set(uid, new Set());
    const found = await lookUp(links);
    const readable = limitsOf(call, ct, 'read')?.fields;
    const shown = (data: Raw): Raw => (readable ? Object.fromEntries(Object.entries(data).filter(([k]) => readable.includes(k) || ALWAYS_SHOWN.has(k))) : data);
    const adminIds = [...new Set(versions.map((v) => v.createdById).filter((id): id is number => typeof id === 'number'))];
    const admins = new Map((adminIds.length ? await api.documents(USER_UID).findMany({ filters: { id: { $in: adminIds } }, fields: ['firstname', 'lastname', 'username', 'email'] }) : [])
      .map((u) => [u.id, { id: u.id, firstname: u.firstname ?? null, lastname: u.lastname ?? null, username: u.username ?? null, email: u.email }]));
    const names = await localeNames(versions);
    const current = new Set(keptAttributes(ct).map(([name]) => name));
    return versions.map((v) => {
      const then = new Set(Object.keys(isObject(v.schema) ? v.schema : {}));
      return {
        id: v.id, contentType: v.contentType, relatedDocumentId: v.relatedDocumentId,
        locale: typeof v.locale === 'string' ? { code: v.locale, name: names.get(v.locale) ?? v.locale } : null,
        status: v.status ?? null, action: v.action, data: isObject(v.data) ? resolve(ct, shown(v.data), found) : null, schema: isObject(v.schema) ? shown(v.schema) : {},
        createdAt: v.createdAt, createdBy: typeof v.createdById === 'number' ? admins.get(v.createdById) ?? null : null,
        actor: { kind: v.actorKind, id: v.actorId ?? null, name: v.actorName ?? null },
        meta: { unknownAttributes: { added: [...current].filter((n) => !then.has(n)), removed: [...then].filter((n) => !current.has(n)) } },
      };
    });
  };

  const localeNames = async (versions: Doc[]): Promise<Map<string, string>> => {
    if (!api.registry.has(LOCALE_UID) || !versions.some((v) => typeof v.locale === 'string')) return new Map();
    const rows = await api.documents(LOCALE_UID).findMany({ fields: ['code', 'name'] });
    return new Map(rows.map((r) => [String(r.code), String(r.name ?? r.code)]));
  };

  const lookUp = async (links: Links): Promise<Found> => {
    const found: Found = { documents: new Map(), files: new Map() };
    for (const [uid, ids] of links.documents) {
      const target = api.registry.has(uid) ? api.registry.get(uid) : undefined;
      const map = new Map<string, Doc>();
      found.documents.set(uid, map);
      if (!target || target.modelType !== 'contentType' || !ids.size) continue;
      const main = defaultMainField(target);
      const docs = await api.documents(uid).findMany({
        filters: { documentId: { $in: [...ids] } }, fields: ['documentId', ...(main !== 'id' ? [main] : [])],
        ...(isLocalized(target) ? { locale: '*' } : {}), ...(hasDrafts(api, target as ContentType) ? { status: 'draft' } : {}),
      });
      for (const doc of docs) if (!map.has(doc.documentId)) map.set(doc.documentId, doc);
    }
    if (links.files.size && api.registry.has(FILE_UID)) {
      for (const file of await api.documents(FILE_UID).findMany({ filters: { id: { $in: [...links.files] } }, fields: FILE_FIELDS })) found.files.set(file.id, file);
    }
    return found;
  };

  const resolve = (model: Model, data: Raw, found: Found): Raw => {
    const out: Raw = { ...data };
    for (const [name, attr] of keptAttributes(model)) {
      const value = data[name];
      if (value === undefined) continue;
      const items = (Array.isArray(value) ? value : value === null ? [] : [value]).filter(isObject);
      if (attr.type === 'relation') {
        const map = found.documents.get(attr.target) ?? new Map<string, Doc>();
        const results = items.map((i) => map.get(String(i.documentId))).filter((d): d is Doc => d !== undefined);
        out[name] = { results, meta: { missingCount: items.length - results.length } };
      } else if (attr.type === 'media') {
        const results = items.map((i) => found.files.get(Number(i.id))).filter((d): d is Doc => d !== undefined);
        out[name] = { results, meta: { missingCount: items.length - results.length } };
      } else if (attr.type === 'component') {
        const comp = api.registry.component(attr.component);
        out[name] = Array.isArray(value) ? items.map((i) => resolve(comp, i, found)) : isObject(value) ? resolve(comp, value, found) : value;
      } else if (attr.type === 'dynamiczone') {
        out[name] = items.map((i) => (typeof i.__component === 'string' && api.registry.has(i.__component) ? resolve(api.registry.component(i.__component), i, found) : i));
      }
    }
    return out;
  };

  const restore = async (input: { id?: string; body: Raw }, call: OperationCall) => {
    const id = Number(input.id);
    const [version] = Number.isSafeInteger(id) && id > 0 ? await api.documents(HISTORY_UID).findMany({ filters: { id: { $eq: id } }, pagination: { limit: 1, withCount: false } }) : [];
    if (!version) throw new NotFoundError('Not Found');
    const given = input.body.contentType;
    if (given !== undefined && given !== version.contentType) throw ValidationError.fromFields([{ path: ['contentType'], message: 'contentType is not the version\'s', name: 'ValidationError' }]);
    const uid = String(version.contentType);
    const ct = await typeFor(uid, call, 'update');
    if (!isObject(version.data)) throw new ValidationError('This version holds no content: the document did not exist before that write');
    const documentId = String(version.relatedDocumentId);
    const locale = typeof version.locale === 'string' ? version.locale : undefined;
    const links = collectLinks(ct, api.registry, version.data);
    const found = await lookUp(links);
    const missing: Missing[] = [];
    const all = toInput(ct, api.registry, version.data, {
      document: (target, docId) => found.documents.get(target)?.has(docId) ?? false,
      file: (fileId) => found.files.has(fileId),
    }, missing);
    // What the role may write, of what the version holds; the rest stays as the draft has it
    const writable = limitsOf(call, ct, 'update')?.fields;
    const data: Raw = {};
    const skipped: string[] = [];
    for (const [name, value] of Object.entries(all)) {
      const attr = ct.attributes[name];
      const linksUnreadable = attr?.type === 'relation' && !(await api.can(call.auth, `${attr.target}.find`));
      if ((writable && !writable.includes(name)) || linksUnreadable) skipped.push(name);
      else data[name] = value;
    }
    const place = { documentId, ...(locale ? { locale } : {}) };
    const drafts = hasDrafts(api, ct) ? { status: 'draft' } : {};
    const [existing] = await api.documents(ct.uid).findMany({ filters: { documentId: { $eq: documentId } }, fields: ['documentId'], ...(locale ? { locale } : {}), ...drafts });
    const write = { source: 'content-api' as const, auth: call.auth, ...place, ...drafts, data, state: { [HISTORY_ACTION]: 'restore' } };
    if (existing) {
      if (!(await api.documents(ct.uid).update(write))) throw new NotFoundError('Not Found');
    } else {
      // The document was deleted since: the restore brings it back, under the same documentId,
      // for a role that may create without conditions (whose it was is not known any more)
      await api.authorize(call.auth, `${ct.uid}.create`);
      await checkReach(ct, documentId, locale, call, 'update');
      if (limitsOf(call, ct, 'create')?.rows) throw new NotFoundError('Not Found');
      await api.documents(ct.uid).create(write);
    }
    const read = ct.kind === 'singleType' ? CM.singleFind : CM.findOne;
    const shown = await api.operations.get(read).run({ body: { uid: ct.uid, documentId, query: locale ? { locale } : {} } } as OperationInput, call) as { data: unknown; meta: Raw };
    return { data: shown.data, meta: { ...shown.meta, missingRelations: missing, notRestored: skipped } };
  };

  return [
    recordOperation(HISTORY.find, 'read', 'A document\'s history in one locale, newest first', (input, call) => find({ query: input.body }, call)),
    recordOperation(HISTORY.restore, 'write', 'Writes a version back into the document\'s draft', (input, call) => restore(input, call)),
  ];
}
