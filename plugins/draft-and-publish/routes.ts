// REST: POST .../actions/publish, unpublish and discard-draft on every draft-and-publish type.

import { documentIdOf, envelope, modelSchema, type PluginApi, type RouteTable } from '../../core/index.js';
import { ACTIONS } from './operations.js';
import { hasDraftAndPublish } from './status.js';

export function addActionRoutes(api: PluginApi, routes: RouteTable): void {
  const prefix = api.config.api.rest.prefix;
  for (const ct of api.registry.contentTypes()) {
    if (!hasDraftAndPublish(ct) || !ct.uid.startsWith('api::')) continue;
    const single = ct.kind === 'singleType';
    const base = single ? `${prefix}/${ct.singularName}` : `${prefix}/${ct.pluralName}/:documentId`;
    for (const { path, action, what } of ACTIONS) {
      routes.addOperation({
        method: 'POST', path: `${base}/actions/${path}`, operation: `${ct.uid}.${action}`,
        ...(single ? {} : { input: (ctx) => ({ documentId: documentIdOf(ctx) }) }),
        doc: { summary: `${what} (${ct.info.displayName})`, response: { schema: envelope(modelSchema(ct.uid)) }, errors: [404] },
      });
    }
  }
}
