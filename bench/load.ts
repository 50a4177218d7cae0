// Drives one scenario against one server with autocannon: a warm-up run (not measured, but its
// errors count), then a measured run of fixed duration while the server's RSS is sampled.

import autocannon from 'autocannon';
import type { RequestSpec } from './scenarios.js';
import { sampleRss } from './proc.js';

export interface LoadOptions {
  warmupSeconds: number;
  durationSeconds: number;
  connections: number;
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
  peakRssMb: number;
  /** The first few non-2xx responses, for diagnosis. */
  failures: Failure[];
}

interface Context { spec?: RequestSpec }

function run(url: string, next: () => RequestSpec, seconds: number, connections: number, failures: Failure[]): Promise<autocannon.Result> {
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
  });
}

/** `request(i)` gives the i-th request; the counter runs on from warm-up into measurement. */
export async function measure(url: string, request: (i: number) => RequestSpec, pid: number, opts: LoadOptions): Promise<LoadResult> {
  let i = 0;
  const next = () => request(i++);
  const failures: Failure[] = [];
  let warmNon2xx = 0;
  let warmErrors = 0;
  if (opts.warmupSeconds > 0) {
    const warm = await run(url, next, opts.warmupSeconds, opts.connections, failures);
    warmNon2xx = warm.non2xx;
    warmErrors = warm.errors + warm.timeouts;
  }
  const rss = sampleRss(pid);
  const result = await run(url, next, opts.durationSeconds, opts.connections, failures);
  const peakRssMb = rss.stop();
  const total = result.requests.total;
  return {
    requests: total,
    rps: Math.round((total / (result.duration || opts.durationSeconds)) * 10) / 10,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.mean, max: result.latency.max },
    non2xx: result.non2xx + warmNon2xx,
    errors: result.errors + result.timeouts + warmErrors,
    bytesPerRequest: total ? Math.round(result.throughput.total / total) : 0,
    peakRssMb,
    failures,
  };
}
