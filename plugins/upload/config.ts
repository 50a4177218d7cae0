// The plugin's configuration (config/plugins.ts, `upload.config`), checked once at register time
// with the bad key named. Sizes are bytes.

import { KernelError, type ConfigKeys } from '../../core/index.js';
import type { ProviderModule } from './provider.js';

export interface UploadSettings {
  /** 'local', a module path (relative to the app) or a provider module itself. */
  provider: string | ProviderModule;
  providerOptions: Record<string, unknown>;
  /** Largest file, in bytes: a bigger one is a 413. */
  sizeLimit: number;
  /** Largest request body (every file and field of one upload), in bytes: a 413. */
  requestSizeLimit: number;
  /** Most files in one request. */
  maxFiles: number;
  /** Responsive formats: name -> longest side in px (Strapi's large, medium, small). */
  breakpoints: Record<string, number>;
  /** Makes the breakpoint formats (the thumbnail is always made). */
  responsiveDimensions: boolean;
  /** Re-encodes raster images (quality 80) when that makes them smaller; drops their metadata. */
  sizeOptimization: boolean;
  /** Rotates images upright from their EXIF orientation. */
  autoOrientation: boolean;
  security: {
    /** MIME patterns a file's type (read from its bytes) must match; `*` matches any run. */
    allowedTypes: string[];
    /** MIME patterns refused even when allowed. */
    deniedTypes: string[];
    /** Largest image, in pixels (width x height), decoded for sizes and formats. */
    maxImagePixels: number;
  };
}

/** Types a site's editors upload: pictures, sound, video, documents, text data. Markup a browser
 *  runs (HTML, XHTML, XML with scripts) and programs are not among them. */
export const DEFAULT_ALLOWED_TYPES = [
  'image/*', 'video/*', 'audio/*',
  'application/pdf', 'text/plain', 'text/csv', 'text/markdown', 'application/json',
  'application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.*', 'application/vnd.oasis.opendocument.*',
  'application/rtf', 'application/zip', 'application/gzip', 'font/*',
];

export const DEFAULT_DENIED_TYPES = ['text/html', 'application/xhtml+xml', 'application/xml', 'text/xml', 'application/javascript', 'text/javascript'];

const MB = 1024 * 1024;

type Raw = Record<string, unknown>;

/** The keys upload.config may hold (the kernel refuses others before register); providerOptions
 *  are the provider's, breakpoints' names the app's. */
export const CONFIG_KEYS: ConfigKeys = {
  provider: true, providerOptions: true, sizeLimit: true, requestSizeLimit: true, maxFiles: true, breakpoints: true,
  responsiveDimensions: true, sizeOptimization: true, autoOrientation: true,
  security: { allowedTypes: true, deniedTypes: true, maxImagePixels: true },
};

export function readSettings(config: Raw): UploadSettings {
  const at = (key: string) => `config plugins.upload.config.${key} (config/plugins.ts)`;
  const fail = (key: string, expected: string, got: unknown): never => {
    throw new KernelError('CONFIG_ERR_INVALID', `${at(key)}: expected ${expected}, got ${JSON.stringify(got)}`);
  };
  const posInt = (source: Raw, key: string, path: string, fallback: number): number => {
    const v = source[key];
    if (v === undefined) return fallback;
    return Number.isSafeInteger(v) && (v as number) > 0 ? v as number : fail(path, 'a positive integer', v);
  };
  const bool = (key: string, fallback: boolean): boolean => {
    const v = config[key];
    if (v === undefined) return fallback;
    return typeof v === 'boolean' ? v : fail(key, 'true or false', v);
  };
  const object = (source: Raw, key: string, path: string): Raw => {
    const v = source[key];
    if (v === undefined) return {};
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? v as Raw : fail(path, 'an object', v);
  };
  const patterns = (source: Raw, key: string, fallback: string[]): string[] => {
    const v = source[key];
    if (v === undefined) return fallback;
    const ok = Array.isArray(v) && v.every((p) => typeof p === 'string' && /^[a-z0-9.+*-]+\/[a-z0-9.+*-]+$/i.test(p));
    return ok ? (v as string[]).map((p) => p.toLowerCase()) : fail(`security.${key}`, 'a list of MIME patterns such as image/* or application/pdf', v);
  };
  const provider = config.provider ?? 'local';
  if (!(typeof provider === 'string' && provider.length > 0) && !isProviderModule(provider)) fail('provider', "'local', a module path, or an object with init(options)", provider);
  const breakpoints = config.breakpoints === undefined ? { large: 1000, medium: 750, small: 500 } : object(config, 'breakpoints', 'breakpoints');
  for (const [name, px] of Object.entries(breakpoints)) {
    if (!/^[a-z][a-z0-9_-]*$/i.test(name) || name === 'thumbnail') fail(`breakpoints.${name}`, 'a name of letters, digits, - and _ (not thumbnail)', name);
    if (!Number.isSafeInteger(px) || (px as number) < 1) fail(`breakpoints.${name}`, 'a width in pixels', px);
  }
  const security = object(config, 'security', 'security');
  const sizeLimit = posInt(config, 'sizeLimit', 'sizeLimit', 200 * MB);
  return {
    provider: provider as UploadSettings['provider'],
    providerOptions: object(config, 'providerOptions', 'providerOptions'),
    sizeLimit,
    requestSizeLimit: posInt(config, 'requestSizeLimit', 'requestSizeLimit', Math.max(sizeLimit, 500 * MB)),
    maxFiles: posInt(config, 'maxFiles', 'maxFiles', 20),
    breakpoints: breakpoints as Record<string, number>,
    responsiveDimensions: bool('responsiveDimensions', true),
    sizeOptimization: bool('sizeOptimization', true),
    autoOrientation: bool('autoOrientation', false),
    security: {
      allowedTypes: patterns(security, 'allowedTypes', DEFAULT_ALLOWED_TYPES),
      deniedTypes: patterns(security, 'deniedTypes', DEFAULT_DENIED_TYPES),
      maxImagePixels: posInt(security, 'maxImagePixels', 'security.maxImagePixels', 60_000_000),
    },
  };
}

function isProviderModule(value: unknown): value is ProviderModule {
  return typeof value === 'object' && value !== null && typeof (value as ProviderModule).init === 'function';
}
