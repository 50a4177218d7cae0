// The administration's content types: administrators, their roles and the permissions granted to
// each role (Strapi's admin_* tables, so a database migrated from Strapi reads the same), their
// sessions, and the content manager's stored view settings. They are plugin models: no content-API
// route, GraphQL type or OpenAPI schema is made for them. Every content type of the app gets
// Strapi's created_by_id and updated_by_id columns: who wrote each version, never on the content API.

import type { ContentType, ModelRegistry, PluginApi } from '../../core/index.js';

export const PLUGIN_NAME = 'admin';
export const USER_UID = 'admin::user';
export const ROLE_UID = 'admin::role';
export const PERMISSION_UID = 'admin::permission';
export const SESSION_UID = 'admin::session';
export const CONFIGURATION_UID = 'admin::cm-configuration';

/** Who wrote a version: the attributes behind created_by_id / updated_by_id. */
export const CREATED_BY = 'createdById';
export const UPDATED_BY = 'updatedById';

/** The content types an administrator edits: the app's own (api::), and those a plugin serves
 *  through the content API as an app's (api.contentApi.serve): the same documents, drafts and
 *  routes. Plugins' internal types (users, roles, tokens) stay theirs, and a type whose schema
 *  says `pluginOptions['content-manager'].visible: false` (Strapi's switch) is left out. */
export const isEditable = (ct: ContentType, api: Pick<PluginApi, 'contentApi'>): boolean =>
  (ct.uid.startsWith('api::') || api.contentApi.has(ct.uid)) && ct.pluginOptions?.['content-manager']?.visible !== false;

export function addModels(registry: ModelRegistry, api: Pick<PluginApi, 'contentApi'>): void {
  const owner = { owner: PLUGIN_NAME };
  const fixed = { configurable: false } as const;
  const hidden = { private: true, configurable: false } as const;
  registry.addContentType({
    kind: 'collectionType',
    collectionName: 'admin_users',
    info: { singularName: 'user', pluralName: 'users', displayName: 'User' },
    options: { draftAndPublish: false },
    attributes: {
      firstname: { type: 'string', maxLength: 255, ...fixed },
      lastname: { type: 'string', maxLength: 255, ...fixed },
      username: { type: 'string', maxLength: 255, ...fixed },
      // Stored lower-cased: one account per address whatever its case, on every database
      email: { type: 'email', required: true, unique: true, maxLength: 255, ...fixed },
      password: { type: 'password', ...hidden },
      resetPasswordToken: { type: 'string', ...hidden },
      resetPasswordExpiresAt: { type: 'datetime', ...hidden },
      registrationToken: { type: 'string', ...hidden },
      registrationExpiresAt: { type: 'datetime', ...hidden },
      isActive: { type: 'boolean', default: false, ...fixed },
      blocked: { type: 'boolean', default: false, ...fixed },
      preferedLanguage: { type: 'string', ...fixed },
      roles: { type: 'relation', relation: 'manyToMany', target: ROLE_UID, inversedBy: 'users', ...fixed },
    },
  }, { ...owner, uid: USER_UID });
  registry.addContentType({
    kind: 'collectionType',
    collectionName: 'admin_roles',
    info: { singularName: 'role', pluralName: 'roles', displayName: 'Role' },
    options: { draftAndPublish: false },
    attributes: {
      name: { type: 'string', minLength: 1, required: true, unique: true, ...fixed },
      code: { type: 'string', minLength: 1, required: true, unique: true, ...fixed },
      description: { type: 'string', ...fixed },
      users: { type: 'relation', relation: 'manyToMany', target: USER_UID, mappedBy: 'roles', ...fixed },
      permissions: { type: 'relation', relation: 'oneToMany', target: PERMISSION_UID, mappedBy: 'role', ...fixed },
    },
  }, { ...owner, uid: ROLE_UID });
  registry.addContentType({
    kind: 'collectionType',
    collectionName: 'admin_permissions',
    info: { singularName: 'permission', pluralName: 'permissions', displayName: 'Permission' },
    options: { draftAndPublish: false },
    attributes: {
      action: { type: 'string', minLength: 1, required: true, ...fixed },
      actionParameters: { type: 'json', ...fixed },
      subject: { type: 'string', ...fixed },
      properties: { type: 'json', ...fixed },
      conditions: { type: 'json', ...fixed },
      role: { type: 'relation', relation: 'manyToOne', target: ROLE_UID, inversedBy: 'permissions', ...fixed },
    },
  }, {
    ...owner, uid: PERMISSION_UID,
    // A role's permission on a type, and the fields it narrows to (Strapi's rows may hold dotted
    // paths into components), follow the builder's renames
    storedNames: [{ attribute: 'subject', holds: 'uid' }, { attribute: 'properties', holds: 'paths', of: 'subject', path: ['fields'] }],
  });
  registry.addContentType({
    kind: 'collectionType',
    collectionName: 'admin_sessions',
    info: { singularName: 'session', pluralName: 'sessions', displayName: 'Session' },
    options: { draftAndPublish: false },
    attributes: {
      // Random, in the refresh token and the access token's claims; never guessable from another
      sessionId: { type: 'string', required: true, unique: true, ...fixed },
      userId: { type: 'integer', required: true, ...fixed },
      // The SHA-256 of the one refresh token that may be used next: any other one ends the session
      refreshHash: { type: 'string', ...hidden },
      status: { type: 'enumeration', enum: ['active', 'revoked'], default: 'active', ...fixed },
      rememberMe: { type: 'boolean', default: false, ...fixed },
      /** Ends unless refreshed before (idle lifespan); never later than absoluteExpiresAt. */
      expiresAt: { type: 'datetime', required: true, ...fixed },
      absoluteExpiresAt: { type: 'datetime', required: true, ...fixed },
      lastUsedAt: { type: 'datetime', ...fixed },
      userAgent: { type: 'string', maxLength: 255, ...fixed },
      ip: { type: 'string', maxLength: 64, ...fixed },
    },
  }, { ...owner, uid: SESSION_UID });
  registry.addContentType({
    kind: 'collectionType',
    collectionName: 'admin_cm_configurations',
    info: { singularName: 'cm-configuration', pluralName: 'cm-configurations', displayName: 'Content manager configuration' },
    options: { draftAndPublish: false },
    attributes: {
      // A content type's or component's uid
      uid: { type: 'string', required: true, unique: true, ...fixed },
      configuration: { type: 'json', required: true, ...fixed },
    },
  }, {
    ...owner, uid: CONFIGURATION_UID,
    // A view's settings follow a renamed type, component or field (content-manager/configuration.ts
    // drops names the schema no longer has: a field renamed without these would lose its label
    // and place)
    storedNames: [
      { attribute: 'uid', holds: 'uid', components: true },
      { attribute: 'configuration', holds: 'keys', of: 'uid', path: ['metadatas'] },
      ...[['layouts', 'list'], ['layouts', 'edit', 'name'], ['settings', 'mainField'], ['settings', 'defaultSortBy']]
        .map((path) => ({ attribute: 'configuration', holds: 'names' as const, of: 'uid', path })),
    ],
  });
  for (const ct of registry.contentTypes()) {
    if (!isEditable(ct, api)) continue;
    for (const name of [CREATED_BY, UPDATED_BY]) {
      if (name in ct.attributes) continue;
      registry.addAttribute(ct.uid, name, { type: 'integer', private: true, writable: false, configurable: false }, owner);
    }
  }
}
