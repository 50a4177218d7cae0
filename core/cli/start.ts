// `npm start`: loads the app from the folder holding config/ and content-types/, starts the kernel,
// and stops it cleanly on SIGINT/SIGTERM. The only place that touches process-level state.

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKernel, KernelError } from '../index.js';

async function main(): Promise<void> {
  const appDir = resolve(process.env.APP_DIR ?? process.cwd());
  // This file runs from dist/core/cli (compiled) or core/cli (tsx); the config sits beside core/.
  const codeRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const kernel = await createKernel({ appDir, configDir: join(codeRoot, 'config') });
  const started = Date.now();
  const { url } = await kernel.start();
  kernel.logger.info(`serving ${kernel.registry.contentTypes().length} content types on ${url}${kernel.config.api.rest.prefix} (${kernel.dialect}, ready in ${Date.now() - started} ms)`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    kernel.logger.info(`${signal}: shutting down`);
    kernel.destroy().then(() => process.exit(0), (err: unknown) => {
      kernel.logger.error(`shutdown failed: ${String(err)}`);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof KernelError) {
    process.stderr.write(`start-up failed [${err.code}]: ${err.message}\n`);
  } else {
    process.stderr.write(`start-up failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  }
  process.exit(1);
});
