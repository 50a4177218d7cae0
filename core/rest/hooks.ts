// The hook of the REST surface, declared by the layer that calls it.

import { SyncHook } from 'tapable';
import type { RouteTable } from './route-table.js';

export function createRestHooks() {
  return {
    /** Once, after core has built the CRUD route data and before anything is mounted. Plugins add
     *  routes (/api/auth/*) or change definitions they did not write. */
    buildRoutes: new SyncHook<[RouteTable]>(['routes']),
  };
}

export type RestHooks = ReturnType<typeof createRestHooks>;
