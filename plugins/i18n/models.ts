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
  for (const ct of registry.contentTypes()) {
    if (!isLocalized(ct)) continue;
    registry.addAttribute(ct.uid, 'locale', { type: 'string', writable: false, scope: 'value' }, { owner: PLUGIN_NAME });
    registry.addAttribute(ct.uid, 'localizations', {
      type: 'relation', relation: 'oneToMany', target: ct.uid, versions: true, writable: false,
    }, { owner: PLUGIN_NAME });
  }
}
