// UIDs: api::<singular>.<singular> for the app's content types, plugin::<plugin>.<name> for plugin
// models, <category>.<name> for components.

export function contentTypeUid(singularName: string): string {
  return `api::${singularName}.${singularName}`;
}

export function pluginUid(plugin: string, name: string): string {
  return `plugin::${plugin}.${name}`;
}

export function componentUid(category: string, name: string): string {
  return `${category}.${name}`;
}

export function isComponentUid(uid: string): boolean {
  return !uid.includes('::') && /^[a-z0-9-]+\.[a-z0-9-]+$/.test(uid);
}

/** kebab-case or camelCase names, as Strapi accepts for singular/plural names. */
export const NAME_PATTERN = /^[a-z][a-z0-9-]*$/;
