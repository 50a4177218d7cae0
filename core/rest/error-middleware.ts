// The one error boundary: every error becomes Strapi's envelope; only unexpected ones are logged,
// and a 500 never carries internals.

import type { Middleware } from 'koa';
import { NotFoundError, toErrorResponse } from '../errors/index.js';
import type { Logger } from '../log/logger.js';
import { JsonSyntaxError } from './body.js';
import { jsonResponseBody } from './json-response.js';
import type { RequestState } from './types.js';

export function errorMiddleware(logger: Logger): Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && !ctx.body) throw new NotFoundError('Not Found');
      // 405/501 from the router's allowedMethods (which also sets Allow): give them the envelope
      if (ctx.status >= 400 && !ctx.body) {
        const { status, body } = toErrorResponse({ status: ctx.status, expose: false });
        ctx.status = status;
        ctx.body = body;
      }
      serialize(ctx);
    } catch (err) {
      const { status, body, unexpected, headers } = toErrorResponse(err);
      if (unexpected) {
        logger.error(`${ctx.method} ${ctx.path} failed: ${(err as Error)?.stack ?? String(err)}`, { requestId: ctx.state.requestId });
      }
      if (headers) ctx.set(headers);
      ctx.status = status;
      ctx.body = body;
    }
  };
}

/** JSON bodies are serialized here, inside the boundary: a value Koa could not serialize later
 *  (too deep, a cycle) would answer a bare text/plain 500 and log nothing. */
function serialize(ctx: { body: unknown; type: string }): void {
  const { body } = ctx;
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return;
  const type = ctx.type;
  ctx.body = jsonResponseBody(body);
  ctx.type = type || 'application/json';
}

/** zlib's error codes (gzip and deflate: Z_DATA_ERROR, Z_BUF_ERROR; brotli: ERR__ERROR_FORMAT_...). */
const ZLIB_CODE = /^(Z_|ERR__|ERR_BROTLI)/;

/** The JSON body reader's failures (co-body's): malformed JSON and prototype keys (refused by the parser before any
 *  object exists, so nothing can be polluted) are Strapi's 400 SyntaxError with the parser's
 *  message; the rest (413 and its kind) keep their status. */
export function bodyParseError(err: Error & { status?: number; code?: unknown }, ctx?: { get(header: string): string }): never {
  if (err.status === undefined && typeof err.code === 'string' && ZLIB_CODE.test(err.code)) {
    // The body claims a Content-Encoding its bytes are not in: the client's mistake, not ours
    const encoding = ctx?.get('content-encoding') || 'compressed';
    throw Object.assign(new Error(`The request body is not valid ${encoding} data`), { status: 400, expose: true });
  }
  if (err.name === 'SyntaxError' || (err.status === 400 && /JSON|prototype/i.test(err.message))) throw new JsonSyntaxError(err.message);
  throw err;
}
