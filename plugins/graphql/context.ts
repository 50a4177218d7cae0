// What every resolver gets as its context, and the resolver map the schema is built from: shared
// by the generated schema (schema.ts) and the extensions (extension/).

import type { FieldNode, GraphQLFieldResolver, GraphQLScalarType } from 'graphql';
import type { Caller, OperationCall, RequestContext, RequestState } from '../../core/index.js';

/** What every resolver gets: who calls (identified once, before anything resolves), the request,
 *  and its id for the log. */
export interface GraphqlContext {
  /** Strapi's resolver context: `state.user` (the person calling, or undefined), `state.auth` (the
   *  strategy's answer) and `state.caller`, the same as `caller` below. The request's Koa state. */
  state: RequestState & { caller: Caller };
  /** Who is calling, typed: `caller.user`, `caller.credentials('api-token')`, and
   *  `caller.documents(uid)`, the document service as the caller sees it. */
  caller: Caller;
  /** The HTTP request (Koa's context): headers, the client's address, its state. */
  request: RequestContext;
  requestId?: string;
  /** The caller as operations take it. */
  call: OperationCall;
  /** Set by the compiled executor: resolvers get graphql 16's plain variable values. */
  compiled?: boolean;
  /** The populate key a field node's documents were loaded under, when the query selects one
   *  attribute with several argument sets (selection.ts). */
  aliases?: Map<FieldNode, string>;
  [key: PropertyKey]: unknown;
}

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>>;
export type Resolvers = Record<string, Record<string, Resolver | unknown> | GraphQLScalarType>;
