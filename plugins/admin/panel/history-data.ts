// Content history, what the panel does with the server's versions: who wrote them and when, each
// side of a comparison as comparable values, and those values as text. A version holds the
// document's content just before the write it records (a create's holds nothing).
import { api, type Query } from './api.js';
import type { Doc } from './form.js';
import { labelOf } from './fields/relation.js';
import type { Attribute, Schema } from './schema.js';
import { displayName } from './schema.js';

export type HistoryAction = 'create' | 'update' | 'publish' | 'unpublish' | 'discard' | 'delete' | 'restore';

export interface Version {
  id: number;
  contentType: string;
  relatedDocumentId: string;
  locale: { code: string; name: string } | null;
  status: 'draft' | 'published' | null;
  action: HistoryAction;
  data: Doc | null;
  schema: Record<string, Attribute>;
  createdAt: string;
  createdBy: { id: number; firstname: string | null; lastname: string | null; username: string | null; email: string } | null;
  actor?: { kind: 'admin' | 'user' | 'api-token' | 'system'; id: number | string | null; name: string | null };
  meta?: { unknownAttributes?: { added: string[]; removed: string[] } };
}

export interface VersionPage { data: Version[]; meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } } }

/** A link a restore left out, its document (or file) gone: `attribute` is a path into the
 *  document ("authors", "blocks.0.person"). */
export interface Missing { attribute: string; documentId?: string; fileId?: number }

export interface Restored { data: Doc; meta?: { missingRelations?: Missing[] } }

export const HISTORY = '/content-manager/history-versions';

export function listVersions(uid: string, documentId: string, locale: string | undefined, page: number): Promise<VersionPage> {
  const query: Query = { contentType: uid, documentId, ...(locale ? { locale } : {}), page, pageSize: 20 };
  return api.get<VersionPage>(HISTORY, query);
}

export const restoreVersion = (v: Version) => api.put<Restored>(`${HISTORY}/${v.id}/restore`, { contentType: v.contentType });

export const ACTION_LABEL: Record<HistoryAction, string> = {
  create: 'Created', update: 'Updated', publish: 'Published', unpublish: 'Unpublished', discard: 'Draft discarded', delete: 'Deleted', restore: 'Restored',
};

/** Who wrote a version: an administrator by name, an API token, an end user, or the system. */
export function actorOf(v: Version): string {
  const a = v.actor;
  const named = a?.name || (a?.id !== null && a?.id !== undefined ? `#${a.id}` : '');
  switch (a?.kind) {
    case 'api-token': return `API token ${named}`.trim();
    case 'user': return `end user ${named}`.trim();
    case 'system': return 'system';
    default: return a?.name || displayName(v.createdBy) || 'unknown';
  }
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [['year', 31_536_000], ['month', 2_592_000], ['week', 604_800], ['day', 86_400], ['hour', 3600], ['minute', 60]];
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "3 minutes ago", "yesterday"; under a minute, "just now". */
export function ago(iso: string, now = Date.now()): string {
  const s = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of UNITS) if (Math.abs(s) >= size) return relative.format(Math.round(s / size), unit);
  return 'just now';
}

export const when = (iso: string) => new Date(iso).toLocaleString();

/** Attributes a comparison leaves out: what the server writes itself. */
export const SKIPPED = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations', 'status']);

/** A relation or media value as the history holds it: the items and how many no longer exist. */
export interface Listed { results: Doc[]; missing: number; more?: number }

/** A relation or media value in any of the shapes the server sends (history's, a list, one). */
export function listed(v: unknown): Listed | undefined {
  if (v === null || v === undefined) return { results: [], missing: 0 };
  if (Array.isArray(v)) return { results: v as Doc[], missing: 0 };
  if (typeof v !== 'object') return undefined;
  const o = v as Doc;
  if (Array.isArray(o.results)) return { results: o.results as Doc[], missing: Number((o.meta as Doc | undefined)?.missingCount ?? o.missing ?? 0), ...(typeof o.more === 'number' ? { more: o.more } : {}) };
  // The content manager's count of links ({ count }): not the links themselves
  if ('count' in o && !('documentId' in o)) return undefined;
  return { results: [o], missing: 0 };
}

/** A value reduced to what a comparison looks at: links by documentId, files by id, component
 *  rows without their ids, empty lists as nothing, object keys in order. */
export function canon(attr: Attribute | undefined, v: unknown): unknown {
  if (attr?.type === 'relation' || attr?.type === 'media') {
    const l = listed(v);
    if (!l) return undefined;
    const ids = l.results.map((r) => (attr.type === 'media' ? r.id : r.documentId));
    return ids.length || l.missing ? { ids, missing: l.missing } : null;
  }
  return deep(v);
}

function deep(v: unknown): unknown {
  if (v === undefined || v === '') return null;
  if (Array.isArray(v)) return v.length ? v.map(deep) : null;
  if (!v || typeof v !== 'object') return v;
  const o = v as Doc;
  if (typeof o.documentId === 'string') return o.documentId;
  if ('url' in o && o.id !== undefined) return `file:${String(o.id)}`;
  if (Array.isArray(o.results)) return canon({ type: 'relation' }, o);
  const out: Doc = {};
  for (const k of Object.keys(o).sort()) if (k !== 'id' && k !== '__temp_key__') out[k] = deep(o[k]);
  return out;
}

export const same = (attr: Attribute | undefined, a: unknown, b: unknown) => JSON.stringify(canon(attr, a)) === JSON.stringify(canon(attr, b));

/** A Blocks value as readable text: headings with #, list items with -, quotes with >. */
export function blocksText(v: unknown): string {
  if (!Array.isArray(v)) return typeof v === 'string' ? v : '';
  const text = (n: unknown): string => {
    const node = n as Doc;
    if (typeof node?.text === 'string') return node.text;
    return Array.isArray(node?.children) ? node.children.map(text).join('') : '';
  };
  return v.map((b) => {
    const block = b as Doc;
    switch (block.type) {
      case 'heading': return `${'#'.repeat(Number(block.level) || 1)} ${text(block)}`;
      case 'quote': return `> ${text(block)}`;
      case 'code': return text(block);
      case 'image': return `[image: ${String((block.image as Doc | undefined)?.alternativeText ?? (block.image as Doc | undefined)?.name ?? '')}]`;
      case 'list': return ((block.children ?? []) as Doc[]).map((item, i) => `${block.format === 'ordered' ? `${i + 1}.` : '-'} ${text(item)}`).join('\n');
      default: return text(block);
    }
  }).join('\n\n');
}

/** A scalar (or JSON, or text) value as text; undefined when empty. */
export function scalarText(attr: Attribute | undefined, v: unknown): string | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  if (attr?.type === 'password') return '••••••';
  if (attr?.type === 'blocks') return blocksText(v) || undefined;
  if (attr?.type === 'boolean') return v ? 'True' : 'False';
  if (attr?.type === 'datetime' && typeof v === 'string') return when(v);
  if (typeof v === 'object') return JSON.stringify(v, null, 2);
  return String(v);
}

/** An item's label in a list of links or files. */
export const itemLabel = (attr: Attribute | undefined, r: Doc, mainField?: string) =>
  attr?.type === 'media' ? String(r.name ?? r.url ?? r.id ?? '') : labelOf(r, mainField);

/** The current draft as a comparison's side: its top-level links loaded (the content manager's
 *  answer counts them only), up to a hundred per field. */
export async function currentSide(s: Schema, uid: string, doc: Doc, locale?: string): Promise<Doc> {
  const ct = s.contentTypes.find((t) => t.uid === uid);
  const out: Doc = { ...doc };
  if (!ct || typeof doc.documentId !== 'string') return out;
  const documentId = doc.documentId;
  await Promise.all(Object.entries(ct.attributes).filter(([, a]) => a.type === 'relation').map(async ([name]) => {
    try {
      const r = await api.get<{ results: Doc[]; pagination: { total: number } }>(`/content-manager/relations/${uid}/${documentId}/${name}`, { page: 1, pageSize: 100, ...(locale ? { locale } : {}) });
      out[name] = { results: r.results, missing: 0, more: Math.max(0, r.pagination.total - r.results.length) };
    } catch {
      // Not readable (the role): left out of the comparison
      delete out[name];
    }
  }));
  return out;
}
