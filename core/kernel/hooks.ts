// Every kernel hook in one frozen object (webpack's Compiler.hooks): each layer declares the hooks
// it calls, and the kernel adds its life cycle. Plugins tap them by name; only the module that owns
// a phase calls a hook.

import { AsyncSeriesHook } from 'tapable';
import { createAuthHooks } from '../auth/hooks.js';
import { createDocumentHooks } from '../documents/hooks.js';
import { createOperationHooks } from '../operations/hooks.js';
import { createRegistryHooks } from '../registry/hooks.js';
import { createRestHooks } from '../rest/hooks.js';
import { createSchemaHooks } from '../schema/hooks.js';

export function createKernelHooks() {
  return Object.freeze({
    ...createRegistryHooks(),
    ...createOperationHooks(),
    ...createRestHooks(),
    ...createAuthHooks(),
    ...createSchemaHooks(),
    ...createDocumentHooks(),
    /** Once, after the routes are built and before the database is opened (and by `strata build`,
     *  which opens none): plugins check their configuration against what exists (permission
     *  actions), so a mistake stops the start before any table is created or changed. */
    verify: new AsyncSeriesHook<[]>([]),
    /** Once, after routes are mounted and the schema is synced, before listen. */
    bootstrap: new AsyncSeriesHook<[]>([]),
    /** Once, on destroy(), before the server and pool close. */
    destroy: new AsyncSeriesHook<[]>([]),
  });
}

export type KernelHooks = ReturnType<typeof createKernelHooks>;
export type KernelHookName = keyof KernelHooks;
