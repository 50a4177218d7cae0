// GET / outside production: what this server serves, for someone who just started it. The
// content types with their routes, and the pages and endpoints plugins listed (the API reference,
// GraphQL), as a small page or, for Accept: application/json, as JSON. Start-up prints the same
// links (indexLines).

import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Middleware } from 'koa';
import type { ModelRegistry } from '../registry/model-registry.js';
import { escapeHtml } from '../email/template.js';
import { htmlDocument } from './asset-page.js';
import type { RouteTable } from './route-table.js';
import type { RequestState } from './types.js';

/** The documentation on this machine: the checkout's docs/, or the README npm ships in the
 *  installed package (no registry page: there is none before a release). Shown relative to the
 *  working directory when under it. */
const DOCS = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!isPackageRoot(dir) && dirname(dir) !== dir) dir = dirname(dir);
  const file = [join(dir, 'docs', 'README.md'), join(dir, 'README.md')].find((f) => existsSync(f)) ?? join(dir, 'README.md');
  const shown = relative(process.cwd(), file);
  return shown.startsWith('..') || isAbsolute(shown) ? file : shown;
})();

function isPackageRoot(dir: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === 'strata-cms';
  } catch {
    return false;
  }
}

export interface ServerIndex {
  contentTypes: Array<{ uid: string; displayName: string; routes: string[] }>;
  links: Array<{ title: string; path: string; description?: string }>;
  docs: string;
}

export function serverIndex(routes: RouteTable, registry: ModelRegistry): ServerIndex {
  // api:: types, and plugin types the content API serves (core's routes)
  const served = (uid: string) => uid.startsWith('api::') || routes.forContentType(uid).some((r) => r.config.owner === 'core');
  const contentTypes = registry.contentTypes().filter((ct) => served(ct.uid)).map((ct) => ({
    uid: ct.uid, displayName: ct.info.displayName,
    routes: routes.forContentType(ct.uid).map((r) => `${r.method} ${r.path}`),
  }));
  return { contentTypes, links: routes.links(), docs: DOCS };
}

/** The start-up lines: one per link, with the server's address. */
export function indexLines(index: ServerIndex, url: string): string[] {
  return [
    ...index.links.map((l) => `${l.title}: ${url}${l.path}`),
    `Documentation: ${index.docs}`,
  ];
}

export function indexMiddleware(read: () => ServerIndex): Middleware<RequestState> {
  return (ctx, next) => {
    if (ctx.path !== '/' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const index = read();
    ctx.vary('Accept');
    ctx.set('Cache-Control', 'no-cache');
    if (ctx.accepts('text/html', 'application/json') === 'application/json') {
      ctx.body = index;
      return Promise.resolve();
    }
    ctx.type = 'text/html; charset=utf-8';
    // No script, no style element: the kernel's CSP stays, but for inline style attributes
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    ctx.body = page(index);
    return Promise.resolve();
  };
}

function page(index: ServerIndex): string {
  const e = escapeHtml;
  const links = index.links.map((l) => `<li><a href="${e(l.path)}">${e(l.title)}</a> <code>${e(l.path)}</code>${l.description ? ` – ${e(l.description)}` : ''}</li>`);
  const types = index.contentTypes.map((ct) => `<li>${e(ct.displayName)} <code>${e(ct.uid)}</code><ul>${ct.routes.map((r) => `<li><code>${e(r)}</code></li>`).join('')}</ul></li>`);
  const body = `<h1>Strata CMS is running</h1>
<p>This page is served outside production only.</p>
<h2>Served here</h2>
<ul>${links.join('\n')}</ul>
<h2>Content types</h2>
<ul>${types.length ? types.join('\n') : '<li>None yet: add one with <code>npm run generate -- content-type &lt;name&gt;</code></li>'}</ul>
<h2>Documentation</h2>
<p>On this machine: <code>${e(index.docs)}</code></p>`;
  return htmlDocument('Strata CMS', '', body, ' style="font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5"');
}

