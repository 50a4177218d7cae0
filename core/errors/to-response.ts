// The only place that turns an error into an HTTP status and Strapi's error envelope.

import { isApplicationError, type ApplicationError } from './application.js';
import { isStatementTimeout } from './statement-timeout.js';

export interface ErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

// By class name along the prototype chain, so subclasses (PolicyError is a ForbiddenError) and
// errors from another copy of this module map the same way.
const STATUS_BY_CLASS: Record<string, number> = {
  UnauthorizedError: 401,
  ForbiddenError: 403,
  NotFoundError: 404,
  MethodNotAllowedError: 405,
  ConflictError: 409,
  PayloadTooLargeError: 413,
  URITooLongError: 414,
  RateLimitError: 429,
  NotImplementedError: 501,
};

const HTTP_NAMES: Record<number, string> = {
  400: 'BadRequestError', 401: 'UnauthorizedError', 403: 'ForbiddenError', 404: 'NotFoundError',
  405: 'MethodNotAllowedError', 406: 'NotAcceptableError', 408: 'RequestTimeoutError',
  409: 'ConflictError', 411: 'LengthRequiredError', 413: 'PayloadTooLargeError', 414: 'URITooLongError',
  415: 'UnsupportedMediaTypeError', 422: 'UnprocessableEntityError', 429: 'TooManyRequestsError',
  431: 'RequestHeaderFieldsTooLargeError',
};

interface HttpLikeError { status?: unknown; statusCode?: unknown; expose?: unknown; message?: unknown; type?: unknown }

export function statusOf(err: ApplicationError): number {
  for (let proto: unknown = Object.getPrototypeOf(err); proto && proto !== Error.prototype; proto = Object.getPrototypeOf(proto)) {
    const status = STATUS_BY_CLASS[(proto as { constructor: { name: string } }).constructor.name];
    if (status) return status;
  }
  return 400;
}

/** Maps any thrown value to a status and body, and the headers an HTTP answer carries (a 429's
 *  Retry-After); `unexpected` tells the caller to log it (a 500, or a statement the database
 *  cancelled: 503). */
export function toErrorResponse(err: unknown): { status: number; body: ErrorBody; unexpected: boolean; headers?: Record<string, string> } {
  if (isApplicationError(err)) {
    const status = statusOf(err);
    const retryAfter = (err as { retryAfter?: unknown }).retryAfter;
    const headers = status === 429 && typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : undefined;
    return { status, body: envelope(status, err.name, err.message, err.details), unexpected: false, ...(headers ? { headers } : {}) };
  }
  const http = (typeof err === 'object' && err !== null ? err : {}) as HttpLikeError;
  const status = Number(http.status ?? http.statusCode);
  if (status === 501) {
    return { status, body: envelope(501, 'NotImplementedError', 'Not Implemented', {}), unexpected: false };
  }
  if (isStatementTimeout(err)) {
    // The server is overloaded or the query too heavy, not malformed: worth logging (unexpected),
    // and the client may try again later
    return {
      status: 503,
      body: envelope(503, 'ServiceUnavailableError', 'The query took too long and was cancelled', {}),
      unexpected: true,
    };
  }
  if (Number.isInteger(status) && status >= 400 && status < 500) {
    // http-errors thrown by the body reader (co-body), koa or ctx.throw: keep the status, expose the reason phrase
    const name = HTTP_NAMES[status] ?? 'BadRequestError';
    const message = status === 413 ? 'request entity too large'
      : http.expose === true && typeof http.message === 'string' ? http.message : defaultMessage(status);
    return { status, body: envelope(status, name, message, {}), unexpected: false };
  }
  return {
    status: 500,
    body: envelope(500, 'InternalServerError', 'Internal Server Error', {}),
    unexpected: true,
  };
}

function defaultMessage(status: number): string {
  const name = HTTP_NAMES[status] ?? 'BadRequestError';
  return name.replace(/Error$/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
}

export function envelope(status: number, name: string, message: string, details: Record<string, unknown>): ErrorBody {
  return { data: null, error: { status, name, message, details } };
}
