// Route data for every content type: collection types get list/create/findOne/update/delete,
// single types get find/update-or-create/delete. Handlers call the document service only.

import type { RestConfig } from '../config/types.js';
import type { DocumentApi } from '../documents/service.js';
import type { DocumentParams } from '../documents/types.js';
import { NotFoundError } from '../errors/index.js';
import type { ContentType } from '../registry/types.js';
import { LIST_PARAMS, ONE_PARAMS, pickParams } from './query-params.js';
import type { RouteDefinition, RouteTable } from './route-table.js';
import type { RequestContext } from './types.js';

export interface ContentRouteDeps {
  rest: RestConfig;
  documents(uid: string): DocumentApi;
}

export function addContentRoutes(table: RouteTable, ct: ContentType, deps: ContentRouteDeps): void {
  const routes = ct.kind === 'singleType' ? singleTypeRoutes(ct, deps) : collectionRoutes(ct, deps);
  for (const route of routes) table.add(route);
}

function collectionRoutes(ct: ContentType, deps: ContentRouteDeps): RouteDefinition[] {
  const base = `${deps.rest.prefix}/${ct.pluralName}`;
  const one = `${base}/:documentId`;
  const docs = () => deps.documents(ct.uid);
  return [
    route(ct, 'GET', base, 'find', LIST_PARAMS, async (ctx) => {
      const { results, pagination } = await docs().findPage(params(ctx, deps));
      ctx.body = { data: results, meta: { pagination } };
    }),
    route(ct, 'POST', base, 'create', ONE_PARAMS, async (ctx) => {
      const doc = await docs().create({ ...params(ctx, deps), data: bodyData(ctx) });
      ctx.status = 201;
      ctx.body = { data: withoutId(doc), meta: {} };
    }),
    route(ct, 'GET', one, 'findOne', ONE_PARAMS, async (ctx) => {
      const doc = await docs().findOne({ ...params(ctx, deps), documentId: documentIdOf(ctx) });
      if (!doc) throw new NotFoundError('Not Found');
      ctx.body = { data: doc, meta: {} };
    }),
    route(ct, 'PUT', one, 'update', ONE_PARAMS, async (ctx) => {
      const doc = await docs().update({ ...params(ctx, deps), documentId: documentIdOf(ctx), data: bodyData(ctx) });
      if (!doc) throw new NotFoundError('Not Found');
      ctx.body = { data: doc, meta: {} };
    }),
    route(ct, 'DELETE', one, 'delete', [], async (ctx) => {
      const removed = await docs().delete({ ...params(ctx, deps), documentId: documentIdOf(ctx) });
      if (!removed) throw new NotFoundError('Not Found');
      ctx.status = 204;
      ctx.body = null;
    }),
  ];
}

function singleTypeRoutes(ct: ContentType, deps: ContentRouteDeps): RouteDefinition[] {
  const path = `${deps.rest.prefix}/${ct.singularName}`;
  const docs = () => deps.documents(ct.uid);
  return [
    route(ct, 'GET', path, 'find', ONE_PARAMS, async (ctx) => {
      const doc = await docs().findFirst(params(ctx, deps));
      if (!doc) throw new NotFoundError('Not Found');
      ctx.body = { data: doc, meta: {} };
    }),
    route(ct, 'PUT', path, 'update', ONE_PARAMS, async (ctx) => {
      const p = params(ctx, deps);
      const data = bodyData(ctx);
      // The single type's one document: update it if it exists (in any version), create it otherwise.
      const documentId = await docs().firstDocumentId();
      const doc = documentId
        ? await docs().update({ ...p, documentId, data })
        : await docs().create({ ...p, data });
      if (!doc) throw new NotFoundError('Not Found');
      ctx.body = { data: doc, meta: {} };
    }),
    route(ct, 'DELETE', path, 'delete', [], async (ctx) => {
      const p = params(ctx, deps);
      const documentId = await docs().firstDocumentId();
      if (!documentId || !(await docs().delete({ ...p, documentId }))) throw new NotFoundError('Not Found');
      ctx.status = 204;
      ctx.body = null;
    }),
  ];
}

function route(ct: ContentType, method: RouteDefinition['method'], path: string, action: string, query: string[], handler: RouteDefinition['handler']): RouteDefinition {
  return { method, path, action: `${ct.uid}.${action}`, contentType: ct.uid, query: [...query], handler, config: { auth: true, owner: 'core' } };
}

/** The query parameters this route accepts, as document-service params for a content-api call. */
function params(ctx: RequestContext, deps: ContentRouteDeps): DocumentParams {
  const allowed = ctx.state.route?.query ?? [];
  const picked = pickParams(ctx.state.query ?? {}, allowed, deps.rest.strictParams);
  return { ...picked, source: 'content-api', auth: ctx.state.auth };
}

function bodyData(ctx: RequestContext): unknown {
  const body = (ctx.request as { body?: unknown }).body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).data : undefined;
}

function documentIdOf(ctx: RequestContext): string {
  return String((ctx as unknown as { params: Record<string, string> }).params.documentId ?? '');
}

/** The spec: the create response shows documentId but no id. */
function withoutId(doc: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...rest } = doc;
  return rest;
}
