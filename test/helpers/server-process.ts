// `npm start` as a child process on a temporary app folder, for the CLI suites: resolves the URL
// once the server says where it listens.

import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { withFixtureConfig } from './fixture.js';
import { ROOT } from './kernel.js';

/** The start-up line's address: `serving N content types on http://127.0.0.1:<port>/api`. */
export const SERVING_URL = /on (http:\/\/127\.0\.0\.1:\d+)\/api/;

export interface AppFolderOptions {
  /** Leave a folder without config/ as it is: the process then runs on the example app's (the
   *  one test of that fallback). */
  exampleConfig?: boolean;
}

/** The environment of a CLI process for the app at appDir. A folder without config/ gets the
 *  test fixture's first (fixture.ts): no test process runs on the example app's config. */
export function appEnv(appDir: string, env: Record<string, string> = {}, options: AppFolderOptions = {}): Record<string, string> {
  if (!options.exampleConfig) withFixtureConfig(appDir);
  return { PATH: process.env.PATH ?? '', APP_DIR: appDir, DATABASE_CLIENT: 'sqlite', ...env };
}

export function startServer(appDir: string, env: Record<string, string> = {}, options: AppFolderOptions = {}) {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'strata.mjs'), 'start'], {
    cwd: ROOT, env: appEnv(appDir, { PORT: '0', ...env }, options), stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = SERVING_URL.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child, ready, exited, output: () => output,
    stop: async () => { child.kill('SIGTERM'); return exited; },
  };
}

/** Compiles dist/ now if stale, so servers started together do not each run tsc over the same files. */
export function buildOnce(): void {
  const built = spawnSync(process.execPath, ['--input-type=module', '-e', "const m = await import('./scripts/build-if-stale.mjs'); m.builtEntry('core/cli/start.js');"], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (built.status !== 0) throw new Error(`build failed (${built.status})`);
}
