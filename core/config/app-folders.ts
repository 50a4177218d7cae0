// Where the CLI commands find the app: APP_DIR (or the working directory) holds content-types/,
// config/, .tmp/ and the SQLite file. The example app is this repository: its config/ is compiled
// beside core/ (dist/config when compiled), so it is read from there. Any other app folder's
// config/ is its own, TypeScript or JavaScript; a folder without one runs on the example app's.

import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const appDir = resolve(process.env.APP_DIR ?? process.cwd());

/** The folder holding core/ and config/: the repository, or its dist/ when compiled. */
const builtRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const exampleApp = basename(builtRoot) === 'dist' ? dirname(builtRoot) : builtRoot;
const exampleConfig = join(builtRoot, 'config');

function sameFolder(a: string, b: string): boolean {
  try { return realpathSync(a) === realpathSync(b); } catch { return false; }
}

/** The app folder is the framework's own checkout (the example app), not an app of a user's. */
export const inExampleApp = sameFolder(appDir, exampleApp);

export const configDir = !inExampleApp && existsSync(join(appDir, 'config'))
  ? join(appDir, 'config')
  : exampleConfig;

/** A line for the start-up log when the app folder borrows the example app's config. */
export const configNotice = configDir === exampleConfig && !inExampleApp
  ? `${appDir} has no config/ folder: using the example app's (${exampleConfig})`
  : undefined;
