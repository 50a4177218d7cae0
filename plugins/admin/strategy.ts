// The administrators' strategy, tapped on the admin realm's authenticate hook only: a bearer
// access token whose session is live and whose administrator is active and not blocked. Nothing
// else identifies a caller there (no cookie, no API token, no end user's JWT), and this strategy
// recognises nobody on the content API.

import { bearerToken, UnauthorizedError, type AuthenticateRequest, type AuthResult } from '../../core/index.js';
import { adminAbility, type ModelInfo } from './ability.js';
import { CONDITIONS } from './actions.js';
import { PLUGIN_NAME } from './models.js';
import type { Roles } from './roles.js';
import type { Sessions } from './sessions.js';
import type { AccessTokens } from './tokens.js';
import { isSuperAdmin, type AdminUser, type AdminUsers } from './users.js';

export interface AdminCredentials {
  id: number;
  documentId: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  sessionId: string;
  roleIds: number[];
  superAdmin: boolean;
}

declare module '../../core/index.js' {
  /** caller.credentials('admin'): the administrator in a session (also caller.user). */
  interface CallerCredentials { admin: AdminCredentials }
}

export interface StrategyDeps {
  tokens(): AccessTokens;
  sessions: Sessions;
  users: AdminUsers;
  roles: Roles;
  models: ModelInfo;
}

const INVALID = 'Missing or invalid credentials';

export function adminStrategy(deps: StrategyDeps) {
  return async (request: AuthenticateRequest): Promise<AuthResult | undefined> => {
    const header = request.get('authorization');
    if (!header) return undefined;
    const token = bearerToken(header);
    const claims = token ? deps.tokens().verify(token) : undefined;
    if (!claims || !(await deps.sessions.isLive(claims.sessionId, claims.userId))) throw new UnauthorizedError(INVALID);
    const user = await deps.users.byId(claims.userId);
    if (!user || !user.isActive || user.blocked) throw new UnauthorizedError(INVALID);
    return authOf(deps, user, claims.sessionId);
  };
}

/** The AuthResult of an administrator in a session (the strategy's, and login's own answer). */
export async function authOf(deps: Pick<StrategyDeps, 'users' | 'roles' | 'models'>, user: AdminUser, sessionId: string): Promise<AuthResult> {
  const roleIds = user.roles.map((r) => r.id);
  const superAdmin = isSuperAdmin(user);
  const permissions = superAdmin ? [] : await deps.roles.permissionsOf(roleIds);
  // Only read when a permission asks for it: who shares a role with this administrator
  const sameRole = permissions.some((p) => p.conditions.includes(CONDITIONS.sameRole)) ? await deps.users.withRoles(roleIds) : [user.id];
  const credentials: AdminCredentials = {
    id: user.id, documentId: user.documentId, email: user.email, firstname: user.firstname, lastname: user.lastname, sessionId, roleIds, superAdmin,
  };
  return { strategy: PLUGIN_NAME, credentials, ability: adminAbility({ id: user.id, superAdmin, sameRole: () => sameRole }, permissions, deps.models) };
}

/** The administrator calling, when the admin strategy identified them. */
export function adminOf(auth: AuthResult | undefined): AdminCredentials | undefined {
  if (auth?.strategy !== PLUGIN_NAME || !auth.credentials) return undefined;
  return auth.credentials as AdminCredentials;
}
