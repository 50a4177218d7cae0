// Types of the REST surface: the Koa state of a request and route definitions (data until mount).

import type { ParameterizedContext } from 'koa';
import type { AuthResult } from '../auth/types.js';

export interface RequestState {
  /** Set by authentication: who is calling. */
  auth?: AuthResult;
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
  config: {
    /** false: no authenticate/authorize (public routes such as login). */
    auth: boolean;
    owner: string;
  };
}
