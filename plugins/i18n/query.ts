// beforeQuery: every localized content type a call touches is read and written in one locale
// (the request's, or the default); `locale=*` lists and deletes every locale.

import type { ContentType, FilterNode, QueryContext, ScopeReach } from '../../core/index.js';
import { isLocalized, localeOf, type I18nSettings } from './locales.js';

const ALL_ALLOWED = new Set(['findMany', 'count', 'delete']);

export function scopeByLocale(settings: I18nSettings) {
  return (ctx: QueryContext): QueryContext => {
    const locale = localeOf(ctx.params, settings, ALL_ALLOWED.has(ctx.action));
    if (ctx.action === 'create') {
      ctx.rowDefaults.push((ct) => (isLocalized(ct) ? { locale } : undefined));
    }
    if (locale !== '*' || ctx.action !== 'delete') ctx.rowScopes.push(localeScope(locale === '*' ? undefined : locale, settings));
    return ctx;
  };
}

/** The locale rows of localized types must match; `localizations` reaches the others on purpose. */
function localeScope(locale: string | undefined, settings: I18nSettings) {
  return (ct: ContentType, reach?: ScopeReach): FilterNode | undefined => {
    if (!isLocalized(ct)) return undefined;
    if (reach && reach.attribute === 'localizations' && reach.from.uid === ct.uid) return undefined;
    // With locale=* the root takes every locale; related localized documents show in the default one
    // (a sibling version of the same document as well: known limit, see docs/i18n.md)
    const code = locale ?? (reach ? settings.defaultLocale : undefined);
    return code === undefined ? undefined : { kind: 'compare', field: 'locale', operator: '$eq', value: code };
  };
}
