// What i18n adds to a typed API schema (GraphQL): Strapi's i18NLocales query over the same
// operation as GET /api/i18n/locales. The locale argument of queries and mutations comes from the
// typed parameter (params.ts); no surface is imported or named. In Strapi v4's shape (variant
// 'strapi-v4') the list is v4's { data: [{ id, attributes }], meta }, id being the documentId.

import { STRAPI_V4_VARIANT as V4, type FieldSpec, type PluginApi, type SchemaBuilder, type TypeSpec } from '../../core/index.js';
import { PLUGIN_NAME } from './locales.js';
import { LIST_LOCALES } from './routes.js';

const field = (type: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ type, args: {}, ...extra });
const prop = (parent: unknown, key: string): unknown => (parent as Record<string, unknown> | null)?.[key];

function localeTypes(builder: SchemaBuilder): TypeSpec[] {
  const attributes = {
    name: field('String'), code: field('String'), isDefault: field('Boolean'), createdAt: field('DateTime'), updatedAt: field('DateTime'),
  };
  if (builder.variant !== V4) {
    // Strapi 5's locales have publishedAt (every v5 content type does); v4's had none
    const fields = { id: field('ID!'), documentId: field('ID!'), ...attributes, publishedAt: field('DateTime') };
    return [{ name: 'I18NLocale', kind: 'object', description: 'A locale documents can be written in', fields }];
  }
  // v4's wrappers hold the locale itself; their fields read from it, as the surface's own do
  const meta: Record<string, FieldSpec> = builder.has('ResponseCollectionMeta') ? { meta: field('ResponseCollectionMeta!') } : {};
  return [
    { name: 'I18NLocale', kind: 'object', description: 'A locale documents can be written in', fields: attributes },
    {
      name: 'I18NLocaleEntity', kind: 'object',
      fields: { id: field('ID', { description: 'The documentId', source: (p) => prop(p, 'documentId') }), attributes: field('I18NLocale', { source: (p) => p }) },
    },
    { name: 'I18NLocaleEntityResponseCollection', kind: 'object', fields: { data: field('[I18NLocaleEntity!]!'), ...meta } },
  ];
}

/** v4's collection of every locale: one page holding them all. */
function v4Collection(result: unknown): unknown {
  const list = Array.isArray(result) ? result : [];
  return { data: list, meta: { pagination: { page: 1, pageSize: list.length, pageCount: 1, total: list.length } } };
}

export function contributeSchema(api: PluginApi): void {
  api.hooks.schemaInit.tap(PLUGIN_NAME, (builder) => {
    // A content type with a relation to locales has the surface build the types from the model
    for (const type of localeTypes(builder)) if (!builder.has(type.name)) builder.addType(type, { role: 'other', owner: PLUGIN_NAME });
  });
  api.hooks.schemaFields.tap(PLUGIN_NAME, (fields, scope) => scope.role !== 'query' ? fields : {
    ...fields,
    i18NLocales: scope.variant === V4
      ? field('I18NLocaleEntityResponseCollection!', { description: 'The configured locales', operation: { name: LIST_LOCALES, input: () => ({}), output: v4Collection } })
      : field('[I18NLocale]!', { description: 'The configured locales', operation: { name: LIST_LOCALES, input: () => ({}) } }),
  });
}
