// OpenAPI: a 3.1 document of the REST surface, generated from the route table, the typed
// parameters and the model registry when first asked for, served as JSON and rendered by an
// offline reference page. Uses only the kernel's public API; knows no other plugin.

import { definePlugin, KernelError, type AuthRealm, type RouteTable } from '../../core/index.js';
import { CONFIG_KEYS, PLUGIN_NAME, readSettings, type OpenApiSettings } from './config.js';
import { buildDocument, type OpenApiDocument } from './document.js';
import { referencePage } from './page.js';

export type { OpenApiDocument } from './document.js';

export interface OpenApiService {
  settings: Readonly<OpenApiSettings>;
  /** The content API's document, once the routes are built (from the surfaces phase on). */
  document(): OpenApiDocument;
  /** The admin API's (routes of the admin realm), or undefined when the app has none. */
  adminDocument(): OpenApiDocument | undefined;
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
    const built = new Map<AuthRealm, OpenApiDocument>();
    // Built on first use: plugins may still change routes in buildRoutes after this tap ran. One
    // document per realm: a content-API client's types never hold the admin API's routes
    const routesOf = (realm: AuthRealm) => {
      if (!table) throw new KernelError('KERNEL_ERR_STATE', 'the OpenAPI document is built from the routes: ask for it after the surfaces phase');
      return table.all().filter((r) => r.config.owner !== PLUGIN_NAME && (r.config.realm ?? 'content-api') === realm);
    };
    const build = (realm: AuthRealm): OpenApiDocument => {
      let doc = built.get(realm);
      if (!doc) built.set(realm, doc = buildDocument({ routes: routesOf(realm), registry: api.registry, params: api.params, settings, realm }));
      return doc;
    };
    const document = () => build('content-api');
    const adminDocument = () => (routesOf('admin').length ? build('admin') : undefined);
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
      if (!routes.all().some((r) => r.config.realm === 'admin')) return;
      routes.addLink({ title: 'Admin API document', path: settings.adminDocumentPath, description: 'The OpenAPI document of the admin API' });
      routes.add({
        method: 'GET', path: settings.adminDocumentPath, action: `plugin::${PLUGIN_NAME}.adminDocument`, query: [],
        config: { auth: false, owner: PLUGIN_NAME },
        handler: async (ctx) => {
          ctx.set('Cache-Control', 'no-cache');
          ctx.body = adminDocument();
        },
      });
    });
    // Built once the routes are final: a route's doc naming a model that does not exist stops the
    // start here, rather than failing the first request for the document
    api.hooks.verify.tap(PLUGIN_NAME, () => { document(); adminDocument(); });
    api.middleware('beforeBody', referencePage(settings, () => pageServed));
    api.services.provide('openapi', { settings, document, adminDocument });
  },
});
