// Strapi 5's GraphQL names, so existing queries keep working: Article, ComponentSharedSeo,
// UsersPermissionsUser; article / articles; ArticleFiltersInput; ENUM_ARTICLE_REVIEWSTATE.

import type { ContentType, Model } from '../../core/index.js';

/** 'rich-text' -> 'RichText', 'users-permissions' -> 'UsersPermissions'; a letter after digits
 *  starts a word, as in Strapi's names (lodash's camelCase): 'i18n-locale' -> 'I18NLocale'. */
export function pascal(name: string): string {
  return name.split(/[^0-9A-Za-z]+|(?<=[0-9])(?=[A-Za-z])/).filter(Boolean).map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');
}

/** 'blog-post' -> 'blogPost'. */
export function camel(name: string): string {
  const p = pascal(name);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

// Resolvers ask for it per request (the selection of each root field): worth remembering
const typeNames = new WeakMap<Model, string>();

/** The output type of a content type or component. */
export function typeNameOf(model: Model): string {
  let name = typeNames.get(model);
  if (name === undefined) typeNames.set(model, name = spellTypeName(model));
  return name;
}

function spellTypeName(model: Model): string {
  if (model.modelType === 'component') return `Component${pascal(model.category)}${pascal(model.name)}`;
  const plugin = /^plugin::([^.]+)\./.exec(model.uid)?.[1];
  return plugin ? `${pascal(plugin)}${pascal(model.singularName)}` : pascal(model.singularName);
}

/** The root query field of one document (and of a single type). */
export function singularField(ct: ContentType): string {
  const plugin = /^plugin::([^.]+)\./.exec(ct.uid)?.[1];
  return plugin ? camel(`${plugin}-${ct.singularName}`) : camel(ct.singularName);
}

/** The root query field of a list. */
export function pluralField(ct: ContentType): string {
  const plugin = /^plugin::([^.]+)\./.exec(ct.uid)?.[1];
  return plugin ? camel(`${plugin}-${ct.pluralName}`) : camel(ct.pluralName);
}

export const filtersInputOf = (model: Model) => `${typeNameOf(model)}FiltersInput`;
export const inputOf = (model: Model) => `${typeNameOf(model)}Input`;
export const entityOf = (model: Model) => `${typeNameOf(model)}Entity`;
export const entityResponseOf = (model: Model) => `${typeNameOf(model)}EntityResponse`;
export const collectionOf = (model: Model) => `${typeNameOf(model)}EntityResponseCollection`;
export const relationCollectionOf = (model: Model) => `${typeNameOf(model)}RelationResponseCollection`;
export const enumOf = (model: Model, attribute: string) => `ENUM_${typeNameOf(model).toUpperCase()}_${attribute.toUpperCase()}`;
export const dynamicZoneOf = (model: Model, attribute: string) => `${typeNameOf(model)}${pascal(attribute)}DynamicZone`;
export const dynamicZoneInputOf = (model: Model, attribute: string) => `${dynamicZoneOf(model, attribute)}Input`;
/** A field's connection twin: tags -> tags_connection. */
export const connectionField = (field: string) => `${field}_connection`;
