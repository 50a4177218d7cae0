// A browser page built from an npm package's files (a playground, an API reference), served from
// node_modules so it works offline. The files are an allow-list, looked up by name: nothing from a
// request reaches the filesystem. Each is served under a name with its content's hash, so it can
// be cached for good; the page names only them, so its CSP needs no CDN and no inline script.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { escapeHtml } from '../email/template.js';
import { KernelError, NotFoundError } from '../errors/index.js';
import type { RequestContext } from './types.js';

export interface PageFile {
  /** The served name's start: graphiql -> graphiql.<hash>.js */
  base: string;
  ext: 'js' | 'css';
  /** A package's file ([package, path inside it]), a file by its absolute path (a bundle built
   *  with the package), or the text itself (the page's start-up code). */
  file?: [pkg: string, path: string];
  path?: string;
  text?: string;
}

export interface AssetPageOptions {
  /** What the page is, for the error when a package is missing: "the GraphQL playground". */
  what: string;
  /** Where the files are served: prefix + name. Ends with a slash. */
  prefix: string;
  /** In the page's load order. */
  files: readonly PageFile[];
  /** Packages resolve from this module (its import.meta.url). */
  from: string;
  /** Scripts as ES modules (type="module"). */
  module?: boolean;
  /** The page's HTML, given its stylesheets' and scripts' tags. */
  html(tags: { styles: string; scripts: string }): string;
  /** The page's own Content-Security-Policy (the kernel's default-src 'none' would block it). */
  csp: string;
}

export interface AssetPage {
  /** Answers a GET of one of the files (true), a 404 for another name under the prefix; false
   *  when the path is not under the prefix. */
  serveFile(ctx: RequestContext): Promise<boolean>;
  /** Answers the page. */
  servePage(ctx: RequestContext): Promise<void>;
}

interface Asset { name: string; type: string; body: Buffer }
const TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };

export function assetPage(options: AssetPageOptions): AssetPage {
  const { prefix, files } = options;
  // Resolved now, so a missing package stops the start rather than the first page view; read on
  // first use, since most processes never serve the page
  const require = createRequire(options.from);
  const paths = files.map(({ file, path: absolute }) => {
    if (absolute !== undefined) return absolute;
    if (!file) return undefined;
    const [pkg, path] = file;
    try {
      // An exports map may hide the file: its package.json is exported, the file sits beside it
      return join(dirname(require.resolve(`${pkg}/package.json`)), path);
    } catch (cause) {
      throw new KernelError('PLUGIN_ERR_DEPENDENCY', `${options.what} needs the npm package ${pkg}: run npm install`, { cause });
    }
  });
  let loaded: Promise<{ page: string; assets: Map<string, Asset> }> | undefined;
  const load = () => (loaded ??= (async () => {
    const assets = new Map<string, Asset>();
    for (const [i, f] of files.entries()) {
      const body = f.text === undefined ? await readFile(paths[i]!) : Buffer.from(f.text);
      const name = `${f.base}.${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${f.ext}`;
      assets.set(name, { name, type: TYPES[f.ext], body });
    }
    const href = (a: Asset) => escapeHtml(prefix + a.name);
    const list = [...assets.values()];
    const styles = list.filter((a) => a.name.endsWith('.css')).map((a) => `<link rel="stylesheet" href="${href(a)}">`).join('\n');
    const type = options.module ? ' type="module"' : '';
    const scripts = list.filter((a) => a.name.endsWith('.js')).map((a) => `<script${type} src="${href(a)}"></script>`).join('\n');
    return { page: options.html({ styles, scripts }), assets };
  })().catch((err: unknown) => { loaded = undefined; throw err; }));

  return {
    async serveFile(ctx) {
      if (!ctx.path.startsWith(prefix)) return false;
      const read = ctx.method === 'GET' || ctx.method === 'HEAD';
      const asset = read ? (await load()).assets.get(ctx.path.slice(prefix.length)) : undefined;
      if (!asset) throw new NotFoundError('Not Found');
      ctx.type = asset.type;
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.body = asset.body;
      return true;
    },
    async servePage(ctx) {
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-cache');
      // Replaces the kernel's default-src 'none', which security-headers set before this ran
      ctx.set('Content-Security-Policy', options.csp);
      ctx.body = (await load()).page;
    },
  };
}

/** A whole page: `title` is escaped here, `head` and `body` are HTML already. */
export function htmlDocument(title: string, head: string, body: string, bodyAttributes = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
${head}
</head>
<body${bodyAttributes}>
${body}
</body>
</html>
`;
}
