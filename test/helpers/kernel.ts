// Builds a kernel for one test file or test, on its own database, listening on port 0, and a
// fetch-based client for it. No globals: two test kernels can run side by side.

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKernel, createMemoryLogger, type Kernel, type KernelOptions, type Plugin, type SchemaFiles } from '../../core/index.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The suite's own content types: test/fixture/content-types/, a copy of the example app's as it
 *  ships, so that editing the example app's model (content-types/) never breaks a test. */
export const FIXTURE_CONTENT_TYPES = join(ROOT, 'test', 'fixture', 'content-types');

export interface TestKernel {
  kernel: Kernel;
  url: string;
  logs: Array<{ level: string; message: string; extra?: Record<string, unknown> }>;
  db: TestDatabase;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  get(path: string): Promise<TestResponse>;
  post(path: string, body: unknown): Promise<TestResponse>;
  put(path: string, body: unknown): Promise<TestResponse>;
  del(path: string): Promise<TestResponse>;
  stop(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON, or null when empty. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary shapes
  text: string;
}

export interface StartOptions {
  contentTypesDir?: string | false;
  schemas?: SchemaFiles;
  plugins?: Plugin[];
  config?: KernelOptions['config'];
  /** Reuse a database (to restart a kernel on the same data); the caller drops it. */
  db?: TestDatabase;
  appDir?: string;
}

// Test kernels started and not yet stopped; the root hook (root-hooks.ts) fails the run if any is
// left, since its connections would otherwise be closed by the garbage collector at exit.
const running = new Map<TestKernel, string>();

/** Stops every test kernel still running; returns the test files that started them. */
export async function stopLeftoverKernels(): Promise<string[]> {
  // A test may destroy the kernel itself and keep its database for the next kernel
  const left = [...running].filter(([app]) => app.kernel.phase !== 'destroyed');
  for (const [app] of left) await app.stop();
  return left.map(([, where]) => where);
}

/** The test file (and line) that called startKernel, from the stack. */
function caller(): string {
  const line = new Error().stack?.split('\n').find((l) => /\.test\.ts:\d+/.test(l)) ?? '';
  return /(test\/[^\s)]+\.test\.ts:\d+)/.exec(line)?.[1] ?? 'a test helper';
}

export async function startKernel(opts: StartOptions = {}): Promise<TestKernel> {
  const db = opts.db ?? await createTestDatabase();
  const logger = createMemoryLogger();
  const config = opts.config ?? {};
  const kernel = await createKernel({
    appDir: opts.appDir ?? ROOT,
    contentTypesDir: opts.contentTypesDir ?? FIXTURE_CONTENT_TYPES,
    schemas: opts.schemas,
    plugins: opts.plugins,
    logger,
    env: {},
    config: {
      ...config,
      // No background reads of other instances' signals unless a test asks: they would land
      // among the statements a test counts
      server: { host: '127.0.0.1', port: 0, signalInterval: 0, ...(config.server ?? {}) },
      database: { ...db.database, ...(config.database ?? {}) } as KernelOptions['config'] extends infer C ? C extends { database?: infer D } ? D : never : never,
    },
  });
  let url: string;
  try {
    ({ url } = await kernel.start());
  } catch (err) {
    await kernel.destroy();
    if (!opts.db) await db.drop();
    throw err;
  }
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse> => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${url}${path}`, init);
    const text = await res.text();
    let parsed: unknown = null;
    if (text) { try { parsed = JSON.parse(text); } catch { parsed = text; } }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
  const app: TestKernel = {
    kernel, url, logs: logger.lines, db, request,
    get: (p) => request('GET', p),
    post: (p, b) => request('POST', p, b),
    put: (p, b) => request('PUT', p, b),
    del: (p) => request('DELETE', p),
    stop: async () => {
      running.delete(app);
      await kernel.destroy();
      if (!opts.db) await db.drop();
    },
  };
  running.set(app, caller());
  return app;
}
