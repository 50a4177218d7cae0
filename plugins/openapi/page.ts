// The API reference page: Swagger UI (swagger-ui-dist, served from node_modules so it works
// offline) over the served document. Requests sent from it go to this server with the caller's
// token, typed into its Authorize dialog and not kept.

import type { Middleware } from 'koa';
import { assetPage, escapeHtml, htmlDocument, type PageFile, type RequestState } from '../../core/index.js';
import type { OpenApiSettings } from './config.js';

/** Swagger UI sets styles through the CSSOM (allowed) and embeds its icons as data: URIs. */
export const PAGE_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'",
  "img-src 'self' data:", "font-src 'self' data:", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
].join('; ');

// A file rather than inline script, which the CSP forbids. validatorUrl: null, or the page would
// send the document to validator.swagger.io for its badge.
const START = `(function () {
  var root = document.getElementById('reference');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-document'),
    domNode: root,
    deepLinking: true,
    validatorUrl: null,
    persistAuthorization: false,
    displayRequestDuration: true,
  });
})();
`;

const FILES: PageFile[] = [
  { base: 'swagger-ui', ext: 'css', file: ['swagger-ui-dist', 'swagger-ui.css'] },
  { base: 'swagger-ui-bundle', ext: 'js', file: ['swagger-ui-dist', 'swagger-ui-bundle.js'] },
  { base: 'start', ext: 'js', text: START },
];

/** `served` says whether the page is still served once the routes are known (a route of the app
 *  at its path wins). */
export function referencePage(settings: OpenApiSettings, served: () => boolean): Middleware<RequestState> {
  if (!settings.servePage) return (_ctx, next) => next();
  const page = assetPage({
    what: 'the API reference page', prefix: `${settings.pagePath}/assets/`, files: FILES, from: import.meta.url, csp: PAGE_CSP,
    html: ({ styles, scripts }) => htmlDocument(`${settings.title}: API reference`, styles,
      `<div id="reference" data-document="${escapeHtml(settings.documentPath)}">Loading…</div>\n${scripts}`),
  });
  return async (ctx, next) => {
    if (!served()) return next();
    if (await page.serveFile(ctx)) return;
    if (ctx.path.replace(/\/$/, '') !== settings.pagePath || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    await page.servePage(ctx);
  };
}
