// Resolves config/plugins.ts entries to plugin objects: first-party plugins by name (plugins/<name>),
// custom plugins by path. Checks names and dependencies before anything registers.

import { existsSync, readdirSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KernelError } from '../errors/index.js';
import { importAppModule } from '../config/import-app-module.js';
import { nearest } from '../config/known-keys.js';
import type { Plugin, PluginEntry, PluginsConfig } from './plugin.js';

export interface LoadedPlugin { plugin: Plugin; config: Record<string, unknown> }

/** Where first-party plugins live, relative to this file (core/kernel -> plugins/), source or dist. */
const FIRST_PARTY_DIR = fileURLToPath(new URL('../../plugins/', import.meta.url));

export async function loadPlugins(config: PluginsConfig, extra: Plugin[], appDir: string): Promise<LoadedPlugin[]> {
  const loaded: LoadedPlugin[] = [];
  for (const [name, raw] of Object.entries(config)) {
    const entry: PluginEntry = typeof raw === 'boolean' ? { enabled: raw } : raw;
    if (entry.enabled === false) continue;
    const plugin = await resolvePlugin(name, entry, appDir);
    loaded.push({ plugin, config: entry.config ?? {} });
  }
  for (const plugin of extra) loaded.push({ plugin, config: {} });
  checkPlugins(loaded);
  return loaded;
}

async function resolvePlugin(name: string, entry: PluginEntry, appDir: string): Promise<Plugin> {
  if (entry.resolve && typeof entry.resolve === 'object') return assertPlugin(entry.resolve, name);
  const file = entry.resolve
    ? moduleFile(isAbsolute(entry.resolve) ? entry.resolve : resolve(appDir, entry.resolve))
    : moduleFile(resolve(FIRST_PARTY_DIR, name));
  if (!file) {
    throw new KernelError('PLUGIN_ERR_UNKNOWN',
      `config plugins.${name}: no plugin found (${entry.resolve ? `at ${entry.resolve}` : `not a first-party plugin${nearestFirstParty(name)}; a plugin of your own needs its path in \`resolve\``})`);
  }
  let mod: { default?: unknown };
  try {
    mod = await importAppModule(file);
  } catch (err) {
    throw new KernelError('PLUGIN_ERR_UNKNOWN', `config plugins.${name}: cannot load ${file}: ${(err as Error).message}`, { cause: err });
  }
  return assertPlugin(mod.default, name);
}

/** " (did you mean graphql?)" when `name` is a slip for a first-party plugin's. */
function nearestFirstParty(name: string): string {
  const close = nearest(name, readdirSync(FIRST_PARTY_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name));
  return close ? ` (did you mean ${close}?)` : '';
}

function moduleFile(base: string): string | undefined {
  // JavaScript first: a compiled plugin loads without a TypeScript loader
  const candidates = [base, `${base}.js`, `${base}/index.js`, `${base}.ts`, `${base}/index.ts`];
  return candidates.find((f) => existsSync(f) && !f.endsWith('/') && !isDirectory(f));
}

function isDirectory(path: string): boolean {
  return !/\.(js|ts|mjs)$/.test(path);
}

function assertPlugin(value: unknown, name: string): Plugin {
  const p = value as Partial<Plugin> | undefined;
  if (!p || typeof p !== 'object' || typeof p.name !== 'string' || typeof p.register !== 'function') {
    throw new KernelError('PLUGIN_ERR_UNKNOWN', `plugin ${name}: its module must default-export { name, register(kernel, config) }`);
  }
  if (p.configKeys !== undefined && (typeof p.configKeys !== 'object' || p.configKeys === null || Array.isArray(p.configKeys))) {
    throw new KernelError('PLUGIN_ERR_INVALID', `plugin ${name}: configKeys must be an object of the keys its config may hold`);
  }
  if (p.name !== name) {
    throw new KernelError('PLUGIN_ERR_UNKNOWN', `plugin ${name}: the module is named ${p.name}; the config key must equal the plugin's name`);
  }
  return p as Plugin;
}

function checkPlugins(loaded: LoadedPlugin[]): void {
  const seen = new Set<string>();
  for (const { plugin } of loaded) {
    if (seen.has(plugin.name)) throw new KernelError('PLUGIN_ERR_DUPLICATE', `plugin ${plugin.name} is enabled twice`);
    for (const dep of plugin.dependsOn ?? []) {
      if (!seen.has(dep)) {
        const later = loaded.some((l) => l.plugin.name === dep);
        throw new KernelError('PLUGIN_ERR_DEPENDENCY', later
          ? `plugin ${plugin.name} depends on ${dep}, which must be listed before it in config/plugins`
          : `plugin ${plugin.name} depends on ${dep}, which is not enabled`);
      }
    }
    seen.add(plugin.name);
  }
}
