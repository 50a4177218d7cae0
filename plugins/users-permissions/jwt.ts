// JWTs: HS256, payload { id, iat, exp } as Strapi's, algorithms pinned on verify. Each user's
// tokens are signed with a key derived from the secret and the user's token version, so bumping
// the version (password change, reset, block, role change) revokes every earlier token without a
// denylist, and the payload stays Strapi's.

import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { KernelError, type Kernel } from '../../core/index.js';

const ALGORITHM = 'HS256';

export class JwtService {
  constructor(private readonly secret: string, private readonly expiresIn: string | number) {}

  #key(tokenVersion: number): Buffer {
    return createHmac('sha256', this.secret).update(`token-version:${tokenVersion}`).digest();
  }

  issue(userId: number, tokenVersion: number): string {
    return jwt.sign({ id: userId }, this.#key(tokenVersion), {
      algorithm: ALGORITHM, expiresIn: this.expiresIn as jwt.SignOptions['expiresIn'],
    });
  }

  /** The user id a token claims, unverified: a positive integer or undefined. */
  claimedId(token: string): number | undefined {
    const decoded = jwt.decode(token, { json: true });
    const id = decoded?.id;
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
  }

  /** Whether the token is valid for this user's current token version. */
  verify(token: string, tokenVersion: number): boolean {
    try {
      const payload = jwt.verify(token, this.#key(tokenVersion), { algorithms: [ALGORITHM] });
      return typeof payload === 'object' && payload !== null && typeof payload.exp === 'number';
    } catch {
      return false;
    }
  }
}

/** The configured secret; in production a missing one stops start-up, in development one is
 *  generated once and kept in .tmp so tokens survive restarts. */
export function resolveJwtSecret(kernel: Kernel, configured: string | undefined): string {
  if (configured) return configured;
  if (kernel.config.server.environment === 'production') {
    throw new KernelError('CONFIG_ERR_INVALID',
      'config plugins.users-permissions.config.jwt.secret: required in production (set JWT_SECRET)');
  }
  const dir = join(kernel.appDir, '.tmp');
  const file = join(dir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  try {
    // Exclusive create: of two processes starting together, one writes and both read its secret
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    kernel.logger.warn(`[users-permissions] no JWT secret configured: generated a development one in ${file}`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}
