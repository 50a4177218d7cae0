// publish, unpublish and discardDraft on the document service, and create/update that publish by
// default. Each runs in one transaction; events fire once per logical action, after commit.

import {
  ValidationError, type ContentType, type Doc, type DocumentActionContext, type DocumentActionDefinition,
  type DocumentActionFn, type DocumentActionInfo, type DocumentApi, type DocumentParams, type FieldError,
  type Model, type ModelRegistry, type PluginApi, type VersionRow, requireDocumentId,
} from '../../core/index.js';
import { DRAFT_READ_GRANTED, hasDraftAndPublish, PLUGIN_NAME, statusOf } from './status.js';

const DRAFT = { kind: 'compare', field: 'publishedAt', operator: '$null', value: true } as const;
const PUBLISHED = { kind: 'compare', field: 'publishedAt', operator: '$notNull', value: true } as const;

/** What a response shows: the params' fields and populate, nothing that selects or writes. */
function readParams(params: DocumentParams, status: 'draft' | 'published'): DocumentParams {
  return { documentId: params.documentId, fields: params.fields, populate: params.populate, source: params.source, auth: params.auth, state: params.state, locale: params.locale, status };
}

/** Rows of two versions are paired by locale when the content type has one. */
const versionKey = (row: VersionRow): string => String(row.locale ?? '');

/** Inverse sides are shared between the versions of owners with draft-and-publish, paired the same way. */
const SHARE = { pairBy: ['locale'], owners: hasDraftAndPublish } as const;

export function defineActions(kernel: PluginApi): void {
  const common = { owner: PLUGIN_NAME, appliesTo: hasDraftAndPublish };
  const actions: DocumentActionDefinition[] = [
    { ...common, name: 'publish', access: 'publish', run: (ctx) => ctx.transaction(() => publish(kernel, ctx)) },
    { ...common, name: 'unpublish', access: 'publish', run: (ctx) => ctx.transaction(() => unpublish(kernel, ctx)) },
    { ...common, name: 'discardDraft', access: 'update', run: (ctx) => ctx.transaction(() => discardDraft(kernel, ctx)) },
  ];
  for (const action of actions) kernel.defineDocumentAction(action);
}

async function publish(kernel: PluginApi, { uid, contentType, api, rows, params }: DocumentActionContext): Promise<Doc | null> {
  const documentId = requireDocumentId(params);
  const drafts = await rows.list(documentId, DRAFT);
  if (!drafts.length) return null;
  await checkPublishable(kernel, contentType, api, drafts, documentId);
  const published = new Map((await rows.list(documentId, PUBLISHED)).map((r) => [versionKey(r), r.id]));
  const now = new Date().toISOString();
  // The published row is updated in place when it exists, so its id stays the same across publishes.
  for (const draft of drafts) await rows.copy(draft.id, published.get(versionKey(draft)) ?? null, { publishedAt: now });
  // What the draft lists on its inverse sides (the articles whose drafts link a tag) is published too
  await rows.shareInverseLinks(documentId, { from: DRAFT, to: PUBLISHED, ...SHARE });
  await kernel.emitDocumentEvent({ action: 'publish', uid, documentId, params });
  return api.findOne({ ...readParams(params, 'published'), documentId });
}

async function unpublish(kernel: PluginApi, { uid, rows, params }: DocumentActionContext): Promise<{ documentId: string } | null> {
  const documentId = requireDocumentId(params);
  const published = await rows.list(documentId, PUBLISHED);
  if (!published.length) return null;
  await rows.delete(published.map((r) => r.id));
  await kernel.emitDocumentEvent({ action: 'unpublish', uid, documentId, params });
  return { documentId };
}

async function discardDraft(kernel: PluginApi, { uid, api, rows, params }: DocumentActionContext): Promise<Doc | null> {
  const documentId = requireDocumentId(params);
  const published = await rows.list(documentId, PUBLISHED);
  if (!published.length) {
    const drafts = await rows.list(documentId, DRAFT);
    if (!drafts.length) return null;
    throw new ValidationError('This document has no published version to reset the draft from');
  }
  const drafts = new Map((await rows.list(documentId, DRAFT)).map((r) => [versionKey(r), r.id]));
  // The draft is the published content again, written when it was: the same updatedAt (a panel
  // tells a draft edited since publishing by a later one)
  for (const row of published) await rows.copy(row.id, drafts.get(versionKey(row)) ?? null, { publishedAt: null }, { keepUpdatedAt: true });
  await rows.shareInverseLinks(documentId, { from: PUBLISHED, to: DRAFT, ...SHARE });
  await kernel.emitDocumentEvent({ action: 'discardDraft', uid, documentId, params });
  const answer = readParams(params, 'draft');
  return api.findOne({ ...answer, documentId, state: { ...answer.state, [DRAFT_READ_GRANTED]: true } });
}

/** required and unique hold for what gets published (drafts were allowed to skip them). */
async function checkPublishable(kernel: PluginApi, ct: ContentType, api: DocumentApi, drafts: VersionRow[], documentId: string): Promise<void> {
  const errors: FieldError[] = [];
  const populate = requiredPopulate(kernel.registry, ct);
  const draftDocs = Object.keys(populate).length
    ? await api.findMany({ filters: { documentId: { $eq: documentId } }, status: 'draft', populate, locale: '*' })
    : [];
  for (const draft of drafts) {
    const full = draftDocs.find((d) => d.id === draft.id) ?? draft;
    missingRequired(kernel.registry, ct, { ...draft, ...full }, [], errors);
    for (const [name, attr] of Object.entries(ct.attributes)) {
      const unique = attr.type === 'uid' || ('unique' in attr && attr.unique === true);
      const value = draft[name];
      if (!unique || value === null || value === undefined) continue;
      const clash = await api.count({
        filters: { [name]: { $eq: value }, documentId: { $ne: documentId } }, status: 'published',
        ...(draft.locale !== undefined ? { locale: draft.locale } : {}),
      });
      if (clash > 0) errors.push({ path: [name], message: 'This attribute must be unique', name: 'ValidationError', value });
    }
  }
  if (errors.length) throw ValidationError.fromFields(errors);
}

type PopulateSpec = Record<string, true | { populate: Record<string, unknown> } | { on: Record<string, { populate: Record<string, unknown> } | true> }>;

/** What to load to check required attributes: required relations and media, every component, deeply. */
function requiredPopulate(registry: ModelRegistry, model: Model): PopulateSpec {
  const out: PopulateSpec = {};
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (attr.type === 'component') {
      const inner = requiredPopulate(registry, registry.component(attr.component));
      out[name] = Object.keys(inner).length ? { populate: inner } : true;
    } else if (attr.type === 'dynamiczone') {
      const on: Record<string, { populate: Record<string, unknown> } | true> = {};
      for (const uid of attr.components) {
        const inner = requiredPopulate(registry, registry.component(uid));
        on[uid] = Object.keys(inner).length ? { populate: inner } : true;
      }
      out[name] = { on };
    } else if (attr.required && (attr.type === 'relation' || attr.type === 'media')) {
      out[name] = true;
    }
  }
  return out;
}

function missingRequired(registry: ModelRegistry, model: Model, value: Record<string, unknown>, path: string[], errors: FieldError[]): void {
  for (const [name, attr] of Object.entries(model.attributes)) {
    const v = value[name];
    const here = [...path, name];
    if (attr.required && (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0))) {
      errors.push({ path: here, message: `${here.join('.')} must be defined.`, name: 'ValidationError' });
      continue;
    }
    if (attr.type === 'component' && v) {
      const component = registry.component(attr.component);
      if (Array.isArray(v)) v.forEach((item, i) => missingRequired(registry, component, item as Record<string, unknown>, [...here, String(i)], errors));
      else missingRequired(registry, component, v as Record<string, unknown>, here, errors);
    } else if (attr.type === 'dynamiczone' && Array.isArray(v)) {
      v.forEach((item, i) => {
        const uid = (item as { __component?: string }).__component;
        if (uid && registry.has(uid)) missingRequired(registry, registry.component(uid), item as Record<string, unknown>, [...here, String(i)], errors);
      });
    }
  }
}

/** create and update write the draft; unless status=draft, they then publish it, in one transaction. */
export function publishAfterWrite(kernel: PluginApi) {
  return (fn: DocumentActionFn, info: DocumentActionInfo): DocumentActionFn => {
    if (hasDraftAndPublish(info.contentType) && info.action === 'createMany') return announcePublished(kernel, fn, info);
    if (!hasDraftAndPublish(info.contentType) || (info.action !== 'create' && info.action !== 'update')) return fn;
    return async (params) => {
      if (statusOf(params) === 'draft') return fn(params);
      return kernel.transaction(async () => {
        const draft = await fn({ ...params, status: 'draft' }) as Doc | null;
        if (!draft) return null;
        return kernel.documents(info.uid).action('publish', { ...readParams(params, 'published'), documentId: draft.documentId });
      });
    };
  };
}

/**
 * createMany writes published versions itself (query.ts): say so as publish would. An item that
 * linked owners of its inverse sides (tags listing articles) linked their drafts only; publish
 * shares those links with their published versions, so such an item is published once more, in
 * the same transaction.
 */
function announcePublished(kernel: PluginApi, fn: DocumentActionFn, info: DocumentActionInfo): DocumentActionFn {
  const inverse = Object.entries(info.contentType.attributes)
    .filter(([, a]) => a.type === 'relation' && a.mappedBy !== undefined && hasDraftAndPublish(kernel.registry.contentType(a.target)))
    .map(([name]) => name);
  return (params) => kernel.transaction(async () => {
    const result = await fn(params) as { count: number; documentIds: string[] };
    if (statusOf(params) === 'draft') return result;
    const data = params.data as unknown[];
    const { documentIds: _ids, ...shared } = params;
    for (const [i, documentId] of result.documentIds.entries()) {
      const item = data[i] as Record<string, unknown>;
      if (inverse.some((name) => Object.hasOwn(item, name))) {
        await kernel.documents(info.uid).action('publish', { documentId, ...(params.locale !== undefined ? { locale: params.locale } : {}) });
      } else {
        await kernel.emitDocumentEvent({ action: 'publish', uid: info.uid, documentId, params: { ...shared, documentId, data: item } });
      }
    }
    return result;
  });
}
