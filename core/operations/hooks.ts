// The hook of the operations layer, declared by the layer that calls it.

import { SyncHook } from 'tapable';
import type { OperationRegistry } from './registry.js';

export function createOperationHooks() {
  return {
    /** Once, after core has defined the content operations of every content type and before any
     *  surface is built: plugins define theirs (publish, login) or change core's. */
    defineOperations: new SyncHook<[OperationRegistry]>(['operations']),
  };
}

export type OperationHooks = ReturnType<typeof createOperationHooks>;
