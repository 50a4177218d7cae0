// The settings the panel changes at run time, each under its admin permissions: API tokens (the
// admin plugin's own operations over core's service), and admin routes over other owners'
// operations, named by their strings and added only when they exist (core's webhooks,
// users-permissions' end-user roles and settings, i18n's locales), so no plugin imports another.

import type { OperationDefinition, OperationRegistry, RouteTable } from '../../core/index.js';
import type { AdminContext } from './context.js';
import { addLocaleRoutes } from './settings-locales.js';
import { addTokenRoutes, tokenOperations } from './settings-tokens.js';
import { addEndUserSettingsRoutes } from './settings-user-advanced.js';
import { addEndUserRoleRoutes } from './settings-user-roles.js';
import { addWebhookSettingsRoutes } from './settings-webhooks.js';

export function settingsOperations(admin: AdminContext): OperationDefinition[] {
  return tokenOperations(admin);
}

export function addSettingsRoutes(routes: RouteTable, operations: Pick<OperationRegistry, 'has'>): void {
  addTokenRoutes(routes);
  addWebhookSettingsRoutes(routes, operations);
  addEndUserRoleRoutes(routes, operations);
  addEndUserSettingsRoutes(routes, operations);
  addLocaleRoutes(routes, operations);
}
