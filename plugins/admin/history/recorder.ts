// Content history as a rule of the document layer: every write of an editable type's document
// (create, update, publish, unpublish, discard, delete, in each locale), through whatever surface,
// keeps the state of the version it changes as it was before, in the write's own transaction, so
// a write that rolls back leaves nothing. Wraps the document actions (wrapDocumentAction), the
// public seam draft-and-publish and i18n use; writes made inside a recorded write on the same
// type (i18n copying shared fields to the other locales, a create that also publishes) are part
// of it, not versions of their own.

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Attribute, ContentType, Doc, DocumentActionFn, DocumentActionInfo, DocumentParams, PluginApi } from '../../../core/index.js';
import { hasDrafts, isLocalized } from '../content-manager/model.js';
import type { HistorySettings } from '../settings.js';
import { actorOf } from './actor.js';
import type { AuditLog } from './audit-log.js';
import { HISTORY_UID } from './models.js';
import { historyShape, keptAttributes, toStored } from './shape.js';

/** The document actions history records, by the name a version gives them. */
const WRITES: Readonly<Record<string, string>> = {
  create: 'create', update: 'update', delete: 'delete', publish: 'publish', unpublish: 'unpublish', discardDraft: 'discard',
};
/** Content writes the audit log also lists (Strapi EE's entry.* actions). */
const AUDITED: Readonly<Record<string, string>> = { publish: 'entry.publish', unpublish: 'entry.unpublish', delete: 'entry.delete' };

/** A params.state key: the write's name in history when it is not the action's (a restore). */
export const HISTORY_ACTION = 'admin.historyAction';
/** A params.state key: the address of the administrator's request (the audit log's). */
export const CALLER_IP = 'admin.callerIp';
/** Before any other plugin's wrapper (the first tap wraps the document service's own action). */
export const HISTORY_STAGE = -100;

type Raw = Record<string, unknown>;

export class HistoryRecorder {
  readonly #inside = new AsyncLocalStorage<ReadonlySet<string>>();
  /** Per content type, built once: the read of a version and the schema a version keeps. */
  readonly #shapes = new Map<string, { read: ReturnType<typeof historyShape>; schema: Raw }>();

  constructor(
    private readonly api: PluginApi,
    private readonly settings: HistorySettings,
    private readonly audit: AuditLog,
    private readonly editable: (ct: ContentType) => boolean,
  ) {}

  /** The wrapDocumentAction tap, at HISTORY_STAGE: inside draft-and-publish's and i18n's wrappers
   *  whatever the plugins' order, so the publish a REST write adds and the other locales a shared
   *  field reaches are versions of their own. */
  wrap = (fn: DocumentActionFn, info: DocumentActionInfo): DocumentActionFn => {
    if (!this.editable(info.contentType)) return fn;
    if (info.action === 'createMany') return this.settings.enabled ? this.#wrapMany(fn, info) : fn;
    const action = WRITES[info.action];
    if (!action || (!this.settings.enabled && !AUDITED[info.action])) return fn;
    return (params) => {
      const inside = this.#inside.getStore();
      if (inside?.has(info.uid)) return fn(params);
      return this.api.transaction(() => this.#inside.run(new Set([...(inside ?? []), info.uid]), async () => {
        const ct = info.contentType;
        const documentId = typeof params.documentId === 'string' ? params.documentId : undefined;
        const status = action === 'publish' || action === 'unpublish' ? 'published' : 'draft';
        const reads = this.settings.enabled && documentId && action !== 'create';
        const before = reads ? await this.#read(ct, documentId, params, status) : [];
        // A delete removes the published version too: it is kept beside the draft
        const published = reads && action === 'delete' && hasDrafts(this.api, ct) ? await this.#read(ct, documentId, params, 'published') : [];
        const result = await fn(params) as Raw | null;
        if (!result) return result;
        const id = documentId ?? (typeof result.documentId === 'string' ? result.documentId : undefined);
        if (!id) return result;
        const named = typeof params.state?.[HISTORY_ACTION] === 'string' ? params.state[HISTORY_ACTION] : undefined;
        // An update that found no version in its locale made one (i18n): that is its creation
        const kind = named ?? (action === 'update' && before.length === 0 ? 'create' : action);
        const locales = before.length ? before.map(localeIn) : [localeOf(ct, params, result)];
        if (this.settings.enabled) {
          const drafts = hasDrafts(this.api, ct);
          await this.#insert(ct, [
            ...locales.map((locale, i) => this.#entry(ct, id, kind, drafts ? status : null, locale, before[i] ?? null, params)),
            ...published.map((doc) => this.#entry(ct, id, kind, 'published', localeIn(doc), doc, params)),
          ], kind !== 'create');
        }
        const audited = AUDITED[info.action];
        if (audited) {
          const ip = params.state?.[CALLER_IP];
          await this.audit.record({ action: audited, auth: params.auth, ip: typeof ip === 'string' ? ip : undefined, payload: { uid: ct.uid, documentId: id, locale: locales.length > 1 ? locales : locales[0] ?? null } });
        }
        return result;
      }));
    };
  };

  /** Bulk creates (imports) record one create each, in one statement, in the locale each got. */
  #wrapMany(fn: DocumentActionFn, info: DocumentActionInfo): DocumentActionFn {
    return (params) => this.api.transaction(async () => {
      const result = await fn(params) as { documentIds?: string[] };
      const ids = result?.documentIds ?? [];
      if (!ids.length) return result;
      const ct = info.contentType;
      const locales = new Map<string, string | null>();
      if (isLocalized(ct)) {
        for (let i = 0; i < ids.length; i += 500) {
          const made = await this.api.documents(ct.uid).findMany({
            filters: { documentId: { $in: ids.slice(i, i + 500) } }, fields: ['locale'], locale: '*', ...(hasDrafts(this.api, ct) ? { status: 'draft' } : {}),
          });
          for (const doc of made) locales.set(doc.documentId, localeIn(doc));
        }
      }
      const status = hasDrafts(this.api, ct) ? 'draft' : null;
      await this.#insert(ct, ids.map((id) => this.#entry(ct, id, 'create', status, locales.get(id) ?? null, null, params)), false);
      return result;
    });
  }

  async #read(ct: ContentType, documentId: string, params: DocumentParams, status: 'draft' | 'published'): Promise<Doc[]> {
    if (status === 'published' && !hasDrafts(this.api, ct)) return [];
    return this.api.documents(ct.uid).findMany({
      filters: { documentId: { $eq: documentId } }, ...this.#shape(ct).read,
      ...(isLocalized(ct) && params.locale !== undefined ? { locale: params.locale } : {}),
      ...(hasDrafts(this.api, ct) ? { status } : {}),
    });
  }

  #entry(ct: ContentType, documentId: string, action: string, status: string | null, locale: string | null, before: Doc | null, params: DocumentParams): Raw {
    const actor = actorOf(params.auth);
    return {
      contentType: ct.uid, relatedDocumentId: documentId, locale, status, action, data: before ? toStored(ct, this.api.registry, before) : null,
      schema: this.#shape(ct).schema,
      actorKind: actor.kind, actorId: actor.id, actorName: actor.name, createdById: actor.adminId ?? null,
    };
  }

  #shape(ct: ContentType): { read: ReturnType<typeof historyShape>; schema: Raw } {
    let shape = this.#shapes.get(ct.uid);
    if (!shape) {
      // Each attribute's outline only: enough to show a value whose attribute is gone since, a
      // fraction of the definitions' size (a version's JSON was 40% schema when it held them whole)
      shape = { read: historyShape(ct, this.api.registry), schema: Object.fromEntries(keptAttributes(ct).map(([name, a]) => [name, outline(a)])) };
      this.#shapes.set(ct.uid, shape);
    }
    return shape;
  }

  /** `trim`: whether older versions may now exceed maxVersions (never after a create). */
  async #insert(ct: ContentType, rows: Raw[], trim: boolean): Promise<void> {
    if (!rows.length) return;
    await this.api.documents(HISTORY_UID).createMany({ data: rows });
    if (trim) await this.#trim(ct, rows);
  }

  /** Keeps at most maxVersions per document and locale: the oldest go as new ones come. */
  async #trim(ct: ContentType, rows: Raw[]): Promise<void> {
    const seen = new Set<string>();
    for (const row of rows) {
      const key = `${String(row.relatedDocumentId)}\u0000${String(row.locale)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const old = await this.api.documents(HISTORY_UID).findMany({
        filters: { contentType: { $eq: ct.uid }, relatedDocumentId: { $eq: row.relatedDocumentId }, locale: row.locale === null ? { $null: true } : { $eq: row.locale } },
        sort: 'id:desc', pagination: { start: this.settings.maxVersions, limit: 100, withCount: false }, fields: ['id'],
      });
      if (old.length) await this.api.documents(HISTORY_UID).action(PRUNE_ACTION, { ids: old.map((d) => d.id) });
    }
  }
}

const OUTLINE = ['type', 'relation', 'target', 'component', 'repeatable', 'components', 'multiple'] as const;

function outline(attr: Attribute): Raw {
  const kept: Raw = {};
  for (const key of OUTLINE) if (key in attr) kept[key] = (attr as unknown as Raw)[key];
  return kept;
}

/** The document action that deletes history or audit rows by id (row access is an action's). */
export const PRUNE_ACTION = 'adminPruneRows';

const localeIn = (doc: Raw): string | null => (typeof doc.locale === 'string' ? doc.locale : null);

function localeOf(ct: ContentType, params: DocumentParams, result: Raw): string | null {
  if (!isLocalized(ct)) return null;
  if (typeof result.locale === 'string') return result.locale;
  return typeof params.locale === 'string' && params.locale !== '*' ? params.locale : null;
}
