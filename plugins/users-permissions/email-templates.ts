// The reset-password and email-confirmation messages (config `email.templates.<name>`): sender,
// reply-to, subject, text and html, each optional, the defaults being the plugin's own wording.
// Checked and cut into parts once, at start-up (core's email templates); a template that holds anything but
// the variables its message knows stops start-up, naming the template and the text.

import {
  compileTemplate, escapeHtml, KernelError, renderTemplate, TemplateSyntaxError, type EmailMessage, type TemplatePart,
} from '../../core/index.js';

/** Strapi's variables, so a template copied from Strapi's admin panel works as it is. */
export const TEMPLATE_VARIABLES = {
  resetPassword: ['URL', 'TOKEN', 'SERVER_URL', 'USER.username', 'USER.email'],
  emailConfirmation: ['URL', 'CODE', 'SERVER_URL', 'USER.username', 'USER.email'],
} as const;

export type TemplateName = keyof typeof TEMPLATE_VARIABLES;
export type TemplateValues<N extends TemplateName> = Record<typeof TEMPLATE_VARIABLES[N][number], string>;

export interface EmailTemplate {
  from?: { name?: string; email?: string };
  replyTo?: string;
  subject: TemplatePart[];
  text: TemplatePart[];
  html?: TemplatePart[];
}

export type EmailTemplates = Record<TemplateName, EmailTemplate>;

const KEYS = ['from', 'replyTo', 'subject', 'text', 'html'];
// Strapi's own names for these keys (its advanced settings), to point a pasted template the right way
const STRAPI_KEYS: Record<string, string> = { object: 'subject', message: 'html', response_email: 'replyTo' };
// One @, no spaces or angle brackets, a dot in the domain: a header can carry nothing else
const ADDRESS = /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/;

function defaults(codeTtl: number): Record<TemplateName, { subject: string; text: string }> {
  return {
    resetPassword: {
      subject: 'Reset password',
      text: `We heard that you lost your password. Use this link to reset it (valid ${Math.round(codeTtl / 60_000)} minutes):\n<%= URL %>?code=<%= TOKEN %>`,
    },
    emailConfirmation: {
      subject: 'Account confirmation',
      text: 'Thank you for registering! Confirm your email address with this link:\n<%= URL %>?confirmation=<%= CODE %>',
    },
  };
}

type Raw = Record<string, unknown>;

const invalid = (path: string, message: string) => new KernelError('CONFIG_ERR_INVALID', `${path}: ${message}`);

function object(value: unknown, path: string, expected: string): Raw {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(path, `expected ${expected}`);
  return value as Raw;
}

/** `path` is the config path of `email.templates`, for the errors. */
export function readEmailTemplates(raw: unknown, path: string, codeTtl: number): EmailTemplates {
  const given = raw === undefined ? {} : object(raw, path, `an object with ${Object.keys(TEMPLATE_VARIABLES).join(' and ')}`);
  for (const name of Object.keys(given)) {
    if (!(name in TEMPLATE_VARIABLES)) throw invalid(`${path}.${name}`, `unknown template; expected ${Object.keys(TEMPLATE_VARIABLES).join(' or ')}`);
  }
  const fallback = defaults(codeTtl);
  const read = (name: TemplateName): EmailTemplate => readTemplate(given[name], `${path}.${name}`, TEMPLATE_VARIABLES[name], fallback[name]);
  return { resetPassword: read('resetPassword'), emailConfirmation: read('emailConfirmation') };
}

function readTemplate(raw: unknown, path: string, variables: readonly string[], fallback: { subject: string; text: string }): EmailTemplate {
  const given = raw === undefined ? {} : object(raw, path, `an object with ${KEYS.join(', ')}`);
  for (const key of Object.keys(given)) {
    if (KEYS.includes(key)) continue;
    const hint = STRAPI_KEYS[key] ? ` (Strapi's ${key} is called ${STRAPI_KEYS[key]} here)` : '';
    throw invalid(`${path}.${key}`, `unknown key${hint}; expected ${KEYS.join(', ')}`);
  }
  const compile = (key: string, source: string): TemplatePart[] => {
    try {
      return compileTemplate(source, variables);
    } catch (err) {
      if (err instanceof TemplateSyntaxError) throw invalid(`${path}.${key}`, `${err.message}; the template is refused`);
      throw err;
    }
  };
  const body = (key: string, fallbackSource: string | undefined): TemplatePart[] | undefined => {
    const value = given[key];
    if (value === undefined) return fallbackSource === undefined ? undefined : compile(key, fallbackSource);
    if (typeof value !== 'string' || value.trim() === '') throw invalid(`${path}.${key}`, 'expected a non-empty string');
    return compile(key, value);
  };
  const template: EmailTemplate = { subject: body('subject', fallback.subject)!, text: body('text', fallback.text)! };
  const html = body('html', undefined);
  if (html) template.html = html;
  if (given.from !== undefined) template.from = readFrom(given.from, `${path}.from`);
  if (given.replyTo !== undefined) template.replyTo = address(given.replyTo, `${path}.replyTo`);
  return template;
}

function readFrom(raw: unknown, path: string): { name?: string; email?: string } {
  const given = object(raw, path, 'an object { name, email }');
  for (const key of Object.keys(given)) if (key !== 'name' && key !== 'email') throw invalid(`${path}.${key}`, 'unknown key; expected name, email');
  const from: { name?: string; email?: string } = {};
  if (given.name !== undefined) {
    // A display name goes into a header: no line breaks, and no tags (headers are not templated)
    if (typeof given.name !== 'string' || given.name.trim() === '' || /[\r\n]|<%/.test(given.name)) {
      throw invalid(`${path}.name`, 'expected a display name on one line, without template tags');
    }
    from.name = given.name;
  }
  if (given.email !== undefined) from.email = address(given.email, `${path}.email`);
  return from;
}

function address(value: unknown, path: string): string {
  if (typeof value !== 'string' || !ADDRESS.test(value)) throw invalid(path, `expected an email address, got ${JSON.stringify(value)}`);
  return value;
}

/** The message a template makes with `values` (to be addressed by the caller). `defaultFrom`
 *  is the plugin's email.from, the sender when the template names none. */
export function renderEmail(template: EmailTemplate, values: Readonly<Record<string, string>>, defaultFrom: string): Omit<EmailMessage, 'to'> {
  // A value with a line break must not start a new header line in the subject
  const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');
  const message: Omit<EmailMessage, 'to'> = {
    from: template.from?.name ? { name: template.from.name, address: template.from.email ?? defaultFrom } : template.from?.email ?? defaultFrom,
    subject: renderTemplate(template.subject, values, oneLine),
    text: renderTemplate(template.text, values),
  };
  if (template.html) message.html = renderTemplate(template.html, values, escapeHtml);
  if (template.replyTo) message.replyTo = template.replyTo;
  return message;
}

/** A template as written: what the panel edits and the settings store keeps. */
export interface TemplateSource { from?: { name?: string; email?: string }; replyTo?: string; subject: string; text: string; html?: string }

/** The sources of the configured templates (`raw` is config's email.templates, checked already by
 *  readEmailTemplates), the plugin's wording where the config gives none. */
export function templateSources(raw: unknown, codeTtl: number): Record<TemplateName, TemplateSource> {
  const given = (raw ?? {}) as Partial<Record<TemplateName, Partial<TemplateSource>>>;
  const fallback = defaults(codeTtl);
  const source = (name: TemplateName): TemplateSource => {
    const t = given[name] ?? {};
    return {
      subject: t.subject ?? fallback[name].subject, text: t.text ?? fallback[name].text,
      ...(t.html !== undefined ? { html: t.html } : {}), ...(t.from !== undefined ? { from: t.from } : {}), ...(t.replyTo !== undefined ? { replyTo: t.replyTo } : {}),
    };
  };
  return { resetPassword: source('resetPassword'), emailConfirmation: source('emailConfirmation') };
}

/** Checks and compiles one template's source as readEmailTemplates does the config's; a refusal
 *  is a KernelError whose message starts with `<name>.<key>: `. */
export function compileTemplateSource(name: TemplateName, source: unknown, codeTtl: number): EmailTemplate {
  return readTemplate(source, name, TEMPLATE_VARIABLES[name], defaults(codeTtl)[name]);
}
