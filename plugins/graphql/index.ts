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
    // both. In production the executable schema, and graphql-js, graphql-jit and graphql-http with
    // it, wait for the first GraphQL request: a site that serves REST alone never loads them.
    // Elsewhere (development, tests, `strata build` unless run in production) it is built in
    // verify, so that a schema no GraphQL server would accept (a plugin's schema hook naming a
    // type that does not exist) stops the start where its author is. Extensions are built in
    // verify everywhere: they may fail to build, and the custom fields' permission actions they
    // declare must be known to every other check (first of verify's taps).
    const eager = api.config.server.environment !== 'production';
    const extensions = new ExtensionRegistry();
    let spec: BuiltSpec | undefined;
    let extended = false;
    let extend: Extend | undefined;
    let building: Promise<Built> | undefined;
    let built: Built | undefined;
    const notYet = () => new KernelError('KERNEL_ERR_STATE', 'the GraphQL schema is built in the surfaces phase; it is not ready yet');
    const build = (): Promise<Built> => {
      // Asked for too early: refused, and nothing kept, so that a later call builds
      if (!spec || (extended && !extend)) return Promise.reject(notYet());
      const from = spec;
      // A failed build is not kept either: the next request tries again, and logs again
      building ??= import('./schema.js')
        .then(({ executableSchema }) => { built = executableSchema(api, settings, from, extend); return built; })
        .catch((err: unknown) => { building = undefined; throw err; });
      return building;
    };
    api.hooks.buildRoutes.tap(PLUGIN_NAME, (routes) => {
      routes.addLink({ title: 'GraphQL', path: settings.endpoint, description: settings.playground ? 'POST queries; a browser gets the GraphiQL playground' : 'POST queries' });
      spec = buildSpec(api, settings);
      extensions.shadow.apply(spec.spec, api.registry);
      extended = extensions.seal();
    });
    api.hooks.verify.tapPromise({ name: PLUGIN_NAME, stage: -100 }, async () => {
      if (extended) {
        const { collectExtensions } = await import('./extension/build.js');
        extend = collectExtensions(extensions, settings, api);
      }
      if (!extended && !eager) return;
      await build();
      // Every action exists once the routes are final and the extensions built
      if (extend) (await import('./extension/build.js')).checkScopes(extend, api.knownActions());
    });
    api.middleware('beforeBody', playgroundMiddleware(settings));
    const counts: ExecutionCounts = { compiled: 0, interpreted: 0 };
    let endpoint: Promise<Middleware<RequestState>> | undefined;
    let serving: Middleware<RequestState> | undefined;
    api.middleware('beforeBody', async (ctx, next) => {
      if (ctx.path !== settings.endpoint) return next();
      // Once loaded, every request goes straight to it
      if (serving) return serving(ctx, next);
      endpoint ??= Promise.all([import('./http.js'), build()])
        .then(([http, { schema }]) => http.graphqlMiddleware(api, settings, () => schema, counts))
        .catch((err: unknown) => { endpoint = undefined; throw err; });
      try {
        serving = await endpoint;
      } catch (err) {
        // Still a GraphQL answer, as every other failure at this endpoint
        api.logger.error(`graphql: the endpoint could not be loaded: ${(err as Error)?.stack ?? String(err)}`, { requestId: ctx.state.requestId });
        ctx.status = 500;
        ctx.type = 'application/json';
        ctx.body = JSON.stringify({ errors: [{ message: 'Internal Server Error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
        return;
      }
      return serving(ctx, next);
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
