// GraphQL: Strapi 5's shadow CRUD over the same operations as REST. Types come from the registry,
// arguments from the typed parameters, and other plugins shape the schema through the scoped
// schema hooks; every resolver runs an operation through the runner (rate limit, permission,
// parameter check), so no rule lives here. Uses only the kernel's public API.

import type { GraphQLSchema } from 'graphql';
import type { Middleware } from 'koa';
import { definePlugin, KernelError, type RequestState, type ResolverMiddlewares } from '../../core/index.js';
import type { Extend } from './extension/build.js';
import { ExtensionRegistry } from './extension/registry.js';
import type { ShadowCrud } from './extension/shadow-crud.js';
import type { ExtensionInput, MiddlewareFactory } from './extension/types.js';
import { CONFIG_KEYS, PLUGIN_NAME, readSettings, type GraphqlSettings } from './config.js';
import type { ExecutionCounts } from './execute.js';
import { playgroundMiddleware } from './playground.js';
import type { Built } from './schema.js';
import { printSdl } from './sdl.js';
import { buildSpec, type BuiltSpec } from './spec/index.js';

/** What the plugin publishes: the schema it serves (for tooling and tests), and the extension
 *  API: plugins and the app call it in register(), before the schema is built. */
export interface GraphqlService {
  settings: Readonly<GraphqlSettings>;
  /** The schema's SDL (from the surfaces phase on). */
  sdl(): string;
  /** The executable schema, built on first need (see the register below). */
  schema(): Promise<GraphQLSchema>;
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
    // The schema as data needs the frozen registry and every operation: the surfaces phase has
    // both. The executable schema, and graphql-js, graphql-jit and graphql-http with it (a third
    // of a start's time and 15 MB), wait for the first GraphQL request: a site that serves REST
    // alone never loads them. Extensions are the exception: they may fail to build, and a mistake
    // must stop the start, so with any they are built in verify, first of its taps (the custom
    // fields' permission actions they declare are then known to every other check).
    const extensions = new ExtensionRegistry();
    let spec: BuiltSpec | undefined;
    let extended = false;
    let extend: Extend | undefined;
    let building: Promise<Built> | undefined;
    let built: Built | undefined;
    const notYet = () => new KernelError('KERNEL_ERR_STATE', 'the GraphQL schema is built in the surfaces phase; it is not ready yet');
    const build = (): Promise<Built> => {
      building ??= (async () => {
        if (!spec) throw notYet();
        const { executableSchema } = await import('./schema.js');
        built = executableSchema(api, settings, spec, extend);
        return built;
      })();
      return building;
    };
    api.hooks.buildRoutes.tap(PLUGIN_NAME, (routes) => {
      routes.addLink({ title: 'GraphQL', path: settings.endpoint, description: settings.playground ? 'POST queries; a browser gets the GraphiQL playground' : 'POST queries' });
      spec = buildSpec(api, settings);
      extensions.shadow.apply(spec.spec, api.registry);
      extended = extensions.seal();
    });
    api.hooks.verify.tapPromise({ name: PLUGIN_NAME, stage: -100 }, async () => {
      if (!extended) return;
      const { checkScopes, collectExtensions } = await import('./extension/build.js');
      extend = collectExtensions(extensions, settings, api);
      await build();
      // Every action exists once the routes are final and the extensions built
      checkScopes(extend, api.knownActions());
    });
    api.middleware('beforeBody', playgroundMiddleware(settings));
    const counts: ExecutionCounts = { compiled: 0, interpreted: 0 };
    let endpoint: Promise<Middleware<RequestState>> | undefined;
    api.middleware('beforeBody', async (ctx, next) => {
      if (ctx.path !== settings.endpoint) return next();
      endpoint ??= Promise.all([import('./http.js'), build()])
        .then(([http, { schema }]) => http.graphqlMiddleware(api, settings, () => schema, counts));
      return (await endpoint)(ctx, next);
    });
    api.services.provide('graphql', {
      settings,
      sdl: () => {
        if (built) return built.sdl;
        // Without extensions the served SDL is the spec's, printed
        if (!spec || extended) throw notYet();
        return printSdl(spec.spec);
      },
      schema: async () => (await build()).schema,
      executions: () => ({ ...counts }),
      shadowCRUD: (uid) => extensions.shadow.of(uid),
      use: (extension) => extensions.use(extension),
      defineMiddleware: (name, factory) => extensions.defineMiddleware(name, factory),
    });
  },
});
