// Core's last word on authorization: a caller whose strategy gave it an ability is allowed exactly
// what the ability allows. A refusal is 401 for an anonymous caller (authenticating may help) and
// 403 for an identified one (it will not).

import { ForbiddenError, UnauthorizedError, type ApplicationError } from '../errors/index.js';
import type { AuthorizeRequest, AuthResult, Verdict } from '../rest/types.js';

/** After every plugin's authorize tap: plugins that want the last word tap at a lower stage. */
export const ABILITY_STAGE = 1000;

export function abilityVerdict(_ctx: unknown, request: AuthorizeRequest): Verdict | undefined {
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
