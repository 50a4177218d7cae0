// The hooks of authentication and authorization, declared by the layer that calls them.

import { AsyncSeriesBailHook } from 'tapable';
import type { AuthenticateRequest, AuthorizeRequest, AuthResult, Verdict } from './types.js';

export function createAuthHooks() {
  return {
    /** Per call of a surface, before authorize. The first tap that recognises the credentials
     *  answers; undefined means "not mine". Throw UnauthorizedError for credentials that are
     *  present but bad. */
    authenticate: new AsyncSeriesBailHook<[AuthenticateRequest], AuthResult | undefined>(['request']),
    /** The same for the admin realm (routes and operations marked `realm: 'admin'`): only the
     *  strategies tapped here recognise a caller there, and none of the content API's. */
    authenticateAdmin: new AsyncSeriesBailHook<[AuthenticateRequest], AuthResult | undefined>(['request']),
    /** Whenever an action is checked. The first definite verdict wins; no verdict means allowed. */
    authorize: new AsyncSeriesBailHook<[AuthorizeRequest], Verdict | undefined>(['request']),
  };
}

export type AuthHooks = ReturnType<typeof createAuthHooks>;
