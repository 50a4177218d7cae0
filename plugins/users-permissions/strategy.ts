// The JWT strategy: `Authorization: Bearer <jwt>` names a user; no header at all is the public
// role. A header that is present but not a valid JWT of an active user is a 401, whatever role
// the public has: a client with a stale token must hear about it, not be served as anonymous.

import { bearerToken, UnauthorizedError, type AuthenticateRequest, type AuthResult } from '../../core/index.js';
import type { JwtService } from './jwt.js';
import { PLUGIN_NAME } from './models.js';
import type { Permissions } from './permissions.js';
import type { AuthUser, Users } from './users.js';

export interface UserCredentials { id: number; documentId: string; username: string; email: string }

declare module '../../core/index.js' {
  /** caller.credentials('users-permissions'): the signed-in user (also caller.user). */
  interface CallerCredentials { 'users-permissions': UserCredentials }
}

export interface StrategyDeps {
  jwt: JwtService;
  users: Users;
  permissions: Permissions;
  requireConfirmed: () => boolean;
}

export function jwtStrategy(deps: StrategyDeps) {
  return async (request: AuthenticateRequest): Promise<AuthResult | undefined> => {
    const header = request.get('authorization');
    if (!header) return { strategy: PLUGIN_NAME, credentials: null, ability: await deps.permissions.publicAbility() };
    const user = await userOfToken(deps, header);
    return { strategy: PLUGIN_NAME, credentials: credentialsOf(user), ability: await deps.permissions.ability(user.roleId) };
  };
}

/** The active user a bearer header names, or a 401. */
export async function userOfToken(deps: StrategyDeps, header: string): Promise<AuthUser> {
  const token = bearerToken(header);
  const id = token === undefined ? undefined : deps.jwt.claimedId(token);
  const user = id === undefined ? undefined : await deps.users.forRequest(id);
  if (!token || !user || user.blocked || (deps.requireConfirmed() && !user.confirmed) || !deps.jwt.verify(token, user)) {
    throw new UnauthorizedError('Missing or invalid credentials');
  }
  return user;
}

/** The calling user: only credentials this plugin's strategy issued name one (an API token's or
 *  another strategy's credentials may carry an unrelated `id`); undefined for anyone else. */
export function callerOf(auth: AuthResult | undefined): UserCredentials | undefined {
  if (auth?.strategy !== PLUGIN_NAME || !auth.credentials) return undefined;
  return auth.credentials as UserCredentials;
}

export function credentialsOf(user: AuthUser): UserCredentials {
  return { id: user.id, documentId: user.documentId, username: user.username, email: user.email };
}
