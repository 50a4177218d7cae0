// The hook of the model registry, declared by the layer that calls it.

import { SyncHook } from 'tapable';
import type { ModelRegistry } from './model-registry.js';

export function createRegistryHooks() {
  return {
    /** Once, after the app's schema files are loaded; the registry is still mutable. i18n adds
     *  `locale`, draft-and-publish adds `publishedAt`, users-permissions adds its models. */
    registerModels: new SyncHook<[ModelRegistry]>(['registry']),
  };
}

export type RegistryHooks = ReturnType<typeof createRegistryHooks>;
