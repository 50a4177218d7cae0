// The plugin's configuration (config/plugins.ts, `users-permissions.config`), checked once at
// register time with the bad key named.

import {
  isBoolean, isNonEmptyString, isPositiveInteger, KernelError, productionSecret, settingsReader, type BudgetSettings, type ConfigKeys, type EmailSettings,
} from '../../core/index.js';
import { readEmailTemplates, type EmailTemplates } from './email-templates.js';

export interface RoleGrants {
  /** Permission actions, e.g. api::article.article.find. */
  [roleType: string]: string[];
}

export interface UpSettings {
  jwt: { secret?: string; expiresIn: string | number };
  allowRegister: boolean;
  /** The role type a new account gets (register, or an administrator's create without a role). */
  defaultRole: string;
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
  rateLimit: BudgetSettings;
  email: EmailSettings & { templates: EmailTemplates };
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
  defaultRole: true,
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
  const reader = settingsReader('users-permissions');
  const { at, value: pick } = reader;
  const obj = (key: string): Raw => reader.object(config, key);
  const [isBool, isStr, isPosInt] = [isBoolean, isNonEmptyString, isPositiveInteger];
  const jwt = obj('jwt');
  const secret = pick<string | undefined>(jwt, 'secret', 'jwt.secret', (v) => typeof v === 'string' && v.length >= 16, 'a string of at least 16 characters', undefined);
  const email = reader.email(config, 'email');
  const codeTtl = pick(config, 'codeTtl', 'codeTtl', isPosInt, 'a number of milliseconds', 60 * 60 * 1000);
  const settings: UpSettings = {
    jwt: { secret, expiresIn: pick(jwt, 'expiresIn', 'jwt.expiresIn', (v) => isStr(v) || isPosInt(v), 'a duration such as 30d or a number of seconds', '30d') },
    allowRegister: pick(config, 'allowRegister', 'allowRegister', isBool, 'a boolean', true),
    defaultRole: pick(config, 'defaultRole', 'defaultRole', isStr, "a role's type", 'authenticated'),
    registerAllowedFields: pick(obj('register'), 'allowedFields', 'register.allowedFields', (v) => Array.isArray(v) && v.every(isStr), 'a list of attribute names', []),
    emailConfirmation: pick(config, 'emailConfirmation', 'emailConfirmation', isBool, 'a boolean', false),
    emailConfirmationRedirect: pick(config, 'emailConfirmationRedirect', 'emailConfirmationRedirect', isStr, 'a URL', '/'),
    resetPasswordUrl: pick(config, 'resetPasswordUrl', 'resetPasswordUrl', isStr, 'a URL', 'http://localhost:3000/reset-password'),
    serverUrl: pick(config, 'serverUrl', 'serverUrl', isStr, 'a URL', 'http://localhost:1337'),
    codeTtl,
    rateLimit: reader.budgets(config, 'ratelimit', 10),
    email: {
      ...email,
      // The default reset text says how long its link lasts
      templates: readEmailTemplates(obj('email').templates, at('email.templates'), codeTtl),
    },
    permissions: readGrants(config.permissions, at('permissions')),
    permissionCacheTtl: pick(config, 'permissionCacheTtl', 'permissionCacheTtl', (v) => Number.isSafeInteger(v) && (v as number) >= 0, 'a number of milliseconds', 10_000),
  };
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
