// The GraphiQL playground, served at the endpoint itself to a browser. Its files come from
// node_modules (GraphiQL's UMD bundle and React's) so that it works offline, and the page names
// only them in its CSP: no CDN, no inline script.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Middleware } from 'koa';
import { KernelError, NotFoundError, type Logger, type RequestState } from '../../core/index.js';
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

interface Asset { name: string; type: string; body: Buffer }

// The allow-list, in the page's load order: React before GraphiQL, which reads window.React
const FILES: Array<{ base: string; ext: 'js' | 'css'; file?: [pkg: string, path: string]; text?: string }> = [
  { base: 'graphiql', ext: 'css', file: ['graphiql', 'graphiql.min.css'] },
  { base: 'react', ext: 'js', file: ['react', 'umd/react.production.min.js'] },
  { base: 'react-dom', ext: 'js', file: ['react-dom', 'umd/react-dom.production.min.js'] },
  { base: 'graphiql', ext: 'js', file: ['graphiql', 'graphiql.min.js'] },
  { base: 'start', ext: 'js', text: START },
];
const TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };

export function playgroundMiddleware(settings: Pick<GraphqlSettings, 'endpoint' | 'playground'>, logger?: Logger): Middleware<RequestState> {
  if (!settings.playground) return (_ctx, next) => next();
  const prefix = `${settings.endpoint.replace(/\/$/, '')}/playground/`;
  // Resolved now, so a missing package stops the start rather than the first page view; read on
  // first use, since most processes never serve the page
  const require = createRequire(import.meta.url);
  const paths = FILES.map(({ file }) => {
    if (!file) return undefined;
    const [pkg, path] = file;
    try {
      // react's exports map hides umd/: its package.json is exported, the file sits beside it
      return join(dirname(require.resolve(`${pkg}/package.json`)), path);
    } catch (cause) {
      throw new KernelError('PLUGIN_ERR_DEPENDENCY', `the GraphQL playground needs the npm package ${pkg}: run npm install`, { cause });
    }
  });
  let loaded: Promise<{ page: string; assets: Map<string, Asset> }> | undefined;
  const load = () => (loaded ??= (async () => {
    const assets = new Map<string, Asset>();
    for (const [i, f] of FILES.entries()) {
      const body = f.text === undefined ? await readFile(paths[i]!) : Buffer.from(f.text);
      // The content's hash in the name: a new version is a new URL, so the files can be cached for good
      const name = `${f.base}.${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${f.ext}`;
      assets.set(name, { name, type: TYPES[f.ext], body });
    }
    return { page: page(settings.endpoint, prefix, [...assets.values()]), assets };
  })().catch((err: unknown) => { loaded = undefined; throw err; }));
  logger?.info(`graphql: the playground is served at ${settings.endpoint} to browsers`);

  return async (ctx, next) => {
    const read = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (ctx.path.startsWith(prefix)) {
      // Looked up by name in the allow-list: nothing from the request reaches the filesystem
      const asset = read ? (await load()).assets.get(ctx.path.slice(prefix.length)) : undefined;
      if (!asset) throw new NotFoundError('Not Found');
      ctx.type = asset.type;
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.body = asset.body;
      return;
    }
    // A browser's visit; a GraphQL GET (?query=) or a client asking for JSON goes on to the endpoint
    if (ctx.path !== settings.endpoint || !read || ctx.query.query !== undefined
      || ctx.accepts('application/json', 'application/graphql-response+json', 'text/html') !== 'text/html') return next();
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept');
    // Replaces the kernel's default-src 'none', which security-headers set before this ran
    ctx.set('Content-Security-Policy', PLAYGROUND_CSP);
    ctx.body = (await load()).page;
  };
}

function page(endpoint: string, prefix: string, assets: Asset[]): string {
  const href = (a: Asset) => html(prefix + a.name);
  const styles = assets.filter((a) => a.name.endsWith('.css')).map((a) => `<link rel="stylesheet" href="${href(a)}">`);
  const scripts = assets.filter((a) => a.name.endsWith('.js')).map((a) => `<script src="${href(a)}"></script>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphQL playground</title>
<link rel="icon" href="data:,">
${styles.join('\n')}
</head>
<body>
<div id="graphiql" data-endpoint="${html(endpoint)}">Loading…</div>
${scripts.join('\n')}
</body>
</html>
`;
}

const html = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
