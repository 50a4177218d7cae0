// Writes across locales: PUT in a locale the document does not have yet creates that version
// (copying the shared fields), and shared fields written in one locale are written in all.

import type { Doc, DocumentActionFn, DocumentActionInfo, DocumentParams, Kernel } from '../../core/index.js';
import { isLocalized, localeOf, sharedAttributes, type I18nSettings } from './locales.js';

const SYNCING = 'i18n:syncing';

export function localizeWrites(kernel: Kernel, settings: I18nSettings) {
  return (fn: DocumentActionFn, info: DocumentActionInfo): DocumentActionFn => {
    if (!isLocalized(info.contentType) || (info.action !== 'create' && info.action !== 'update')) return fn;
    const shared = sharedAttributes(info.contentType);
    const api = () => kernel.documents(info.uid);
    return (params) => kernel.transaction(async () => {
      const locale = localeOf(params, settings, false);
      let result = await fn(params) as Doc | null;
      if (result === null && info.action === 'update' && typeof params.documentId === 'string') {
        result = await createLocaleVersion(api, params, params.documentId, locale, shared);
      }
      if (result && shared.length && !params.state?.[SYNCING]) await syncShared(api, params, result.documentId, locale, shared);
      return result;
    });
  };
}

type Api = () => ReturnType<Kernel['documents']>;

/** The document exists in other locales: create this locale's version with the shared values. */
async function createLocaleVersion(api: Api, params: DocumentParams, documentId: string, locale: string, shared: string[]): Promise<Doc | null> {
  const others = await api().findMany({ filters: { documentId: { $eq: documentId } }, locale: '*', status: 'draft', fields: shared.length ? shared : ['id'] });
  const existing = others.length ? others : await api().findMany({ filters: { documentId: { $eq: documentId } }, locale: '*', status: 'published', fields: shared.length ? shared : ['id'] });
  const source = existing[0];
  if (!source) return null;
  const copied: Record<string, unknown> = {};
  for (const name of shared) if (name in source) copied[name] = source[name];
  const data = { ...copied, ...(params.data as Record<string, unknown>) };
  return api().create({ ...params, documentId, locale, data }) as Promise<Doc>;
}

/** The same shared values in every other locale version, through the same wrapped update. */
async function syncShared(api: Api, params: DocumentParams, documentId: string, locale: string, shared: string[]): Promise<void> {
  const data = params.data as Record<string, unknown> | undefined;
  const part: Record<string, unknown> = {};
  for (const name of shared) if (data && name in data) part[name] = data[name];
  if (!Object.keys(part).length) return;
  const versions = await api().findMany({ filters: { documentId: { $eq: documentId } }, locale: '*', status: 'draft', fields: ['locale'] });
  const locales = new Set(versions.map((v) => String(v.locale)).filter((l) => l !== locale));
  for (const other of locales) {
    // Into the other locales' drafts only (status is ignored without draft-and-publish): their
    // published versions change when they are published, so writing fr never publishes en.
    await api().update({ documentId, locale: other, status: 'draft', source: 'internal', data: part, state: { ...params.state, [SYNCING]: true } });
  }
}
