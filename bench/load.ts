// Drives one scenario with autocannon: a warm-up run (not measured, but its errors count), then a
// measured run of fixed duration while the server's RSS is sampled. With a floor, ours and the
// floor take turns in short slices (ours, floor, ours, floor, ...) that add up to that duration
// each: on a shared machine the load moves within seconds, and slices put both servers under
// the same load on average, where one long run each compared two different moments. A slice
// starts once both servers are idle.

import autocannon from 'autocannon';
import type { RequestSpec } from './scenarios.js';
import { cpuTicks, sampleRss, untilIdle } from './proc.js';

export interface LoadOptions {
  warmupSeconds: number;
  durationSeconds: number;
  connections: number;
  /** Turns ours and the floor take within durationSeconds. */
  rounds: number;
}

export interface Failure { status: number; request: string; body: string }

export interface LoadResult {
  requests: number;
  rps: number;
  latencyMs: { p50: number; p99: number; mean: number; max: number };
  /** Responses outside 2xx, warm-up included. */
  non2xx: number;
  /** Socket errors and timeouts, warm-up included. */
  errors: number;
  bytesPerRequest: number;
  /** The server's CPU time (user + system, its workers included) per request, while measured. */
  cpuMsPerRequest: number;
  peakRssMb: number;
  /** The first few non-2xx responses, for diagnosis. */
  failures: Failure[];
}

interface Context { spec?: RequestSpec }

function run(url: string, next: () => RequestSpec, seconds: number, connections: number, failures: Failure[], latencies?: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({
      url, connections, duration: seconds, pipelining: 1, timeout: 30,
      requests: [{
        setupRequest: (request, context: Context) => {
          const spec = next();
          context.spec = spec; // one request in flight per connection (no pipelining)
          return { ...request, method: spec.method, path: spec.path, body: spec.body, headers: { ...request.headers, ...spec.headers } };
        },
        onResponse: (status, body, context: Context) => {
          if ((status < 200 || status >= 300) && failures.length < 5) {
            failures.push({ status, request: context.spec ? `${context.spec.method} ${context.spec.path}` : '?', body: body.slice(0, 800) });
          }
        },
      }],
    }, (err, result) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(result)));
    instance.on('error', (err: unknown) => reject(err instanceof Error ? err : new Error(String(err))));
    if (latencies) instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => { latencies.push(ms); });
  });
}

/** One side of a measurement: where to send which requests, and whose RSS to sample. */
export interface Target { url: string; request: (i: number) => RequestSpec; pid: number }

interface Side {
  target: Target;
  next: () => RequestSpec;
  failures: Failure[];
  latencies: number[];
  requests: number;
  seconds: number;
  bytes: number;
  /** Clock ticks (1/100 s on Linux) the server used during measured slices. */
  ticks: number;
  non2xx: number;
  errors: number;
}

function side(target: Target): Side {
  let i = 0; // runs on from warm-up into measurement
  return {
    target, next: () => target.request(i++), failures: [], latencies: [], requests: 0, seconds: 0, bytes: 0, ticks: 0, non2xx: 0, errors: 0,
  };
}

async function warm(s: Side, opts: LoadOptions): Promise<void> {
  if (opts.warmupSeconds <= 0) return;
  const r = await run(s.target.url, s.next, opts.warmupSeconds, opts.connections, s.failures);
  s.non2xx += r.non2xx;
  s.errors += r.errors + r.timeouts;
}

async function slice(s: Side, seconds: number, opts: LoadOptions): Promise<void> {
  const ticks = cpuTicks(s.target.pid);
  const r = await run(s.target.url, s.next, seconds, opts.connections, s.failures, s.latencies);
  s.ticks += cpuTicks(s.target.pid) - ticks;
  s.requests += r.requests.total;
  s.seconds += r.duration || seconds;
  s.bytes += r.throughput.total;
  s.non2xx += r.non2xx;
  s.errors += r.errors + r.timeouts;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function result(s: Side, peakRssMb: number): LoadResult {
  const sorted = [...s.latencies].sort((x, y) => x - y);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const mean = sorted.length ? sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length : 0;
  return {
    requests: s.requests,
    rps: s.seconds ? Math.round((s.requests / s.seconds) * 10) / 10 : 0,
    latencyMs: { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), mean: round(mean), max: round(sorted.at(-1) ?? 0) },
    non2xx: s.non2xx,
    errors: s.errors,
    bytesPerRequest: s.requests ? Math.round(s.bytes / s.requests) : 0,
    cpuMsPerRequest: s.requests ? Math.round((s.ticks * 10 * 1000) / s.requests) / 1000 : 0,
    peakRssMb,
    failures: s.failures,
  };
}

/** Ours alone (the writes have no floor): warm-up, then one run of the whole duration. */
export async function measure(target: Target, opts: LoadOptions): Promise<LoadResult> {
  const s = side(target);
  await warm(s, opts);
  const rss = sampleRss(target.pid);
  await slice(s, opts.durationSeconds, opts);
  return result(s, rss.stop());
}

/** Ours and the floor: both warmed up, then `rounds` turns each, ours first in every round. */
export async function measurePair(ours: Target, floor: Target, opts: LoadOptions): Promise<{ ours: LoadResult; floor: LoadResult }> {
  const a = side(ours);
  const b = side(floor);
  await warm(a, opts);
  await warm(b, opts);
  const rounds = Math.max(1, Math.min(opts.rounds, Math.floor(opts.durationSeconds)));
  const seconds = opts.durationSeconds / rounds;
  const rssA = sampleRss(ours.pid);
  const rssB = sampleRss(floor.pid);
  const pids = [ours.pid, floor.pid];
  for (let r = 0; r < rounds; r++) {
    // a slow server's abandoned requests would otherwise run into the other's slice
    await untilIdle(pids);
    await slice(a, seconds, opts);
    await untilIdle(pids);
    await slice(b, seconds, opts);
  }
  return { ours: result(a, rssA.stop()), floor: result(b, rssB.stop()) };
}
