// What plugins and the app hand the graphql service before the schema is built: extensions
// (use), named resolver middlewares, and the shadowCRUD switches. After the build, a change is a
// start-up mistake and throws.

import { KernelError, type ResolverMiddlewares } from '../../../core/index.js';
import { ShadowCrudRegistry } from './shadow-crud.js';
import type { ExtensionHelper, ExtensionInput, GraphqlExtension, MiddlewareFactory, MiddlewareRef, ResolverMiddleware } from './types.js';

type MiddlewareName = keyof ResolverMiddlewares & string;

export class ExtensionRegistry {
  readonly #inputs: ExtensionInput[] = [];
  readonly #middlewares = new Map<string, MiddlewareFactory<never>>();
  #built = false;
  readonly shadow = new ShadowCrudRegistry(() => (this.#built ? 'the schema is built already; call it in register()' : undefined));

  use(input: ExtensionInput): void {
    this.#open('use()');
    if (typeof input !== 'function' && (typeof input !== 'object' || input === null)) {
      throw new KernelError('PLUGIN_ERR_INVALID', `graphql use(): expected an extension object or a function returning one, got ${JSON.stringify(input)}`);
    }
    this.#inputs.push(input);
  }

  defineMiddleware<K extends MiddlewareName>(name: K, factory: MiddlewareFactory<ResolverMiddlewares[K]>): void {
    this.#open(`defineMiddleware('${name}')`);
    if (this.#middlewares.has(name)) throw new KernelError('PLUGIN_ERR_DUPLICATE', `graphql middleware ${name} is defined twice`);
    this.#middlewares.set(name, factory as MiddlewareFactory<never>);
  }

  /** Ends the time for changes; answers whether any use() came (else the schema builds as
   *  generated). */
  seal(): boolean {
    this.#built = true;
    return this.#inputs.length > 0;
  }

  /** The extensions, function forms called with the helper; no more changes after this. */
  resolve(helper: ExtensionHelper): GraphqlExtension[] {
    this.#built = true;
    return this.#inputs.map((input, i) => {
      const ext = typeof input === 'function' ? input(helper) : input;
      if (typeof ext !== 'object' || ext === null) throw new KernelError('PLUGIN_ERR_INVALID', `graphql use() #${i + 1}: the function returned ${JSON.stringify(ext)}, not an extension object`);
      const unknown = Object.keys(ext).filter((key) => !EXTENSION_KEYS.has(key));
      if (unknown.length) throw new KernelError('PLUGIN_ERR_INVALID', `graphql use() #${i + 1}: unknown key ${unknown.join(', ')}; expected ${[...EXTENSION_KEYS].join(', ')}`);
      return ext;
    });
  }

  /** A middleware reference as the function it stands for. */
  middleware(ref: MiddlewareRef, where: string): ResolverMiddleware {
    if (typeof ref === 'function') return ref;
    const { name, options } = typeof ref === 'string' ? { name: ref, options: undefined } : (ref as { name?: unknown; options?: unknown } ?? {});
    const factory = typeof name === 'string' ? this.#middlewares.get(name) : undefined;
    if (!factory) {
      throw new KernelError('PLUGIN_ERR_INVALID', `graphql ${where}: no middleware ${JSON.stringify(name)} is defined (middlewares: ${[...this.#middlewares.keys()].join(', ') || 'none'})`);
    }
    return (factory as MiddlewareFactory<unknown>)(options);
  }

  #open(what: string): void {
    if (this.#built) throw new KernelError('KERNEL_ERR_LATE_MUTATION', `graphql ${what}: the schema is built already; call it in register()`);
  }
}

const EXTENSION_KEYS = new Set(['types', 'typeDefs', 'plugins', 'resolvers', 'resolversConfig']);
