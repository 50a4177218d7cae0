// `locale`: which locale version of a localized content type a call reads or writes, on every
// action of such a type, and as a key of relation references ({ documentId, locale }). Content
// types without i18n accept it and ignore it, as Strapi does: front-ends add it to every request.

import type { ParamRegistry } from '../../core/index.js';
import { isLocalized, localeOf, PLUGIN_NAME, type I18nSettings } from './locales.js';

/** Actions that may name every locale at once with '*' (lists, and deleting a whole document). */
const ALL_LOCALES = new Set(['find', 'delete']);

export function defineLocaleParam(params: ParamRegistry, settings: I18nSettings): void {
  params.define({
    name: 'locale', owner: PLUGIN_NAME,
    description: `A locale code (${settings.locales.map((l) => l.code).join(', ')}; default ${settings.defaultLocale}), or * on lists and deletes for every locale`,
    schema: { type: 'string', typeName: 'I18NLocaleCode', examples: settings.locales.map((l) => l.code) },
    appliesTo: (ct) => isLocalized(ct),
    // Any value, even one that is no locale: it means nothing there (query.ts does not read it)
    ignoredOn: (ct) => !isLocalized(ct),
    relationRef: { identifies: true },
    parse: (raw, { action }) => localeOf({ locale: raw }, settings, ALL_LOCALES.has(action)),
    // A literal that is no locale fails the document's validation, as Strapi's scalar does; '*'
    // is checked where it is given
    checkLiteral: (raw) => { localeOf({ locale: raw }, settings, true); },
  });
}
