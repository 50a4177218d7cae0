// What the content manager needs to know of a model, read from the registry and the document
// service, never from another plugin: whether a type has drafts (it has a publish action), whether
// it is localized (a `locale` scope attribute), what an edit view populates, and which attribute
// names a document in pickers and lists.

import type { Attribute, ContentType, Model, PluginApi } from '../../../core/index.js';

export const hasDrafts = (api: PluginApi, ct: ContentType): boolean => api.documents(ct.uid).hasAction('publish');

export const isLocalized = (ct: ContentType): boolean => ct.attributes.locale?.scope === 'value';

const MAIN_FIELD_TYPES = new Set(['string', 'uid', 'email', 'enumeration', 'text', 'integer', 'biginteger', 'float', 'decimal']);

/** Whether an attribute can name a document in lists and pickers: a short scalar, readable. */
export function canNameDocuments(model: Model, name: string): boolean {
  const a = model.attributes[name];
  return a !== undefined && MAIN_FIELD_TYPES.has(a.type) && !a.private && a.writable !== false;
}

/** The attribute that names a document: title, name, or the first short text; id otherwise. */
export function defaultMainField(model: Model): string {
  const names = Object.keys(model.attributes).filter((n) => canNameDocuments(model, n));
  return names.find((n) => n === 'title') ?? names.find((n) => n === 'name') ?? names.find((n) => model.attributes[n]!.type === 'string') ?? names[0] ?? 'id';
}

/** A populate object of the query string. */
export type RawPopulate = Record<string, unknown>;

/**
 * What an edit view shows of a document: every component and dynamic zone entry with what they
 * hold, media files, and relations: a document's own to-many relation as its count (its field
 * loads a page at a time through the relations route), any other as the documentIds it links
 * (a component's relations are few, and have no route of their own). Components nest at most
 * `depth` levels, the content API's own bound.
 */
export function editPopulate(api: PluginApi, model: Model, depth: number): RawPopulate {
  const map: RawPopulate = {};
  for (const [name, attr] of Object.entries(model.attributes)) {
    const node = populateOf(api, attr, depth, model.modelType === 'contentType');
    if (node !== undefined) map[name] = node;
  }
  return map;
}

function populateOf(api: PluginApi, attr: Attribute, depth: number, root: boolean): unknown {
  if (attr.private) return undefined;
  switch (attr.type) {
    case 'media': return true;
    case 'relation': return attr.versions ? undefined : root && isToMany(attr.relation) ? { count: true } : { fields: ['documentId'] };
    case 'component': {
      if (depth <= 1) return undefined;
      return { populate: editPopulate(api, api.registry.component(attr.component), depth - 1) };
    }
    case 'dynamiczone': {
      if (depth <= 1) return undefined;
      const on: RawPopulate = {};
      for (const uid of attr.components) on[uid] = { populate: editPopulate(api, api.registry.component(uid), depth - 1) };
      return { on };
    }
    default: return undefined;
  }
}

export const isToMany = (relation: string): boolean => relation === 'oneToMany' || relation === 'manyToMany' || relation === 'manyWay' || relation === 'morphToMany';
