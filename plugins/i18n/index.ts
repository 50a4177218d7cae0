// i18n: documents of localized content types (pluginOptions.i18n.localized) have one version per
// locale. Uses only the kernel's public API.

import { definePlugin, QUERY_STAGE, ROUTE_STAGE } from '../../core/index.js';
import { localizeWrites } from './actions.js';
import { syncLocales } from './bootstrap.js';
import { PLUGIN_NAME, readSettings } from './locales.js';
import { addI18nModels } from './models.js';
import { scopeByLocale } from './query.js';
import { addLocaleParam, addLocalesRoute } from './routes.js';

export default definePlugin({
  name: PLUGIN_NAME,
  register(kernel, config) {
    const settings = readSettings(config);
    kernel.hooks.registerModels.tap(PLUGIN_NAME, addI18nModels);
    kernel.hooks.buildRoutes.tap({ name: PLUGIN_NAME, stage: ROUTE_STAGE.ADD }, (routes) => addLocalesRoute(kernel, routes));
    // After every plugin has added its routes (draft-and-publish's actions take a locale too)
    kernel.hooks.buildRoutes.tap({ name: PLUGIN_NAME, stage: ROUTE_STAGE.DECORATE }, (routes) => addLocaleParam(kernel, routes));
    kernel.hooks.beforeQuery.tap({ name: PLUGIN_NAME, stage: QUERY_STAGE.SCOPE }, scopeByLocale(settings));
    kernel.hooks.wrapDocumentAction.tap(PLUGIN_NAME, localizeWrites(kernel, settings));
    kernel.hooks.bootstrap.tapPromise(PLUGIN_NAME, () => syncLocales(kernel, settings));
  },
});
