// REST routes of every content type, as adapters over its operations: collection types get
// list/create/findOne/update/delete, single types find/update-or-create/delete.

import type { RestConfig } from '../config/types.js';
import { NotFoundError } from '../errors/index.js';
import type { ContentType } from '../registry/types.js';
import { envelope, listOf, modelSchema, objectOf, type DocSchema } from './route-doc.js';
import type { RouteTable } from './route-table.js';
import type { RequestContext } from './types.js';

export function addContentRoutes(table: RouteTable, ct: ContentType, rest: RestConfig): void {
  const action = (name: string) => `${ct.uid}.${name}`;
  const name = ct.info.displayName;
  const one = envelope(modelSchema(ct.uid));
  const body = objectOf({ data: modelSchema(ct.uid, 'input') });
  const gone = { response: { status: 204, description: 'Deleted' }, errors: [404] };
  if (ct.kind === 'singleType') {
    const path = `${rest.prefix}/${ct.singularName}`;
    table.addOperation({ method: 'GET', path, operation: action('find'), doc: { summary: `Get the ${name}`, response: { schema: one }, errors: [404] } });
    table.addOperation({ method: 'PUT', path, operation: action('update'), input: withData, doc: { summary: `Create or update the ${name}`, body, response: { schema: one } } });
    table.addOperation({ method: 'DELETE', path, operation: action('delete'), respond: noContent, doc: { summary: `Delete the ${name}`, ...gone } });
    return;
  }
  const base = `${rest.prefix}/${ct.pluralName}`;
  const byId = `${base}/:documentId`;
  table.addOperation<{ results: unknown[]; pagination: unknown }>({
    method: 'GET', path: base, operation: action('find'),
    respond: (ctx, { results, pagination }) => { ctx.body = { data: results, meta: { pagination } }; },
    doc: { summary: `List ${name} documents`, response: { schema: envelope(listOf(modelSchema(ct.uid)), objectOf({ pagination: PAGINATION })) } },
  });
  table.addOperation<Record<string, unknown>>({
    method: 'POST', path: base, operation: action('create'), input: withData,
    respond: (ctx, doc) => { ctx.status = 201; ctx.body = { data: withoutId(doc), meta: {} }; },
    doc: { summary: `Create a ${name} document`, body, response: { status: 201, schema: one } },
  });
  table.addOperation({
    method: 'GET', path: byId, operation: action('findOne'), input: (ctx) => ({ documentId: documentIdOf(ctx) }),
    doc: { summary: `Get a ${name} document`, response: { schema: one }, errors: [404] },
  });
  table.addOperation({
    method: 'PUT', path: byId, operation: action('update'), input: (ctx) => ({ ...withData(ctx), documentId: documentIdOf(ctx) }),
    doc: { summary: `Update a ${name} document`, body, response: { schema: one }, errors: [404] },
  });
  table.addOperation({
    method: 'DELETE', path: byId, operation: action('delete'), input: (ctx) => ({ documentId: documentIdOf(ctx) }), respond: noContent,
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
