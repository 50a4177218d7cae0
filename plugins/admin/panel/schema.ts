// What the panel knows of the server once signed in: the administrator, their permissions, the
// content types and components the content manager edits, and the locales. Loaded in parallel
// (no waterfall) when the session starts; each type's view configuration on first use.

import { api } from './api.js';
import { createStore } from './store.js';

export interface Attribute {
  type: string;
  required?: boolean;
  unique?: boolean;
  private?: boolean;
  writable?: boolean;
  visible?: boolean;
  default?: unknown;
  min?: number | string;
  max?: number | string;
  minLength?: number;
  maxLength?: number;
  regex?: string;
  enum?: string[];
  targetField?: string;
  multiple?: boolean;
  allowedTypes?: string[];
  relation?: string;
  target?: string;
  mappedBy?: string;
  inversedBy?: string;
  component?: string;
  repeatable?: boolean;
  components?: string[];
  pluginOptions?: { i18n?: { localized?: boolean } };
}

export interface ContentType {
  uid: string;
  kind: 'collectionType' | 'singleType';
  isDisplayed: boolean;
  info: { displayName: string; singularName: string; pluralName: string; description?: string };
  options?: { draftAndPublish?: boolean };
  pluginOptions?: { i18n?: { localized?: boolean } };
  attributes: Record<string, Attribute>;
}

export interface Component {
  uid: string;
  category: string;
  info: { displayName: string; icon?: string; description?: string };
  attributes: Record<string, Attribute>;
}

export interface Metadata {
  edit: { label: string; description: string; placeholder: string; visible: boolean; editable: boolean; mainField?: string };
  list: { label: string; searchable: boolean; sortable: boolean };
}

export interface Configuration {
  uid: string;
  settings: { bulkable: boolean; filterable: boolean; searchable: boolean; pageSize: number; mainField: string; defaultSortBy: string; defaultSortOrder: 'ASC' | 'DESC' };
  metadatas: Record<string, Metadata>;
  layouts: { list: string[]; edit: Array<Array<{ name: string; size: number }>> };
}

export interface Permission {
  action: string;
  subject: string | null;
  properties: { fields?: string[]; locales?: string[] };
  conditions: string[];
}

export interface AdminUser {
  id: number;
  firstname: string | null;
  lastname: string | null;
  username: string | null;
  email: string;
  roles: Array<{ id: number; name: string; code: string }>;
}

export interface Locale { code: string; name: string; isDefault: boolean }

export interface Schema {
  user: AdminUser;
  permissions: Permission[];
  contentTypes: ContentType[];
  components: Map<string, Component>;
  locales: Locale[];
}

export const schema = createStore<Schema | undefined>(undefined);

export async function loadSchema(): Promise<Schema> {
  const [me, permissions, types, components, locales] = await Promise.all([
    api.get<{ data: AdminUser }>('/admin/users/me'),
    api.get<{ data: Permission[] }>('/admin/users/me/permissions'),
    api.get<{ data: ContentType[] }>('/content-manager/content-types'),
    api.get<{ data: Component[] }>('/content-manager/components'),
    // Without i18n, or without the right to read locales, the panel has one unnamed locale
    api.get<Locale[]>('/i18n/locales').catch(() => [] as Locale[]),
  ]);
  const loaded: Schema = {
    user: me.data,
    permissions: permissions.data,
    contentTypes: types.data.filter((t) => t.isDisplayed),
    components: new Map(components.data.map((c) => [c.uid, c])),
    locales,
  };
  schema.set(loaded);
  return loaded;
}

const configurations = new Map<string, Promise<{ contentType: Configuration; components: Record<string, Configuration> }>>();

export function configurationOf(uid: string) {
  let found = configurations.get(uid);
  if (!found) {
    found = api.get<{ data: { contentType: Configuration; components: Record<string, Configuration> } }>(`/content-manager/content-types/${uid}/configuration`).then((r) => r.data);
    found.catch(() => configurations.delete(uid));
    configurations.set(uid, found);
  }
  return found;
}

const EXPLORER = 'plugin::content-manager.explorer';

/** The permission rows for an action on a type (several rows are alternatives). */
function rows(s: Schema, action: string, uid: string): Permission[] {
  return s.permissions.filter((p) => p.action === `${EXPLORER}.${action}` && p.subject === uid);
}

export function can(s: Schema, action: string, uid: string, locale?: string): boolean {
  return rows(s, action, uid).some((p) => !locale || !p.properties.locales || p.properties.locales.includes(locale));
}

/** The fields an action may touch, or undefined for all of them: the server's rule (the admin
 *  plugin's ability), those every row with a field list grants, so the screen never offers a field
 *  whose write the server would refuse. */
export function fieldsFor(s: Schema, action: string, uid: string): Set<string> | undefined {
  const found = rows(s, action, uid);
  if (!found.length) return new Set();
  const narrowed = found.filter((p) => Array.isArray(p.properties.fields)).map((p) => new Set(p.properties.fields!.map((f) => f.split('.')[0]!)));
  if (!narrowed.length) return undefined;
  const [first, ...rest] = narrowed;
  return new Set([...first!].filter((name) => rest.every((f) => f.has(name))));
}

export function localesFor(s: Schema, action: string, uid: string): Locale[] {
  const found = rows(s, action, uid);
  if (found.some((p) => !p.properties.locales)) return s.locales;
  const allowed = new Set(found.flatMap((p) => p.properties.locales ?? []));
  return s.locales.filter((l) => allowed.has(l.code));
}

export const isLocalized = (ct: ContentType) => ct.pluginOptions?.i18n?.localized === true;
export const hasDrafts = (ct: ContentType) => ct.options?.draftAndPublish === true;

/** Attributes the server writes itself (timestamps, locale, status). */
export const isSystem = (name: string, attr: Attribute) => attr.writable === false || ['id', 'documentId', 'createdBy', 'updatedBy'].includes(name);

export function displayName(user: { firstname?: string | null; lastname?: string | null; username?: string | null; email?: string } | null | undefined): string {
  if (!user) return '';
  return user.username || [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email || '';
}
