// The configured locales: codes, names, the default, as config/plugins.ts gives them. The locales
// table holds them and those made at run time beside them (locale-store.ts), and the plugin reads
// the list of both from there.

import { KernelError, ValidationError, type ConfigKeys, type ContentType, type DocumentParams } from '../../core/index.js';

export const PLUGIN_NAME = 'i18n';
export const LOCALE_UID = 'plugin::i18n.locale';

export interface Locale { code: string; name: string }
export interface I18nSettings { locales: Locale[]; defaultLocale: string }

/** en, fr, pt-BR, zh-Hans: two or three lowercase letters, then region or variant parts. */
export const LOCALE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** The keys i18n.config may hold (the kernel refuses others before register). */
export const CONFIG_KEYS: ConfigKeys = { locales: true, defaultLocale: true };

export function readSettings(config: Record<string, unknown>): I18nSettings {
  const raw = config.locales ?? ['en'];
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new KernelError('CONFIG_ERR_INVALID', 'config plugins.i18n.config.locales: expected a non-empty list of locale codes, "code:Name" strings or { code, name }');
  }
  const locales = raw.map((entry, i): Locale => {
    // 'fr:French (fr)' names a locale in one string, so an environment list can carry names
    const [code, name] = typeof entry === 'string'
      ? splitNamed(entry)
      : [(entry as { code?: unknown })?.code, (entry as { name?: unknown })?.name ?? (entry as { code?: unknown })?.code];
    if (typeof code !== 'string' || !LOCALE_CODE.test(code)) {
      throw new KernelError('CONFIG_ERR_INVALID', `config plugins.i18n.config.locales.${i}: ${JSON.stringify(code)} is not a locale code such as en, fr or pt-BR`);
    }
    return { code, name: String(name) };
  });
  const seen = new Set<string>();
  locales.forEach(({ code }, i) => {
    if (seen.has(code)) throw new KernelError('CONFIG_ERR_INVALID', `config plugins.i18n.config.locales.${i}: ${code} is listed twice`);
    seen.add(code);
  });
  const defaultLocale = config.defaultLocale ?? locales[0]!.code;
  if (typeof defaultLocale !== 'string' || !locales.some((l) => l.code === defaultLocale)) {
    throw new KernelError('CONFIG_ERR_INVALID', `config plugins.i18n.config.defaultLocale: ${JSON.stringify(defaultLocale)} is not one of the configured locales`);
  }
  return { locales, defaultLocale };
}

function splitNamed(entry: string): [string, string] {
  const colon = entry.indexOf(':');
  if (colon < 0) return [entry.trim(), entry.trim()];
  const code = entry.slice(0, colon).trim();
  const name = entry.slice(colon + 1).trim();
  return [code, name === '' ? code : name];
}

export function isLocalized(ct: ContentType): boolean {
  return (ct.pluginOptions.i18n as { localized?: unknown } | undefined)?.localized === true;
}

/** Attributes of a localized type that keep one value across all locales of a document. */
export function sharedAttributes(ct: ContentType): string[] {
  return Object.entries(ct.attributes)
    .filter(([, attr]) => (attr.pluginOptions?.i18n as { localized?: unknown } | undefined)?.localized === false)
    .map(([name]) => name);
}

/** The locale a call asked for: a configured code, '*' where allowed, or the default. */
export function localeOf(params: DocumentParams, settings: I18nSettings, allowAll: boolean): string {
  const raw = params.locale;
  if (raw === undefined || raw === null || raw === '') return settings.defaultLocale;
  if (raw === '*') {
    if (allowAll) return '*';
    throw invalid(raw, 'Invalid locale param * provided. Document locales must be strings.');
  }
  if (typeof raw !== 'string' || !LOCALE_CODE.test(raw)) throw invalid(raw, 'Invalid locale parameter: expected a locale code such as en or fr');
  if (!settings.locales.some((l) => l.code === raw)) throw invalid(raw, `Unknown locale: ${raw} (the locales are ${settings.locales.map((l) => l.code).join(', ')})`);
  return raw;
}

function invalid(value: unknown, message: string): ValidationError {
  return new ValidationError(message, { key: 'locale', path: 'locale', source: 'query', param: 'locale', value });
}
