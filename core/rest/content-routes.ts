// REST routes of every content type, as adapters over its operations: collection types get
// list/create/findOne/update/delete, single types find/update-or-create/delete.

import type { RestConfig } from '../config/types.js';
import { NotFoundError } from '../errors/index.js';
import type { ContentType } from '../registry/types.js';
import type { RouteTable } from './route-table.js';
import type { RequestContext } from './types.js';

export function addContentRoutes(table: RouteTable, ct: ContentType, rest: RestConfig): void {
  const action = (name: string) => `${ct.uid}.${name}`;
  if (ct.kind === 'singleType') {
    const path = `${rest.prefix}/${ct.singularName}`;
    table.addOperation({ method: 'GET', path, operation: action('find') });
    table.addOperation({ method: 'PUT', path, operation: action('update'), input: withData });
    table.addOperation({ method: 'DELETE', path, operation: action('delete'), respond: noContent });
    return;
  }
  const base = `${rest.prefix}/${ct.pluralName}`;
  const one = `${base}/:documentId`;
  table.addOperation<{ results: unknown[]; pagination: unknown }>({
    method: 'GET', path: base, operation: action('find'),
    respond: (ctx, { results, pagination }) => { ctx.body = { data: results, meta: { pagination } }; },
  });
  table.addOperation<Record<string, unknown>>({
    method: 'POST', path: base, operation: action('create'), input: withData,
    respond: (ctx, doc) => { ctx.status = 201; ctx.body = { data: withoutId(doc), meta: {} }; },
  });
  table.addOperation({ method: 'GET', path: one, operation: action('findOne'), input: (ctx) => ({ documentId: documentIdOf(ctx) }) });
  table.addOperation({ method: 'PUT', path: one, operation: action('update'), input: (ctx) => ({ ...withData(ctx), documentId: documentIdOf(ctx) }) });
  table.addOperation({ method: 'DELETE', path: one, operation: action('delete'), input: (ctx) => ({ documentId: documentIdOf(ctx) }), respond: noContent });
}

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
