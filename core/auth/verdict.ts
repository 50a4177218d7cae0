// Core's last word on authorization, and the transport-free entry points every surface uses:
// authenticate a request, authorize an action. A caller whose strategy gave it an ability is
// allowed exactly what the ability allows. A refusal is a 403 ForbiddenError, also for an
// anonymous caller a strategy answers for (the public role), as in Strapi: clients tell "not
// allowed" from "bad credentials" (401) by it. api.auth.anonymousStatus: 401 keeps the older 401
// for anonymous callers. A caller no strategy answers for at all gets a 401, as in Strapi.

import { ForbiddenError, UnauthorizedError, type ApplicationError } from '../errors/index.js';
import type { AuthHooks } from './hooks.js';
import type { AuthenticateRequest, AuthorizeRequest, AuthorizeSubject, AuthRealm, AuthResult, Verdict } from './types.js';

/** After every plugin's authorize tap: plugins that want the last word tap at a lower stage. */
export const ABILITY_STAGE = 1000;

export function abilityVerdict(request: AuthorizeRequest): Verdict | undefined {
  const ability = request.auth?.ability;
  if (!ability) return undefined;
  return { allowed: ability.can(request.action) };
}

export function isAnonymous(auth: AuthResult | undefined): boolean {
  return auth === undefined || auth.credentials === null || auth.credentials === undefined;
}

/** What a refused anonymous caller hears: 403 (Strapi's) or 401 (api.auth.anonymousStatus). */
export type AnonymousStatus = 401 | 403;

/** The refusal of `auth`: 403 with `message`, or a 401 for an anonymous caller when nobody
 *  answered for it (no strategy, so no public role) or when the config asks for 401. */
export function denial(auth: AuthResult | undefined, message = 'Forbidden', anonymousStatus: AnonymousStatus = 403): ApplicationError {
  if (isAnonymous(auth) && (auth === undefined || anonymousStatus === 401)) return new UnauthorizedError('Missing or invalid credentials');
  return new ForbiddenError(message);
}

/** The admin realm serves no anonymous caller, whatever the authorize taps say (a kernel without
 *  users-permissions allows everything on the content API; nothing is allowed there unidentified). */
export function assertIdentifiedIn(realm: AuthRealm, auth: AuthResult | undefined): void {
  if (realm === 'admin' && isAnonymous(auth)) throw new UnauthorizedError('Missing or invalid credentials');
}

export interface AuthorizerOptions {
  /** Read at each refusal (the config is complete only once the kernel is built). */
  anonymousStatus(): AnonymousStatus;
}

/** Authentication and authorization over the hooks, with no transport in them. */
export interface Authorizer {
  /** Who is calling, by the strategies of `realm` (the content API's by default); a 401 when
   *  credentials were sent and no strategy recognised them (never served as an anonymous request). */
  authenticate(request: AuthenticateRequest, realm?: AuthRealm): Promise<AuthResult | undefined>;
  /** Throws 403 (with `message`), or 401 for some anonymous callers (see denial), unless the
   *  caller may do `action`. */
  authorize(auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject, message?: string): Promise<void>;
  /** Whether the caller may do `action`. */
  can(auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject): Promise<boolean>;
}

export function createAuthorizer(hooks: AuthHooks, options: AuthorizerOptions = { anonymousStatus: () => 403 }): Authorizer {
  const can = async (auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject) => {
    const verdict = await hooks.authorize.promise(subject ? { action, auth, subject } : { action, auth });
    return !verdict || verdict.allowed;
  };
  return {
    async authenticate(request, realm = 'content-api') {
      const auth = await (realm === 'admin' ? hooks.authenticateAdmin : hooks.authenticate).promise(request);
      if (request.get('authorization') && isAnonymous(auth)) throw new UnauthorizedError('Missing or invalid credentials');
      return auth;
    },
    async authorize(auth, action, subject, message) {
      if (await can(auth, action, subject)) return;
      // A caller who identified itself is told what it lacks (Forbidden: api::article.article.update),
      // so a missing grant is found without reading the server's log; an anonymous caller is not
      // told more than that it may not
      throw denial(auth, message ?? (isAnonymous(auth) ? 'Forbidden' : `Forbidden: ${action}`), options.anonymousStatus());
    },
    can,
  };
}
