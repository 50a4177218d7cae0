// The administration panel in the browser: the bundle `npm run build` wrote to dist/admin-panel/
// (scripts/build-panel.mjs), served at the panel's path with its own strict CSP. Never built here:
// a missing bundle is named in the log and on the page. Any GET under the path that a browser
// navigates to (it prefers text/html) is the panel's page, so its own URLs can be reloaded and
// linked; the admin API's requests ask for JSON and go on to the routes.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Middleware } from 'koa';
import { assetPage, escapeHtml, htmlDocument, type AssetPage, type Logger, type RequestState } from '../../core/index.js';
import type { PanelSettings } from './settings.js';

/** The panel's policy: its own files only; images also as data: and blob: URIs (a preview of a
 *  file being uploaded). Styles set through the CSSOM are not governed by style-src. */
export const PANEL_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "img-src 'self' data: blob:",
  "media-src 'self' blob:", "font-src 'self'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ');

/** dist/admin-panel/ beside the compiled plugin (dist/plugins/admin/), or in the checkout's dist/
 *  when the plugin runs from its sources (tests, tsx). */
export function panelDirectory(): string | undefined {
  return ['../../admin-panel/', '../../dist/admin-panel/']
    .map((rel) => fileURLToPath(new URL(rel, import.meta.url)))
    .find((dir) => existsSync(`${dir}main.js`));
}

export function panelPage(settings: PanelSettings, logger: Logger, locate: () => string | undefined = panelDirectory): Middleware<RequestState> {
  if (!settings.enabled) return (_ctx, next) => next();
  const { path } = settings;
  const under = (p: string) => p === path || p.startsWith(`${path}/`);
  const navigation = (ctx: Parameters<Middleware<RequestState>>[0]) => (ctx.method === 'GET' || ctx.method === 'HEAD')
    && under(ctx.path) && ctx.accepts('application/json', 'text/html') === 'text/html';
  // Looked for again while missing: a bundle built after the start (npm run build beside a
  // running server, a test suite building it on first use) is served without a restart
  let page: AssetPage | undefined;
  const find = (): AssetPage | undefined => {
    if (page) return page;
    const dir = locate();
    if (!dir) return undefined;
    page = assetPage({
      what: 'the admin panel', prefix: `${path}/assets/`, from: import.meta.url, csp: PANEL_CSP, module: true,
      files: [{ base: 'main', ext: 'css', path: `${dir}main.css` }, { base: 'main', ext: 'js', path: `${dir}main.js` }],
      html: ({ styles, scripts }) => htmlDocument('Strata admin', styles,
        `<div id="app" data-base="${escapeHtml(path)}"><p class="boot">Loading…</p></div>\n<noscript>The admin panel needs JavaScript.</noscript>\n${scripts}`),
    });
    return page;
  };
  if (!find()) logger.warn('admin: the panel is not built (no dist/admin-panel/main.js): run `npm run build`');
  return async (ctx, next) => {
    const found = find();
    if (found && await found.serveFile(ctx)) return;
    if (!navigation(ctx)) return next();
    ctx.vary('Accept');
    if (found) return found.servePage(ctx);
    ctx.status = 503;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = htmlDocument('Admin panel not built', '', '<p>The admin panel is not built: run <code>npm run build</code>.</p>');
  };
}
