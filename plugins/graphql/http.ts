// The endpoint, per the GraphQL-over-HTTP spec (graphql-http): POST with JSON, GET for queries
// only, application/graphql-response+json when asked for. It runs before the REST body parser
// (it reads its own body, within the same size limit) so that every answer, a malformed body
// included, is a GraphQL answer.

import { GraphQLError, type GraphQLSchema } from 'graphql';
import { createHandler } from 'graphql-http';
import type { Middleware } from 'koa';
import { isApplicationError, jsonResponseBody, PayloadTooLargeError, toErrorResponse, type Caller, type PluginApi, type RequestContext, type RequestState } from '../../core/index.js';
import type { GraphqlSettings } from './config.js';
import { toGraphqlError } from './errors.js';
import { createExecutor, jitWorks, type ExecutionCounts } from './execute.js';
import { createValidation } from './limits.js';
import type { GraphqlContext } from './context.js';

/** Tokens a document may have: parsing stops there, whatever the body limit allows. */
const MAX_TOKENS = 20_000;

export function graphqlMiddleware(api: PluginApi, settings: GraphqlSettings, schema: () => GraphQLSchema, counts: ExecutionCounts): Middleware<RequestState> {
  const { bodyLimit } = api.config.api;
  const queryLength = api.config.server.limits.queryLength;
  const validation = createValidation(settings, MAX_TOKENS);
  let jit = settings.jit;
  if (jit !== false && !jitWorks()) {
    api.logger.warn('graphql: graphql-jit cannot compile against the graphql module loaded here (a second copy of it?); operations run on graphql-js');
    jit = false;
  }
  const large = new WeakMap<RequestContext, Buffer>();
  const handler = createHandler<RequestContext, undefined, GraphqlContext>({
    schema: () => schema(),
    execute: createExecutor({ jit }, validation, counts),
    parse: (source) => validation.parse(source),
    validate: (schema, document, rules) => validation.validate(schema, document, rules ?? []),
    validationRules: (_req, args) => validation.rules((args.variableValues ?? {}) as Record<string, unknown>, args.operationName ?? undefined),
    context: async (req) => {
      const ctx = req.raw;
      let caller: Caller;
      try {
        // Who calls, once per request: a bad token is refused before anything runs
        caller = await api.operations.caller(ctx);
      } catch (err) {
        const error = toGraphqlError(err, api.logger, ctx.state.requestId);
        return [JSON.stringify({ errors: [error.toJSON()] }), { status: statusOf(error), statusText: 'Unauthorized', headers: { 'content-type': 'application/json; charset=utf-8' } }];
      }
      // Strapi's context.state.user and context.state.auth, for resolvers
      const state = Object.assign(ctx.state, { auth: caller.auth, user: caller.user, caller });
      return { state, caller, request: ctx, requestId: ctx.state.requestId, call: { auth: caller.auth, ip: caller.ip, caller } };
    },
    // An answer without errors needs no error replacer: JSON.stringify alone is several times faster.
    // A large one comes back as bytes (jsonResponseBody), which graphql-http's string body cannot
    // carry: it waits in `large` for the middleware below
    onOperation: (req, _args, result) => {
      if (result.errors) return undefined;
      const json = jsonResponseBody(result, 3);
      if (typeof json !== 'string') large.set(req.raw, json);
      return [typeof json === 'string' ? json : '', { status: 200, statusText: 'OK', headers: { 'content-type': `${mediaTypeOf(req.raw.get('accept'))}; charset=utf-8` } }];
    },
    // graphql-http's own refusals (an unparsable body, no query) are plain errors about the request
    formatError: (err) => (err instanceof GraphQLError || isApplicationError(err)
      ? toGraphqlError(err, api.logger, undefined)
      : new GraphQLError(err.message, { extensions: { code: 'BAD_REQUEST' } })),
  });
  return async (ctx, next) => {
    if (ctx.path !== settings.endpoint) return next();
    if (ctx.querystring.length > queryLength) {
      throw Object.assign(new Error(`The query string is too long: at most ${queryLength} characters are allowed`), { status: 414, expose: true });
    }
    let answer: Awaited<ReturnType<typeof handler>>;
    try {
      const body = ctx.method === 'POST' ? await readBody(ctx, bodyLimit) : null;
      answer = await handler({
        method: ctx.method,
        url: ctx.url,
        headers: { get: (key: string) => ctx.get(key) || null },
        body,
        raw: ctx as RequestContext,
        context: undefined,
      });
    } catch (err) {
      // Reading the body failed (too large): still a GraphQL answer
      const error = toGraphqlError(err, api.logger, ctx.state.requestId);
      ctx.status = toErrorResponse(err).status;
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ errors: [error.toJSON()] });
      return;
    }
    const [answered, init] = answer;
    // A mutation over GET: Apollo's refusal, as Strapi sends it (graphql-http's has no code)
    const body = init.status === 405 && ctx.method === 'GET' ? JSON.stringify({ errors: [GET_MUTATION] }) : large.get(ctx) ?? answered;
    ctx.status = init.status;
    for (const [key, value] of Object.entries(init.headers ?? {})) if (value !== undefined) ctx.set(key, value);
    ctx.body = body ?? '';
    // graphql-http's 405 (a mutation over GET) carries a JSON body but no type; Koa would say text/plain
    if (body && !ctx.response.get('content-type').startsWith('application/')) ctx.type = 'application/json; charset=utf-8';
  };
}

const GET_MUTATION = { message: 'GET requests only support query operations, not mutation operations', extensions: { code: 'BAD_REQUEST' } };

/** The media type graphql-http picked for the answer (it has refused unacceptable ones with 406
 *  before anything runs): the first acceptable one, application/json for a wildcard. */
function mediaTypeOf(accept: string | null | undefined): string {
  for (const item of (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const [type, ...params] = item.split(';');
    const charset = params.find((p) => p.includes('charset=')) ?? 'charset=utf-8';
    if (type === 'application/graphql-response+json' && charset === 'charset=utf-8') return type;
    if ((type === 'application/json' || type === 'application/*' || type === '*/*') && (charset === 'charset=utf-8' || charset === 'charset=utf8')) {
      return 'application/json';
    }
  }
  return 'application/json';
}

function statusOf(error: GraphQLError): number {
  return error.extensions.code === 'UNAUTHENTICATED' ? 401 : error.extensions.code === 'FORBIDDEN' ? 403 : 400;
}

/** The request body as text, refused with 413 past the JSON body limit. */
async function readBody(ctx: RequestContext, limit: number): Promise<string> {
  const declared = Number(ctx.get('content-length'));
  if (declared > limit) throw new PayloadTooLargeError(`request entity too large: at most ${limit} bytes are allowed`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new PayloadTooLargeError(`request entity too large: at most ${limit} bytes are allowed`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
