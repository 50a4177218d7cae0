// The GraphiQL playground, served at the endpoint itself to a browser. Its files come from
// node_modules (GraphiQL's UMD bundle and React's) so that it works offline, and the page names
// only them in its CSP: no CDN, no inline script.

import type { Middleware } from 'koa';
import { assetPage, escapeHtml, htmlDocument, type PageFile, type RequestState } from '../../core/index.js';
import type { GraphqlSettings } from './config.js';

/** GraphiQL's dialogs (settings, shortcuts) lock the page's scroll with one <style> element
 *  (react-remove-scroll-bar, bundled): its text for this page (no scrollbar, body margin 0), by
 *  hash rather than 'unsafe-inline'. Were it to differ, only the scroll lock is blocked. */
const SCROLL_LOCK_STYLE = "'sha256-Y/huXlwoYkVyQlxwSVcCi1RCDGDCSVBzDt0hYP9qlTc='";

/** The page's own policy: the kernel's `default-src 'none'` would block everything it loads.
 *  GraphiQL's stylesheet embeds its fonts as data: URIs. */
export const PLAYGROUND_CSP = [
  "default-src 'none'", "script-src 'self'", `style-src 'self' ${SCROLL_LOCK_STYLE}`, "connect-src 'self'",
  "font-src 'self' data:", "img-src 'self' data:", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
].join('; ');

// Our start-up code: a file rather than inline script, which the CSP forbids. The endpoint comes
// from the page (the settings), sizes through the CSSOM, which style-src does not govern.
const START = `(function () {
  var root = document.getElementById('graphiql');
  document.body.style.margin = '0';
  root.style.height = '100vh';
  ReactDOM.createRoot(root).render(React.createElement(GraphiQL, {
    fetcher: GraphiQL.createFetcher({ url: root.getAttribute('data-endpoint') }),
    // The Headers tab open, for Authorization; tokens are not kept in localStorage
    defaultEditorToolsVisibility: 'headers',
    shouldPersistHeaders: false,
  }));
})();
`;

const FILES: PageFile[] = [
  { base: 'graphiql', ext: 'css', file: ['graphiql', 'graphiql.min.css'] },
  { base: 'react', ext: 'js', file: ['react', 'umd/react.production.min.js'] },
  { base: 'react-dom', ext: 'js', file: ['react-dom', 'umd/react-dom.production.min.js'] },
  { base: 'graphiql', ext: 'js', file: ['graphiql', 'graphiql.min.js'] },
  { base: 'start', ext: 'js', text: START },
];

export function playgroundMiddleware(settings: Pick<GraphqlSettings, 'endpoint' | 'playground'>): Middleware<RequestState> {
  if (!settings.playground) return (_ctx, next) => next();
  const prefix = `${settings.endpoint.replace(/\/$/, '')}/playground/`;
  const served = assetPage({
    what: 'the GraphQL playground', prefix, files: FILES, from: import.meta.url, csp: PLAYGROUND_CSP,
    html: ({ styles, scripts }) => page(settings.endpoint, styles, scripts),
  });

  return async (ctx, next) => {
    if (await served.serveFile(ctx)) return;
    // A browser's visit; a GraphQL GET (?query=) or a client asking for JSON goes on to the endpoint
    const read = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (ctx.path !== settings.endpoint || !read || ctx.query.query !== undefined
      || ctx.accepts('application/json', 'application/graphql-response+json', 'text/html') !== 'text/html') return next();
    ctx.vary('Accept');
    await served.servePage(ctx);
  };
}

function page(endpoint: string, styles: string, scripts: string): string {
  return htmlDocument('GraphQL playground', styles, `<div id="graphiql" data-endpoint="${escapeHtml(endpoint)}">Loading…</div>\n${scripts}`);
}

