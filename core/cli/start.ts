// `npm start`: loads the app from the folder holding config/ and content-types/, starts the kernel,
// and stops it cleanly on SIGINT/SIGTERM. CLI entry points are the only files that touch process-level state.
// With server.workers > 1 the primary syncs the schema once, then forks workers that share the port.

import cluster from 'node:cluster';
import { existsSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createConsoleLogger, createKernel, KernelError, type Kernel, type Logger } from '../index.js';
import { appDir, configDir, configNotice } from '../config/app-folders.js';
import { indexLines, serverIndex } from '../rest/index-page.js';

async function serve(): Promise<void> {
  const started = Date.now();
  const quiet = cluster.isWorker ? quietStartUp() : undefined;
  const kernel = await createKernel({ appDir, configDir, ...developing(), ...(quiet ? { logger: quiet.logger } : {}) });
  let url: string;
  try {
    ({ url } = await kernel.start());
  } catch (err) {
    // load() closes what it opened; a failed listen (port taken) leaves a loaded kernel to close
    await kernel.destroy();
    throw err;
  }
  quiet?.listening();
  const role = cluster.isWorker ? `worker ${cluster.worker?.id}` : 'server';
  if (!cluster.isWorker) announce(kernel, url, started);
  else process.send?.({ type: 'listening', url });
  onSignals(role, () => kernel.destroy());
}

async function primary(): Promise<void> {
  const started = Date.now();
  const kernel = await createKernel({ appDir, configDir, ...developing() });
  reportPluginPaths(kernel);
  const workers = kernel.config.server.workers;
  if (workers <= 1) { await kernel.destroy(); await serve(); return; }
  // Sync once here, so workers find an unchanged schema and run no DDL at the same time.
  await kernel.load();
  await kernel.destroy();
  let ready = 0;
  for (let i = 0; i < workers; i++) {
    const worker = cluster.fork();
    worker.on('message', (msg: { type?: string; url?: string }) => {
      if (msg.type === 'listening' && ++ready === workers && msg.url) announce(kernel, msg.url, started, workers);
    });
  }
  let stopping = false;
  cluster.on('exit', (worker, code) => {
    if (stopping) { if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0); return; }
    kernel.logger.error(`worker ${worker.id} exited with ${code}; stopping`);
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    process.exitCode = 1;
  });
  onSignals('primary', async () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    await new Promise<void>((done) => cluster.on('exit', () => { if (Object.keys(cluster.workers ?? {}).length === 0) done(); }));
  });
}

/** Under `strata develop` the server is started again on a schema file's change: Strapi's
 *  autoReload, which lets the content-type builder write schema files. */
function developing(): { config?: { server: { autoReload: true } } } {
  return process.env.STRATA_DEVELOP_REPORT ? { config: { server: { autoReload: true } } } : {};
}

/** Under `strata develop` (scripts/strata.mjs), which watches what the server reads: the
 *  folders of the plugins given by path (`resolve`), wherever the app keeps them. */
function reportPluginPaths(kernel: Kernel): void {
  const report = process.env.STRATA_DEVELOP_REPORT;
  if (!report) return;
  const paths = Object.values(kernel.config.plugins).flatMap((entry) => {
    if (typeof entry !== 'object' || typeof entry.resolve !== 'string') return [];
    const path = resolve(appDir, entry.resolve);
    // ./src/plugins/hello (a folder) is watched whole; a file, or a name without its extension, by its folder
    return [existsSync(path) && statSync(path).isDirectory() ? path : dirname(path)];
  });
  // Whole or not at all: the watcher reads it when it changes
  writeFileSync(`${report}.${process.pid}`, JSON.stringify([...new Set(paths)]));
  renameSync(`${report}.${process.pid}`, report);
}

/** A worker's start-up repeats the primary's (the same config, plugins and schema): its info
 *  and warnings would print once per worker. Left out until it listens; errors always print. */
function quietStartUp(): { logger: Logger; listening(): void } {
  const out = createConsoleLogger('info');
  let quiet = true;
  const unlessQuiet = (write: Logger['info']): Logger['info'] => (message, extra) => { if (!quiet) write(message, extra); };
  return {
    logger: { debug: out.debug, info: unlessQuiet(out.info), warn: unlessQuiet(out.warn), error: out.error },
    listening: () => { quiet = false; },
  };
}

function announce(kernel: Kernel, url: string, started: number, workers = 1): void {
  if (configNotice) kernel.logger.info(configNotice);
  kernel.logger.info(`serving ${kernel.registry.contentTypes().length} content types on ${url}${kernel.config.api.rest.prefix} (${kernel.dialect}, ${workers} worker${workers > 1 ? 's' : ''}, ready in ${Date.now() - started} ms)`);
  // What GET / lists, once; not in production, where neither is served
  if (kernel.config.server.environment !== 'production') {
    for (const line of indexLines(serverIndex(kernel.routes, kernel.registry), url)) kernel.logger.info(`  ${line}`);
  }
}

function onSignals(role: string, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${role}: ${signal}, shutting down\n`);
    stop().then(() => process.exit(0), (err: unknown) => {
      process.stderr.write(`${role}: shutdown failed: ${String(err)}\n`);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
}

(cluster.isPrimary ? primary() : serve()).catch((err: unknown) => {
  if (err instanceof KernelError) {
    process.stderr.write(`start-up failed [${err.code}]: ${err.message}\n`);
  } else {
    process.stderr.write(`start-up failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  }
  process.exit(1);
});
