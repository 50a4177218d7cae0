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

/** What a caller may do: permission actions such as api::article.article.find. */
export interface Ability {
  can(action: string): boolean;
}

export interface AuthResult {
  /** Which strategy recognised the credentials (api-token, users-permissions, ...). */
  strategy: string;
  /** Who is calling; null for an anonymous caller a strategy still answers for (the public role). */
  credentials: unknown;
  /** When set, core's authorize tap (last stage) answers with it, and queries are checked against
   *  it: populate of a target the caller cannot `find` is dropped, filters or sort through it are 400. */
  ability?: Ability;
}

export interface AuthorizeRequest {
  /** The permission action, e.g. api::article.article.find */
  action: string;
  route: RouteDefinition;
  auth: AuthResult | undefined;
}

export type Verdict = { allowed: true } | { allowed: false; reason?: string };
