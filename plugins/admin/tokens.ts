// Access tokens: short-lived JWTs (HS256, algorithm pinned on verify) naming an administrator and
// the session they belong to, Strapi 5's payload { userId, sessionId, type: 'access' }. A token is
// only as good as its session: the strategy checks the session in the database on every request,
// so ending a session (logout, a reused refresh token, a blocked account) ends its tokens at once
// on every instance.

import { createSecretKey, type KeyObject } from 'node:crypto';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { developmentSecret, KernelError, type PluginApi } from '../../core/index.js';

const ALGORITHM = 'HS256';

export interface AccessClaims { userId: number; sessionId: string }

export class AccessTokens {
  readonly #key: KeyObject;

  constructor(secret: string, private readonly lifespan: number) {
    this.#key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  issue(claims: AccessClaims): string {
    return jwt.sign({ userId: claims.userId, sessionId: claims.sessionId, type: 'access' }, this.#key, { algorithm: ALGORITHM, expiresIn: this.lifespan });
  }

  /** The claims of a valid, unexpired access token, or undefined (`ignoreExpiration`: of one
   *  this server signed, expired or not: logout). */
  verify(token: string, options: { ignoreExpiration?: boolean } = {}): AccessClaims | undefined {
    try {
      const payload = jwt.verify(token, this.#key, { algorithms: [ALGORITHM], ignoreExpiration: options.ignoreExpiration === true });
      if (typeof payload !== 'object' || payload === null || payload.type !== 'access') return undefined;
      const { userId, sessionId } = payload as Record<string, unknown>;
      if (!Number.isSafeInteger(userId) || (userId as number) <= 0 || typeof sessionId !== 'string' || !sessionId) return undefined;
      return { userId: userId as number, sessionId };
    } catch {
      return undefined;
    }
  }
}

/** The configured secret; in production a missing one stops start-up, in development one is
 *  generated once and kept in .tmp so sessions survive restarts. */
export function resolveAdminSecret(api: PluginApi, configured: string | undefined): string {
  if (configured) return configured;
  if (api.config.server.environment === 'production') {
    throw new KernelError('CONFIG_ERR_INVALID', 'config plugins.admin.config.auth.secret: required in production (set ADMIN_JWT_SECRET)');
  }
  const file = join(api.appDir, '.tmp', 'admin-jwt-secret');
  return developmentSecret(file, api.logger, `[admin] no admin JWT secret configured: generated a development one in ${file}`);
}
