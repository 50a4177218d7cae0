// The locales a client may ask for: an operation, and GET /api/i18n/locales over it.

import type { OperationRegistry, PluginApi, RouteTable } from '../../core/index.js';
import { LOCALE_UID, PLUGIN_NAME } from './locales.js';

export const LIST_LOCALES = 'plugin::i18n.locales.listLocales';

export function defineLocalesOperation(api: PluginApi, operations: OperationRegistry): void {
  operations.define({
    name: LIST_LOCALES, owner: PLUGIN_NAME, kind: 'read', params: [], description: 'The configured locales',
    run: () => api.documents(LOCALE_UID).findMany({ sort: 'id', fields: ['name', 'code', 'isDefault', 'createdAt', 'updatedAt'] }),
  });
}

export function addLocalesRoute(api: PluginApi, routes: RouteTable): void {
  routes.addOperation({
    method: 'GET', path: `${api.config.api.rest.prefix}/i18n/locales`, operation: LIST_LOCALES,
    // A bare array, as Strapi answers
    respond: (ctx, locales) => { ctx.body = locales; },
  });
}
