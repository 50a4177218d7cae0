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
      if (ctx.status === 404 && !ctx.body) throw new NotFoundError('Not Found');
      // 405/501 from the router's allowedMethods (which also sets Allow): give them the envelope
      if (ctx.status >= 400 && !ctx.body) {
        const { status, body } = toErrorResponse({ status: ctx.status, expose: false });
        ctx.status = status;
        ctx.body = body;
      }
    } catch (err) {
      const { status, body, unexpected } = toErrorResponse(err);
      if (unexpected) {
        logger.error(`${ctx.method} ${ctx.path} failed: ${(err as Error)?.stack ?? String(err)}`, { requestId: ctx.state.requestId });
      }
      ctx.status = status;
      ctx.body = body;
    }
  };
}
