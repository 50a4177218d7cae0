// The locales a client may ask for: an operation, and GET /api/i18n/locales over it.

import { listOf, objectOf, type OperationRegistry, type PluginApi, type RouteTable } from '../../core/index.js';
import { LOCALE_UID, PLUGIN_NAME } from './locales.js';

export const LIST_LOCALES = 'plugin::i18n.locales.listLocales';

export function defineLocalesOperation(api: PluginApi, operations: OperationRegistry): void {
  operations.define({
    name: LIST_LOCALES, owner: PLUGIN_NAME, kind: 'read', params: [], description: 'The locales (configured, and made at run time)',
    run: async () => {
      const rows = await api.documents(LOCALE_UID).findMany({ sort: 'id', fields: ['name', 'code', 'isDefault', 'createdAt', 'updatedAt'] });
      return rows.map(asStrapiLocale);
    },
  });
}

/** Strapi's entry, keys in its order: its locale rows carry publishedAt, which defaults to the
 *  time the row was written and never changes (locales have no drafts): the creation time. */
export function asStrapiLocale(row: Record<string, unknown>): Record<string, unknown> {
  const { id, documentId, name, code, createdAt, updatedAt, isDefault } = row;
  return { id, documentId, name, code, createdAt, updatedAt, publishedAt: createdAt, isDefault };
}

const date = { type: 'string', format: 'date-time' };
const LOCALE = objectOf({
  id: { type: 'integer' }, documentId: { type: 'string' }, name: { type: 'string' }, code: { type: 'string' },
  createdAt: date, updatedAt: date, publishedAt: date, isDefault: { type: 'boolean' },
});

export function addLocalesRoute(api: PluginApi, routes: RouteTable): void {
  routes.addOperation({
    method: 'GET', path: `${api.config.api.rest.prefix}/i18n/locales`, operation: LIST_LOCALES,
    // A bare array, as Strapi answers
    respond: (ctx, locales) => { ctx.body = locales; },
    doc: { summary: 'The configured locales', tags: ['I18n'], response: { schema: listOf(LOCALE) } },
  });
}
