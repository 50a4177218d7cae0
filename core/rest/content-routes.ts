// REST routes of every content type the content API serves, as adapters over its operations:
// collection types get list/create/findOne/update/delete, single types find/update-or-create/delete.

import { NotFoundError } from '../errors/index.js';
import type { CoreContentAction, ServedContentType } from '../operations/content-api.js';
import { envelope, listOf, modelSchema, objectOf, type DocSchema } from './route-doc.js';
import type { RouteTable } from './route-table.js';
import type { OperationRouteSpec, RequestContext } from './types.js';

/** The routes of a served content type: where (`path`, its REST base) and for which actions. An
 *  api:: type is served at `<prefix>/<pluralName>`, a plugin's where it asked
 *  (core/operations/content-api.ts). */
export function addContentRoutes(table: RouteTable, served: Pick<ServedContentType, 'contentType' | 'actions' | 'path'>): void {
  const { contentType: ct, actions, path: base } = served;
  const add = <Output>(action: CoreContentAction, spec: Omit<OperationRouteSpec<Output>, 'operation'>) => {
    if (actions.includes(action)) table.addOperation<Output>({ ...spec, operation: `${ct.uid}.${action}` });
  };
  const name = ct.info.displayName;
  const one = envelope(modelSchema(ct.uid));
  const body = objectOf({ data: modelSchema(ct.uid, 'input') });
  const gone = { response: { status: 204, description: 'Deleted' }, errors: [404] };
  if (ct.kind === 'singleType') {
    add('find', { method: 'GET', path: base, doc: { summary: `Get the ${name}`, response: { schema: one }, errors: [404] } });
    add('update', { method: 'PUT', path: base, input: withData, doc: { summary: `Create or update the ${name}`, body, response: { schema: one } } });
    add('delete', { method: 'DELETE', path: base, respond: noContent, doc: { summary: `Delete the ${name}`, ...gone } });
    return;
  }
  const byId = `${base}/:documentId`;
  add<{ results: unknown[]; pagination: unknown }>('find', {
    method: 'GET', path: base,
    respond: (ctx, { results, pagination }) => { ctx.body = { data: results, meta: { pagination } }; },
    doc: { summary: `List ${name} documents`, response: { schema: envelope(listOf(modelSchema(ct.uid)), objectOf({ pagination: PAGINATION })) } },
  });
  add<Record<string, unknown>>('create', {
    method: 'POST', path: base, input: withData,
    respond: (ctx, doc) => { ctx.status = 201; ctx.body = { data: withoutId(doc), meta: {} }; },
    doc: { summary: `Create a ${name} document`, body, response: { status: 201, schema: one } },
  });
  add('findOne', {
    method: 'GET', path: byId, input: (ctx) => ({ documentId: documentIdOf(ctx) }),
    doc: { summary: `Get a ${name} document`, response: { schema: one }, errors: [404] },
  });
  add('update', {
    method: 'PUT', path: byId, input: (ctx) => ({ ...withData(ctx), documentId: documentIdOf(ctx) }),
    doc: { summary: `Update a ${name} document`, body, response: { schema: one }, errors: [404] },
  });
  add('delete', {
    method: 'DELETE', path: byId, input: (ctx) => ({ documentId: documentIdOf(ctx) }), respond: noContent,
    doc: { summary: `Delete a ${name} document`, ...gone },
  });
}

/** meta.pagination of a list: page-based, or offset-based when the request gave start/limit. */
const PAGINATION: DocSchema = {
  anyOf: [
    objectOf({ page: { type: 'integer' }, pageSize: { type: 'integer' }, pageCount: { type: 'integer' }, total: { type: 'integer' }, totalCapped: { const: true } }, ['pageCount', 'total', 'totalCapped']),
    objectOf({ start: { type: 'integer' }, limit: { type: 'integer' }, total: { type: 'integer' }, totalCapped: { const: true } }, ['total', 'totalCapped']),
  ],
};

/** The body's `data`, as a write's input. */
export function withData(ctx: RequestContext): { data: unknown } {
  const body = (ctx.request as { body?: unknown }).body;
  return { data: typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).data : undefined };
}

export function documentIdOf(ctx: RequestContext): string {
  return String((ctx as unknown as { params: Record<string, string> }).params.documentId ?? '');
}

function noContent(ctx: RequestContext, removed: unknown): void {
  if (!removed) throw new NotFoundError('Not Found');
  ctx.status = 204;
  ctx.body = null;
}

/** The spec: the create response shows documentId but no id. */
function withoutId(doc: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...rest } = doc;
  return rest;
}
