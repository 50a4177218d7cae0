// Where file bytes live. The contract is Strapi's upload providers': a module with init(options)
// returning upload or uploadStream, and delete; the provider sets the file's url (and may set
// provider_metadata). So a provider written for Strapi (its S3 one, say) can be named here.

import { KernelError } from '../../core/index.js';
import { importModule } from './import-module.js';
import { localProvider } from './providers/local.js';
import type { ProviderModule, UploadProvider } from './provider-types.js';

export type { ProviderFile, ProviderModule, UploadProvider } from './provider-types.js';

export interface LoadedProvider {
  /** Its name, stored on each file (Strapi's `provider` column). */
  name: string;
  provider: UploadProvider;
}

export async function loadProvider(spec: string | ProviderModule, options: Record<string, unknown>, appDir: string): Promise<LoadedProvider> {
  let module: ProviderModule;
  let name: string;
  if (typeof spec !== 'string') {
    module = spec;
    const named = (spec as { name?: unknown }).name;
    name = typeof named === 'string' ? named : 'custom';
  } else if (spec === 'local') {
    module = localProvider(appDir);
    name = 'local';
  } else if (spec === 's3') {
    // The AWS SDK loads only for the apps that use it
    module = (await import('./providers/s3.js')).s3Provider;
    name = 's3';
  } else {
    module = await importModule(spec, appDir);
    name = spec;
  }
  const provider = await module.init(options);
  if (!provider || typeof provider.delete !== 'function' || (typeof provider.upload !== 'function' && typeof provider.uploadStream !== 'function')) {
    throw new KernelError('CONFIG_ERR_INVALID', `config plugins.upload.config.provider: ${name} must give delete and upload or uploadStream`);
  }
  return { name, provider };
}
