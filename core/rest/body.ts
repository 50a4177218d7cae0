// What guards the parsed request body before any route sees it: a body only for requests that
// have a route (404 and 405 need no body, and an unrouted request must not make the server inflate
// one), and a nesting limit that every surface's body passes.

import type { Middleware } from 'koa';
import { ValidationError } from '../errors/index.js';
import { jsonDepth } from '../limits/json-depth.js';
import type { RequestState } from './types.js';

type Next = () => Promise<unknown>;

/** Runs `middleware` only for requests `routed` says have a route. */
export function routedOnly(routed: (ctx: { path: string; method: string }) => boolean, middleware: Middleware<RequestState>): Middleware<RequestState> {
  return (ctx, next) => (routed(ctx) ? middleware(ctx, next) : next());
}

/** 400 for a body nested deeper than `limit` levels (the document service then applies the finer
 *  limits: outside json attributes and inside them). */
export function bodyDepthGuard(limit: number): Middleware<RequestState> {
  return async (ctx, next: Next) => {
    const body: unknown = (ctx.request as { body?: unknown }).body;
    assertBodyDepth(body, limit);
    await next();
  };
}

export function assertBodyDepth(body: unknown, limit: number): void {
  if (jsonDepth(body, limit) > limit) {
    throw new ValidationError(`The request body is nested too deeply: at most ${limit} levels are allowed`, { limit });
  }
}
