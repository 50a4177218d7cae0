// The HMAC key for API tokens. Production must configure one (a salt that changes with the machine
// would silently invalidate every token); development gets one generated once per app folder.

import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KernelError } from '../errors/index.js';
import type { Logger } from '../log/logger.js';

export const SALT_KEY = 'api.tokens.salt';
export const SALT_ENV = 'API_TOKEN_SALT';

export function devSaltFile(appDir: string): string {
  return join(appDir, '.tmp', 'api-token-salt');
}

export function resolveSalt(configured: string | undefined, opts: { production: boolean; appDir: string; logger: Logger }): string {
  if (configured) return configured;
  if (opts.production) {
    throw new KernelError('CONFIG_ERR_INVALID',
      `config ${SALT_KEY}: required in production (set ${SALT_ENV} to a long random string, e.g. the output of \`openssl rand -base64 32\`)`);
  }
  return readOrCreateDevSalt(devSaltFile(opts.appDir), opts.logger);
}

function readOrCreateDevSalt(file: string, logger: Logger): string {
  const existing = readSalt(file);
  if (existing) return existing;
  logger.warn(`no API token salt configured (${SALT_KEY}): using a development one kept in ${file}`);
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    // Written aside and linked into place: link() fails if the file exists, so two processes
    // starting together (cluster workers, the CLI beside a server) end up with the same salt.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try { linkSync(temp, file); } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally { rmSync(temp, { force: true }); }
  } catch (err) {
    throw new KernelError('CONFIG_ERR_INVALID',
      `config ${SALT_KEY}: not set, and the development salt file ${file} cannot be written (${(err as Error).message}); set ${SALT_ENV}`, { cause: err });
  }
  const salt = readSalt(file);
  if (!salt) throw new KernelError('CONFIG_ERR_INVALID', `config ${SALT_KEY}: not set, and the development salt file ${file} is empty; delete it or set ${SALT_ENV}`);
  return salt;
}

function readSalt(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
