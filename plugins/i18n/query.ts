// beforeQuery: every localized content type a call touches is read and written in one locale
// (the request's, or the default); `locale=*` lists and deletes every locale. A call on a type
// without i18n ignores its `locale` (Strapi's clients send one everywhere): what it reaches of
// localized types is in the default locale, whatever the value.

import type { ContentType, FilterNode, QueryContext, ScopeReach } from '../../core/index.js';
import { isLocalized, localeOf, type I18nSettings } from './locales.js';

const ALL_ALLOWED = new Set(['findMany', 'count', 'delete']);

export function scopeByLocale(settings: I18nSettings) {
  return (ctx: QueryContext): QueryContext => {
    const locale = isLocalized(ctx.contentType) ? localeOf(ctx.params, settings, ALL_ALLOWED.has(ctx.action)) : settings.defaultLocale;
    if (ctx.action === 'create' || ctx.action === 'createMany') {
      ctx.rowDefaults.push((ct) => (isLocalized(ct) ? { locale } : undefined));
    }
    if (locale !== '*' || ctx.action !== 'delete') ctx.rowScopes.push(localeScope(locale === '*' ? undefined : locale, settings));
    return ctx;
  };
}

/** The locale rows of localized types must match; `localizations` reaches the others on purpose. */
function localeScope(locale: string | undefined, settings: I18nSettings) {
  const inLocale = (code: string): FilterNode => ({ kind: 'compare', field: 'locale', operator: '$eq', value: code });
  return (ct: ContentType, reach?: ScopeReach): FilterNode | undefined => {
    if (!isLocalized(ct)) return undefined;
    if (reach && reach.attribute === 'localizations' && reach.from.uid === ct.uid) return undefined;
    if (locale !== undefined) return inLocale(locale);
    // locale=*: the root takes every locale; what a row reaches is in that row's own locale (from
    // a component or a type without i18n, which have none, in the default one)
    if (!reach) return undefined;
    return reach.from.modelType === 'contentType' && isLocalized(reach.from)
      ? { kind: 'correlated', field: 'locale' }
      : inLocale(settings.defaultLocale);
  };
}
