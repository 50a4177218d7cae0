// REST: `locale` on every content route of a localized type, and GET /api/i18n/locales.

import type { Kernel, RouteTable } from '../../core/index.js';
import { isLocalized, LOCALE_UID, PLUGIN_NAME } from './locales.js';

/** `locale` on every route of a localized type, whoever added it. */
export function addLocaleParam(kernel: Kernel, routes: RouteTable): void {
  for (const route of routes.all()) {
    if (!route.contentType || !isLocalized(kernel.registry.contentType(route.contentType))) continue;
    routes.update(route.method, route.path, (r) => ({ ...r, query: [...r.query, 'locale'] }));
  }
}

export function addLocalesRoute(kernel: Kernel, routes: RouteTable): void {
  routes.add({
    method: 'GET', path: `${kernel.config.api.rest.prefix}/i18n/locales`, action: 'plugin::i18n.locales.listLocales',
    query: [], config: { auth: true, owner: PLUGIN_NAME },
    handler: async (ctx) => {
      // A bare array, as Strapi answers
      ctx.body = await kernel.documents(LOCALE_UID).findMany({ sort: 'id', fields: ['name', 'code', 'isDefault', 'createdAt', 'updatedAt'] });
    },
  });
}
