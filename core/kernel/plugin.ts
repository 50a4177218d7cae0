// A plugin is one object; first-party plugins and an app's own are written the same way.

import type { Kernel } from './kernel.js';

export type { PluginEntry, PluginsConfig } from '../config/types.js';

export interface Plugin<Config = Record<string, unknown>> {
  /** kebab-case; equals its folder name; used for every tap. */
  name: string;
  /** Plugins that must be enabled and registered before this one. */
  dependsOn?: string[];
  /** Taps hooks, adds models and routes. Runs before registerModels. */
  register(kernel: Kernel, config: Config): void | Promise<void>;
  bootstrap?(kernel: Kernel, config: Config): void | Promise<void>;
  destroy?(kernel: Kernel, config: Config): void | Promise<void>;
}

export function definePlugin<Config = Record<string, unknown>>(plugin: Plugin<Config>): Plugin<Config> {
  return plugin;
}
