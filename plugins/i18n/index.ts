// i18n: documents of localized content types (pluginOptions.i18n.localized) have one version per
// locale. Uses only the kernel's public API.

import { definePlugin, QUERY_STAGE } from '../../core/index.js';
import { localizeWrites } from './actions.js';
import { syncLocales } from './bootstrap.js';
import { CONFIG_KEYS, PLUGIN_NAME, readSettings } from './locales.js';
import { addI18nModels } from './models.js';
import { defineLocaleParam } from './params.js';
import { scopeByLocale } from './query.js';
import { checkLocaleRefs } from './relation-refs.js';
import { contributeSchema } from './schema.js';
import { addLocalesRoute, defineLocalesOperation } from './routes.js';

export default definePlugin({
  name: PLUGIN_NAME,
  configKeys: CONFIG_KEYS,
  register(api, config) {
    const settings = readSettings(config);
    defineLocaleParam(api.params, settings);
    api.hooks.registerModels.tap(PLUGIN_NAME, addI18nModels);
    api.hooks.beforeQuery.tap({ name: PLUGIN_NAME, stage: QUERY_STAGE.SCOPE }, scopeByLocale(settings));
    api.hooks.wrapDocumentAction.tap(PLUGIN_NAME, localizeWrites(api, settings));
    api.hooks.checkRelationRefs.tapPromise(PLUGIN_NAME, checkLocaleRefs);
    api.hooks.defineOperations.tap(PLUGIN_NAME, (operations) => defineLocalesOperation(api, operations));
    api.hooks.buildRoutes.tap(PLUGIN_NAME, (routes) => addLocalesRoute(api, routes));
    contributeSchema(api);
    api.hooks.bootstrap.tapPromise(PLUGIN_NAME, () => syncLocales(api, settings));
  },
});
