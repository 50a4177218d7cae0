// Routes are data until mount time, so plugins can add routes or change ones they did not write
// (the buildRoutes hook). A duplicate method+path names both owners.

import { KernelError } from '../errors/index.js';
import type { HttpMethod, RouteDefinition } from './types.js';

export type { HttpMethod, RouteDefinition } from './types.js';

export class RouteTable {
  readonly #routes = new Map<string, RouteDefinition>();

  add(route: RouteDefinition): void {
    const key = `${route.method} ${route.path}`;
    const existing = this.#routes.get(key);
    if (existing) {
      throw new KernelError('ROUTE_ERR_DUPLICATE',
        `route ${key}: added by ${route.config.owner}, already defined by ${existing.config.owner}`);
    }
    this.#routes.set(key, route);
  }

  get(method: HttpMethod, path: string): RouteDefinition | undefined {
    return this.#routes.get(`${method} ${path}`);
  }

  /** Changes a route someone else defined (add a query parameter, wrap a handler). */
  update(method: HttpMethod, path: string, change: (route: RouteDefinition) => RouteDefinition): void {
    const key = `${method} ${path}`;
    const route = this.#routes.get(key);
    if (!route) throw new KernelError('ROUTE_ERR_DUPLICATE', `route ${key}: cannot update, not defined`);
    this.#routes.set(key, change(route));
  }

  remove(method: HttpMethod, path: string): boolean {
    return this.#routes.delete(`${method} ${path}`);
  }

  all(): RouteDefinition[] {
    return [...this.#routes.values()];
  }

  /** Every permission action a route may ask authorize for: its own and its extraActions (routes
   *  without auth ask for nothing). */
  actions(): Set<string> {
    const known = new Set<string>();
    for (const route of this.#routes.values()) {
      if (!route.config.auth) continue;
      known.add(route.action);
      for (const extra of route.extraActions ?? []) known.add(extra);
    }
    return known;
  }

  forContentType(uid: string): RouteDefinition[] {
    return this.all().filter((r) => r.contentType === uid);
  }
}
