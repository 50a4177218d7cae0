// Every request gets an id, in the X-Request-Id response header and in the log lines written
// about it (errors). A caller's own X-Request-Id is kept when it looks like an id (so a proxy's id
// follows the request), never when it could forge log lines.

import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { RequestState } from './types.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdMiddleware(): Middleware<RequestState> {
  return async (ctx, next) => {
    const given = ctx.get('x-request-id');
    const id = SAFE_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}
