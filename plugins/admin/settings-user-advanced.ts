// Settings > Users & Permissions plugin > Advanced settings and Email templates: Strapi's admin
// routes /users-permissions/advanced and /users-permissions/email-templates (plus a preview),
// over users-permissions' settings operations, named by their strings and added only when that
// plugin is enabled. The answers are the plugin's own, bare, as Strapi's.

import { objectOf, type DocSchema, type OperationRegistry, type RequestContext, type RouteDoc, type RouteTable } from '../../core/index.js';

const UP = 'plugin::users-permissions';
const OP = {
  getAdvanced: `${UP}.settings.getAdvancedSettings`, updateAdvanced: `${UP}.settings.updateAdvancedSettings`,
  getTemplates: `${UP}.settings.getEmailTemplate`, updateTemplates: `${UP}.settings.updateEmailTemplate`, preview: `${UP}.settings.previewEmailTemplate`,
} as const;
/** The admin permissions the routes need (Strapi's). */
export const UP_SETTINGS_PERMISSION = {
  advancedRead: `${UP}.advanced-settings.read`, advancedUpdate: `${UP}.advanced-settings.update`,
  templatesRead: `${UP}.email-templates.read`, templatesUpdate: `${UP}.email-templates.update`,
} as const;
/** The operations' names and the admin permission each needs (actions.ts's aliases). */
export const UP_SETTINGS_ALIASES: Readonly<Record<string, string>> = {
  [OP.getAdvanced]: UP_SETTINGS_PERMISSION.advancedRead, [OP.updateAdvanced]: UP_SETTINGS_PERMISSION.advancedUpdate,
  [OP.getTemplates]: UP_SETTINGS_PERMISSION.templatesRead, [OP.updateTemplates]: UP_SETTINGS_PERMISSION.templatesUpdate,
  [OP.preview]: UP_SETTINGS_PERMISSION.templatesRead,
};

const bare = (ctx: RequestContext, output: unknown) => { ctx.body = output; };
const body = (ctx: RequestContext) => ({ body: (ctx.request as { body?: unknown }).body });

const str = { type: 'string' };
const bool = { type: 'boolean' };
const ADVANCED: DocSchema = objectOf({
  unique_email: bool, allow_register: bool, email_confirmation: bool, email_confirmation_redirection: str, email_reset_password: str, default_role: str,
}, ['unique_email', 'allow_register', 'email_confirmation', 'email_confirmation_redirection', 'email_reset_password', 'default_role']);
const OPTIONS: DocSchema = objectOf({
  from: objectOf({ name: str, email: str }, ['name', 'email']), response_email: str, object: str, message: str, text: str,
}, ['from', 'response_email', 'message', 'text']);
const TEMPLATE: DocSchema = objectOf({ display: str, icon: str, options: OPTIONS, locked: bool }, ['display', 'icon', 'locked']);
const TEMPLATES: DocSchema = objectOf({ reset_password: TEMPLATE, email_confirmation: TEMPLATE }, ['reset_password', 'email_confirmation']);
const OK = objectOf({ ok: { const: true } });
const tags = ['Admin: end-user settings'];
const doc = (summary: string, schema: DocSchema, extra: Partial<RouteDoc> = {}): RouteDoc => ({ summary, tags, response: { schema }, ...extra });

export function addEndUserSettingsRoutes(routes: RouteTable, operations: Pick<OperationRegistry, 'has'>): void {
  if (!Object.values(OP).every((name) => operations.has(name))) return;
  const at = '/users-permissions';
  const realm = 'admin' as const;
  const P = UP_SETTINGS_PERMISSION;
  routes.addOperation({
    method: 'GET', path: `${at}/advanced`, operation: OP.getAdvanced, realm, scope: [P.advancedRead], respond: bare,
    doc: doc('Read the end users\' advanced settings', objectOf({ settings: ADVANCED, roles: { type: 'array', items: { type: 'object' } }, locked: { type: 'array', items: str } })),
  });
  routes.addOperation({
    method: 'PUT', path: `${at}/advanced`, operation: OP.updateAdvanced, realm, scope: [P.advancedUpdate], input: body, respond: bare,
    doc: doc('Change the end users\' advanced settings (a setting the config file sets is refused)', OK, { body: ADVANCED }),
  });
  routes.addOperation({
    method: 'GET', path: `${at}/email-templates`, operation: OP.getTemplates, realm, scope: [P.templatesRead], respond: bare,
    doc: doc('Read the email templates', TEMPLATES),
  });
  routes.addOperation({
    method: 'PUT', path: `${at}/email-templates`, operation: OP.updateTemplates, realm, scope: [P.templatesUpdate], input: body, respond: bare,
    doc: doc('Change the email templates (checked: only their variables, never code)', OK, { body: objectOf({ 'email-templates': TEMPLATES }) }),
  });
  routes.addOperation({
    method: 'POST', path: `${at}/email-templates/preview`, operation: OP.preview, realm, scope: [P.templatesRead], input: body, respond: bare,
    doc: doc('Render a template with sample values', objectOf({ from: {}, subject: str, text: str, html: str, replyTo: str }, ['html', 'replyTo']), {
      body: objectOf({ template: { enum: ['reset_password', 'email_confirmation'] }, options: OPTIONS }),
    }),
  });
}
