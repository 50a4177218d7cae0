// SQL statements per request for our server: the server has no counter, so the same requests
// run once in-process against a kernel on the same database file, counting knex 'query' events.
// For the floor: the difference in its /__stats around one request.

import { join } from 'node:path';
import { createKernel, createMemoryLogger } from '../core/index.js';
import { PLUGINS_OFF } from './startup.js';
import { CONTENT_TYPES_DIR, ROOT } from './paths.js';
import type { RequestSpec, Scenario } from './scenarios.js';

export interface Probe { statements: number; status: number }

const SAMPLES = 3;

async function send(base: string, spec: RequestSpec): Promise<Response> {
  const res = await fetch(`${base}${spec.path}`, { method: spec.method, body: spec.body, headers: spec.headers });
  await res.arrayBuffer();
  return res;
}

/** Requests 0..SAMPLES-1 of each scenario; the mean statement count, the worst status. */
export async function countOurs(dbFile: string, list: Scenario[]): Promise<Map<string, Probe>> {
  const kernel = await createKernel({
    appDir: ROOT, contentTypesDir: CONTENT_TYPES_DIR, configDir: join(ROOT, 'config'), logger: createMemoryLogger(),
    env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: dbFile, HOST: '127.0.0.1', PORT: '0', WORKERS: '1', ...PLUGINS_OFF },
  });
  const out = new Map<string, Probe>();
  try {
    const { url } = await kernel.start();
    let statements = 0;
    kernel.db.on('query', () => { statements++; });
    for (const scenario of list) {
      let total = 0;
      let status = 200;
      for (let i = 0; i < SAMPLES; i++) {
        statements = 0;
        const res = await send(url, scenario.ours(i));
        total += statements;
        if (res.status < 200 || res.status >= 300) status = res.status;
      }
      out.set(scenario.id, { statements: Math.round((total / SAMPLES) * 10) / 10, status });
    }
  } finally {
    await kernel.destroy();
  }
  return out;
}

export async function countFloor(base: string, scenario: Scenario): Promise<Probe> {
  const stats = async () => (await (await fetch(`${base}/__stats`)).json()) as { statements: number };
  let total = 0;
  let status = 200;
  for (let i = 0; i < SAMPLES; i++) {
    const before = await stats();
    const res = await send(base, scenario.floor!(i));
    total += (await stats()).statements - before.statements;
    if (res.status < 200 || res.status >= 300) status = res.status;
  }
  return { statements: Math.round((total / SAMPLES) * 10) / 10, status };
}
