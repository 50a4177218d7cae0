// The relation field of the edit view: the documents it links, a page at a time and in their
// order, and the picker's search among the documents it may link (those already linked, or
// picked in the form but not saved yet, left out). Both read as the administrator, so a role
// narrowed to its own documents picks among them only.

import {
  NotFoundError, type ContentType, type Doc, type Model, type OperationCall, type OperationDefinition,
} from '../../../core/index.js';
import type { AdminContext } from '../context.js';
import type { Configurations } from './configuration.js';
import { contentManagerOperation } from '../operation.js';
import { pageOf } from '../page-query.js';
import { Decorator } from './decorate.js';
import type { CmInput } from './documents.js';
import { hasDrafts, isLocalized, isToMany } from './model.js';

export const CM_RELATIONS = {
  available: 'admin::content-manager.relations.findAvailable',
  existing: 'admin::content-manager.relations.findExisting',
} as const;


export function relationOperations(admin: AdminContext, configurations: Configurations): OperationDefinition[] {
  const { api } = admin;
  const decorator = new Decorator(api, admin.users);
  const op = (name: string, description: string, run: Parameters<typeof contentManagerOperation>[3]) => contentManagerOperation(name, 'read', description, run);

  /** The relation attribute a path names (of a content type, or of a component an edit view
   *  holds), and its target, once the caller may read both. */
  const relationOf = async (input: CmInput, call: OperationCall, components = false) => {
    const source: Model | undefined = admin.models.editable(input.uid)
      ?? (components && api.registry.has(input.uid) && !input.uid.includes('::') ? api.registry.component(input.uid) : undefined);
    const attr = source?.attributes[input.field ?? ''];
    if (!source || !attr || attr.type !== 'relation' || attr.versions || attr.private) throw new NotFoundError(`No relation ${input.field ?? ''} on ${input.uid}`);
    if (source.modelType === 'contentType') await api.authorize(call.auth, `${source.uid}.find`);
    await api.authorize(call.auth, `${attr.target}.find`);
    return { source, attr, target: api.registry.contentType(attr.target) };
  };

  /** The target's main field, or documentId when the caller may not read it (a role narrowed to
   *  other fields): the picker still lists what it may link, by id. */
  const mainFieldFor = async (target: ContentType, call: OperationCall): Promise<string> => {
    const main = await configurations.mainField(target);
    const limits = call.auth?.ability?.limits?.(target.uid, 'read');
    return limits && limits.fields && !limits.fields.includes(main) ? 'documentId' : main;
  };

  /** The picker's items: id, documentId, the target's main field, locale, status. */
  const items = async (target: ContentType, docs: Doc[], mainField: string) => {
    const versions = await decorator.versions(target, docs.map((d) => d.documentId));
    return docs.map((d) => {
      const mine = (versions.get(d.documentId) ?? []).find((v) => !isLocalized(target) || v.locale === d.locale);
      return {
        id: d.id, documentId: d.documentId, [mainField]: d[mainField] ?? null, ...(isLocalized(target) ? { locale: d.locale } : {}),
        status: mine?.status ?? 'published', publishedAt: mine?.publishedAt ?? null, updatedAt: d.updatedAt,
      };
    });
  };

  const scope = (ct: ContentType, query: Record<string, unknown>) => ({
    ...(hasDrafts(api, ct) ? { status: query.status === 'published' ? 'published' : 'draft' } : {}),
    ...(isLocalized(ct) && typeof query.locale === 'string' ? { locale: query.locale } : {}),
  });

  return [
    op(CM_RELATIONS.existing, 'The documents a relation field links, a page at a time, in order', async (input, call) => {
      const { source: model, attr, target } = await relationOf(input, call);
      const source = model as ContentType;
      const mainField = await mainFieldFor(target, call);
      const { page: p, pageSize } = pageOf(input.query);
      const base = { source: 'content-api' as const, auth: call.auth, documentId: input.documentId ?? '', ...scope(source, input.query) };
      const docs = api.documents(source.uid);
      const fields = ['documentId', 'updatedAt', ...(mainField === 'id' || mainField === 'documentId' ? [] : [mainField]), ...(isLocalized(target) ? ['locale'] : [])];
      if (!isToMany(attr.relation)) {
        const doc = await docs.findOne({ ...base, populate: { [input.field!]: { fields } } });
        if (!doc) throw new NotFoundError('Not Found');
        const linked = doc[input.field!] as Doc | null;
        const results = linked ? await items(target, [linked], mainField) : [];
        return { results, pagination: { page: 1, pageSize: 1, pageCount: results.length, total: results.length } };
      }
      const counted = await docs.findOne({ ...base, populate: { [input.field!]: { count: true } } });
      if (!counted) throw new NotFoundError('Not Found');
      const total = Number((counted[input.field!] as { count?: number } | null)?.count ?? 0);
      const paged = await docs.findOne({ ...base, populate: { [input.field!]: { fields, pagination: { page: p, pageSize } } } });
      const results = await items(target, (paged?.[input.field!] as Doc[] | undefined) ?? [], mainField);
      return { results, pagination: { page: p, pageSize, pageCount: Math.ceil(total / pageSize), total } };
    }),

    op(CM_RELATIONS.available, 'Documents a relation field may link: searched by their main field, those linked left out', async (input, call) => {
      const { source, target } = await relationOf(input, call, true);
      const mainField = await mainFieldFor(target, call);
      const { page: p, pageSize } = pageOf(input.query);
      const omit = new Set<string>();
      for (const key of ['idsToOmit'] as const) {
        const raw = input.query[key];
        for (const id of Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]) if (typeof id === 'string') omit.add(id);
      }
      const documentId = typeof input.query.id === 'string' ? input.query.id : undefined;
      // A component's links are in the form the panel holds: it names them in idsToOmit
      if (documentId && source.modelType === 'contentType') {
        // What the document links already (read as the caller, in the scope the field is edited in)
        const doc = await api.documents(source.uid).findOne({
          source: 'content-api', auth: call.auth, documentId, ...scope(source as ContentType, input.query), populate: { [input.field!]: { fields: ['documentId'] } },
        });
        const linked = doc?.[input.field!];
        for (const d of Array.isArray(linked) ? linked : linked ? [linked] : []) omit.add((d as Doc).documentId);
      }
      const q = typeof input.query._q === 'string' && input.query._q.trim() ? input.query._q.trim() : undefined;
      const filters: Record<string, unknown>[] = [];
      if (omit.size) filters.push({ documentId: { $notIn: [...omit] } });
      if (q && mainField !== 'id' && mainField !== 'documentId') filters.push({ [mainField]: { $containsi: q } });
      const fields = ['documentId', 'updatedAt', ...(mainField === 'id' || mainField === 'documentId' ? [] : [mainField]), ...(isLocalized(target) ? ['locale'] : [])];
      const { results, pagination } = await api.documents(target.uid).findPage({
        source: 'content-api', auth: call.auth, fields, ...scope(target, input.query),
        ...(filters.length ? { filters: { $and: filters } } : {}),
        sort: mainField === 'id' || mainField === 'documentId' ? ['id:asc'] : [`${mainField}:asc`, 'id:asc'],
        pagination: { page: p, pageSize },
      });
      return { results: await items(target, results, mainField), pagination };
    }),
  ];
}
