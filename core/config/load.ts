// Loads config/<name>.(js|ts) from an app's config folder; each default-exports a function of env.

import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { KernelError } from '../errors/index.js';
import { importAppModule } from './import-app-module.js';
import { defaultConfig } from './defaults.js';
import { createEnv, type Env, type EnvSource } from './env.js';
import { throwProblems, unknownSectionKeys } from './known-keys.js';
import type { KernelConfig, KernelConfigInput } from './types.js';
import { validateConfig } from './validate.js';

const FILES = ['server', 'database', 'api', 'webhooks', 'plugins'] as const;

export type ConfigFile = (env: Env) => unknown;

/** Reads the config folder (if any), merges inline overrides on top, applies defaults, validates
 *  (unknown keys first, every one of them named). */
export async function loadConfig(options: {
  dir?: string;
  env?: EnvSource;
  overrides?: KernelConfigInput;
}): Promise<KernelConfig> {
  const env = createEnv(options.env ?? process.env);
  const fromFiles: Record<string, unknown> = {};
  // A misspelt key would otherwise pass as the default of the key meant: all of them, named
  const problems: string[] = [];
  if (options.dir) {
    for (const name of FILES) {
      const file = [join(options.dir, `${name}.js`), join(options.dir, `${name}.ts`)].find((f) => existsSync(f));
      if (!file) continue;
      let mod: { default?: unknown };
      try {
        mod = await importAppModule(file);
      } catch (err) {
        throw new KernelError('CONFIG_ERR_LOAD', `config/${name}: cannot load ${file}: ${(err as Error).message}`, { cause: err });
      }
      if (typeof mod.default !== 'function') {
        throw new KernelError('CONFIG_ERR_LOAD', `config/${name}: must default-export a function of env, got ${typeof mod.default}`);
      }
      fromFiles[name] = (mod.default as ConfigFile)(env);
      problems.push(...unknownSectionKeys(name, fromFiles[name], ` in config/${basename(file)}`));
    }
  }
  for (const [section, value] of Object.entries(options.overrides ?? {})) problems.push(...unknownSectionKeys(section, value));
  throwProblems(problems);
  const config = mergeDeep(mergeDeep(defaultConfig(), fromFiles), options.overrides ?? {}) as KernelConfig;
  validateConfig(config);
  return config;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

export function mergeDeep(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) return over === undefined ? base : over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === undefined) continue;
    out[key] = mergeDeep(base[key], value);
  }
  return out;
}
