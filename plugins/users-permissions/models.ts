// The plugin's content types: users, roles and the permission actions granted to each role.
// Strapi's table names, so a database migrated from Strapi reads the same.

import type { ModelRegistry } from '../../core/index.js';

export const PLUGIN_NAME = 'users-permissions';
export const USER_UID = 'plugin::users-permissions.user';
export const ROLE_UID = 'plugin::users-permissions.role';
export const PERMISSION_UID = 'plugin::users-permissions.permission';
/** Settings changed at run time (runtime-settings.ts): one row per part, its values as JSON. */
export const SETTINGS_UID = 'plugin::users-permissions.setting';

export function addModels(registry: ModelRegistry): void {
  const owner = { owner: PLUGIN_NAME };
  registry.addContentType({
    kind: 'collectionType',
    collectionName: 'up_users',
    info: { singularName: 'user', pluralName: 'users', displayName: 'User' },
    options: { draftAndPublish: false },
    attributes: {
      username: { type: 'string', minLength: 3, unique: true, required: true, configurable: false },
      email: { type: 'email', minLength: 6, required: true, configurable: false },
      provider: { type: 'string', configurable: false },
      password: { type: 'password', minLength: 6, private: true, configurable: false },
      resetPasswordToken: { type: 'string', private: true, configurable: false },
      resetPasswordExpiresAt: { type: 'datetime', private: true, configurable: false },
      confirmationToken: { type: 'string', private: true, configurable: false },
      confirmationExpiresAt: { type: 'datetime', private: true, configurable: false },
      confirmed: { type: 'boolean', default: false, configurable: false },
      blocked: { type: 'boolean', default: false, configurable: false },
      // Bumped on password change or reset, block and role change: every earlier JWT stops working
      tokenVersion: { type: 'integer', default: 0, private: true, configurable: false },
      role: { type: 'relation', relation: 'manyToOne', target: ROLE_UID, inversedBy: 'users', configurable: false },
    },
  }, { ...owner, uid: USER_UID });
  registry.addContentType({
    kind: 'collectionType',
    collectionName: 'up_roles',
    info: { singularName: 'role', pluralName: 'roles', displayName: 'Role' },
    options: { draftAndPublish: false },
    attributes: {
      name: { type: 'string', minLength: 3, required: true, configurable: false },
      description: { type: 'string', configurable: false },
      type: { type: 'string', unique: true, configurable: false },
      permissions: { type: 'relation', relation: 'oneToMany', target: PERMISSION_UID, mappedBy: 'role', configurable: false },
      users: { type: 'relation', relation: 'oneToMany', target: USER_UID, mappedBy: 'role', configurable: false },
    },
  }, { ...owner, uid: ROLE_UID });
  registry.addContentType({
    kind: 'collectionType',
    collectionName: 'up_permissions',
    info: { singularName: 'permission', pluralName: 'permissions', displayName: 'Permission' },
    options: { draftAndPublish: false },
    attributes: {
      action: { type: 'string', required: true, configurable: false },
      role: { type: 'relation', relation: 'manyToOne', target: ROLE_UID, inversedBy: 'permissions', configurable: false },
    },
  }, {
    ...owner, uid: PERMISSION_UID,
    // api::article.article.find becomes api::post.post.find when the builder renames the type
    storedNames: [{ attribute: 'action', holds: 'actions' }],
  });
  registry.addContentType({
    kind: 'collectionType',
    collectionName: 'up_settings',
    info: { singularName: 'setting', pluralName: 'settings', displayName: 'Setting' },
    options: { draftAndPublish: false },
    attributes: {
      key: { type: 'string', required: true, unique: true, configurable: false },
      value: { type: 'json', required: true, configurable: false },
    },
  }, { ...owner, uid: SETTINGS_UID });
}
