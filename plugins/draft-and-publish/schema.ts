// What draft-and-publish adds to a typed API schema beyond its parameters (arguments wherever they
// apply): publishedAt in write inputs and no status on deletes, as Strapi 5's schema has them; in
// Strapi v4's shape (variant 'strapi-v4'), queries take v4's publicationState = LIVE | PREVIEW
// instead of status, read as status published | draft. No surface is imported or named.

import { STRAPI_V4_VARIANT as V4, type ArgSpec, type FieldSpec, type PluginApi } from '../../core/index.js';
import { PLUGIN_NAME } from './status.js';

const STATUS_OF: Record<string, string> = { live: 'published', preview: 'draft' };

export function contributeSchema(api: PluginApi): void {
  api.hooks.schemaInit.tap(PLUGIN_NAME, (builder) => {
    if (builder.variant !== V4) return;
    builder.addType({
      name: 'PublicationState', kind: 'enum', fields: {},
      description: 'LIVE: published versions; PREVIEW: the latest versions, drafts included',
      values: [{ name: 'LIVE', value: 'live' }, { name: 'PREVIEW', value: 'preview' }],
    }, { role: 'other', owner: PLUGIN_NAME });
  });
  api.hooks.schemaField.tap(PLUGIN_NAME, (field, scope) => {
    if (scope.variant !== V4 || scope.role !== 'query' || !field.operation || !field.args.status) return field;
    return withPublicationState(field);
  });
  // Strapi's write input has publishedAt (a value is refused with the way to publish: status)
  api.hooks.schemaFields.tap(PLUGIN_NAME, (fields, scope) => {
    if (scope.role !== 'input' || !scope.contentType || !('publishedAt' in scope.contentType.attributes)) return fields;
    return { ...fields, publishedAt: { type: 'DateTime', args: {} } };
  });
  // Strapi deletes a document with every version: its delete takes no status
  api.hooks.schemaFieldArgs.tap(PLUGIN_NAME, (args, scope) => {
    if (scope.role !== 'mutation' || scope.action !== 'delete' || !args.status) return args;
    const { status: _status, ...rest } = args;
    return rest;
  });
}

function withPublicationState(field: FieldSpec): FieldSpec {
  const { status: _status, ...rest } = field.args;
  const args: Record<string, ArgSpec> = { ...rest, publicationState: { type: 'PublicationState', defaultValue: 'live' } };
  const operation = field.operation!;
  return {
    ...field, args,
    operation: {
      ...operation,
      input: ({ publicationState, ...others }) => operation.input({ ...others, status: STATUS_OF[String(publicationState)] ?? 'published' }),
    },
  };
}
