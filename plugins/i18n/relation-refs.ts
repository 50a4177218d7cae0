// A relation reference naming a `locale` must point at a localized target that has a version in
// that locale. Links point at documents and a reader sees the target in the reader's locale, so a
// localized source may only name its own locale: anything else would silently show another
// version than the one asked for.

import type { FilterNode, RelationRefsCheck } from '../../core/index.js';

export async function checkLocaleRefs(check: RelationRefsCheck): Promise<void> {
  const named = check.refs.filter((r) => r.keys?.locale !== undefined);
  if (!named.length) return;
  const { model, target } = check;
  const sourceLocale = 'locale' in model.attributes && 'locale' in target.attributes
    ? (await check.sourceValues()).locale
    : undefined;
  for (const ref of named) {
    const locale = String(ref.keys!.locale);
    const inLocale: FilterNode = { kind: 'compare', field: 'locale', operator: '$eq', value: locale };
    const message = !('locale' in target.attributes)
      ? `${target.uid} is not localized: a connect item cannot name a locale`
      : sourceLocale !== undefined && locale !== sourceLocale
        ? `Document with id "${ref.documentId}": a ${String(sourceLocale)} document links to the ${String(sourceLocale)} version of its targets, not to locale "${locale}"`
        : (await check.targetRows(ref.documentId, inLocale)).length
          ? undefined
          : `Document with id "${ref.documentId}", locale "${locale}" not found`;
    if (message) check.errors.push({ path: check.path, message, name: 'ValidationError', value: ref.documentId });
  }
}
