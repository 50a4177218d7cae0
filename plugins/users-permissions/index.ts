// users-permissions: users, roles and per-role permissions; JWT authentication on the kernel's
// authenticate hook, permissions as abilities that core's authorize tap and query checks apply.
// Its flows are operations; REST routes are adapters over them. Uses only the kernel's public API.

import { AUTH_STAGE, definePlugin, KernelError, type OperationRegistry } from '../../core/index.js';
import { authOperations } from './auth.js';
import { UpContext } from './context.js';
import { JwtService, resolveJwtSecret } from './jwt.js';
import { addModels, PERMISSION_UID, PLUGIN_NAME, ROLE_UID } from './models.js';
import { roleOperations } from './role-operations.js';
import { contributeSchema } from './schema.js';
import { addAuthRoutes } from './routes-auth.js';
import { addRoleRoutes } from './routes-roles.js';
import { addUserRoutes } from './routes-users.js';
import { RuntimeSettings, SETTINGS_SIGNAL } from './runtime-settings.js';
import { settingsOperations } from './settings-operations.js';
import { CONFIG_KEYS, readSettings } from './settings.js';
import { jwtStrategy } from './strategy.js';
import { userOperations } from './user-operations.js';

/** Bumped when roles or permissions change, so other instances drop their cached permissions. */
const PERMISSIONS_SIGNAL = 'users-permissions.permissions';

export default definePlugin({
  name: PLUGIN_NAME,
  configKeys: CONFIG_KEYS,
  register(api, config) {
    const up = new UpContext(api, readSettings(config));
    const { settings } = up;
    const runtime = new RuntimeSettings(up, config);
    api.hooks.registerModels.tap(PLUGIN_NAME, addModels);
    api.hooks.defineOperations.tap(PLUGIN_NAME, (operations: OperationRegistry) => {
      for (const op of [...authOperations(up), ...userOperations(up), ...roleOperations(up), ...settingsOperations(up, runtime)]) operations.define(op);
    });
    api.hooks.buildRoutes.tap(PLUGIN_NAME, (routes) => {
      addAuthRoutes(up, routes);
      addUserRoutes(up, routes);
      addRoleRoutes(up, routes);
    });
    contributeSchema(api, up);
    api.hooks.authenticate.tapPromise({ name: PLUGIN_NAME, stage: AUTH_STAGE.JWT }, jwtStrategy({
      get jwt() { return up.jwt; },
      users: up.users,
      permissions: up.permissions,
      requireConfirmed: () => settings.emailConfirmation,
    }));
    // Before the database opens: a start refused here has created no table
    api.hooks.verify.tap(PLUGIN_NAME, () => { up.permissions.assertGrants(settings.permissions); });
    api.hooks.bootstrap.tapPromise(PLUGIN_NAME, async () => {
      up.jwt = new JwtService(resolveJwtSecret(api, settings.jwt.secret), settings.jwt.expiresIn);
      if (settings.email.provider === 'log' && api.config.server.environment === 'production') {
        api.logger.warn('[users-permissions] emails are written to the log: configure email.provider smtp for production');
      }
      await up.permissions.bootstrap(settings.permissions);
      await runtime.load();
      if (!(await up.permissions.roleByType(runtime.configured.defaultRole))) {
        throw new KernelError('CONFIG_ERR_INVALID', `config plugins.users-permissions.config.defaultRole: no role of type ${runtime.configured.defaultRole}`);
      }
    });
    // Roles and permissions written by anyone (a script, another plugin) take effect at once
    // ... on this instance at once, and on the others on the database within server.signalInterval
    api.hooks.documentEvent.tapPromise(PLUGIN_NAME, async (event) => {
      if (event.uid !== ROLE_UID && event.uid !== PERMISSION_UID) return;
      up.permissions.invalidate();
      await api.signals.bump(PERMISSIONS_SIGNAL);
    });
    api.signals.watch(PERMISSIONS_SIGNAL, () => up.permissions.invalidate());
    // Advanced settings and email templates saved on another instance
    api.signals.watch(SETTINGS_SIGNAL, () => {
      runtime.load().catch((err: unknown) => { api.logger.error(`[users-permissions] could not read the settings: ${(err as Error).message}`); });
    });
    api.hooks.destroy.tapPromise(PLUGIN_NAME, () => up.settle());
  },
});

export type { EmailAddress, EmailMessage, EmailProvider } from '../../core/index.js';
export type { UpSettings } from './settings.js';
