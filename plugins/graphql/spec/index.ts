// The plugin's schema as data: common types, every reachable model's types, the root fields, the
// types of plugins' parameters; then every plugin shapes it through the scoped schema hooks.

import { buildSchemaSpec, STRAPI_V4_VARIANT, typesFromParams, type ContentType, type PluginApi, type SchemaSpec } from '../../../core/index.js';
import { PLUGIN_NAME, type GraphqlSettings } from '../config.js';
import { commonTypes } from './common.js';
import { addModelTypes, reachableModels, type LoadedField, type ModelTypesContext } from './models.js';
import { rootFields } from './roots.js';

/** The schema as data, the hops selection.ts follows from a wrapper type to documents, and the
 *  fields that read a loaded attribute (relations, lists with arguments). */
export interface BuiltSpec { spec: SchemaSpec; hops: ReadonlyMap<string, readonly string[]>; loaded: ReadonlyMap<string, LoadedField> }

export function buildSpec(api: PluginApi, settings: GraphqlSettings): BuiltSpec {
  const ctx: ModelTypesContext = { registry: api.registry, settings, hops: new Map(), loaded: new Map() };
  const spec = buildSchemaSpec(api.hooks, (builder) => {
    const served = settings.shadowCRUD
      ? api.registry.contentTypes().filter((ct) => api.operations.all().some((op) => op.contentType === ct.uid))
      : [];
    // Content types a plugin serves through its own operations (users, roles, files)
    const documents = settings.shadowCRUD ? api.hooks.schemaDocuments.call([]).filter((q) => api.registry.has(q.contentType)) : [];
    const writable = new Set(api.operations.all().filter((op) => op.kind === 'write' && op.contentType).map((op) => op.contentType));
    for (const q of documents) if (q.input) writable.add(q.contentType);
    for (const type of commonTypes(settings)) builder.addType(type, { role: 'other', owner: PLUGIN_NAME });
    for (const model of reachableModels(api.registry, [...served, ...documents.map((q) => api.registry.get(q.contentType))])) {
      addModelTypes(builder, ctx, model, model.modelType === 'component' || writable.has(model.uid));
    }
    const roots = rootFields(api, settings, served as ContentType[], documents);
    for (const type of typesFromParams(roots.params)) {
      if (!builder.has(type.name)) builder.addType(type, { role: 'other', owner: PLUGIN_NAME });
    }
    builder.addType({ name: 'Query', kind: 'object', fields: roots.query }, { role: 'query', owner: PLUGIN_NAME }, roots.queryExtras);
    builder.addType({ name: 'Mutation', kind: 'object', fields: roots.mutation }, { role: 'mutation', owner: PLUGIN_NAME }, roots.mutationExtras);
  }, settings.shape === 'v4' ? STRAPI_V4_VARIANT : undefined);
  return { spec, hops: ctx.hops, loaded: ctx.loaded };
}
