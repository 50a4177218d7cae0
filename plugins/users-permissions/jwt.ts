// JWTs: HS256, payload { id, iat, exp } as Strapi's, algorithms pinned on verify. Each user's
// tokens are signed with a key derived from the secret, the user's documentId and token version:
// bumping the version (password change, reset, block, role change) revokes every earlier token
// without a denylist, a token never works for another user that later gets the same id (a restored
// backup, a reset sequence), and the payload stays Strapi's.

import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { KernelError, type PluginApi } from '../../core/index.js';

const ALGORITHM = 'HS256';

export interface TokenOwner { documentId: string; tokenVersion: number }

export class JwtService {
  readonly #keys = new Map<string, KeyObject>();
  constructor(private readonly secret: string, private readonly expiresIn: string | number) {}

  // A KeyObject: given a Buffer, jsonwebtoken first tries it as a public key on every verify,
  // which costs about a millisecond of CPU (measured by the bench's floor for scenario h)
  #key(user: TokenOwner): KeyObject {
    const id = `${user.documentId}:token-version:${user.tokenVersion}`;
    let key = this.#keys.get(id);
    if (!key) {
      key = createSecretKey(createHmac('sha256', this.secret).update(id).digest());
      // A small cache: a key is a pure function of its id, and the busy users are few
      if (this.#keys.size >= 1000) this.#keys.clear();
      this.#keys.set(id, key);
    }
    return key;
  }

  issue(user: TokenOwner & { id: number }): string {
    return jwt.sign({ id: user.id }, this.#key(user), {
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
  verify(token: string, user: TokenOwner): boolean {
    try {
      const payload = jwt.verify(token, this.#key(user), { algorithms: [ALGORITHM] });
      return typeof payload === 'object' && payload !== null && typeof payload.exp === 'number';
    } catch {
      return false;
    }
  }
}

/** The configured secret; in production a missing one stops start-up, in development one is
 *  generated once and kept in .tmp so tokens survive restarts. */
export function resolveJwtSecret(kernel: PluginApi, configured: string | undefined): string {
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
