// The plugin's configuration (config/plugins.ts, `users-permissions.config`), checked once at
// register time with the bad key named.

import { KernelError, productionSecret, type ConfigKeys } from '../../core/index.js';
import { readEmailTemplates, type EmailTemplates } from './email-templates.js';
import type { EmailProvider, RateLimitStore } from '../../core/index.js';

export interface RoleGrants {
  /** Permission actions, e.g. api::article.article.find. */
  [roleType: string]: string[];
}

export interface UpSettings {
  jwt: { secret?: string; expiresIn: string | number };
  allowRegister: boolean;
  /** Extra keys register accepts besides username, email and password (opt-in, as Strapi). */
  registerAllowedFields: string[];
  emailConfirmation: boolean;
  /** Where the confirmation link redirects after success. */
  emailConfirmationRedirect: string;
  /** The page of the front end that receives ?code= for a password reset. */
  resetPasswordUrl: string;
  /** Public URL of this server, for the links in emails. */
  serverUrl: string;
  /** Lifetime of reset and confirmation codes, in ms. */
  codeTtl: number;
  /** max: attempts per identifier, operation and client address; maxPerAddress: per operation
   *  and client address, across identifiers (password spraying). */
  rateLimit: { enabled: boolean; interval: number; max: number; maxPerAddress: number; store?: RateLimitStore };
  email: { provider: 'log' | 'smtp' | EmailProvider; from: string; smtp?: Record<string, unknown>; templates: EmailTemplates };
  /** Permissions per role type, synced to the database at start-up (see docs/authentication.md). */
  permissions?: RoleGrants;
  /** How long a role's permissions are cached in each process, in ms. */
  permissionCacheTtl: number;
}

type Raw = Record<string, unknown>;

/** The keys users-permissions.config may hold (the kernel refuses others before register, and
 *  a production start without the JWT secret); permissions' role names are the app's, smtp is
 *  nodemailer's, templates are checked by email-templates.ts. */
export const CONFIG_KEYS: ConfigKeys = {
  jwt: { secret: productionSecret('set JWT_SECRET'), expiresIn: true },
  allowRegister: true,
  register: { allowedFields: true },
  emailConfirmation: true,
  emailConfirmationRedirect: true,
  resetPasswordUrl: true,
  serverUrl: true,
  codeTtl: true,
  ratelimit: { enabled: true, interval: true, max: true, maxPerAddress: true, store: true },
  email: { provider: true, from: true, smtp: true, templates: true },
  permissions: true,
  permissionCacheTtl: true,
};

export function readSettings(config: Raw): UpSettings {
  const at = (key: string) => `config plugins.users-permissions.config.${key}`;
  const obj = (key: string): Raw => {
    const v = config[key];
    if (v === undefined) return {};
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new KernelError('CONFIG_ERR_INVALID', `${at(key)}: expected an object`);
    return v as Raw;
  };
  const pick = <T>(source: Raw, key: string, path: string, check: (v: unknown) => boolean, expected: string, fallback: T): T => {
    const v = source[key];
    if (v === undefined) return fallback;
    if (!check(v)) throw new KernelError('CONFIG_ERR_INVALID', `${at(path)}: expected ${expected}, got ${JSON.stringify(v)}`);
    return v as T;
  };
  const isBool = (v: unknown) => typeof v === 'boolean';
  const isStr = (v: unknown) => typeof v === 'string' && v.length > 0;
  const isPosInt = (v: unknown) => Number.isSafeInteger(v) && (v as number) > 0;
  const jwt = obj('jwt');
  const rate = obj('ratelimit');
  const email = obj('email');
  const secret = pick<string | undefined>(jwt, 'secret', 'jwt.secret', (v) => typeof v === 'string' && v.length >= 16, 'a string of at least 16 characters', undefined);
  const provider = email.provider ?? 'log';
  if (provider !== 'log' && provider !== 'smtp' && typeof (provider as EmailProvider)?.send !== 'function') {
    throw new KernelError('CONFIG_ERR_INVALID', `${at('email.provider')}: expected 'log', 'smtp' or an object with a send(message) function`);
  }
  const codeTtl = pick(config, 'codeTtl', 'codeTtl', isPosInt, 'a number of milliseconds', 60 * 60 * 1000);
  const settings: UpSettings = {
    jwt: { secret, expiresIn: pick(jwt, 'expiresIn', 'jwt.expiresIn', (v) => isStr(v) || isPosInt(v), 'a duration such as 30d or a number of seconds', '30d') },
    allowRegister: pick(config, 'allowRegister', 'allowRegister', isBool, 'a boolean', true),
    registerAllowedFields: pick(obj('register'), 'allowedFields', 'register.allowedFields', (v) => Array.isArray(v) && v.every(isStr), 'a list of attribute names', []),
    emailConfirmation: pick(config, 'emailConfirmation', 'emailConfirmation', isBool, 'a boolean', false),
    emailConfirmationRedirect: pick(config, 'emailConfirmationRedirect', 'emailConfirmationRedirect', isStr, 'a URL', '/'),
    resetPasswordUrl: pick(config, 'resetPasswordUrl', 'resetPasswordUrl', isStr, 'a URL', 'http://localhost:3000/reset-password'),
    serverUrl: pick(config, 'serverUrl', 'serverUrl', isStr, 'a URL', 'http://localhost:1337'),
    codeTtl,
    rateLimit: {
      enabled: pick(rate, 'enabled', 'ratelimit.enabled', isBool, 'a boolean', true),
      interval: pick(rate, 'interval', 'ratelimit.interval', isPosInt, 'a number of milliseconds', 60_000),
      max: pick(rate, 'max', 'ratelimit.max', isPosInt, 'a positive integer', 10),
      maxPerAddress: pick(rate, 'maxPerAddress', 'ratelimit.maxPerAddress', isPosInt, 'a positive integer', 30),
      store: pick<RateLimitStore | undefined>(rate, 'store', 'ratelimit.store', (v) => typeof (v as RateLimitStore)?.hit === 'function', 'an object with a hit(key, interval) function', undefined),
    },
    email: {
      provider: provider as UpSettings['email']['provider'],
      from: pick(email, 'from', 'email.from', isStr, 'an email address', 'no-reply@localhost'),
      smtp: pick<Raw | undefined>(email, 'smtp', 'email.smtp', (v) => typeof v === 'object' && v !== null, 'nodemailer transport options', undefined),
      // The default reset text says how long its link lasts
      templates: readEmailTemplates(email.templates, at('email.templates'), codeTtl),
    },
    permissions: readGrants(config.permissions, at('permissions')),
    permissionCacheTtl: pick(config, 'permissionCacheTtl', 'permissionCacheTtl', (v) => Number.isSafeInteger(v) && (v as number) >= 0, 'a number of milliseconds', 10_000),
  };
  if (settings.email.provider === 'smtp' && !settings.email.smtp) {
    throw new KernelError('CONFIG_ERR_INVALID', `${at('email.smtp')}: the smtp provider needs transport options (host, port, auth)`);
  }
  return settings;
}

function readGrants(raw: unknown, path: string): RoleGrants | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new KernelError('CONFIG_ERR_INVALID', `${path}: expected { <role type>: [actions] }`);
  }
  const grants: RoleGrants = {};
  for (const [role, actions] of Object.entries(raw)) {
    if (!Array.isArray(actions) || !actions.every((a) => typeof a === 'string')) {
      throw new KernelError('CONFIG_ERR_INVALID', `${path}.${role}: expected a list of permission actions`);
    }
    grants[role] = [...new Set(actions as string[])];
  }
  return grants;
}
