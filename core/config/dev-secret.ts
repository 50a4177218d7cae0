// A development secret kept in the app's .tmp folder, made once: tokens signed with it survive
// restarts, and two processes starting together (cluster workers, the CLI beside a server) read
// the same one. Production never gets here: a missing secret stops the start there.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '../log/logger.js';

/** The secret in `file`, written first (with `warning` logged) when there is none. */
export function developmentSecret(file: string, logger: Logger, warning: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  try {
    // Exclusive create: of two processes starting together, one writes and both read its secret
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    logger.warn(warning);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}
