// draft-and-publish: a document has a draft and a published version (per locale). Enabled per
// content type with options.draftAndPublish. Uses only the kernel's public API.

import { definePlugin, QUERY_STAGE, ROUTE_STAGE } from '../../core/index.js';
import { defineActions, publishAfterWrite } from './actions.js';
import { addPublishedAt } from './models.js';
import { guardDraftReads, scopeByStatus } from './query.js';
import { addActionRoutes, addStatusParams } from './routes.js';
import { PLUGIN_NAME } from './status.js';

export default definePlugin({
  name: PLUGIN_NAME,
  register(kernel) {
    kernel.hooks.registerModels.tap(PLUGIN_NAME, addPublishedAt);
    kernel.hooks.buildRoutes.tap({ name: PLUGIN_NAME, stage: ROUTE_STAGE.ADD }, (routes) => addActionRoutes(kernel, routes));
    kernel.hooks.buildRoutes.tap({ name: PLUGIN_NAME, stage: ROUTE_STAGE.DECORATE }, (routes) => addStatusParams(kernel, routes));
    kernel.hooks.beforeQuery.tap({ name: PLUGIN_NAME, stage: QUERY_STAGE.SCOPE }, scopeByStatus);
    kernel.hooks.beforeQuery.tapPromise({ name: PLUGIN_NAME, stage: QUERY_STAGE.SECURITY }, guardDraftReads(kernel));
    kernel.hooks.wrapDocumentAction.tap(PLUGIN_NAME, publishAfterWrite(kernel));
    defineActions(kernel);
  },
});
