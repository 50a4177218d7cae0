// The plugin's configuration (config/plugins.ts, `admin.config`), checked once at register time
// with the bad key named. Durations are in seconds, as Strapi's admin.auth.sessions.

import { KernelError, productionSecret, type ConfigKeys, type EmailProvider, type RateLimitStore } from '../../core/index.js';

export interface SessionLifespans {
  /** How long a session lasts without a refresh. */
  idle: number;
  /** How long it lasts at most, refreshed or not. */
  max: number;
}

export interface AdminSettings {
  auth: {
    secret?: string;
    /** Seconds an access token is accepted (Strapi's 30 minutes). */
    accessTokenLifespan: number;
    /** "Remember me" sessions (a persistent cookie) and the others (a browser-session cookie). */
    remembered: SessionLifespans;
    session: SessionLifespans;
    /** Origins besides the server's own from which the refresh route is called (a panel served
     *  elsewhere). */
    origins: string[];
  };
  /** The panel's public address, for links in emails (invitation, password reset). */
  url: string;
  /** Seconds an invitation's registration link and a reset link are valid. */
  registrationTokenLifespan: number;
  resetPasswordTokenLifespan: number;
  rateLimit: { enabled: boolean; interval: number; max: number; maxPerAddress: number; store?: RateLimitStore };
  email: { provider: 'log' | 'smtp' | EmailProvider; from: string; smtp?: Record<string, unknown> };
}

/** The keys plugins.admin.config may hold: the kernel refuses others before register, and names
 *  a missing secret in production beside every other one. */
export const CONFIG_KEYS: ConfigKeys = {
  auth: {
    secret: productionSecret('set ADMIN_JWT_SECRET'), origins: true,
    sessions: { accessTokenLifespan: true, idleRefreshTokenLifespan: true, maxRefreshTokenLifespan: true, idleSessionLifespan: true, maxSessionLifespan: true },
  },
  url: true, registrationTokenLifespan: true, resetPasswordTokenLifespan: true,
  rateLimit: { enabled: true, interval: true, max: true, maxPerAddress: true, store: true },
  email: { provider: true, from: true, smtp: true },
};

type Raw = Record<string, unknown>;

const DAY = 24 * 60 * 60;

export function readSettings(config: Raw): AdminSettings {
  const at = (key: string) => `config plugins.admin.config.${key}`;
  const obj = (source: Raw, key: string, path = key): Raw => {
    const v = source[key];
    if (v === undefined) return {};
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new KernelError('CONFIG_ERR_INVALID', `${at(path)}: expected an object`);
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
  const seconds = (source: Raw, key: string, path: string, fallback: number) => pick(source, key, path, isPosInt, 'a number of seconds', fallback);
  const auth = obj(config, 'auth');
  const sessions = obj(auth, 'sessions', 'auth.sessions');
  const rate = obj(config, 'rateLimit');
  const email = obj(config, 'email');
  const provider = email.provider ?? 'log';
  if (provider !== 'log' && provider !== 'smtp' && typeof (provider as EmailProvider)?.send !== 'function') {
    throw new KernelError('CONFIG_ERR_INVALID', `${at('email.provider')}: expected 'log', 'smtp' or an object with a send(message) function`);
  }
  const settings: AdminSettings = {
    auth: {
      secret: pick<string | undefined>(auth, 'secret', 'auth.secret', (v) => typeof v === 'string' && v.length >= 16, 'a string of at least 16 characters', undefined),
      accessTokenLifespan: seconds(sessions, 'accessTokenLifespan', 'auth.sessions.accessTokenLifespan', 30 * 60),
      remembered: {
        idle: seconds(sessions, 'idleRefreshTokenLifespan', 'auth.sessions.idleRefreshTokenLifespan', 14 * DAY),
        max: seconds(sessions, 'maxRefreshTokenLifespan', 'auth.sessions.maxRefreshTokenLifespan', 30 * DAY),
      },
      session: {
        idle: seconds(sessions, 'idleSessionLifespan', 'auth.sessions.idleSessionLifespan', 2 * 60 * 60),
        max: seconds(sessions, 'maxSessionLifespan', 'auth.sessions.maxSessionLifespan', DAY),
      },
      origins: pick(auth, 'origins', 'auth.origins', (v) => Array.isArray(v) && v.every((o) => typeof o === 'string' && /^https?:\/\/[^/]+$/.test(o)), 'a list of origins such as https://admin.example.com', []),
    },
    url: pick(config, 'url', 'url', (v) => isStr(v) && /^https?:\/\//.test(v as string), 'an absolute URL', 'http://localhost:1337/admin'),
    registrationTokenLifespan: seconds(config, 'registrationTokenLifespan', 'registrationTokenLifespan', 7 * DAY),
    resetPasswordTokenLifespan: seconds(config, 'resetPasswordTokenLifespan', 'resetPasswordTokenLifespan', 60 * 60),
    rateLimit: {
      enabled: pick(rate, 'enabled', 'rateLimit.enabled', isBool, 'a boolean', true),
      interval: pick(rate, 'interval', 'rateLimit.interval', isPosInt, 'a number of milliseconds', 60_000),
      max: pick(rate, 'max', 'rateLimit.max', isPosInt, 'a positive integer', 5),
      maxPerAddress: pick(rate, 'maxPerAddress', 'rateLimit.maxPerAddress', isPosInt, 'a positive integer', 30),
      store: pick<RateLimitStore | undefined>(rate, 'store', 'rateLimit.store', (v) => typeof (v as RateLimitStore)?.hit === 'function', 'an object with a hit(key, interval) function', undefined),
    },
    email: {
      provider: provider as AdminSettings['email']['provider'],
      from: pick(email, 'from', 'email.from', isStr, 'an email address', 'no-reply@localhost'),
      smtp: pick<Raw | undefined>(email, 'smtp', 'email.smtp', (v) => typeof v === 'object' && v !== null, 'nodemailer transport options', undefined),
    },
  };
  for (const [name, span] of Object.entries({ remembered: settings.auth.remembered, session: settings.auth.session })) {
    if (span.idle > span.max) throw new KernelError('CONFIG_ERR_INVALID', `${at('auth.sessions')}: the ${name} idle lifespan (${span.idle} s) is longer than its maximum (${span.max} s)`);
  }
  if (settings.email.provider === 'smtp' && !settings.email.smtp) {
    throw new KernelError('CONFIG_ERR_INVALID', `${at('email.smtp')}: the smtp provider needs transport options (host, port, auth)`);
  }
  return settings;
}
