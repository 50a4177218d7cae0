// /content-manager/*: Strapi 5's content-manager routes as adapters over the operations. Bodies are
// the document's fields (no `data` wrapper), lists answer { results, pagination }, one document
// { data, meta }. Each operation checks the permission of the content type the path names.

import type { OperationRouteSpec, RequestContext, RouteTable } from '../../../core/index.js';
import { CM, type CmInput } from './documents.js';
import { CM_CONFIG } from './configuration.js';
import { CM_RELATIONS } from './relations.js';

const params = (ctx: RequestContext) => ctx.params as Record<string, string>;
const body = (ctx: RequestContext): unknown => (ctx.request as { body?: unknown }).body;
const tags = ['Admin: content manager'];

/** The query names a content-manager route reads (checked by the document service). */
const LIST_QUERY = ['page', 'pageSize', 'sort', 'filters', '_q', 'locale', 'status', 'populate', 'fields'];
const ONE_QUERY = ['locale', 'status'];

export function addContentManagerRoutes(routes: RouteTable): void {
  const route = (method: OperationRouteSpec['method'], path: string, operation: string, query: readonly string[], summary: string, opts: { data?: boolean; status?: number; bare?: boolean } = {}) => {
    routes.addOperation<unknown>({
      method, path: `/content-manager${path}`, operation, query, scope: false,
      input: (ctx) => {
        const p = params(ctx);
        const input: CmInput = { uid: p.uid ?? '', query: ctx.state.query ?? {}, ...(p.documentId ? { documentId: p.documentId } : {}), ...(p.field ? { field: p.field } : {}) };
        if (opts.data) input.data = body(ctx) ?? {};
        return { body: input };
      },
      respond: (ctx, output) => {
        if (opts.status) ctx.status = opts.status;
        ctx.body = opts.bare ? output : { data: output };
      },
      doc: { summary, tags, ...(opts.status ? { response: { status: opts.status } } : {}), errors: path.includes(':documentId') || path.includes('/single-types/') ? [404, 409] : [404] },
    });
  };
  const ct = '/collection-types/:uid';
  const one = `${ct}/:documentId`;
  route('GET', ct, CM.list, LIST_QUERY, 'A page of documents with their status', { bare: true });
  route('POST', ct, CM.create, ONE_QUERY, 'Create a document', { data: true, status: 201, bare: true });
  route('GET', one, CM.findOne, ONE_QUERY, 'One document for the edit view', { bare: true });
  route('PUT', one, CM.update, ONE_QUERY, 'Write a document\'s draft (409 on a stale updatedAt)', { data: true, bare: true });
  route('DELETE', one, CM.delete, ONE_QUERY, 'Delete a document');
  route('POST', `${ct}/clone/:documentId`, CM.clone, ONE_QUERY, 'Create a draft from another document', { data: true, status: 201, bare: true });
  route('POST', `${one}/actions/publish`, CM.publish, ONE_QUERY, 'Publish (saving the body first, if any)', { data: true, bare: true });
  route('POST', `${one}/actions/unpublish`, CM.unpublish, ONE_QUERY, 'Unpublish', { data: true, bare: true });
  route('POST', `${one}/actions/discard`, CM.discard, ONE_QUERY, 'Discard the draft', { bare: true });
  route('POST', `${ct}/actions/bulkPublish`, CM.bulkPublish, ONE_QUERY, 'Publish several documents, all or none', { data: true });
  route('POST', `${ct}/actions/bulkUnpublish`, CM.bulkUnpublish, ONE_QUERY, 'Unpublish several documents, all or none', { data: true });
  route('POST', `${ct}/actions/bulkDelete`, CM.bulkDelete, ONE_QUERY, 'Delete several documents, all or none', { data: true });
  const st = '/single-types/:uid';
  route('GET', st, CM.singleFind, ONE_QUERY, 'The single type\'s document', { bare: true });
  route('PUT', st, CM.singleUpdate, ONE_QUERY, 'Create or write the single type\'s draft', { data: true, bare: true });
  route('DELETE', st, CM.singleDelete, ONE_QUERY, 'Delete the single type\'s document');
  route('POST', `${st}/actions/publish`, CM.singlePublish, ONE_QUERY, 'Publish the single type', { bare: true });
  route('POST', `${st}/actions/unpublish`, CM.singleUnpublish, ONE_QUERY, 'Unpublish the single type', { bare: true });
  route('POST', `${st}/actions/discard`, CM.singleDiscard, ONE_QUERY, 'Discard the single type\'s draft', { bare: true });
  route('GET', '/relations/:uid/:field', CM_RELATIONS.available, ['_q', 'page', 'pageSize', 'id', 'locale', 'status', 'idsToOmit', 'idsToInclude'], 'Documents a relation field may link (the picker\'s search)', { bare: true });
  route('GET', '/relations/:uid/:documentId/:field', CM_RELATIONS.existing, ['page', 'pageSize', 'locale', 'status'], 'The documents a relation field links, in order', { bare: true });
  route('GET', '/content-types', CM_CONFIG.contentTypes, [], 'The content types an administrator edits');
  route('GET', '/components', CM_CONFIG.components, [], 'The components');
  route('GET', '/content-types/:uid/configuration', CM_CONFIG.contentTypeConfiguration, [], 'A content type\'s list and edit views');
  route('PUT', '/content-types/:uid/configuration', CM_CONFIG.updateContentTypeConfiguration, [], 'Change a content type\'s views', { data: true });
  route('GET', '/components/:uid/configuration', CM_CONFIG.componentConfiguration, [], 'A component\'s edit view');
  route('PUT', '/components/:uid/configuration', CM_CONFIG.updateComponentConfiguration, [], 'Change a component\'s edit view', { data: true });
}
