// The admin permission actions, Strapi's names: the content manager's per content type (with
// fields, locales and conditions), and the settings'. A role's permissions are rows of these
// (action, subject, properties, conditions); the ability answers the actions the rest of the
// system asks about (content-API style `<uid>.<verb>`, the operations' own names) from them.

import { UP_SETTINGS_ALIASES, UP_SETTINGS_PERMISSION } from './settings-user-advanced.js';

export const EXPLORER = {
  create: 'plugin::content-manager.explorer.create',
  read: 'plugin::content-manager.explorer.read',
  update: 'plugin::content-manager.explorer.update',
  delete: 'plugin::content-manager.explorer.delete',
  publish: 'plugin::content-manager.explorer.publish',
} as const;

export type ExplorerVerb = keyof typeof EXPLORER;

/** The verbs a content type's document calls ask for (content-API action names and document
 *  actions), as content-manager permissions. */
export const VERB_OF: Readonly<Record<string, ExplorerVerb>> = {
  find: 'read', findOne: 'read', readDraft: 'read', count: 'read',
  create: 'create', update: 'update', delete: 'delete',
  publish: 'publish', unpublish: 'publish', discardDraft: 'update',
};

export const CONDITIONS = {
  isCreator: 'admin::is-creator',
  sameRole: 'admin::has-same-role-as-creator',
} as const;

export const CONDITION_LIST = [
  { id: CONDITIONS.isCreator, displayName: 'Is creator', category: 'default' },
  { id: CONDITIONS.sameRole, displayName: 'Has same role as creator', category: 'default' },
] as const;

export interface SettingAction {
  action: string;
  displayName: string;
  category: string;
  subCategory: string;
  /** The plugin whose operations it guards; listed only when that plugin is enabled. */
  plugin?: string;
}

const setting = (category: string, subCategory: string, plugin?: string) =>
  (verb: string, action: string): SettingAction => ({ action, displayName: verb, category, subCategory, ...(plugin ? { plugin } : {}) });

const users = setting('Users and Roles', 'Users');
const roles = setting('Users and Roles', 'Roles');
const tokens = setting('API Tokens', 'General');
const hooks = setting('Webhooks', 'General');
const locales = setting('Internationalization', 'Locales', 'i18n');
const endUserRoles = setting('Users & Permissions plugin', 'Roles', 'users-permissions');
const endUserTemplates = setting('Users & Permissions plugin', 'Email templates', 'users-permissions');
const endUserAdvanced = setting('Users & Permissions plugin', 'Advanced settings', 'users-permissions');
const media = setting('Media Library', 'General', 'upload');
const views = setting('Content Manager', 'Views');
const contentTypeBuilder = setting('Plugins', 'Content-Type Builder');
const auditLogs = setting('Audit Logs', 'General');

export const SETTINGS_ACTIONS: readonly SettingAction[] = [
  users('Create (invite)', 'admin::users.create'), users('Read', 'admin::users.read'),
  users('Update', 'admin::users.update'), users('Delete', 'admin::users.delete'),
  roles('Create', 'admin::roles.create'), roles('Read', 'admin::roles.read'),
  roles('Update', 'admin::roles.update'), roles('Delete', 'admin::roles.delete'),
  tokens('Access the API tokens settings page', 'admin::api-tokens.access'), tokens('Create (generate)', 'admin::api-tokens.create'),
  tokens('Read', 'admin::api-tokens.read'), tokens('Update', 'admin::api-tokens.update'),
  tokens('Regenerate', 'admin::api-tokens.regenerate'), tokens('Delete (revoke)', 'admin::api-tokens.delete'),
  hooks('Create', 'admin::webhooks.create'), hooks('Read', 'admin::webhooks.read'),
  hooks('Update', 'admin::webhooks.update'), hooks('Delete', 'admin::webhooks.delete'),
  locales('Create', 'plugin::i18n.locale.create'), locales('Read', 'plugin::i18n.locale.read'),
  locales('Update', 'plugin::i18n.locale.update'), locales('Delete', 'plugin::i18n.locale.delete'),
  endUserRoles('Create', 'plugin::users-permissions.roles.create'), endUserRoles('Read', 'plugin::users-permissions.roles.read'),
  endUserRoles('Update', 'plugin::users-permissions.roles.update'), endUserRoles('Delete', 'plugin::users-permissions.roles.delete'),
  endUserTemplates('Read', UP_SETTINGS_PERMISSION.templatesRead), endUserTemplates('Update', UP_SETTINGS_PERMISSION.templatesUpdate),
  endUserAdvanced('Read', UP_SETTINGS_PERMISSION.advancedRead), endUserAdvanced('Update', UP_SETTINGS_PERMISSION.advancedUpdate),
  media('Access the Media Library', 'plugin::upload.read'), media('Create (upload)', 'plugin::upload.assets.create'),
  media('Update (crop, details, replace) + delete', 'plugin::upload.assets.update'),
  views('Configure the collection types\' views', 'plugin::content-manager.collection-types.configure-view'),
  views('Configure the single types\' views', 'plugin::content-manager.single-types.configure-view'),
  views('Configure the components\' layouts', 'plugin::content-manager.components.configure-layout'),
  contentTypeBuilder('Read (and, in development, change the schemas)', 'plugin::content-type-builder.read'),
  auditLogs('Read', 'admin::audit-logs.read'),
];

/** Actions that other plugins' and core's operations are named by, and the admin permission
 *  each needs (an admin route over the webhooks' or the end-user roles' operations). */
export const ALIASES: Readonly<Record<string, string>> = {
  'admin::webhooks.list': 'admin::webhooks.read',
  'admin::webhooks.deliveries': 'admin::webhooks.read',
  'plugin::users-permissions.role.find': 'plugin::users-permissions.roles.read',
  'plugin::users-permissions.role.findOne': 'plugin::users-permissions.roles.read',
  'plugin::users-permissions.permissions.getPermissions': 'plugin::users-permissions.roles.read',
  'plugin::users-permissions.role.createRole': 'plugin::users-permissions.roles.create',
  'plugin::users-permissions.role.updateRole': 'plugin::users-permissions.roles.update',
  'plugin::users-permissions.role.deleteRole': 'plugin::users-permissions.roles.delete',
  ...UP_SETTINGS_ALIASES,
  'plugin::i18n.locales.listLocales': 'plugin::i18n.locale.read',
  'admin::users.read-one': 'admin::users.read',
  'admin::users.batch-delete': 'admin::users.delete',
  'admin::roles.read-one': 'admin::roles.read',
  'admin::roles.permissions': 'admin::roles.read',
  'admin::roles.set-permissions': 'admin::roles.update',
  'admin::roles.batch-delete': 'admin::roles.delete',
  'admin::permissions.read': 'admin::roles.read',
  // The media library's POST /upload?id= (change or replace a file) asks for the content API's destroy
  'plugin::upload.content-api.destroy': 'plugin::upload.assets.update',
};

/** What any signed-in administrator may do: their own session, profile and permissions (the
 *  operations named admin::auth.* and admin::users.me.*). */
export const isOwnAccountAction = (action: string): boolean => action.startsWith('admin::auth.') || action.startsWith('admin::users.me.');

export const SUPER_ADMIN_CODE = 'strapi-super-admin';
export const EDITOR_CODE = 'strapi-editor';
export const AUTHOR_CODE = 'strapi-author';
