// Every kernel hook in one frozen object (webpack's Compiler.hooks): each layer declares the hooks
// it calls, and the kernel adds its life cycle. Plugins tap them by name; only the module that owns
// a phase calls a hook.

import { AsyncSeriesHook, SyncWaterfallHook } from 'tapable';
import { createAuthHooks } from '../auth/hooks.js';
import { createDocumentHooks } from '../documents/hooks.js';
import { createOperationHooks } from '../operations/hooks.js';
import { createRegistryHooks } from '../registry/hooks.js';
import { createRestHooks } from '../rest/hooks.js';

/** The parts of a GraphQL schema that plugins contribute; shaped by the graphql plugin. */
export interface SchemaParts {
  typeDefs: string[];
  resolvers: Record<string, Record<string, unknown>>;
}

export function createKernelHooks() {
  return Object.freeze({
    ...createRegistryHooks(),
    ...createOperationHooks(),
    ...createRestHooks(),
    ...createAuthHooks(),
    /** When the graphql plugin builds its schema; i18n adds locale args, D&P status args. */
    buildSchema: new SyncWaterfallHook<[SchemaParts]>(['parts']),
    ...createDocumentHooks(),
    /** Once, after routes are mounted and the schema is synced, before listen. */
    bootstrap: new AsyncSeriesHook<[]>([]),
    /** Once, on destroy(), before the server and pool close. */
    destroy: new AsyncSeriesHook<[]>([]),
  });
}

export type KernelHooks = ReturnType<typeof createKernelHooks>;
export type KernelHookName = keyof KernelHooks;
