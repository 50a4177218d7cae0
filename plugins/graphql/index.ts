// GraphQL: Strapi 5's shadow CRUD over the same operations as REST. Types come from the registry,
// arguments from the typed parameters, and other plugins shape the schema through the scoped
// schema hooks; every resolver runs an operation through the runner (rate limit, permission,
// parameter check), so no rule lives here. Uses only the kernel's public API.

import type { GraphQLSchema } from 'graphql';
import { definePlugin, KernelError, type ResolverMiddlewares } from '../../core/index.js';
import { checkScopes, collectExtensions, type Extend } from './extension/build.js';
import { ExtensionRegistry } from './extension/registry.js';
import type { ShadowCrud } from './extension/shadow-crud.js';
import type { ExtensionInput, MiddlewareFactory } from './extension/types.js';
import { CONFIG_KEYS, PLUGIN_NAME, readSettings, type GraphqlSettings } from './config.js';
import type { ExecutionCounts } from './execute.js';
import { graphqlMiddleware } from './http.js';
import { playgroundMiddleware } from './playground.js';
import { executableSchema } from './schema.js';
import { buildSpec } from './spec/index.js';

/** What the plugin publishes: the schema it serves (for tooling and tests), and the extension
 *  API: plugins and the app call it in register(), before the schema is built. */
export interface GraphqlService {
  settings: Readonly<GraphqlSettings>;
  /** The schema's SDL, once built (from the surfaces phase on). */
  sdl(): string;
  schema(): GraphQLSchema;
  /** What of a content type or component the generated schema leaves out. */
  shadowCRUD(uid: string): ShadowCrud;
  /** Adds types, resolvers, resolver options and schema transforms. */
  use(extension: ExtensionInput): void;
  /** Operations run since start, compiled (graphql-jit) and interpreted (graphql-js): how much
   *  of the traffic the compiled path serves (docs/graphql.md, Compiled execution). */
  executions(): Readonly<ExecutionCounts>;
  /** Names a resolver middleware that resolversConfig can list (its options typed through
   *  core's ResolverMiddlewares). */
  defineMiddleware<K extends keyof ResolverMiddlewares & string>(name: K, factory: MiddlewareFactory<ResolverMiddlewares[K]>): void;
}

declare module '../../core/index.js' {
  interface Services { graphql: GraphqlService }
}

export default definePlugin({
  name: PLUGIN_NAME,
  configKeys: CONFIG_KEYS,
  register(api, config) {
    const settings = readSettings(config, api.config);
    let built: { schema: GraphQLSchema; sdl: string } | undefined;
    const ready = () => {
      if (!built) throw new KernelError('KERNEL_ERR_STATE', 'the GraphQL schema is built in the surfaces phase; it is not ready yet');
      return built;
    };
    // The schema needs the frozen registry and every operation: the surfaces phase has both
    const extensions = new ExtensionRegistry();
    let extend: Extend | undefined;
    api.hooks.buildRoutes.tap(PLUGIN_NAME, (routes) => {
      routes.addLink({ title: 'GraphQL', path: settings.endpoint, description: settings.playground ? 'POST queries; a browser gets the GraphiQL playground' : 'POST queries' });
      const spec = buildSpec(api, settings);
      extensions.shadow.apply(spec.spec, api.registry);
      extend = extensions.seal() ? collectExtensions(extensions, settings, api) : undefined;
      built = executableSchema(api, settings, spec, extend);
    });
    // Every action exists once the routes are final (a plugin's route after this one's tap too)
    api.hooks.verify.tapPromise(PLUGIN_NAME, async () => { if (extend) checkScopes(extend, api.knownActions()); });
    api.middleware('beforeBody', playgroundMiddleware(settings));
    const counts: ExecutionCounts = { compiled: 0, interpreted: 0 };
    api.middleware('beforeBody', graphqlMiddleware(api, settings, () => ready().schema, counts));
    api.services.provide('graphql', {
      settings, sdl: () => ready().sdl, schema: () => ready().schema, executions: () => ({ ...counts }),
      shadowCRUD: (uid) => extensions.shadow.of(uid),
      use: (extension) => extensions.use(extension),
      defineMiddleware: (name, factory) => extensions.defineMiddleware(name, factory),
    });
  },
});
