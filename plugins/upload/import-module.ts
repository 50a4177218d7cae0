// A provider named in config: a path relative to the app, or a package the app installed
// (Strapi's `@strapi/provider-upload-<name>` naming included).

import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { KernelError } from '../../core/index.js';
import type { ProviderModule } from './provider-types.js';

export async function importModule(spec: string, appDir: string): Promise<ProviderModule> {
  const require = createRequire(join(appDir, 'package.json'));
  const candidates = spec.startsWith('.') || isAbsolute(spec) ? [resolve(appDir, spec)] : [`@strapi/provider-upload-${spec}`, spec];
  for (const candidate of candidates) {
    let file: string;
    try {
      file = require.resolve(candidate);
    } catch {
      continue;
    }
    const mod = await import(pathToFileURL(file).href) as { default?: unknown; init?: unknown };
    const found = (typeof mod.init === 'function' ? mod : mod.default) as ProviderModule | undefined;
    if (found && typeof found.init === 'function') return found;
    throw new KernelError('CONFIG_ERR_INVALID', `config plugins.upload.config.provider: ${file} exports no init(options)`);
  }
  throw new KernelError('CONFIG_ERR_INVALID', `config plugins.upload.config.provider: no module ${spec} (tried ${candidates.join(', ')} from ${appDir})`);
}
