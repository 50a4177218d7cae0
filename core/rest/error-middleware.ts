// The one error boundary: every error becomes Strapi's envelope; only unexpected ones are logged,
// and a 500 never carries internals.

import type { Middleware } from 'koa';
import { NotFoundError, toErrorResponse } from '../errors/index.js';
import type { Logger } from '../log/logger.js';
import type { RequestState } from './types.js';

export function errorMiddleware(logger: Logger): Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new NotFoundError('Not Found');
    } catch (err) {
      const { status, body, unexpected } = toErrorResponse(err);
      if (unexpected) {
        logger.error(`${ctx.method} ${ctx.path} failed: ${(err as Error)?.stack ?? String(err)}`);
      }
      ctx.status = status;
      ctx.body = body;
      if (status === 405 && (err as { headers?: Record<string, string> })?.headers?.Allow) {
        ctx.set('Allow', (err as { headers: Record<string, string> }).headers.Allow!);
      }
    }
  };
}
