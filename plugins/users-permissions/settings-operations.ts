// The run-time settings as admin-realm operations, in Strapi's shapes (its admin panel's
// /users-permissions/advanced and /users-permissions/email-templates): snake_case settings, and
// templates as { options: { from, response_email, object, message } }, with `text` (the plain
// version every message here has) beside Strapi's html `message`. A preview renders a template
// with sample values through the same substituting renderer the emails use.

import { KernelError, ValidationError, type FieldError, type OperationDefinition } from '../../core/index.js';
import { confirmationUrl } from './auth.js';
import type { UpContext } from './context.js';
import { compileTemplateSource, renderEmail, type TemplateName, type TemplateSource } from './email-templates.js';
import { PLUGIN_NAME } from './models.js';
import { UP } from './permissions.js';
import { TEMPLATE_NAMES, type AdvancedKey, type AdvancedValues, type RuntimeSettings } from './runtime-settings.js';

export const SETTINGS_OPS = {
  getAdvanced: `${UP}.settings.getAdvancedSettings`,
  updateAdvanced: `${UP}.settings.updateAdvancedSettings`,
  getTemplates: `${UP}.settings.getEmailTemplate`,
  updateTemplates: `${UP}.settings.updateEmailTemplate`,
  preview: `${UP}.settings.previewEmailTemplate`,
} as const;

/** Strapi's names of the editable settings. */
const ADVANCED: Record<string, AdvancedKey> = {
  allow_register: 'allowRegister', email_confirmation: 'emailConfirmation', email_confirmation_redirection: 'emailConfirmationRedirect',
  email_reset_password: 'resetPasswordUrl', default_role: 'defaultRole',
};
const STRAPI_TEMPLATE: Record<TemplateName, string> = { resetPassword: 'reset_password', emailConfirmation: 'email_confirmation' };
const TEMPLATE_OF = Object.fromEntries(Object.entries(STRAPI_TEMPLATE).map(([name, strapi]) => [strapi, name])) as Record<string, TemplateName>;
const OPTION_KEYS = ['from', 'response_email', 'object', 'message', 'text'];
// Keys Strapi's panel sends back with each template: ignored
const SHOWN_KEYS = ['display', 'icon', 'locked', 'variables'];
const URL_MAX = 2048;

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const fieldError = (path: string[], message: string): FieldError => ({ path, message, name: 'ValidationError' });

export function settingsOperations(up: UpContext, runtime: RuntimeSettings): OperationDefinition[] {
  const op = (name: string, kind: 'read' | 'write', description: string, run: OperationDefinition['run']): OperationDefinition => ({
    name, owner: PLUGIN_NAME, kind, params: [], realm: 'admin', description, run,
  });
  return [
    op(SETTINGS_OPS.getAdvanced, 'read', 'The end users\' advanced settings, the roles to choose from, and those the config file locks', async () => {
      const roles = await up.permissions.roles();
      return {
        settings: advancedOut(runtime.advanced()),
        roles: roles.map(({ id, name, description, type }) => ({ id, name, description, type })),
        locked: Object.entries(ADVANCED).filter(([, key]) => runtime.locked.has(key)).map(([strapi]) => strapi),
      };
    }),
    op(SETTINGS_OPS.updateAdvanced, 'write', 'Changes the end users\' advanced settings', async (input) => {
      const { set, clear } = await advancedIn(up, runtime, input.body);
      await runtime.save('advanced', (stored) => {
        const next: Raw = { ...stored, ...set };
        for (const key of clear) delete next[key];
        return next;
      });
      return { ok: true };
    }),
    op(SETTINGS_OPS.getTemplates, 'read', 'The end users\' email templates', async () => templatesOut(up, runtime)),
    op(SETTINGS_OPS.updateTemplates, 'write', 'Changes the end users\' email templates', async (input) => {
      const body = isObject(input.body) ? input.body : undefined;
      const given = body?.['email-templates'];
      if (!body || !isObject(given) || Object.keys(body).some((k) => k !== 'email-templates')) {
        throw new ValidationError('Expected { "email-templates": { reset_password?, email_confirmation? } }');
      }
      // Only the templates this request changes: the other one, sent back as it was read, must not
      // undo a change saved meanwhile elsewhere
      const changed: Partial<Record<TemplateName, TemplateSource>> = {};
      for (const [strapiName, entry] of Object.entries(given)) {
        const name = TEMPLATE_OF[strapiName];
        if (!name) throw ValidationError.fromFields([fieldError(['email-templates', strapiName], `Unknown template; expected ${Object.keys(TEMPLATE_OF).join(' or ')}`)]);
        const source = templateIn(up, runtime, name, entry, ['email-templates', strapiName]);
        if (runtime.lockedTemplates.has(name)) {
          if (!sameSource(source, runtime.template(name))) throw ValidationError.fromFields([fieldError(['email-templates', strapiName], lockedMessage(`email.templates.${name}`))]);
          continue;
        }
        if (!sameSource(source, runtime.template(name))) changed[name] = source;
      }
      await runtime.save('templates', (stored) => ({ ...stored, ...changed }));
      return { ok: true };
    }),
    op(SETTINGS_OPS.preview, 'read', 'Renders a template with sample values, as its email would read', async (input) => {
      const body = isObject(input.body) ? input.body : {};
      const name = typeof body.template === 'string' ? TEMPLATE_OF[body.template] : undefined;
      if (!name) throw ValidationError.fromFields([fieldError(['template'], `Expected ${Object.keys(TEMPLATE_OF).join(' or ')}`)]);
      const source = templateIn(up, runtime, name, { options: body.options }, ['options'], true);
      const template = compile(up, name, source, ['options']);
      const user = { 'USER.username': 'jane.doe', 'USER.email': 'jane.doe@example.com', SERVER_URL: up.settings.serverUrl };
      const values = name === 'resetPassword'
        ? { ...user, URL: up.settings.resetPasswordUrl, TOKEN: 'sample-reset-code' }
        : { ...user, URL: confirmationUrl(up), CODE: 'sample-confirmation-code' };
      return renderEmail(template, values, up.settings.email.from);
    }),
  ];
}

function advancedOut(v: AdvancedValues): Raw {
  return {
    // Accounts here always have distinct emails (Strapi lets this be turned off)
    unique_email: true,
    allow_register: v.allowRegister, email_confirmation: v.emailConfirmation,
    email_confirmation_redirection: v.emailConfirmationRedirect, email_reset_password: v.resetPasswordUrl, default_role: v.defaultRole,
  };
}

const lockedMessage = (configKey: string) => `Set in the config file (plugins.users-permissions.config.${configKey}): change it there`;

/** What the body changes: values to store and keys to clear (back to the file's). Every key is
 *  checked; a locked one is only accepted unchanged (Strapi's panel sends the whole form). */
async function advancedIn(up: UpContext, runtime: RuntimeSettings, body: unknown): Promise<{ set: Partial<AdvancedValues>; clear: AdvancedKey[] }> {
  if (!isObject(body)) throw new ValidationError('Expected the settings as an object');
  const current = runtime.advanced();
  const set: Partial<AdvancedValues> = {};
  const clear: AdvancedKey[] = [];
  const errors: FieldError[] = [];
  for (const [strapi, value] of Object.entries(body)) {
    if (strapi === 'unique_email') {
      if (value !== true) errors.push(fieldError([strapi], 'Emails are always unique here'));
      continue;
    }
    const key = ADVANCED[strapi];
    if (!key) { errors.push(fieldError([strapi], `Unknown setting; expected ${['unique_email', ...Object.keys(ADVANCED)].join(', ')}`)); continue; }
    const problem = await check(up, key, value);
    if (problem) { errors.push(fieldError([strapi], problem)); continue; }
    const cleared = value === null || value === '';
    if (runtime.locked.has(key)) {
      if (!cleared && value !== current[key]) errors.push(fieldError([strapi], lockedMessage(key)));
      continue;
    }
    if (cleared || value === runtime.configured[key]) clear.push(key);
    else (set as Raw)[key] = value;
  }
  if (errors.length) throw ValidationError.fromFields(errors);
  return { set, clear };
}

async function check(up: UpContext, key: AdvancedKey, value: unknown): Promise<string | undefined> {
  if (key === 'allowRegister' || key === 'emailConfirmation') return typeof value === 'boolean' ? undefined : 'Expected true or false';
  if (key === 'defaultRole') {
    if (typeof value !== 'string' || value === '') return "Expected a role's type";
    if (value === 'public') return 'The public role is for requests without a user';
    return (await up.permissions.roleByType(value)) ? undefined : `No role of type ${value}`;
  }
  if (value === null || value === '') return undefined;
  // A link in an email or a redirect: an absolute http(s) URL or a path on this server
  if (typeof value !== 'string' || value.length > URL_MAX || /[\s\u0000-\u001f]/.test(value)) return 'Expected a URL';
  if (value.startsWith('/') && !value.startsWith('//')) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : 'Expected an http or https URL, or a path starting with /';
  } catch {
    return 'Expected an http or https URL, or a path starting with /';
  }
}

const sameSource = (a: TemplateSource, b: TemplateSource): boolean =>
  a.subject === b.subject && a.text === b.text && a.html === b.html && a.replyTo === b.replyTo
  && a.from?.name === b.from?.name && a.from?.email === b.from?.email;

function templatesOut(up: UpContext, runtime: RuntimeSettings): Raw {
  const out: Raw = {};
  for (const name of TEMPLATE_NAMES) {
    const t = runtime.template(name);
    out[STRAPI_TEMPLATE[name]] = {
      display: `Email.template.${STRAPI_TEMPLATE[name]}`,
      icon: name === 'resetPassword' ? 'sync' : 'check-square',
      options: {
        from: { name: t.from?.name ?? '', email: t.from?.email ?? up.settings.email.from },
        response_email: t.replyTo ?? '', object: t.subject, message: t.html ?? '', text: t.text,
      },
      locked: runtime.lockedTemplates.has(name),
    };
  }
  return out;
}

/** A template's source from Strapi's { options } shape, checked; `text` left out keeps the
 *  current one (a client that only knows Strapi's html message). */
function templateIn(up: UpContext, runtime: RuntimeSettings, name: TemplateName, entry: unknown, path: string[], preview = false): TemplateSource {
  const bad = (message: string, key?: string) => ValidationError.fromFields([fieldError(key ? [...path, key] : path, message)]);
  if (!isObject(entry)) throw bad('Expected { options: { from, response_email, object, message, text } }');
  for (const key of Object.keys(entry)) if (key !== 'options' && !SHOWN_KEYS.includes(key)) throw bad('Unknown key; expected options', key);
  const options = entry.options;
  const at = preview ? path : [...path, 'options'];
  if (!isObject(options)) throw ValidationError.fromFields([fieldError(at, 'Expected an object { from, response_email, object, message, text }')]);
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.includes(key)) throw ValidationError.fromFields([fieldError([...at, key], `Unknown key; expected ${OPTION_KEYS.join(', ')}`)]);
  }
  const text = (key: string): string | undefined => {
    const v = options[key];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string') throw ValidationError.fromFields([fieldError([...at, key], 'Expected a string')]);
    return v;
  };
  const source: TemplateSource = { subject: text('object') ?? '', text: text('text') ?? runtime.template(name).text };
  const html = text('message');
  if (html) source.html = html;
  const replyTo = text('response_email');
  if (replyTo) source.replyTo = replyTo;
  if (options.from !== undefined && options.from !== null) {
    if (!isObject(options.from)) throw ValidationError.fromFields([fieldError([...at, 'from'], 'Expected { name, email }')]);
    const from: { name?: string; email?: string } = {};
    const fromName = options.from.name;
    const fromEmail = options.from.email;
    if (typeof fromName === 'string' && fromName !== '') from.name = fromName;
    // The plugin's own sender is what GET shows when the template names none
    if (typeof fromEmail === 'string' && fromEmail !== '' && fromEmail !== up.settings.email.from) from.email = fromEmail;
    if (Object.keys(from).length) source.from = from;
  }
  compile(up, name, source, at);
  return source;
}

function compile(up: UpContext, name: TemplateName, source: TemplateSource, at: string[]) {
  if (source.subject === '') throw ValidationError.fromFields([fieldError([...at, 'object'], 'The subject cannot be empty')]);
  try {
    return compileTemplateSource(name, source, up.settings.codeTtl);
  } catch (err) {
    if (!(err instanceof KernelError)) throw err;
    // "<name>.<key>: reason" -> the field in Strapi's names
    const match = /^[^.]+\.(\w+)(?:\.(\w+))?: (.*)$/s.exec(err.message);
    const key = match?.[1] === 'subject' ? 'object' : match?.[1] === 'html' ? 'message' : match?.[1] === 'replyTo' ? 'response_email' : match?.[1];
    const path = key ? [...at, key, ...(match?.[2] ? [match[2]] : [])] : at;
    throw ValidationError.fromFields([fieldError(path, match?.[3] ?? err.message)]);
  }
}
