// Reading a plugin's own block, `plugins.<name>.config`: each value checked where it is read,
// a wrong one named by its whole path (config plugins.admin.config.rateLimit.max: expected ...).
// The sign-in budgets and the email sender read alike wherever a plugin sends mail or counts
// attempts, so they are read here once.

import type { EmailProvider } from '../email/provider.js';
import { KernelError } from '../errors/index.js';
import type { RateLimitStore } from '../limits/rate-limit.js';

export type RawSettings = Record<string, unknown>;

export interface BudgetSettings { enabled: boolean; interval: number; max: number; maxPerAddress: number; store?: RateLimitStore }
export interface EmailSettings { provider: 'log' | 'smtp' | EmailProvider; from: string; smtp?: Record<string, unknown> }

export const isBoolean = (v: unknown): boolean => typeof v === 'boolean';
export const isNonEmptyString = (v: unknown): boolean => typeof v === 'string' && v.length > 0;
export const isPositiveInteger = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) > 0;

export interface SettingsReader {
  /** `config plugins.<plugin>.config.<path>`, for a message. */
  at(path: string): string;
  /** The object under `key` ({} when absent); anything else is an error naming `path`. */
  object(source: RawSettings, key: string, path?: string): RawSettings;
  /** The value under `key` when `check` accepts it, `fallback` when absent; else an error saying
   *  what was `expected` and what came. */
  value<T>(source: RawSettings, key: string, path: string, check: (v: unknown) => boolean, expected: string, fallback: T): T;
  /** `{ enabled, interval, max, maxPerAddress, store }` under `key`: attempts per identifier and
   *  address (max) and per address (maxPerAddress) in each interval (ms). */
  budgets(source: RawSettings, key: string, max: number): BudgetSettings;
  /** `{ provider, from, smtp }` under `key`: 'log' (the default), 'smtp' with nodemailer's
   *  transport options, or an object with send(message). */
  email(source: RawSettings, key: string): EmailSettings;
}

export function settingsReader(plugin: string): SettingsReader {
  const at = (path: string) => `config plugins.${plugin}.config.${path}`;
  const object = (source: RawSettings, key: string, path = key): RawSettings => {
    const v = source[key];
    if (v === undefined) return {};
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new KernelError('CONFIG_ERR_INVALID', `${at(path)}: expected an object`);
    return v as RawSettings;
  };
  const value = <T>(source: RawSettings, key: string, path: string, check: (v: unknown) => boolean, expected: string, fallback: T): T => {
    const v = source[key];
    if (v === undefined) return fallback;
    if (!check(v)) throw new KernelError('CONFIG_ERR_INVALID', `${at(path)}: expected ${expected}, got ${JSON.stringify(v)}`);
    return v as T;
  };
  return {
    at, object, value,
    budgets(source, key, max) {
      const rate = object(source, key);
      return {
        enabled: value(rate, 'enabled', `${key}.enabled`, isBoolean, 'a boolean', true),
        interval: value(rate, 'interval', `${key}.interval`, isPositiveInteger, 'a number of milliseconds', 60_000),
        max: value(rate, 'max', `${key}.max`, isPositiveInteger, 'a positive integer', max),
        maxPerAddress: value(rate, 'maxPerAddress', `${key}.maxPerAddress`, isPositiveInteger, 'a positive integer', 30),
        store: value<RateLimitStore | undefined>(rate, 'store', `${key}.store`, (v) => typeof (v as RateLimitStore)?.hit === 'function', 'an object with a hit(key, interval) function', undefined),
      };
    },
    email(source, key) {
      const email = object(source, key);
      const provider = email.provider ?? 'log';
      if (provider !== 'log' && provider !== 'smtp' && typeof (provider as EmailProvider)?.send !== 'function') {
        throw new KernelError('CONFIG_ERR_INVALID', `${at(`${key}.provider`)}: expected 'log', 'smtp' or an object with a send(message) function`);
      }
      const smtp = value<RawSettings | undefined>(email, 'smtp', `${key}.smtp`, (v) => typeof v === 'object' && v !== null, 'nodemailer transport options', undefined);
      if (provider === 'smtp' && !smtp) throw new KernelError('CONFIG_ERR_INVALID', `${at(`${key}.smtp`)}: the smtp provider needs transport options (host, port, auth)`);
      return {
        provider: provider as EmailSettings['provider'],
        from: value(email, 'from', `${key}.from`, isNonEmptyString, 'an email address', 'no-reply@localhost'),
        ...(smtp ? { smtp } : {}),
      };
    },
  };
}
