// A command of the CLI run on the app (`npm run token`, `strata admin`): the kernel loaded the
// way `npm start` loads it (config/ and the environment, schema sync) without listening, the
// work done, the kernel destroyed whatever happened. A refusal prints its message and gives exit
// code 1; anything else is a bug and goes on up, with its stack.

import { appDir, configDir } from '../config/app-folders.js';
import { isApplicationError, KernelError } from '../errors/index.js';
import { createConsoleLogger } from '../log/logger.js';
import { createKernel, type Kernel } from './kernel.js';

/** `describe` words an application error the command knows better (a field's own message). */
export async function runOnApp(work: (kernel: Kernel) => Promise<number>, describe: (err: unknown) => string | undefined = () => undefined): Promise<number> {
  // Warnings and errors only: stdout is for the command's own output
  const kernel = await createKernel({ appDir, configDir, logger: createConsoleLogger('warn') });
  try {
    await kernel.load();
    return await work(kernel);
  } catch (err) {
    if (err instanceof KernelError) process.stderr.write(`failed [${err.code}]: ${err.message}\n`);
    else if (isApplicationError(err)) process.stderr.write(`error: ${describe(err) ?? err.message}\n`);
    else throw err;
    return 1;
  } finally {
    await kernel.destroy();
  }
}

/** Sets the exit code from the command's answer; an error it did not catch is printed. */
export function exitWith(run: Promise<number>): void {
  run.then((code) => { process.exitCode = code; }, (err: unknown) => {
    process.stderr.write(`${err instanceof KernelError ? `failed [${err.code}]: ${err.message}` : err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
