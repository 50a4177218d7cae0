// The list request on its own: sequential GETs over one kept-alive connection (as a browser
// sends them), each timed from sending to the last byte, after a few unmeasured ones. Bytes are
// what came over the wire, with the Accept-Encoding a browser sends, and decoded.

import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface ListTiming {
  path: string;
  requests: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** Body bytes as sent (compressed when the server compressed it). */
  wireBytes: number;
  /** The JSON's own size. */
  jsonBytes: number;
  contentEncoding: string;
  rows: number;
}

interface Answer { status: number; body: Buffer; encoding: string; ms: number }

function get(agent: Agent, url: URL, token: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, {
      agent, headers: { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd', authorization: `Bearer ${token}` },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), encoding: String(res.headers['content-encoding'] ?? 'identity'), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(body: Buffer, encoding: string): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'identity') return body;
  throw new Error(`the list answered with Content-Encoding ${encoding}, which the bench does not decode`);
}

export const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
const round1 = (n: number) => Math.round(n * 10) / 10;

export async function timeList(base: string, path: string, token: string, requests: number, warmup = 5): Promise<ListTiming> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(path, base);
  try {
    let last: Answer | undefined;
    const times: number[] = [];
    for (let i = 0; i < warmup + requests; i++) {
      last = await get(agent, url, token);
      if (last.status !== 200) throw new Error(`GET ${path} answered ${last.status}: ${last.body.toString('utf8').slice(0, 400)}`);
      if (i >= warmup) times.push(last.ms);
    }
    const json = decode(last!.body, last!.encoding);
    const sorted = times.sort((a, b) => a - b);
    return {
      path, requests, medianMs: round1(percentile(sorted, 0.5)), p95Ms: round1(percentile(sorted, 0.95)), maxMs: round1(sorted[sorted.length - 1]!),
      wireBytes: last!.body.length, jsonBytes: json.length, contentEncoding: last!.encoding,
      rows: (JSON.parse(json.toString('utf8')) as { results: unknown[] }).results.length,
    };
  } finally {
    agent.destroy();
  }
}
