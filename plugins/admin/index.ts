// admin: administrators, their sessions and roles, and the admin API the panel stands on (the
// content manager, settings). An administrator is a strategy of the admin realm; their role's
// permissions are an ability whose limits (fields, locales, "is creator") the document layer
// enforces, so every surface meets the same rules. Uses only the kernel's public API.

import { definePlugin, MODEL_STAGE, type OperationRegistry } from '../../core/index.js';
import { authOperations } from './auth.js';
import { AdminContext } from './context.js';
import { configurationOperations, Configurations } from './content-manager/configuration.js';
import { contentManagerOperations } from './content-manager/documents.js';
import { relationOperations } from './content-manager/relations.js';
import { addContentManagerRoutes } from './content-manager/routes.js';
import { filterByStatus } from './content-manager/status-filter.js';
import { auditOperations } from './history/audit-operations.js';
import { addHistoryModels, AUDIT_UID, HISTORY_UID } from './history/models.js';
import { HISTORY_STAGE, HistoryRecorder, PRUNE_ACTION } from './history/recorder.js';
import { Retention } from './history/retention.js';
import { addHistoryRoutes, auditOperationsList } from './history/routes.js';
import { historyOperations } from './history/versions.js';
import { addContentTypeBuilderRoutes, contentTypeBuilderOperations } from './content-type-builder/routes.js';
import { addMediaLibraryRoutes } from './media-library.js';
import { mediaUsageOperation } from './media-usage.js';
import { addModels, CREATED_BY, isEditable, PERMISSION_UID, PLUGIN_NAME, ROLE_UID, UPDATED_BY } from './models.js';
import { panelPage } from './panel-page.js';
import { PERMISSIONS_SIGNAL } from './roles.js';
import { roleOperations } from './role-operations.js';
import { addAuthRoutes } from './routes-auth.js';
import { addUserAndRoleRoutes } from './routes-users.js';
import { CONFIG_KEYS, readSettings } from './settings.js';
import { addSettingsRoutes, settingsOperations } from './settings-apis.js';
import { adminOf, adminStrategy } from './strategy.js';
import { AccessTokens, resolveAdminSecret } from './tokens.js';
import { userOperations } from './user-operations.js';

export default definePlugin({
  name: PLUGIN_NAME,
  configKeys: CONFIG_KEYS,
  register(api, config) {
    const admin = new AdminContext(api, readSettings(config));
    const configurations = new Configurations(api);
    // After every registerModels tap that adds types or attributes: createdBy on the served types too
    api.hooks.registerModels.tap({ name: PLUGIN_NAME, stage: MODEL_STAGE.ATTRIBUTES + 1 }, (registry) => addModels(registry, api));
    api.hooks.registerModels.tap(PLUGIN_NAME, addHistoryModels);
    // Content history: a rule of the document layer, whatever surface writes
    const recorder = new HistoryRecorder(api, admin.settings.history, admin.audit, (ct) => isEditable(ct, api));
    api.hooks.wrapDocumentAction.tap({ name: PLUGIN_NAME, stage: HISTORY_STAGE }, recorder.wrap);
    api.defineDocumentAction({
      name: PRUNE_ACTION, owner: PLUGIN_NAME, appliesTo: (ct) => ct.uid === HISTORY_UID || ct.uid === AUDIT_UID,
      run: async ({ rows, params, transaction }) => {
        const ids = Array.isArray(params.ids) ? params.ids.filter((id): id is number => typeof id === 'number') : [];
        await transaction(() => rows.delete(ids));
        return { count: ids.length };
      },
    });
    const retention = new Retention(api, admin.settings, api.logger);
    api.services.provide('admin.retention', retention);
    api.hooks.defineOperations.tap(PLUGIN_NAME, (operations: OperationRegistry) => {
      for (const op of authOperations(admin)) operations.define(op);
      for (const op of userOperations(admin)) operations.define(op);
      for (const op of roleOperations(admin)) operations.define(op);
      for (const op of settingsOperations(admin)) operations.define(op);
      for (const op of contentManagerOperations(admin)) operations.define(op);
      for (const op of relationOperations(admin, configurations)) operations.define(op);
      for (const op of configurationOperations(admin, configurations)) operations.define(op);
      for (const op of contentTypeBuilderOperations(api)) operations.define(op);
      if (api.registry.has('plugin::upload.folder')) operations.define(mediaUsageOperation(admin, configurations));
      for (const op of historyOperations(admin)) operations.define(op);
      for (const op of auditOperationsList(admin)) operations.define(op);
    });
    // Once every plugin has defined its operations: the settings ones the audit log lists
    api.hooks.defineOperations.tap({ name: PLUGIN_NAME, stage: 1000 }, (operations: OperationRegistry) => auditOperations(operations, admin.audit));
    api.middleware('beforeBody', panelPage(admin.settings.panel, api.logger));
    api.hooks.buildRoutes.tap(PLUGIN_NAME, (routes) => {
      if (admin.settings.panel.enabled) routes.addLink({ title: 'Admin panel', path: admin.settings.panel.path, description: 'Where editors write, publish and translate' });
      addAuthRoutes(admin, routes);
      addUserAndRoleRoutes(routes);
      addSettingsRoutes(routes, api.operations);
      addContentManagerRoutes(routes);
      addMediaLibraryRoutes(routes, api.operations, api.services);
      addContentTypeBuilderRoutes(routes);
      addHistoryRoutes(routes);
    });
    api.hooks.authenticateAdmin.tapPromise(PLUGIN_NAME, adminStrategy({
      tokens: () => admin.tokens, sessions: admin.sessions, users: admin.users, roles: admin.roles, models: admin.models,
    }));
    // Who wrote each version of the app's content types: Strapi's created_by_id / updated_by_id
    api.hooks.beforeQuery.tap(PLUGIN_NAME, (ctx) => {
      const me = adminOf(ctx.auth);
      if (!me || !isEditable(ctx.contentType, api)) return ctx;
      if (ctx.action === 'create' || ctx.action === 'createMany') ctx.rowDefaults.push(() => ({ [CREATED_BY]: me.id }));
      if (ctx.action === 'create' || ctx.action === 'createMany' || ctx.action === 'update') ctx.rowStamps.push(() => ({ [UPDATED_BY]: me.id }));
      return ctx;
    });
    api.hooks.beforeQuery.tap(PLUGIN_NAME, filterByStatus);
    api.hooks.bootstrap.tapPromise(PLUGIN_NAME, async () => {
      admin.tokens = new AccessTokens(resolveAdminSecret(api, admin.settings.auth.secret), admin.settings.auth.accessTokenLifespan);
      await admin.roles.seed();
      retention.start();
    });
    // Roles and permissions written by anyone take effect at once here, and on the other
    // instances within server.signalInterval
    api.hooks.documentEvent.tapPromise(PLUGIN_NAME, async (event) => {
      if (event.uid !== ROLE_UID && event.uid !== PERMISSION_UID) return;
      admin.roles.invalidate();
      await api.signals.bump(PERMISSIONS_SIGNAL);
    });
    api.signals.watch(PERMISSIONS_SIGNAL, () => admin.roles.invalidate());
    api.hooks.destroy.tapPromise(PLUGIN_NAME, async () => { await retention.stop(); await admin.settle(); });
  },
});

export type { AdminCredentials } from './strategy.js';
export type { Retention } from './history/retention.js';

declare module '../../core/index.js' {
  interface Services { 'admin.retention': Retention }
}
export type { AdminSettings } from './settings.js';
