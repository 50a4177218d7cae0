// The request body, guarded before any route sees it: read only for requests that have a route
// (404 and 405 need no body, and an unrouted request must not make the server inflate one), and
// refused when it nests deeper than every surface's bodies may.

import type { Middleware } from 'koa';
import { ApplicationError, ValidationError } from '../errors/index.js';
import { jsonDepth } from '../limits/json-depth.js';
import type { RequestState } from './types.js';

export interface BodyOptions {
  /** Whether a method and path reach a route. */
  routed(ctx: { path: string; method: string }): boolean;
  /** The parser: sets ctx.request.body. */
  parse: Middleware<RequestState>;
  /** Levels a body may nest (the document service then applies the finer limits: outside json
   *  attributes and inside them). */
  depthLimit: number;
}

export function routedBody({ routed, parse, depthLimit }: BodyOptions): Middleware<RequestState> {
  return (ctx, next) => {
    if (!routed(ctx)) return next();
    return parse(ctx, async () => {
      if (jsonDepth((ctx.request as { body?: unknown }).body, depthLimit) > depthLimit) {
        throw new ValidationError(`The request body is nested too deeply: at most ${depthLimit} levels are allowed`, { limit: depthLimit });
      }
      await next();
    });
  };
}

/** A body the JSON parser refused (malformed, not an object or array, or with a __proto__ or
 *  constructor.prototype key), answered as Strapi 5 answers it: koa-body hands co-body's
 *  SyntaxError (status 400) to Strapi's error middleware, which keeps its name and message. So the
 *  message is the parser's own ("Unexpected end of JSON input"), and varies with Node's version
 *  as Strapi's does. */
export class JsonSyntaxError extends ApplicationError {
  constructor(message: string) {
    super(message);
    this.name = 'SyntaxError';
  }
}
