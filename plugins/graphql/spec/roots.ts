// The root fields: a query or mutation per content operation (Strapi 5's names and arguments),
// typed parameters of plugins (status, locale...) as arguments, each field running its operation
// through the same runner as REST.

import {
  argsFromParams, NotFoundError, type ArgSpec, type ContentType, type DocumentQueries, type FieldExtra, type FieldSpec, type OperationDefinition,
  type ParamDefinition, type PluginApi,
} from '../../../core/index.js';
import { dataParam, filtersParam, paginationParam, sortParam } from '../args.js';
import { documentIdKey, type GraphqlSettings } from '../config.js';
import { collectionOf, connectionField, entityResponseOf, inputOf, pascal, pluralField, singularField, typeNameOf } from '../names.js';
import { listArgs } from './models.js';

export interface RootFields {
  query: Record<string, FieldSpec>;
  mutation: Record<string, FieldSpec>;
  queryExtras: Record<string, FieldExtra>;
  mutationExtras: Record<string, FieldExtra>;
  /** Plugins' parameters the arguments use (their enum and scalar types go in the schema). */
  params: ParamDefinition[];
}

interface PageResult { results: unknown[]; pagination: { page?: number; pageSize?: number; pageCount?: number; start?: number; limit?: number; total?: number } }

export function rootFields(api: PluginApi, settings: GraphqlSettings, contentTypes: ContentType[], documents: readonly DocumentQueries[] = []): RootFields {
  const out: RootFields = { query: {}, mutation: {}, queryExtras: {}, mutationExtras: {}, params: [] };
  for (const ct of contentTypes) {
    for (const op of api.operations.all()) {
      if (op.contentType !== ct.uid) continue;
      addOperationFields(api, settings, ct, op, out, op.name.slice(ct.uid.length + 1));
    }
  }
  // A plugin's operations that list and read its documents: the same queries
  for (const { contentType, find, findOne } of documents) {
    const ct = api.registry.contentType(contentType);
    if (find) addOperationFields(api, settings, ct, api.operations.get(find), out, 'find');
    if (findOne) addOperationFields(api, settings, ct, api.operations.get(findOne), out, 'findOne');
  }
  return out;
}

function addOperationFields(api: PluginApi, settings: GraphqlSettings, ct: ContentType, op: OperationDefinition, out: RootFields, action: string): void {
  // The query engine's own parameters are typed per content type here (filters, sort,
  // pagination); the others (status, locale) are arguments as their owners declared them
  const params = api.params.forAction(ct, action).filter((p) => p.owner !== 'core' && op.params.includes(p.name));
  out.params.push(...params);
  const paramArgs = argsFromParams(params);
  const type = typeNameOf(ct);
  const documents = { model: ct.uid };
  const v4 = settings.shape === 'v4';
  // The v4 shape names a document's id `id` and wraps every answer in { data }
  const idArg = documentIdKey(settings);
  const wrap = (doc: unknown) => (v4 ? { data: doc } : doc);
  const one = v4 ? entityResponseOf(ct) : type;
  const extra: FieldExtra = { operation: op.name, action, contentType: ct };
  const isCollection = ct.kind === 'collectionType';
  const docId: Record<string, ArgSpec> = isCollection ? { [idArg]: { type: 'ID!' } } : {};
  const idOf = (a: Record<string, unknown>) => a[idArg] as string | undefined;
  const plain = (args: Record<string, unknown>) => pick(args, Object.keys(paramArgs));
  const query = (name: string, field: FieldSpec) => { out.query[name] = field; out.queryExtras[name] = extra; };
  const mutation = (name: string, field: FieldSpec) => { out.mutation[name] = field; out.mutationExtras[name] = extra; };

  const filters = (a: Record<string, unknown>) => filtersParam(api.registry, ct, a.filters, idArg);
  switch (action) {
    case 'find': {
      if (!isCollection) {
        query(singularField(ct), { type: one, args: paramArgs, operation: { name: op.name, input: (args) => ({ params: plain(args) }), documents, output: wrap } });
        return;
      }
      const args = { ...listArgs(ct), ...paramArgs };
      const input = (withCount: boolean) => (a: Record<string, unknown>) => ({
        params: { ...plain(a), filters: filters(a), sort: sortParam(a.sort), pagination: paginationParam(a.pagination, settings, withCount) },
      });
      const description = `A page of ${ct.info.displayName} documents`;
      if (v4) {
        query(pluralField(ct), {
          type: collectionOf(ct), args, description,
          operation: {
            name: op.name, input: input(true), documents,
            output: (r) => ({ data: (r as PageResult).results, meta: { pagination: pageInfo((r as PageResult).pagination) } }),
          },
        });
        return;
      }
      query(pluralField(ct), {
        type: `[${type}]!`, args, description,
        operation: { name: op.name, input: input(false), documents, output: (r) => (r as PageResult).results },
      });
      query(connectionField(pluralField(ct)), {
        type: collectionOf(ct), args, description: `${description} and where it sits`,
        operation: {
          name: op.name, input: input(true), documents,
          output: (r) => ({ nodes: (r as PageResult).results, pageInfo: pageInfo((r as PageResult).pagination) }),
        },
      });
      return;
    }
    case 'findOne':
      // The spec's v4 signature: article(id: ID)
      query(singularField(ct), {
        type: one, args: { ...(v4 ? { id: { type: 'ID' } } : docId), ...paramArgs },
        operation: { name: op.name, input: (a) => ({ documentId: idOf(a), params: plain(a) }), documents, output: wrap },
      });
      return;
    case 'create':
      mutation(`create${type}`, {
        type: one, args: { data: { type: `${inputOf(ct)}!` }, ...paramArgs },
        operation: { name: op.name, input: (a) => ({ data: dataParam(api.registry, ct, a.data), params: plain(a) }), documents, output: wrap },
      });
      return;
    case 'update':
      // Strapi answers an update of a document that does not exist with null, and no error
      mutation(`update${type}`, {
        type: one, args: { ...docId, data: { type: `${inputOf(ct)}!` }, ...paramArgs },
        operation: { name: op.name, input: (a) => ({ documentId: idOf(a), data: dataParam(api.registry, ct, a.data), params: plain(a) }), documents, output: (r) => wrap(r ?? null) },
      });
      return;
    case 'delete': {
      // The document is gone: the answer names it (v4: its id, attributes empty). Strapi names
      // a collection type's missing document as if it were deleted (v4: data null), and says a
      // single type's is not found
      const gone = (r: unknown, a: Record<string, unknown>) => {
        if (r) return { documentId: (r as { documentId: string }).documentId };
        if (!isCollection) throw new NotFoundError('Document not found');
        return v4 ? null : { documentId: idOf(a) };
      };
      mutation(`delete${type}`, {
        type: v4 ? one : 'DeleteMutationResponse', args: { ...docId, ...paramArgs },
        operation: { name: op.name, input: (a) => ({ documentId: idOf(a), params: plain(a) }), output: (r, a) => wrap(gone(r, a)) },
      });
      return;
    }
    default:
      // A plugin's operation on the content type (publish, unpublish...): a mutation when it
      // writes, answering with the document
      if (op.kind !== 'write') return;
      mutation(`${action}${pascal(type)}`, {
        type: one, args: { ...docId, ...paramArgs }, description: op.description,
        operation: { name: op.name, input: (a) => ({ documentId: idOf(a), params: plain(a) }), documents, output: (r) => wrap(found(r)) },
      });
  }
}

/** A plugin's write on a document that does not exist (publish...) is a NotFoundError, as on REST. */
function found(result: unknown): unknown {
  if (result === null || result === undefined) throw new NotFoundError('Not Found');
  return result;
}

function pick(args: Record<string, unknown>, names: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) if (args[name] !== undefined && args[name] !== null) out[name] = args[name];
  return out;
}

/** Strapi's pageInfo, also for start/limit pages. */
function pageInfo(p: PageResult['pagination']): Record<string, number> {
  const pageSize = p.pageSize ?? p.limit ?? 0;
  const total = p.total ?? 0;
  const page = p.page ?? (pageSize > 0 ? Math.floor((p.start ?? 0) / pageSize) + 1 : 1);
  const pageCount = p.pageCount ?? (pageSize > 0 ? Math.ceil(total / pageSize) : 0);
  return { page, pageSize, pageCount, total };
}
