// Errors as GraphQL errors in Strapi's format: { message, path, extensions: { code, error: { name,
// message, details } } }, with the REST envelope's names and details. Anything unexpected is
// logged with the request id and answered as an internal error without details.

import { GraphQLError, Kind } from 'graphql';
import { toErrorResponse, type Logger } from '../../core/index.js';

const CODE_BY_STATUS: Record<number, string> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN' };

/** An error thrown while answering, as the GraphQL error the client sees. */
export function toGraphqlError(err: unknown, logger: Logger, requestId: string | undefined): GraphQLError {
  // graphql-jit's own errors (a null in a non-null field...) carry no extensions at all
  if (err instanceof GraphQLError && err.extensions?.code) return err;
  // A variable that is missing or of the wrong type is the request's input, as Apollo says
  if (err instanceof GraphQLError && err.nodes?.[0]?.kind === Kind.VARIABLE_DEFINITION) {
    return new GraphQLError(err.message, { nodes: err.nodes, source: err.source, positions: err.positions, extensions: { code: 'BAD_USER_INPUT' } });
  }
  const original = err instanceof GraphQLError ? err.originalError ?? err : err;
  const location = err instanceof GraphQLError ? { nodes: err.nodes, source: err.source, positions: err.positions, path: err.path } : {};
  if (original instanceof GraphQLError) {
    // GraphQL's own: a syntax, validation or coercion error; its message is for the client
    const code = original.message.startsWith('Syntax Error') ? 'GRAPHQL_PARSE_FAILED'
      : original.path ? 'INTERNAL_SERVER_ERROR' : 'GRAPHQL_VALIDATION_FAILED';
    return new GraphQLError(original.message, { ...location, extensions: { code } });
  }
  const { status, body, unexpected } = toErrorResponse(original);
  if (unexpected) {
    logger.error(`GraphQL resolver failed: ${(original as Error)?.stack ?? String(original)}`, { requestId });
    // Logged, yet still said when it is no bug (a statement the database cancelled: 503)
    if (status === 500) return new GraphQLError('Internal Server Error', { ...location, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  }
  // Strapi's: a ValidationError is the client's input; any other application error is named
  // (PaginationError: STRAPI_PAGINATION_ERROR, NotFoundError: STRAPI_NOT_FOUND_ERROR)
  const code = body.error.name === 'ValidationError' ? 'BAD_USER_INPUT'
    : CODE_BY_STATUS[status] ?? `STRAPI_${body.error.name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
  return new GraphQLError(body.error.message, {
    ...location,
    extensions: { code, error: { name: body.error.name, message: body.error.message, details: body.error.details } },
  });
}
