// Services plugins publish for each other and for the app, looked up by name: no plugin imports
// another. Names and types are declared by merging into `Services`:
//
//   declare module '../../core/index.js' {
//     interface Services { 'graphql.extension': GraphqlExtension }
//   }
//
// so a misspelt name, or a wrong type for a name, does not compile.

import { KernelError } from '../errors/index.js';

// eslint-disable-next-line @typescript-eslint/no-empty-interface -- filled by declaration merging
export interface Services {}

export type ServiceName = keyof Services & string;

export class ServiceRegistry {
  readonly #services = new Map<string, { owner: string; service: unknown }>();

  provide<K extends ServiceName>(name: K, service: Services[K], owner: string): void {
    const existing = this.#services.get(name);
    if (existing) throw new KernelError('PLUGIN_ERR_DUPLICATE', `service ${name}: provided by ${owner}, already provided by ${existing.owner}`);
    this.#services.set(name, { owner, service });
  }

  /** The service, or a KernelError naming what is missing (is its plugin enabled?). */
  get<K extends ServiceName>(name: K): Services[K] {
    const entry = this.#services.get(name);
    if (!entry) throw new KernelError('KERNEL_ERR_STATE', `no service ${name}: no enabled plugin provides it`);
    return entry.service as Services[K];
  }

  /** The service, or undefined when no plugin provides it (an optional collaboration). */
  find<K extends ServiceName>(name: K): Services[K] | undefined {
    return this.#services.get(name)?.service as Services[K] | undefined;
  }

  /** Who provides each service. */
  list(): Array<{ name: string; owner: string }> {
    return [...this.#services].map(([name, { owner }]) => ({ name, owner }));
  }
}

/** What a plugin sees of the registry: its own name goes with what it provides. */
export interface PluginServices {
  provide<K extends ServiceName>(name: K, service: Services[K]): void;
  get<K extends ServiceName>(name: K): Services[K];
  find<K extends ServiceName>(name: K): Services[K] | undefined;
}
