// GraphQL: Strapi 5's shadow CRUD over the same operations as REST. Types come from the registry,
// arguments from the typed parameters, and other plugins shape the schema through the scoped
// schema hooks; every resolver runs an operation through the runner (rate limit, permission,
// parameter check), so no rule lives here. Uses only the kernel's public API.

import type { GraphQLSchema } from 'graphql';
import { definePlugin, KernelError } from '../../core/index.js';
import { PLUGIN_NAME, readSettings, type GraphqlSettings } from './config.js';
import { graphqlMiddleware } from './http.js';
import { executableSchema } from './schema.js';
import { buildSpec } from './spec/index.js';

/** What the plugin publishes: the schema it serves (for tooling and tests). */
export interface GraphqlService {
  settings: Readonly<GraphqlSettings>;
  /** The schema's SDL, once built (from the surfaces phase on). */
  sdl(): string;
  schema(): GraphQLSchema;
}

declare module '../../core/index.js' {
  interface Services { graphql: GraphqlService }
}

export default definePlugin({
  name: PLUGIN_NAME,
  register(api, config) {
    const settings = readSettings(config, api.config);
    let built: { schema: GraphQLSchema; sdl: string } | undefined;
    const ready = () => {
      if (!built) throw new KernelError('KERNEL_ERR_STATE', 'the GraphQL schema is built in the surfaces phase; it is not ready yet');
      return built;
    };
    // The schema needs the frozen registry and every operation: the surfaces phase has both
    api.hooks.buildRoutes.tap(PLUGIN_NAME, () => { built = executableSchema(api, settings, buildSpec(api, settings)); });
    api.middleware('beforeBody', graphqlMiddleware(api, settings, () => ready().schema));
    api.services.provide('graphql', { settings, sdl: () => ready().sdl, schema: () => ready().schema });
  },
});
