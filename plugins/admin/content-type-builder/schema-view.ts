// GET /content-type-builder/schema: Strapi 5's answer, { contentTypes: { [uid]: ... }, components:
// { [uid]: ... } }, each with its attributes as a list (a relation also shows `targetAttribute`).
// The app's types and components are read from their schema files, so the answer after an
// update shows what the files now hold, before the restart loads them; the plugins' types come
// from the registry and are marked with their plugin (the builder edits only files).

import { contentTypeUid, readSchemaDir, type Attribute, type ModelRegistry } from '../../../core/index.js';

export interface AttributeView { name: string; type: string; targetAttribute?: string | null; [option: string]: unknown }

export interface ContentTypeView {
  uid: string;
  modelType: 'contentType';
  kind: string;
  collectionName: string;
  info: Record<string, unknown>;
  options: Record<string, unknown>;
  pluginOptions: Record<string, unknown>;
  /** The plugin that owns it; absent for the app's own (editable) types. */
  plugin?: string;
  attributes: AttributeView[];
  visible: boolean;
  restrictRelationsTo: null;
}

export interface ComponentView {
  uid: string;
  modelType: 'component';
  category: string;
  collectionName: string;
  info: Record<string, unknown>;
  attributes: AttributeView[];
}

export interface SchemaView { contentTypes: Record<string, ContentTypeView>; components: Record<string, ComponentView> }

type FileSchema = { kind?: string; collectionName?: string; info?: Record<string, unknown>; options?: Record<string, unknown>; pluginOptions?: Record<string, unknown>; attributes?: Record<string, Attribute> };

export function schemaView(dir: string | undefined, registry: ModelRegistry): SchemaView {
  const view: SchemaView = { contentTypes: {}, components: {} };
  const files = dir ? readSchemaDir(dir) : { contentTypes: [], components: [] };
  for (const f of files.contentTypes) {
    const s = f.schema as FileSchema;
    const singular = s.info?.singularName;
    if (typeof singular !== 'string') continue;
    const uid = contentTypeUid(singular);
    view.contentTypes[uid] = {
      uid, modelType: 'contentType', kind: s.kind ?? 'collectionType', collectionName: s.collectionName ?? '', info: s.info ?? {},
      options: s.options ?? {}, pluginOptions: s.pluginOptions ?? {}, attributes: attributesOf(s.attributes ?? {}), visible: true, restrictRelationsTo: null,
    };
  }
  for (const f of files.components) {
    const s = f.schema as FileSchema;
    view.components[f.uid] = {
      uid: f.uid, modelType: 'component', category: f.uid.split('.')[0]!, collectionName: s.collectionName ?? '', info: s.info ?? {},
      attributes: attributesOf(s.attributes ?? {}),
    };
  }
  for (const ct of registry.contentTypes()) {
    if (ct.owner === 'app' || view.contentTypes[ct.uid]) continue;
    view.contentTypes[ct.uid] = {
      uid: ct.uid, modelType: 'contentType', kind: ct.kind, collectionName: ct.collectionName, info: { ...ct.info }, options: { ...ct.options },
      pluginOptions: { ...ct.pluginOptions }, plugin: ct.owner, attributes: attributesOf(ct.attributes), visible: false, restrictRelationsTo: null,
    };
  }
  return view;
}

function attributesOf(attributes: Record<string, Attribute>): AttributeView[] {
  return Object.entries(attributes).map(([name, attr]) => (attr.type === 'relation'
    ? { ...attr, name, targetAttribute: attr.inversedBy ?? attr.mappedBy ?? null }
    : { ...attr, name }));
}
