// Where the CLI commands find the app: APP_DIR (or the working directory) holds content-types/ and
// .tmp/; the config folder sits beside core/, whether this runs from dist/core/cli or core/cli.

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const appDir = resolve(process.env.APP_DIR ?? process.cwd());
export const configDir = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'), 'config');
