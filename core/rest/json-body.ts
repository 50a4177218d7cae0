// The JSON request body, read with co-body (koa's own body reader) as koa-body read it before:
// POST, PUT and PATCH with a JSON media type, strict JSON (an object or an array), prototype
// keys refused by the parser, within the byte limit. koa-body also brought formidable, zod and
// the text and form parsers, which no route here uses, into every start.

import coBody from 'co-body';
import type { Middleware } from 'koa';
import type { RequestState } from './types.js';

const JSON_TYPES = ['application/json', 'application/json-patch+json', 'application/vnd.api+json', 'application/csp-report', 'application/reports+json'];
const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export function jsonBody(limit: number, onError: (err: Error, ctx: { get(header: string): string }) => never): Middleware<RequestState> {
  return async (ctx, next) => {
    if (PARSED_METHODS.has(ctx.method) && ctx.is(JSON_TYPES)) {
      try {
        (ctx.request as { body?: unknown }).body = await coBody.json(ctx, { encoding: 'utf-8', limit, strict: true }) as unknown;
      } catch (err) {
        onError(err instanceof Error ? err : new Error(String(err)), ctx);
      }
    }
    return next();
  };
}
