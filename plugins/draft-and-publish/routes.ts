// REST: `status` on every content route (hasPublishedVersion on lists), actions routes for
// publish / unpublish / discard-draft, and the readDraft permission for draft reads.

import { NotFoundError, pickParams, type Kernel, type RequestContext, type RouteTable } from '../../core/index.js';
import { hasDraftAndPublish, PLUGIN_NAME } from './status.js';

const ACTIONS = [
  { path: 'publish', action: 'publish', permission: 'publish' },
  { path: 'unpublish', action: 'unpublish', permission: 'unpublish' },
  { path: 'discard-draft', action: 'discardDraft', permission: 'discardDraft' },
] as const;

/** `status` on core's content routes (and readDraft on their GETs). */
export function addStatusParams(kernel: Kernel, routes: RouteTable): void {
  for (const route of routes.all()) {
    if (!route.contentType || route.config.owner !== 'core') continue;
    const ct = kernel.registry.contentType(route.contentType);
    routes.update(route.method, route.path, (r) => ({
      ...r,
      query: [...r.query, 'status', ...(r.action.endsWith('.find') && ct.kind === 'collectionType' ? ['hasPublishedVersion'] : [])],
      // Any GET can reach drafts with status=draft, through populate if not at its root: the
      // document service asks for readDraft then (query.ts)
      extraActions: r.method === 'GET' ? [...(r.extraActions ?? []), `${ct.uid}.readDraft`] : r.extraActions,
    }));
  }
}

/** POST .../actions/publish, unpublish and discard-draft on every draft-and-publish type. */
export function addActionRoutes(kernel: Kernel, routes: RouteTable): void {
  for (const ct of kernel.registry.contentTypes()) {
    if (!hasDraftAndPublish(ct) || !ct.uid.startsWith('api::')) continue;
    const prefix = kernel.config.api.rest.prefix;
    const base = ct.kind === 'singleType' ? `${prefix}/${ct.singularName}` : `${prefix}/${ct.pluralName}/:documentId`;
    for (const { path, action, permission } of ACTIONS) {
      routes.add({
        method: 'POST', path: `${base}/actions/${path}`, action: `${ct.uid}.${permission}`, contentType: ct.uid,
        query: ['fields', 'populate'], config: { auth: true, owner: PLUGIN_NAME },
        handler: async (ctx: RequestContext) => {
          const documentId = ct.kind === 'singleType'
            ? await kernel.documents(ct.uid).firstDocumentId()
            : String((ctx as unknown as { params: Record<string, string> }).params.documentId);
          // Whatever parameters the route accepts (fields, populate, and locale once i18n adds it)
          const accepted = pickParams(ctx.state.query ?? {}, ctx.state.route?.query ?? [], kernel.config.api.rest.strictParams);
          const result = documentId
            ? await kernel.documents(ct.uid).action(action, { ...accepted, documentId, source: 'content-api', auth: ctx.state.auth })
            : null;
          if (!result) throw new NotFoundError('Not Found');
          ctx.body = { data: result, meta: {} };
        },
      });
    }
  }
}
