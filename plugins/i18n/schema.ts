// What i18n adds to a typed API schema (GraphQL): Strapi's i18NLocales query over the same
// operation as GET /api/i18n/locales. The locale argument of queries and mutations comes from the
// typed parameter (params.ts); no surface is imported or named.

import type { FieldSpec, PluginApi } from '../../core/index.js';
import { PLUGIN_NAME } from './locales.js';
import { LIST_LOCALES } from './routes.js';

const field = (type: string): FieldSpec => ({ type, args: {} });

export function contributeSchema(api: PluginApi): void {
  api.hooks.schemaInit.tap(PLUGIN_NAME, (builder) => {
    // A content type with a relation to locales has the surface build the type from the model
    if (builder.has('I18NLocale')) return;
    builder.addType({
      name: 'I18NLocale', kind: 'object', description: 'A locale documents can be written in',
      fields: {
        id: field('ID!'), documentId: field('ID!'), name: field('String'), code: field('String'), isDefault: field('Boolean'),
        createdAt: field('DateTime'), updatedAt: field('DateTime'),
      },
    }, { role: 'other', owner: PLUGIN_NAME });
  });
  api.hooks.schemaFields.tap(PLUGIN_NAME, (fields, scope) => scope.role !== 'query' ? fields : {
    ...fields,
    i18NLocales: { ...field('[I18NLocale]!'), description: 'The configured locales', operation: { name: LIST_LOCALES, input: () => ({}) } },
  });
}
