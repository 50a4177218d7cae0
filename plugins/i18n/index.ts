// i18n: documents of localized content types (pluginOptions.i18n.localized) have one version per
// locale. Uses only the kernel's public API.

import { definePlugin, MODEL_STAGE, QUERY_STAGE } from '../../core/index.js';
import { localizeWrites } from './actions.js';
import { defineLocaleOperations } from './locale-operations.js';
import { LocaleStore, LOCALES_SIGNAL } from './locale-store.js';
import { CONFIG_KEYS, LOCALE_UID, PLUGIN_NAME, readSettings } from './locales.js';
import { addI18nModels, localizeLateTypes } from './models.js';
import { defineLocaleParam } from './params.js';
import { scopeByLocale } from './query.js';
import { checkLocaleRefs } from './relation-refs.js';
import { contributeSchema } from './schema.js';
import { addLocalesRoute, defineLocalesOperation } from './routes.js';

export default definePlugin({
  name: PLUGIN_NAME,
  configKeys: CONFIG_KEYS,
  register(api, config) {
    const store = new LocaleStore(api, readSettings(config));
    // The list every check reads: the config's until the table is read, then the table's
    const settings = store.live;
    defineLocaleParam(api.params, settings);
    api.hooks.registerModels.tap(PLUGIN_NAME, addI18nModels);
    api.hooks.registerModels.tap({ name: PLUGIN_NAME, stage: MODEL_STAGE.ATTRIBUTES }, localizeLateTypes);
    api.hooks.beforeQuery.tap({ name: PLUGIN_NAME, stage: QUERY_STAGE.SCOPE }, scopeByLocale(settings));
    api.hooks.wrapDocumentAction.tap(PLUGIN_NAME, localizeWrites(api, settings));
    api.hooks.checkRelationRefs.tapPromise(PLUGIN_NAME, checkLocaleRefs);
    api.hooks.defineOperations.tap(PLUGIN_NAME, (operations) => {
      defineLocalesOperation(api, operations);
      defineLocaleOperations(operations, store);
    });
    api.hooks.buildRoutes.tap(PLUGIN_NAME, (routes) => addLocalesRoute(api, routes));
    contributeSchema(api);
    api.hooks.bootstrap.tapPromise(PLUGIN_NAME, () => store.sync());
    // A locale written by anyone counts at once here, and on the other instances within
    // server.signalInterval
    api.hooks.documentEvent.tapPromise(PLUGIN_NAME, async (event) => {
      if (event.uid !== LOCALE_UID) return;
      await store.reload();
      await api.signals.bump(LOCALES_SIGNAL);
    });
    api.signals.watch(LOCALES_SIGNAL, () => store.reloadSoon());
    api.hooks.destroy.tapPromise(PLUGIN_NAME, () => store.settle());
  },
});
