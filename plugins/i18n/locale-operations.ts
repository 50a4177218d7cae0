// Creating, changing and deleting locales at run time (Strapi's POST /i18n/locales, PUT and DELETE
// /i18n/locales/:id), as operations of the admin realm: managing the locales is the
// administration's business, so no content-API role or token can be granted these actions. The
// admin plugin serves them as routes, by name; the rules are the store's (locale-store.ts).

import type { OperationDefinition, OperationRegistry } from '../../core/index.js';
import type { LocaleStore } from './locale-store.js';
import { PLUGIN_NAME } from './locales.js';
import { asStrapiLocale } from './routes.js';

export const LOCALE_ACTIONS = {
  create: 'plugin::i18n.locale.create',
  update: 'plugin::i18n.locale.update',
  delete: 'plugin::i18n.locale.delete',
} as const;

export function defineLocaleOperations(operations: OperationRegistry, store: LocaleStore): void {
  const op = (name: string, description: string, run: OperationDefinition['run']) => operations.define({
    name, owner: PLUGIN_NAME, kind: 'write', params: [], realm: 'admin', description, run,
  });
  op(LOCALE_ACTIONS.create, 'Adds a locale: { code, name?, isDefault? }', async (input) => asStrapiLocale(await store.create(input.body)));
  op(LOCALE_ACTIONS.update, 'Renames a locale made at run time, or makes a locale the default: { name?, isDefault? }', async (input) => asStrapiLocale(await store.update(input.id, input.body)));
  op(LOCALE_ACTIONS.delete, 'Deletes a locale made at run time (not the default); its documents stay in the database', async (input) => asStrapiLocale(await store.delete(input.id)));
}
