// SQL statements per request for our server: the server has no counter, so the same requests
// run once in-process against a kernel on the same database file, counting knex 'query' events.
// One kernel per server kind, with that server's plugins (startup.ts); the users-permissions one
// also registers the (h) user first. For the floor: the difference in its /__stats around one request.

import { createKernel, createMemoryLogger } from '../core/index.js';
import { registerBenchUser } from './auth.js';
import { BENCH_SECRETS, SERVER_PLUGINS, type ServerKind } from './startup.js';
import { APP_DIR, CONFIG_DIR, CONTENT_TYPES_DIR } from './paths.js';
import type { AuthSession, RequestSpec, Scenario } from './scenarios.js';

export interface Probe {
  statements: number;
  status: number;
  /** Ours: time in the database per request, from each statement's start to its answer, summed. */
  sqlMs?: number;
}

const SAMPLES = 3;

async function send(base: string, spec: RequestSpec): Promise<Response> {
  const res = await fetch(`${base}${spec.path}`, { method: spec.method, body: spec.body, headers: spec.headers });
  await res.arrayBuffer();
  return res;
}

/** Requests 0..SAMPLES-1 of each scenario; the mean statement count, the worst status. */
export async function countOurs(dbFile: string, list: Scenario[], session: AuthSession, runTag: string): Promise<Map<string, Probe>> {
  const out = new Map<string, Probe>();
  const kinds = [...new Set(list.map((s) => s.server ?? 'core'))];
  for (const kind of kinds) {
    await countOn(kind, dbFile, list.filter((s) => (s.server ?? 'core') === kind), session, runTag, out);
  }
  return out;
}

async function countOn(kind: ServerKind, dbFile: string, list: Scenario[], session: AuthSession, runTag: string, out: Map<string, Probe>): Promise<void> {
  const kernel = await createKernel({
    appDir: APP_DIR, contentTypesDir: CONTENT_TYPES_DIR, configDir: CONFIG_DIR, logger: createMemoryLogger(),
    env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: dbFile, HOST: '127.0.0.1', PORT: '0', WORKERS: '1', ...BENCH_SECRETS, ...SERVER_PLUGINS[kind] },
  });
  try {
    const { url } = await kernel.start();
    if (kind === 'users-permissions' && !session.jwt) await registerBenchUser(url, runTag, session);
    let statements = 0;
    let sqlNs = 0n;
    const started = new Map<string, bigint>();
    kernel.db.on('query', (q: { __knexQueryUid: string }) => { statements++; started.set(q.__knexQueryUid, process.hrtime.bigint()); });
    const finished = (_: unknown, q: { __knexQueryUid: string }) => {
      const t0 = started.get(q.__knexQueryUid);
      if (t0 !== undefined) { sqlNs += process.hrtime.bigint() - t0; started.delete(q.__knexQueryUid); }
    };
    kernel.db.on('query-response', finished).on('query-error', finished);
    for (const scenario of list) {
      // Under load the role's permissions are cached (10 s), and statements are prepared once:
      // measure the steady state, not the first miss
      await send(url, scenario.ours(SAMPLES));
      let total = 0;
      let status = 200;
      sqlNs = 0n;
      for (let i = 0; i < SAMPLES; i++) {
        statements = 0;
        const res = await send(url, scenario.ours(i));
        total += statements;
        if (res.status < 200 || res.status >= 300) status = res.status;
      }
      out.set(scenario.id, {
        statements: Math.round((total / SAMPLES) * 10) / 10, status, sqlMs: Math.round(Number(sqlNs) / 1e4 / SAMPLES) / 100,
      });
    }
  } finally {
    await kernel.destroy();
  }
}

export async function countFloor(base: string, scenario: Scenario): Promise<Probe> {
  const stats = async () => (await (await fetch(`${base}/__stats`)).json()) as { statements: number };
  // Not counted: fills the floor's (h) permission cache if its 10 s are up, as under load
  if (scenario.kind === 'read') await send(base, scenario.floor!(0));
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
