// Core's last word on authorization, and the transport-free entry points every surface uses:
// authenticate a request, authorize an action. A caller whose strategy gave it an ability is
// allowed exactly what the ability allows. A refusal is 401 for an anonymous caller
// (authenticating may help) and 403 for an identified one (it will not).

import { ForbiddenError, UnauthorizedError, type ApplicationError } from '../errors/index.js';
import type { AuthHooks } from './hooks.js';
import type { AuthenticateRequest, AuthorizeRequest, AuthorizeSubject, AuthResult, Verdict } from './types.js';

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

export function denial(auth: AuthResult | undefined, message = 'Forbidden'): ApplicationError {
  return isAnonymous(auth) ? new UnauthorizedError('Missing or invalid credentials') : new ForbiddenError(message);
}

/** Authentication and authorization over the hooks, with no transport in them. */
export interface Authorizer {
  /** Who is calling; a 401 when credentials were sent and no strategy recognised them (never
   *  served as an anonymous request). */
  authenticate(request: AuthenticateRequest): Promise<AuthResult | undefined>;
  /** Throws 401/403 (`message` for the 403) unless the caller may do `action`. */
  authorize(auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject, message?: string): Promise<void>;
  /** Whether the caller may do `action`. */
  can(auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject): Promise<boolean>;
}

export function createAuthorizer(hooks: AuthHooks): Authorizer {
  const can = async (auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject) => {
    const verdict = await hooks.authorize.promise(subject ? { action, auth, subject } : { action, auth });
    return !verdict || verdict.allowed;
  };
  return {
    async authenticate(request) {
      const auth = await hooks.authenticate.promise(request);
      if (request.get('authorization') && isAnonymous(auth)) throw new UnauthorizedError('Missing or invalid credentials');
      return auth;
    },
    async authorize(auth, action, subject, message) {
      if (!(await can(auth, action, subject))) throw denial(auth, message);
    },
    can,
  };
}
