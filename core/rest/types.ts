// Types of the REST surface: the Koa state of a request and route definitions (data until mount).

import type { ParameterizedContext } from 'koa';
import type { AuthRealm, AuthResult } from '../auth/types.js';
import type { Caller, CallerUser } from '../operations/caller.js';
import type { OperationInput } from '../operations/types.js';
import type { PolicyRef } from '../policies/types.js';
import type { RouteDoc } from './route-doc.js';

export interface RequestState {
  /** Set by authentication: who is calling (Strapi's ctx.state.auth). */
  auth?: AuthResult;
  /** The same caller, typed (see Caller): set with `auth`. */
  caller?: Caller;
  /** The person calling, when there is one (Strapi's ctx.state.user): set with `auth`. */
  user?: CallerUser;
  /** The route being served. */
  route?: RouteDefinition;
  /** The parsed query string (qs), for handlers. */
  query?: Record<string, unknown>;
  requestId?: string;
  [key: string]: unknown;
}

export type RequestContext = ParameterizedContext<RequestState>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  /** Full path, prefix included: /api/articles/:documentId */
  path: string;
  /** Permission action checked by authorize, e.g. api::article.article.find */
  action: string;
  /** Further permission actions the route may ask authorize for (readDraft on a GET), so
   *  permission editors can list every action that exists. */
  extraActions?: string[];
  /** The content type the route serves, if any. */
  contentType?: string;
  /** Top-level query parameters the route accepts; with strictParams any other is a 400. */
  query: string[];
  handler: (ctx: RequestContext) => Promise<void>;
  /** Set when the handler runs this operation: the operation runner then applies the rate limit,
   *  authentication and the permission, not the mount. */
  operation?: string;
  /** What the route takes and answers, for API descriptions (OpenAPI). */
  doc?: RouteDoc;
  config: {
    /** false: no authenticate/authorize (public routes such as login). */
    auth: boolean;
    /** Whose strategies identify the caller (the content API's by default); an admin route's
     *  action is not listed among the content API's permission actions. */
    realm?: AuthRealm;
    owner: string;
    /** Policies the caller must pass after the permission check, before the handler. */
    policies?: readonly PolicyRef[];
  };
}

/** A route that runs an operation: how a request becomes its input and its output an answer. */
export interface OperationRouteSpec<Output = unknown> {
  method: HttpMethod;
  /** Full path, prefix included. */
  path: string;
  /** The operation's name (its permission action). */
  operation: string;
  /** The input from the request, but for the query parameters, which come from the query string
   *  (those the route accepts: the operation's). */
  input?(ctx: RequestContext): OperationInput;
  /** Query parameters the route reads itself in `input` (not the operation's parameters). */
  query?: readonly string[];
  /** Writes the answer; by default `{ data, meta: {} }`, and 404 when the output is null. */
  respond?(ctx: RequestContext, output: Output): void;
  /** Policies the caller must pass after the permission check, before the operation runs. */
  policies?: readonly PolicyRef[];
  /** Identify callers in this realm (an admin route over a content-API operation); an admin
   *  operation's route is always in the admin realm. */
  realm?: AuthRealm;
  /** The permission actions to check instead of the operation's own, or false when the operation
   *  checks them itself (one whose action depends on its input, such as a content type's uid). */
  scope?: readonly string[] | false;
  /** What the route takes and answers, for API descriptions (OpenAPI). */
  doc?: RouteDoc;
}
