// What draft-and-publish adds to a typed API schema beyond its `status` parameter (an argument
// wherever the parameter applies): in Strapi v4's shape (variant 'strapi-v4'), queries take v4's
// publicationState = LIVE | PREVIEW instead, read as status published | draft. No surface is
// imported or named.

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
