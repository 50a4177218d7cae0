// Settings > Internationalization: Strapi's admin routes /i18n/locales (GET, POST, PUT and DELETE
// /:id) over the i18n plugin's operations, named by their strings and added only when that plugin
// is enabled. i18n defines what a locale change does (and its rules); this plugin, which owns the
// admin realm's routes and permissions, serves it to the panel: neither imports the other. Answers
// are i18n's, bare, as Strapi's. Permissions: any administrator lists them; plugin::i18n.locale.create/update/delete change them
// (plugin::i18n.locale.read is the settings screen's, in the panel).

import { listOf, objectOf, type DocSchema, type OperationRegistry, type RequestContext, type RouteTable } from '../../core/index.js';

const LOCALES = {
  list: 'plugin::i18n.locales.listLocales',
  create: 'plugin::i18n.locale.create',
  update: 'plugin::i18n.locale.update',
  delete: 'plugin::i18n.locale.delete',
} as const;

const bare = (ctx: RequestContext, output: unknown) => { ctx.body = output; };
const input = (ctx: RequestContext) => ({
  id: String((ctx.params as Record<string, string>).id ?? ''),
  body: (ctx.request as { body?: unknown }).body,
});

const date = { type: 'string', format: 'date-time' };
const LOCALE = objectOf({
  id: { type: 'integer' }, documentId: { type: 'string' }, name: { type: 'string' }, code: { type: 'string' },
  createdAt: date, updatedAt: date, publishedAt: date, isDefault: { type: 'boolean' },
});
const bareAnswer = (schema: DocSchema) => ({ schema });

export function addLocaleRoutes(routes: RouteTable, operations: Pick<OperationRegistry, 'has'>): void {
  if (!Object.values(LOCALES).every((name) => operations.has(name))) return;
  const at = '/i18n/locales';
  const tags = ['Admin: locales'];
  // The list is a content-API operation too (GET /api/i18n/locales): here, administrators only,
  // every one of them, as in Strapi (isAuthenticatedAdmin): the panel's locale pickers need it
  routes.addOperation({ method: 'GET', path: at, operation: LOCALES.list, realm: 'admin', scope: false, respond: bare, doc: { summary: 'List the locales (any administrator)', tags, response: bareAnswer(listOf(LOCALE)) } });
  routes.addOperation({
    method: 'POST', path: at, operation: LOCALES.create, input, respond: bare,
    doc: {
      summary: 'Add a locale (the default one if isDefault)', tags, response: bareAnswer(LOCALE),
      body: objectOf({ code: { type: 'string', examples: ['es', 'pt-BR'] }, name: { type: 'string', maxLength: 50 }, isDefault: { type: 'boolean' } }, ['name', 'isDefault']),
    },
  });
  routes.addOperation({
    method: 'PUT', path: `${at}/:id`, operation: LOCALES.update, input, respond: bare,
    doc: {
      summary: 'Rename a locale made at run time, or make a locale the default', tags, response: bareAnswer(LOCALE), errors: [404],
      body: objectOf({ name: { type: 'string', maxLength: 50 }, isDefault: { type: 'boolean' } }, ['name', 'isDefault']),
    },
  });
  routes.addOperation({
    method: 'DELETE', path: `${at}/:id`, operation: LOCALES.delete, input, respond: bare,
    doc: { summary: 'Delete a locale made at run time (not the default); its documents stay', tags, response: bareAnswer(LOCALE), errors: [404] },
  });
}
