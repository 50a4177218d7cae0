// Types shared by routes, the authenticate/authorize hooks and controllers.

import type { ParameterizedContext } from 'koa';
import type { RouteDefinition } from './route-table.js';

export interface RequestState {
  /** Set by the authenticate hook: who is calling. */
  auth?: AuthResult;
  /** The route being served. */
  route?: RouteDefinition;
  /** The parsed query string (qs), for handlers. */
  query?: Record<string, unknown>;
  requestId?: string;
  [key: string]: unknown;
}

export type RequestContext = ParameterizedContext<RequestState>;

export interface AuthResult {
  /** Which strategy recognised the credentials (api-token, users-permissions, ...). */
  strategy: string;
  credentials?: unknown;
  /** Strategy-specific data the authorize tap of the same plugin understands. */
  ability?: unknown;
}

export interface AuthorizeRequest {
  /** The permission action, e.g. api::article.article.find */
  action: string;
  route: RouteDefinition;
  auth: AuthResult | undefined;
}

export type Verdict = { allowed: true } | { allowed: false; reason?: string };
