// The plugin's configuration (config/plugins.ts, `admin.config`), checked once at register time
// with the bad key named. Durations are in seconds, as Strapi's admin.auth.sessions.

import {
  isPositiveInteger, isNonEmptyString, KernelError, productionSecret, settingsReader, type BudgetSettings, type ConfigKeys, type EmailSettings,
} from '../../core/index.js';

export interface SessionLifespans {
  /** How long a session lasts without a refresh. */
  idle: number;
  /** How long it lasts at most, refreshed or not. */
  max: number;
}

export interface PanelSettings {
  /** Whether the kernel serves the panel's page and files (the admin API is served either way). */
  enabled: boolean;
  /** Where: a path such as /admin, without a trailing slash. */
  path: string;
}

export interface HistorySettings {
  /** Whether writes keep the state before them (a document's versions). */
  enabled: boolean;
  /** Versions kept per document and locale; older ones are pruned. */
  maxVersions: number;
  /** Days a version is kept. */
  retentionDays: number;
}

export interface AuditLogSettings {
  enabled: boolean;
  /** Days an entry is kept. */
  retentionDays: number;
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
  rateLimit: BudgetSettings;
  email: EmailSettings;
  panel: PanelSettings;
  history: HistorySettings;
  auditLogs: AuditLogSettings;
}

/** The keys plugins.admin.config may hold: the kernel refuses others before register, and names
 *  a missing secret in production beside every other one. */
export const CONFIG_KEYS: ConfigKeys = {
  auth: {
    secret: productionSecret('set ADMIN_JWT_SECRET'), origins: true,
    sessions: { accessTokenLifespan: true, idleRefreshTokenLifespan: true, maxRefreshTokenLifespan: true, idleSessionLifespan: true, maxSessionLifespan: true },
  },
  url: true, panel: { enabled: true, path: true },
  history: { enabled: true, maxVersions: true, retentionDays: true }, auditLogs: { enabled: true, retentionDays: true }, registrationTokenLifespan: true, resetPasswordTokenLifespan: true,
  rateLimit: { enabled: true, interval: true, max: true, maxPerAddress: true, store: true },
  email: { provider: true, from: true, smtp: true },
};

type Raw = Record<string, unknown>;

const DAY = 24 * 60 * 60;
/** Paths the panel cannot take: the content API's, the content manager's and the uploads'. */
const RESERVED = new Set(['api', 'content-manager', 'uploads', 'graphql', 'upload', 'i18n', 'users-permissions']);

export function readSettings(config: Raw): AdminSettings {
  const { at, object: obj, value: pick, budgets, email } = settingsReader('admin');
  const seconds = (source: Raw, key: string, path: string, fallback: number) => pick(source, key, path, isPositiveInteger, 'a number of seconds', fallback);
  const auth = obj(config, 'auth');
  const sessions = obj(auth, 'sessions', 'auth.sessions');
  const panel = obj(config, 'panel');
  const history = obj(config, 'history');
  const auditLogs = obj(config, 'auditLogs');
  const on = (source: Raw, path: string) => pick(source, 'enabled', `${path}.enabled`, (v) => typeof v === 'boolean', 'true or false', true);
  const count = (source: Raw, key: string, path: string, fallback: number) => pick(source, key, path, isPositiveInteger, 'a positive whole number', fallback);
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
    url: pick(config, 'url', 'url', (v) => isNonEmptyString(v) && /^https?:\/\//.test(v as string), 'an absolute URL', 'http://localhost:1337/admin'),
    registrationTokenLifespan: seconds(config, 'registrationTokenLifespan', 'registrationTokenLifespan', 7 * DAY),
    resetPasswordTokenLifespan: seconds(config, 'resetPasswordTokenLifespan', 'resetPasswordTokenLifespan', 60 * 60),
    rateLimit: budgets(config, 'rateLimit', 5),
    email: email(config, 'email'),
    panel: {
      enabled: pick(panel, 'enabled', 'panel.enabled', (v) => typeof v === 'boolean', 'true or false', true),
      path: pick(panel, 'path', 'panel.path', (v) => typeof v === 'string' && /^(\/[A-Za-z0-9_-]+)+$/.test(v) && !RESERVED.has(v.split('/')[1]!),
        `a path such as /admin (not under ${[...RESERVED].map((r) => `/${r}`).join(', ')})`, '/admin'),
    },
    history: {
      enabled: on(history, 'history'),
      maxVersions: count(history, 'maxVersions', 'history.maxVersions', 100),
      retentionDays: count(history, 'retentionDays', 'history.retentionDays', 90),
    },
    auditLogs: { enabled: on(auditLogs, 'auditLogs'), retentionDays: count(auditLogs, 'retentionDays', 'auditLogs.retentionDays', 90) },
  };
  for (const [name, span] of Object.entries({ remembered: settings.auth.remembered, session: settings.auth.session })) {
    if (span.idle > span.max) throw new KernelError('CONFIG_ERR_INVALID', `${at('auth.sessions')}: the ${name} idle lifespan (${span.idle} s) is longer than its maximum (${span.max} s)`);
  }
  return settings;
}
