// What the content manager adds to documents it answers with, read in a fixed number of
// statements per page whatever its size: each version's status (draft, modified, published), the
// locales the document exists in, and who created and last updated it. The stamps are private
// attributes, read here as an internal caller and never through the content API.

import type { ContentType, Doc, PluginApi } from '../../../core/index.js';
import { CREATED_BY, UPDATED_BY } from '../models.js';
import type { AdminUsers } from '../users.js';
import { hasDrafts, isLocalized } from './model.js';

export type Status = 'draft' | 'modified' | 'published';

export interface VersionInfo {
  id: number;
  documentId: string;
  locale?: string;
  status: Status;
  publishedAt: string | null;
  updatedAt: string;
  createdAt: string;
}

export interface Person { id: number; firstname: string | null; lastname: string | null; username: string | null }

const key = (documentId: string, locale: unknown) => `${documentId}\0${typeof locale === 'string' ? locale : ''}`;

/** A draft's status beside its published version: modified when it was written after it. */
export function statusOf(draftUpdatedAt: string, published: { updatedAt: string } | undefined): Status {
  if (!published) return 'draft';
  return Date.parse(draftUpdatedAt) > Date.parse(published.updatedAt) ? 'modified' : 'published';
}

export class Decorator {
  constructor(private readonly api: PluginApi, private readonly users: AdminUsers) {}

  /** Every version (locale and status) of these documents, as the panel lists them. */
  async versions(ct: ContentType, documentIds: readonly string[]): Promise<Map<string, VersionInfo[]>> {
    const out = new Map<string, VersionInfo[]>();
    if (documentIds.length === 0) return out;
    const docs = this.api.documents(ct.uid);
    const localized = isLocalized(ct);
    const fields = ['updatedAt', 'createdAt', 'publishedAt', ...(localized ? ['locale'] : [])];
    const base = { filters: { documentId: { $in: [...documentIds] } }, fields, ...(localized ? { locale: '*' } : {}) };
    const drafted = hasDrafts(this.api, ct);
    const published = drafted ? await docs.findMany({ ...base, status: 'published' }) : [];
    const publishedBy = new Map(published.map((d) => [key(d.documentId, d.locale), d as Doc & { updatedAt: string }]));
    const rows = await docs.findMany({ ...base, ...(drafted ? { status: 'draft' } : {}) });
    for (const row of rows) {
      const list = out.get(row.documentId) ?? [];
      const info: VersionInfo = {
        id: row.id, documentId: row.documentId, status: drafted ? statusOf(String(row.updatedAt), publishedBy.get(key(row.documentId, row.locale))) : 'published',
        publishedAt: drafted ? (publishedBy.get(key(row.documentId, row.locale))?.publishedAt as string | undefined) ?? null : (row.publishedAt as string | null) ?? null,
        updatedAt: String(row.updatedAt), createdAt: String(row.createdAt),
      };
      if (localized) info.locale = String(row.locale);
      list.push(info);
      out.set(row.documentId, list);
    }
    return out;
  }

  /** Who created and last updated each of these rows (by row id). */
  async stamps(ct: ContentType, rowIds: readonly number[]): Promise<Map<number, { createdBy: Person | null; updatedBy: Person | null }>> {
    const out = new Map<number, { createdBy: Person | null; updatedBy: Person | null }>();
    if (rowIds.length === 0) return out;
    const rows = await this.api.documents(ct.uid).findMany({
      filters: { id: { $in: [...rowIds] } }, fields: [CREATED_BY, UPDATED_BY],
      ...(isLocalized(ct) ? { locale: '*' } : {}), ...(hasDrafts(this.api, ct) ? { status: 'draft' } : {}),
    });
    // A published row is not among the drafts: read it on its own (a second statement, only then)
    const found = new Set(rows.map((r) => r.id));
    const missing = rowIds.filter((id) => !found.has(id));
    if (missing.length && hasDrafts(this.api, ct)) {
      rows.push(...await this.api.documents(ct.uid).findMany({
        filters: { id: { $in: missing } }, fields: [CREATED_BY, UPDATED_BY], status: 'published', ...(isLocalized(ct) ? { locale: '*' } : {}),
      }));
    }
    const ids = [...new Set(rows.flatMap((r) => [r[CREATED_BY], r[UPDATED_BY]]).filter((v): v is number => typeof v === 'number'))];
    const people = new Map<number, Person>();
    if (ids.length) {
      for (const u of await this.users.docs.findMany({ filters: { id: { $in: ids } }, fields: ['firstname', 'lastname', 'username'] })) {
        people.set(u.id, { id: u.id, firstname: (u.firstname as string | null) ?? null, lastname: (u.lastname as string | null) ?? null, username: (u.username as string | null) ?? null });
      }
    }
    const person = (v: unknown) => (typeof v === 'number' ? people.get(v) ?? null : null);
    for (const r of rows) out.set(r.id, { createdBy: person(r[CREATED_BY]), updatedBy: person(r[UPDATED_BY]) });
    return out;
  }

  /** Adds status, createdBy, updatedBy and the other locales to documents of one page (their
   *  versions, when the caller has read them already). */
  async decorate(ct: ContentType, docs: Doc[], known?: VersionInfo[]): Promise<void> {
    const versions = known && docs.length === 1 ? new Map([[docs[0]!.documentId, known]]) : await this.versions(ct, docs.map((d) => d.documentId));
    const stamps = await this.stamps(ct, docs.map((d) => d.id));
    for (const doc of docs) {
      const all = versions.get(doc.documentId) ?? [];
      const mine = all.find((v) => v.id === doc.id) ?? all.find((v) => v.locale === doc.locale);
      doc.status = mine?.status ?? (doc.publishedAt ? 'published' : 'draft');
      const stamp = stamps.get(doc.id);
      doc.createdBy = stamp?.createdBy ?? null;
      doc.updatedBy = stamp?.updatedBy ?? null;
      // By the version's own locale: the document may have been read without its locale field
      if (isLocalized(ct)) doc.localizations = all.filter((v) => v.locale !== (mine?.locale ?? doc.locale));
    }
  }
}
