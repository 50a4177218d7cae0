// What every resolver gets as its context, and the resolver map the schema is built from: shared
// by the generated schema (schema.ts) and the extensions (extension/).

import type { FieldNode, GraphQLFieldResolver, GraphQLScalarType } from 'graphql';
import type { OperationCall, RequestContext } from '../../core/index.js';

/** What every resolver gets: the request (who calls, from where) and its id for the log. */
export interface GraphqlContext {
  /** The HTTP request (Koa's context): headers, the client's address, its state. */
  request: RequestContext;
  requestId?: string;
  /** The caller, identified once per request by the first field that needs it. */
  caller?: Promise<OperationCall>;
  /** Set by the compiled executor: resolvers get graphql 16's plain variable values. */
  compiled?: boolean;
  /** The populate key a field node's documents were loaded under, when the query selects one
   *  attribute with several argument sets (selection.ts). */
  aliases?: Map<FieldNode, string>;
  [key: PropertyKey]: unknown;
}

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>>;
export type Resolvers = Record<string, Record<string, Resolver | unknown> | GraphQLScalarType>;
