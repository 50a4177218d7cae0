// A locales table (the configured locales and those made at run time), and on each localized
// content type: `locale` and `localizations` (the other locale versions of the same document).

import type { ModelRegistry } from '../../core/index.js';
import { isLocalized, PLUGIN_NAME } from './locales.js';

export function addI18nModels(registry: ModelRegistry): void {
  registry.addContentType({
    kind: 'collectionType',
    collectionName: 'i18n_locale',
    info: { singularName: 'locale', pluralName: 'locales', displayName: 'Locale' },
    options: {},
    attributes: {
      name: { type: 'string' },
      code: { type: 'string', unique: true },
      isDefault: { type: 'boolean', default: false },
      // Listed by config/plugins.ts ('default' when named its defaultLocale), or null: made at run
      // time (locale-store.ts)
      configured: { type: 'enumeration', enum: ['default', 'listed'], private: true },
    },
  }, { owner: PLUGIN_NAME, uid: 'plugin::i18n.locale' });
  for (const ct of registry.contentTypes()) if (isLocalized(ct)) localize(registry, ct.uid);
}

/** The localized types a plugin registered after this one added (its registerModels tap ran
 *  first): tapped again at MODEL_STAGE.ATTRIBUTES, after every plugin's own types. */
export function localizeLateTypes(registry: ModelRegistry): void {
  for (const ct of registry.contentTypes()) if (isLocalized(ct) && !('locale' in ct.attributes)) localize(registry, ct.uid);
}

function localize(registry: ModelRegistry, uid: string): void {
  registry.addAttribute(uid, 'locale', { type: 'string', writable: false, scope: 'value' }, { owner: PLUGIN_NAME });
  registry.addAttribute(uid, 'localizations', {
    type: 'relation', relation: 'oneToMany', target: uid, versions: true, writable: false,
  }, { owner: PLUGIN_NAME });
}
