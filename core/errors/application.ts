// Strapi v5's error family, as clients see it in { data: null, error: { status, name, message, details } }.
// The status of each class lives in to-response.ts, the one place that maps errors to HTTP.

export type ErrorDetails = Record<string, unknown>;

export interface FieldError {
  path: string[];
  message: string;
  name: string;
  value?: unknown;
}

/** Marks application errors across module copies (a plugin loaded from another path, say), where instanceof fails. */
export const APPLICATION_ERROR = Symbol.for('strata.ApplicationError');

export class ApplicationError extends Error {
  details: ErrorDetails;
  constructor(message = 'An application error occured', details: ErrorDetails = {}) {
    super(message);
    this.name = 'ApplicationError';
    this.details = details;
    Object.defineProperty(this, APPLICATION_ERROR, { value: true });
  }
}

export function isApplicationError(err: unknown): err is ApplicationError {
  return err instanceof ApplicationError
    || (typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[APPLICATION_ERROR] === true);
}

export class ValidationError extends ApplicationError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'ValidationError';
  }

  /** One error per field, in Strapi's yup shape: details.errors[{ path, message, name }]. */
  static fromFields(errors: FieldError[]): ValidationError {
    const message = errors.length === 1 ? errors[0]!.message : `${errors.length} errors occurred`;
    return new ValidationError(message, { errors });
  }
}

export class PaginationError extends ApplicationError {
  constructor(message = 'Invalid pagination', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'PaginationError';
  }
}

export class NotFoundError extends ApplicationError {
  constructor(message = 'Entity not found', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'NotFoundError';
  }
}

export class ForbiddenError extends ApplicationError {
  constructor(message = 'Forbidden access', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'ForbiddenError';
  }
}

export class PolicyError extends ForbiddenError {
  constructor(message = 'Policy Failed', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'PolicyError';
  }
}

export class UnauthorizedError extends ApplicationError {
  constructor(message = 'Unauthorized', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'UnauthorizedError';
  }
}

export class ConflictError extends ApplicationError {
  constructor(message = 'Conflict', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'ConflictError';
  }
}

export class MethodNotAllowedError extends ApplicationError {
  constructor(message = 'Method Not Allowed', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'MethodNotAllowedError';
  }
}

export class PayloadTooLargeError extends ApplicationError {
  constructor(message = 'Entity too large', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'PayloadTooLargeError';
  }
}

export class URITooLongError extends ApplicationError {
  constructor(message = 'URI Too Long', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'URITooLongError';
  }
}

export class RateLimitError extends ApplicationError {
  /** Seconds until the spent budget comes back, when the limiter knows (an HTTP surface sends it
   *  as Retry-After; the envelope stays Strapi's). */
  readonly retryAfter: number | undefined;
  constructor(message = 'Too many requests, please try again later.', details: ErrorDetails = {}, retryAfter?: number) {
    super(message, details);
    this.name = 'RateLimitError';
    this.retryAfter = retryAfter;
  }
}

export class NotImplementedError extends ApplicationError {
  constructor(message = 'This feature is not implemented yet', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'NotImplementedError';
  }
}
