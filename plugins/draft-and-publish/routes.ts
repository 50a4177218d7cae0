// REST: POST .../actions/publish, unpublish and discard-draft on every draft-and-publish type the
// content API serves.

import { documentIdOf, envelope, modelSchema, type PluginApi, type RouteTable } from '../../core/index.js';
import { ACTIONS } from './operations.js';
import { hasDraftAndPublish } from './status.js';

export function addActionRoutes(api: PluginApi, routes: RouteTable): void {
  for (const ct of api.contentApi.types()) {
    const path = api.contentApi.path(ct.uid);
    if (!hasDraftAndPublish(ct) || !path) continue;
    const single = ct.kind === 'singleType';
    // Under the type's own routes: /api/articles/:documentId/actions/publish, a plugin type's where it is served
    const base = single ? path : `${path}/:documentId`;
    for (const { path: actionPath, action, what } of ACTIONS) {
      if (!api.operations.has(`${ct.uid}.${action}`)) continue;
      routes.addOperation({
        method: 'POST', path: `${base}/actions/${actionPath}`, operation: `${ct.uid}.${action}`,
        ...(single ? {} : { input: (ctx) => ({ documentId: documentIdOf(ctx) }) }),
        doc: { summary: `${what} (${ct.info.displayName})`, response: { schema: envelope(modelSchema(ct.uid)) }, errors: [404] },
      });
    }
  }
}
