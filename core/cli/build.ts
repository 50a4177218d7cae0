// `strata build`: reads what start-up reads before the database (config, plugins, content types)
// and reports what would stop a start, without starting; then type-checks an app that has
// TypeScript and a tsconfig.json. Exits 1 on any error, so it can gate a deploy.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createKernel, KernelError } from '../index.js';
import { appDir, configDir, configNotice, inExampleApp } from '../config/app-folders.js';

async function check(): Promise<void> {
  const kernel = await createKernel({ appDir, configDir });
  await kernel.check();
  if (configNotice) process.stdout.write(`${configNotice}\n`);
  const types = kernel.registry.contentTypes().length;
  process.stdout.write(`checked ${configDir}: ${types} content type${types === 1 ? '' : 's'}, plugins ${kernel.pluginNames().join(', ') || 'none'}\n`);
}

/** tsc of the app's own tsconfig.json, when the app installed TypeScript. */
function typecheck(): number {
  const tsconfig = join(appDir, 'tsconfig.json');
  // The framework's own checkout: its build compiled everything already
  if (!existsSync(tsconfig) || inExampleApp) return 0;
  let tsc: string;
  try {
    tsc = createRequire(join(appDir, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    return 0;
  }
  process.stdout.write('type-checking (tsc)...\n');
  return spawnSync(process.execPath, [tsc, '-p', tsconfig], { stdio: 'inherit', cwd: appDir }).status ?? 1;
}

// Types first: a type error says more than the error the same mistake gives when it runs
const typed = typecheck();
check().then(() => { process.exitCode = typed; }, (err: unknown) => {
  const code = err instanceof KernelError ? ` [${err.code}]` : '';
  process.stderr.write(`build failed${code}: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
