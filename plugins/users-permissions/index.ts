// users-permissions: users, roles and per-role permissions; JWT authentication on the kernel's
// authenticate hook, permissions as abilities that core's authorize tap and query checks apply.
// Uses only the kernel's public API.

import { AUTH_STAGE, definePlugin, ROUTE_STAGE } from '../../core/index.js';
import { UpContext } from './context.js';
import { JwtService, resolveJwtSecret } from './jwt.js';
import { addModels, PLUGIN_NAME } from './models.js';
import { authRoutes } from './routes-auth.js';
import { roleRoutes } from './routes-roles.js';
import { userRoutes } from './routes-users.js';
import { readSettings } from './settings.js';
import { jwtStrategy } from './strategy.js';

export default definePlugin({
  name: PLUGIN_NAME,
  register(kernel, config) {
    const up = new UpContext(kernel, readSettings(config));
    const { settings } = up;
    kernel.hooks.registerModels.tap(PLUGIN_NAME, addModels);
    kernel.hooks.buildRoutes.tap({ name: PLUGIN_NAME, stage: ROUTE_STAGE.ADD }, (routes) => {
      for (const route of [...authRoutes(up), ...userRoutes(up), ...roleRoutes(up)]) routes.add(route);
    });
    kernel.hooks.authenticate.tapPromise({ name: PLUGIN_NAME, stage: AUTH_STAGE.JWT }, jwtStrategy({
      get jwt() { return up.jwt; },
      users: up.users,
      permissions: up.permissions,
      requireConfirmed: () => settings.emailConfirmation,
    }));
    kernel.hooks.bootstrap.tapPromise(PLUGIN_NAME, async () => {
      up.jwt = new JwtService(resolveJwtSecret(kernel, settings.jwt.secret), settings.jwt.expiresIn);
      if (settings.email.provider === 'log' && kernel.config.server.environment === 'production') {
        kernel.logger.warn('[users-permissions] emails are written to the log: configure email.provider smtp for production');
      }
      await up.permissions.bootstrap(settings.permissions);
    });
    kernel.hooks.destroy.tapPromise(PLUGIN_NAME, () => up.settle());
  },
});

export type { EmailMessage, EmailProvider } from './email.js';
export type { UpSettings } from './settings.js';
