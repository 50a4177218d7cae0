// Which content types the content API serves: every api:: type, and each plugin type a plugin asks
// for with api.contentApi.serve(uid) (Strapi's createCoreRouter, createCoreController and
// createCoreService in one call). A served type gets core's operations (<uid>.find, ...: the same
// parameters and permission actions), their REST routes, and through the operations GraphQL's
// shadow CRUD: what an api:: type gets, so that a plugin copies nothing of core.

import { nearest } from '../config/known-keys.js';
import { KernelError } from '../errors/index.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { ContentType } from '../registry/types.js';

/** Core's actions of a content type: a collection type has the five, a single type find, update
 *  and delete. */
export type CoreContentAction = 'find' | 'findOne' | 'create' | 'update' | 'delete';

const COLLECTION: readonly CoreContentAction[] = ['find', 'findOne', 'create', 'update', 'delete'];
const SINGLE: readonly CoreContentAction[] = ['find', 'update', 'delete'];

export interface ContentApiOptions {
  /** Serve only these actions (Strapi's `only`); by default every one of the type's kind. */
  only?: readonly CoreContentAction[];
  /** Serve every action but these (Strapi's `except`). */
  except?: readonly CoreContentAction[];
  /** The path between the REST prefix and the type's plural name (a single type's singular
   *  name): by default `/<plugin>`, as Strapi prefixes a plugin's content-API routes
   *  (`/api/reading-list/entries`); `''` serves them as an api:: type's (`/api/entries`). */
  prefix?: string;
}

/** A content type the content API serves, and how. */
export interface ServedContentType {
  contentType: ContentType;
  /** The actions it has operations and routes for. */
  actions: readonly CoreContentAction[];
  /** Its REST base: `/api/articles` (a single type's `/api/global`), `/api/reading-list/entries`. */
  path: string;
  /** 'app' for an api:: type, else the plugin that asked. */
  owner: string;
}

/** What a plugin sees: ask in register(), read from the buildRoutes phase on. */
export interface PluginContentApi {
  /** Serves the plugin content type `uid` (`plugin::<plugin>.<name>`, added in registerModels) as
   *  an api:: type is served; in register() only. */
  serve(uid: string, options?: ContentApiOptions): void;
  /** Whether the content API serves `uid` (every api:: type does); from the registerModels phase
   *  on (once every plugin's register() has run). */
  has(uid: string): boolean;
  /** The content types it serves, api:: and plugins'. */
  types(): ContentType[];
  /** The REST base path of a served type, or undefined. */
  path(uid: string): string | undefined;
}

interface Request { options: ContentApiOptions; owner: string }

export class ContentApiRegistry {
  readonly #requests = new Map<string, Request>();
  #served?: Map<string, ServedContentType>;

  /** Records a plugin's request; `late` says why it comes too late, when it does. */
  serve(uid: unknown, options: ContentApiOptions | undefined, owner: string, late?: string): void {
    const where = `plugin ${owner}: contentApi.serve(${JSON.stringify(uid)})`;
    if (late) throw new KernelError('KERNEL_ERR_LATE_TAP', `${where} during phase ${late}: call it in register()`);
    if (typeof uid !== 'string' || !/^plugin::[a-z0-9-]+\.[a-z0-9-]+$/.test(uid)) {
      throw new KernelError('PLUGIN_ERR_INVALID', `${where}: expected a plugin content type's uid, plugin::<plugin>.<name> (api:: types are served already)`);
    }
    if (uid.slice('plugin::'.length, uid.indexOf('.')) !== owner) {
      // Another plugin's type (users, tokens) is its owner's to serve, or not
      throw new KernelError('PLUGIN_ERR_INVALID', `${where}: a plugin serves its own types (plugin::${owner}.<name>)`);
    }
    const existing = this.#requests.get(uid);
    if (existing) throw new KernelError('PLUGIN_ERR_DUPLICATE', `${where}: already served for ${existing.owner}`);
    for (const key of Object.keys(options ?? {})) {
      if (!['only', 'except', 'prefix'].includes(key)) throw new KernelError('PLUGIN_ERR_INVALID', `${where}: unknown option ${key} (options: only, except, prefix)`);
    }
    const prefix = options?.prefix;
    if (prefix !== undefined && (typeof prefix !== 'string' || !/^(\/[A-Za-z0-9._~-]+)*$/.test(prefix))) {
      throw new KernelError('PLUGIN_ERR_INVALID', `${where}: prefix must be '' or start with '/' (such as '/reading-list'), got ${JSON.stringify(prefix)}`);
    }
    this.#requests.set(uid, { options: { ...options }, owner });
  }

  /** The served types, once the registry is final (the buildRoutes phase); a request naming a
   *  type that does not exist stops the start, naming the plugin and the nearest uid. */
  resolve(registry: ModelRegistry, restPrefix: string): ServedContentType[] {
    const served = new Map<string, ServedContentType>();
    for (const ct of registry.contentTypes()) {
      if (!ct.uid.startsWith('api::')) continue;
      served.set(ct.uid, { contentType: ct, actions: actionsOf(ct), path: `${restPrefix}/${nameOf(ct)}`, owner: 'app' });
    }
    for (const [uid, { options, owner }] of this.#requests) {
      const where = `plugin ${owner}: contentApi.serve('${uid}')`;
      if (!registry.has(uid) || registry.get(uid).modelType !== 'contentType') {
        const plugins = registry.contentTypes().map((ct) => ct.uid).filter((u) => u.startsWith('plugin::'));
        const close = nearest(uid, plugins);
        throw new KernelError('PLUGIN_ERR_INVALID', `${where}: no content type has this uid${close ? ` (did you mean ${close}?)` : ''}; add it in the registerModels hook`);
      }
      const ct = registry.contentType(uid);
      const kind = actionsOf(ct);
      for (const action of [...options.only ?? [], ...options.except ?? []]) {
        if (!kind.includes(action)) throw new KernelError('PLUGIN_ERR_INVALID', `${where}: ${String(action)} is not an action of a ${ct.kind === 'singleType' ? 'single' : 'collection'} type (${kind.join(', ')})`);
      }
      const actions = kind.filter((a) => (!options.only || options.only.includes(a)) && !options.except?.includes(a));
      const plugin = uid.slice('plugin::'.length, uid.indexOf('.'));
      const path = `${restPrefix}${options.prefix ?? `/${plugin}`}/${nameOf(ct)}`;
      served.set(uid, { contentType: ct, actions, path, owner });
    }
    this.#served = served;
    return [...served.values()];
  }

  /** Before the buildRoutes phase, from what was asked: every request is in once each plugin's
   *  register() has run, and one naming no type stops the start there. Any api:: uid answers
   *  true then, whether a type has it or not: ask the registry which types exist. */
  has(uid: string): boolean {
    return this.#served ? this.#served.has(uid) : uid.startsWith('api::') || this.#requests.has(uid);
  }

  types(): ContentType[] {
    return [...this.#resolved('contentApi.types()').values()].map((s) => s.contentType);
  }

  path(uid: string): string | undefined {
    return this.#resolved('contentApi.path()').get(uid)?.path;
  }

  #resolved(what: string): Map<string, ServedContentType> {
    if (!this.#served) throw new KernelError('KERNEL_ERR_STATE', `${what} answers from the buildRoutes phase on, once the content types are final`);
    return this.#served;
  }
}

function actionsOf(ct: ContentType): readonly CoreContentAction[] {
  return ct.kind === 'singleType' ? SINGLE : COLLECTION;
}

function nameOf(ct: ContentType): string {
  return ct.kind === 'singleType' ? ct.singularName : ct.pluralName;
}
