// Writes across locales: PUT in a locale the document does not have yet creates that version
// (copying the shared fields), and shared fields written in one locale are written in all.

import type { Doc, DocumentActionFn, DocumentActionInfo, DocumentParams, FieldError, PluginApi } from '../../core/index.js';
import { FILLED_IN, isScalar, ValidationError } from '../../core/index.js';
import { isLocalized, localeOf, sharedAttributes, type I18nSettings } from './locales.js';
import { sharedPopulate, toInput } from './shared-values.js';

const SYNCING = 'i18n:syncing';

export function localizeWrites(kernel: PluginApi, settings: I18nSettings) {
  return (fn: DocumentActionFn, info: DocumentActionInfo): DocumentActionFn => {
    if (!isLocalized(info.contentType)) return fn;
    const shared = sharedAttributes(info.contentType);
    if (info.action === 'createMany') return shared.length ? copySharedMany(kernel, info, fn, shared) : fn;
    if (info.action !== 'create' && info.action !== 'update') return fn;
    return (params) => kernel.transaction(async () => {
      const locale = localeOf(params, settings, false);
      let result = await fn(params) as Doc | null;
      // A precondition (filters) that held for no version is no missing locale: nothing written
      if (result === null && info.action === 'update' && typeof params.documentId === 'string' && params.filters === undefined) {
        result = await createLocaleVersion(kernel, info, params, params.documentId, locale, shared);
      }
      if (result && shared.length && !params.state?.[SYNCING]) await syncShared(kernel, info, params, result.documentId, locale, shared);
      return result;
    });
  };
}

/** The document exists in other locales: create this locale's version with the shared values. */
async function createLocaleVersion(kernel: PluginApi, info: DocumentActionInfo, params: DocumentParams, documentId: string, locale: string, shared: string[]): Promise<Doc | null> {
  const api = kernel.documents(info.uid);
  const ct = info.contentType;
  const scalars = shared.filter((n) => { const a = ct.attributes[n]; return a !== undefined && isScalar(a); });
  const read = (status: string) => api.findMany({
    filters: { documentId: { $eq: documentId } }, locale: '*', status,
    fields: ['locale', ...scalars], populate: sharedPopulate(kernel.registry, ct, shared),
  });
  const drafts = await read('draft');
  // The version exists, but the update did not reach it (a caller narrowed to other rows): no
  // second version of one locale, and no hint that it exists
  if (drafts.some((row) => row.locale === locale)) return null;
  const source = drafts[0] ?? (await read('published'))[0];
  if (!source) return null;
  const copied: Record<string, unknown> = {};
  for (const name of shared) if (name in source) copied[name] = toInput(kernel.registry, ct.attributes[name]!, source[name]);
  const data = { ...copied, ...(params.data as Record<string, unknown>) };
  // The copied values are the other locales' own: nothing to sync back to them, and not the
  // caller's to be allowed (a role narrowed to some fields still adds a locale)
  const filled = Object.keys(copied).filter((name) => !Object.hasOwn(params.data as object, name));
  return api.create({ ...params, documentId, locale, data, state: { ...params.state, [SYNCING]: true, [FILLED_IN]: filled } }) as Promise<Doc>;
}

/**
 * createMany adding locale versions (documentIds): each item gets the shared values its document
 * has already, read in one query. Setting them is update's job, which writes every locale.
 */
function copySharedMany(kernel: PluginApi, info: DocumentActionInfo, fn: DocumentActionFn, shared: string[]): DocumentActionFn {
  return (params) => kernel.transaction(async () => {
    const { documentIds, data } = params;
    if (!Array.isArray(documentIds) || !Array.isArray(data) || documentIds.length !== data.length) return fn(params);
    const ct = info.contentType;
    const errors: FieldError[] = [];
    data.forEach((item, index) => {
      if (typeof item !== 'object' || item === null) return;
      for (const name of shared) {
        if (Object.hasOwn(item, name)) errors.push({ path: [String(index), name], message: `${name} is shared by every locale: set it with update`, name: 'ValidationError' });
      }
    });
    if (errors.length) throw ValidationError.fromFields(errors);
    const scalars = shared.filter((n) => { const a = ct.attributes[n]; return a !== undefined && isScalar(a); });
    const sources = new Map<string, Doc>();
    const ids = documentIds as string[];
    for (let i = 0; i < ids.length; i += 500) {
      const found = await kernel.documents(info.uid).findMany({
        filters: { documentId: { $in: ids.slice(i, i + 500) } }, locale: '*', status: 'draft',
        fields: scalars.length ? scalars : ['id'], populate: sharedPopulate(kernel.registry, ct, shared),
      });
      for (const doc of found) if (!sources.has(doc.documentId)) sources.set(doc.documentId, doc);
    }
    const filled = data.map((item, index) => {
      const source = sources.get(ids[index]!);
      if (!source) {
        errors.push({ path: [String(index)], message: `Document ${ids[index]!} not found`, name: 'ValidationError', value: ids[index] });
        return item;
      }
      const copied: Record<string, unknown> = {};
      for (const name of shared) if (name in source) copied[name] = toInput(kernel.registry, ct.attributes[name]!, source[name]);
      return { ...copied, ...(item as Record<string, unknown>) };
    });
    if (errors.length) throw ValidationError.fromFields(errors);
    return fn({ ...params, data: filled });
  });
}

/** The same shared values in every other locale version, through the same wrapped update. */
async function syncShared(kernel: PluginApi, info: DocumentActionInfo, params: DocumentParams, documentId: string, locale: string, shared: string[]): Promise<void> {
  const data = params.data as Record<string, unknown> | undefined;
  const part: Record<string, unknown> = {};
  for (const name of shared) {
    // Component row ids belong to the version they came from: the others get new rows
    if (data && name in data) part[name] = stripComponentIds(kernel, info, name, data[name]);
  }
  if (!Object.keys(part).length) return;
  const api = kernel.documents(info.uid);
  const ct = info.contentType;
  const scalars = Object.keys(part).filter((n) => { const a = ct.attributes[n]; return a !== undefined && isScalar(a); });
  const versions = await api.findMany({ filters: { documentId: { $eq: documentId } }, locale: '*', status: 'draft', fields: ['locale', ...scalars] });
  for (const version of versions) {
    if (String(version.locale) === locale) continue;
    // A shared scalar that already holds the value is not written again: a version nobody
    // changed keeps its updatedAt, so saving fr with the same shared values leaves en published
    // rather than modified
    const changed = Object.fromEntries(Object.entries(part).filter(([name, value]) => !scalars.includes(name) || !sameScalar(version[name], value)));
    if (!Object.keys(changed).length) continue;
    // Into the other locales' drafts only (status is ignored without draft-and-publish): their
    // published versions change when they are published, so writing fr never publishes en.
    await api.update({ documentId, locale: String(version.locale), status: 'draft', source: 'internal', data: changed, state: { ...params.state, [SYNCING]: true } });
  }
}

/** Stored and written scalars compared as the API shows them (a decimal or big integer may come
 *  as a string on one side); anything uncertain counts as changed. */
function sameScalar(stored: unknown, written: unknown): boolean {
  if (stored === written) return true;
  if (stored === null || written === null || stored === undefined || written === undefined) return false;
  if (typeof stored === 'object' || typeof written === 'object') return JSON.stringify(stored) === JSON.stringify(written);
  return String(stored) === String(written);
}

function stripComponentIds(kernel: PluginApi, info: DocumentActionInfo, name: string, value: unknown): unknown {
  const attr = info.contentType.attributes[name];
  if (!attr || (attr.type !== 'component' && attr.type !== 'dynamiczone')) return value;
  return toInput(kernel.registry, attr, value);
}
