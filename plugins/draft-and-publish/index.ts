// draft-and-publish: a document has a draft and a published version (per locale). Enabled per
// content type with options.draftAndPublish. Uses only the kernel's public API.

import { definePlugin, MODEL_STAGE, QUERY_STAGE } from '../../core/index.js';
import { defineActions, publishAfterWrite } from './actions.js';
import { addLatePublishedAt, addPublishedAt } from './models.js';
import { defineOperations } from './operations.js';
import { defineParams } from './params.js';
import { guardDraftReads, scopeByStatus } from './query.js';
import { addActionRoutes } from './routes.js';
import { contributeSchema } from './schema.js';
import { PLUGIN_NAME } from './status.js';

export default definePlugin({
  name: PLUGIN_NAME,
  // It takes no configuration: any key is a mistake
  configKeys: {},
  register(api) {
    defineParams(api.params);
    defineActions(api);
    api.hooks.registerModels.tap(PLUGIN_NAME, addPublishedAt);
    api.hooks.registerModels.tap({ name: PLUGIN_NAME, stage: MODEL_STAGE.ATTRIBUTES }, addLatePublishedAt);
    api.hooks.beforeQuery.tap({ name: PLUGIN_NAME, stage: QUERY_STAGE.SCOPE }, scopeByStatus);
    api.hooks.beforeQuery.tapPromise({ name: PLUGIN_NAME, stage: QUERY_STAGE.SECURITY }, guardDraftReads(api));
    api.hooks.wrapDocumentAction.tap(PLUGIN_NAME, publishAfterWrite(api));
    api.hooks.defineOperations.tap(PLUGIN_NAME, (operations) => defineOperations(api, operations));
    api.hooks.buildRoutes.tap(PLUGIN_NAME, (routes) => addActionRoutes(api, routes));
    contributeSchema(api);
  },
});
