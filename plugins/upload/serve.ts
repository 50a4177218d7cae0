// Serving the local provider's files at /uploads/<name>. A file is shown inline only when its type
// is one a browser displays without running anything (pictures, video, sound, PDF, text); SVG,
// HTML and anything unknown are sent as attachments, under a CSP that forbids scripts and a
// sandbox, so a stored file can never run as a page of this origin.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Middleware } from 'koa';
import type { RequestState } from '../../core/index.js';
import { typeOfExtension } from './media-types.js';
import { SAFE_OBJECT_NAME } from './providers/local.js';

export function serveUploads(dir: string): Middleware<RequestState> {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith('/uploads/')) return next();
    const name = ctx.path.slice('/uploads/'.length);
    if (!SAFE_OBJECT_NAME.test(name)) return next();
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return next();
    const dot = name.lastIndexOf('.');
    const type = dot > 0 ? typeOfExtension(name.slice(dot)) : undefined;
    ctx.set('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox");
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.set('Content-Disposition', `${type?.inline ? 'inline' : 'attachment'}; filename="${name}"`);
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('Accept-Ranges', 'bytes');
    ctx.lastModified = info.mtime;
    ctx.type = type?.mime ?? 'application/octet-stream';
    const range = parseRange(ctx.get('Range'), info.size);
    if (range === 'invalid') {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${info.size}`);
      return;
    }
    if (range) {
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
      ctx.length = range.end - range.start + 1;
      // HEAD: no body set, so Koa keeps the type and length (a null body would be a 204)
      if (ctx.method !== 'HEAD') ctx.body = createReadStream(path, range);
      return;
    }
    ctx.status = 200;
    ctx.length = info.size;
    if (ctx.method !== 'HEAD') ctx.body = createReadStream(path);
  };
}

/** One byte range (what players and resumable downloads ask); several ranges get the whole file. */
function parseRange(header: string, size: number): { start: number; end: number } | 'invalid' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}
