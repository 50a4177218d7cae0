// OpenAPI: a 3.1 document of the REST surface, generated from the route table, the typed
// parameters and the model registry when first asked for, served as JSON and rendered by an
// offline reference page. Uses only the kernel's public API; knows no other plugin.

import { definePlugin, KernelError, type RouteTable } from '../../core/index.js';
import { CONFIG_KEYS, PLUGIN_NAME, readSettings, type OpenApiSettings } from './config.js';
import { buildDocument, type OpenApiDocument } from './document.js';
import { referencePage } from './page.js';

export type { OpenApiDocument } from './document.js';

export interface OpenApiService {
  settings: Readonly<OpenApiSettings>;
  /** The document, once the routes are built (from the surfaces phase on). */
  document(): OpenApiDocument;
}

declare module '../../core/index.js' {
  interface Services { openapi: OpenApiService }
}

export default definePlugin({
  name: PLUGIN_NAME,
  configKeys: CONFIG_KEYS,
  register(api, config) {
    const settings = readSettings(config, api.config);
    let table: RouteTable | undefined;
    let built: OpenApiDocument | undefined;
    // Built on first use: plugins may still change routes in buildRoutes after this tap ran
    const document = () => {
      if (!table) throw new KernelError('KERNEL_ERR_STATE', 'the OpenAPI document is built from the routes: ask for it after the surfaces phase');
      return (built ??= buildDocument({
        routes: table.all().filter((r) => r.config.owner !== PLUGIN_NAME), registry: api.registry, params: api.params, settings,
      }));
    };
    let pageServed = settings.servePage;
    api.hooks.buildRoutes.tap(PLUGIN_NAME, (routes) => {
      table = routes;
      if (!settings.serveDocument) return;
      // A content type whose route is the page's path (a type named doc: GET /api/docs) keeps it
      if (pageServed && routes.get('GET', settings.pagePath)) {
        api.logger.warn(`openapi: ${settings.pagePath} is a route of the app; the API reference is not served (set pagePath in config/plugins.ts)`);
        pageServed = false;
      }
      if (pageServed) routes.addLink({ title: 'API reference', path: settings.pagePath, description: 'Every REST route, with a form to try it' });
      routes.addLink({ title: 'OpenAPI document', path: settings.documentPath, description: 'For openapi-typescript and other generators' });
      routes.add({
        method: 'GET', path: settings.documentPath, action: `plugin::${PLUGIN_NAME}.document`, query: [],
        config: { auth: false, owner: PLUGIN_NAME },
        handler: async (ctx) => {
          ctx.set('Cache-Control', 'no-cache');
          ctx.body = document();
        },
      });
    });
    // Built once the routes are final: a route's doc naming a model that does not exist stops the
    // start here, rather than failing the first request for the document
    api.hooks.verify.tap(PLUGIN_NAME, () => { document(); });
    api.middleware('beforeBody', referencePage(settings, () => pageServed));
    api.services.provide('openapi', { settings, document });
  },
});
