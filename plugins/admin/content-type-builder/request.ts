// The body of POST /content-type-builder/update-schema: Strapi 5's shape ({ data: { contentTypes,
// components } }, an `action` per type, component and attribute), read into typed items. Two
// additions of ours, which Strapi's builder does not have:
// - `renamedFrom` on an updated attribute (its previous name), content type or component (its
//   previous uid): a rename that keeps the data, recorded in renames.json;
// - `confirm: true` beside `data`: a change that leaves rows behind (a deletion) goes through.

import { ValidationError, type Attribute } from '../../../core/index.js';

export type Action = 'create' | 'update' | 'delete';

export interface AttributeItem {
  action: Action;
  name: string;
  /** The attribute as a schema file holds it (create and update). */
  properties?: Attribute;
  renamedFrom?: string;
}

export interface ContentTypeItem {
  action: Action;
  uid: string;
  renamedFrom?: string;
  singularName?: string;
  pluralName?: string;
  displayName?: string;
  description?: string;
  kind?: 'collectionType' | 'singleType';
  collectionName?: string;
  draftAndPublish?: boolean;
  pluginOptions?: Record<string, unknown>;
  attributes: AttributeItem[];
}

export interface ComponentItem {
  action: Action;
  uid: string;
  renamedFrom?: string;
  displayName?: string;
  icon?: string;
  description?: string;
  collectionName?: string;
  attributes: AttributeItem[];
}

export interface UpdateSchemaRequest {
  contentTypes: ContentTypeItem[];
  components: ComponentItem[];
  confirm: boolean;
}

type Raw = Record<string, unknown>;

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readUpdateSchema(body: unknown): UpdateSchemaRequest {
  const errors: Array<{ path: string[]; message: string; name: string }> = [];
  const fail = (path: string[], message: string) => { errors.push({ path, message, name: 'ValidationError' }); };
  if (!isObject(body) || !isObject(body.data)) throw new ValidationError('Invalid schema, expected an object with a data property');
  const data = body.data;
  const list = (key: string): Raw[] => {
    const value = data[key];
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every(isObject)) { fail(['data', key], `${key} must be an array of objects`); return []; }
    return value;
  };
  const text = (item: Raw, key: string, path: string[], required = false): string | undefined => {
    const value = item[key];
    if (value === undefined || value === null) { if (required) fail([...path, key], `${key} is required`); return undefined; }
    if (typeof value !== 'string' || value === '') { fail([...path, key], `${key} must be a non-empty string`); return undefined; }
    return value;
  };
  const action = (item: Raw, path: string[]): Action => {
    if (item.action === 'create' || item.action === 'update' || item.action === 'delete') return item.action;
    fail([...path, 'action'], 'action must be create, update or delete');
    return 'update';
  };
  const attributes = (item: Raw, path: string[], parent: Action): AttributeItem[] => {
    if (parent === 'delete') return [];
    const raw = item.attributes ?? [];
    if (!Array.isArray(raw) || !raw.every(isObject)) { fail([...path, 'attributes'], 'attributes must be an array of objects'); return []; }
    return raw.map((attr, i) => {
      const at = [...path, 'attributes', String(i)];
      const act = action(attr, at);
      if (parent === 'create' && act !== 'create') fail([...at, 'action'], 'a new type\'s attributes are all created');
      const name = text(attr, 'name', at, true) ?? '';
      const renamedFrom = text(attr, 'renamedFrom', at);
      if (renamedFrom !== undefined && act !== 'update') fail([...at, 'renamedFrom'], 'only an updated attribute is renamed');
      let properties: Attribute | undefined;
      if (act !== 'delete') {
        if (!isObject(attr.properties) || typeof attr.properties.type !== 'string') fail([...at, 'properties'], 'properties must be an object with a type');
        else properties = attr.properties as unknown as Attribute;
      }
      return { action: act, name, ...(properties ? { properties } : {}), ...(renamedFrom ? { renamedFrom } : {}) };
    });
  };
  const contentTypes = list('contentTypes').map((item, i): ContentTypeItem => {
    const path = ['data', 'contentTypes', String(i)];
    const act = action(item, path);
    const kind = item.kind;
    if (kind !== undefined && kind !== 'collectionType' && kind !== 'singleType') fail([...path, 'kind'], 'kind must be collectionType or singleType');
    if (item.draftAndPublish !== undefined && typeof item.draftAndPublish !== 'boolean') fail([...path, 'draftAndPublish'], 'draftAndPublish must be a boolean');
    if (item.pluginOptions !== undefined && !isObject(item.pluginOptions)) fail([...path, 'pluginOptions'], 'pluginOptions must be an object');
    const out: ContentTypeItem = { action: act, uid: text(item, 'uid', path, act !== 'create') ?? '', attributes: attributes(item, path, act) };
    for (const key of ['renamedFrom', 'singularName', 'pluralName', 'displayName', 'description', 'collectionName'] as const) {
      const value = text(item, key, path, act === 'create' && (key === 'singularName' || key === 'pluralName'));
      if (value !== undefined) out[key] = value;
    }
    if (out.renamedFrom !== undefined && act !== 'update') fail([...path, 'renamedFrom'], 'only an updated content type is renamed');
    if (kind === 'collectionType' || kind === 'singleType') out.kind = kind;
    if (typeof item.draftAndPublish === 'boolean') out.draftAndPublish = item.draftAndPublish;
    if (isObject(item.pluginOptions)) out.pluginOptions = item.pluginOptions;
    return out;
  });
  const components = list('components').map((item, i): ComponentItem => {
    const path = ['data', 'components', String(i)];
    const act = action(item, path);
    const out: ComponentItem = { action: act, uid: text(item, 'uid', path, true) ?? '', attributes: attributes(item, path, act) };
    for (const key of ['renamedFrom', 'displayName', 'icon', 'description', 'collectionName'] as const) {
      const value = text(item, key, path);
      if (value !== undefined) out[key] = value;
    }
    if (out.renamedFrom !== undefined && act !== 'update') fail([...path, 'renamedFrom'], 'only an updated component is renamed');
    return out;
  });
  if (body.confirm !== undefined && typeof body.confirm !== 'boolean') fail(['confirm'], 'confirm must be a boolean');
  if (errors.length) throw ValidationError.fromFields(errors);
  return { contentTypes, components, confirm: body.confirm === true };
}
