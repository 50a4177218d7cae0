// Sends a generated request exactly as generated (node:http, not fetch: fetch refuses some methods
// and headers), and prints it as a curl command that replays the same bytes.

import { Agent, request } from 'node:http';
import type { WireRequest } from './requests.js';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Bytes of an answer kept for checking; the rest is read and dropped. */
const KEEP = 1 << 20;

export function createAgent(sockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: sockets });
}

/** Resolves with the answer, or rejects: no answer within `timeoutMs`, or the connection failed. */
export function send(base: URL, req: WireRequest, agent: Agent, timeoutMs = 20_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body) headers['content-length'] = req.body.length;
    const r = request({
      host: base.hostname, port: base.port, method: req.method, path: req.path, headers, agent,
      timeout: timeoutMs,
    }, (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        if (kept < KEEP) { chunks.push(chunk); kept += chunk.length; }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    r.on('timeout', () => r.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    r.on('error', reject);
    r.end(req.body);
  });
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** A command line that sends the same request (the body through base64, so every byte survives). */
export function toCurl(base: URL, req: WireRequest): string {
  const parts = ['curl', '-sS', '-i', '--path-as-is', '-X', req.method];
  for (const [name, value] of Object.entries(req.headers)) parts.push('-H', shellQuote(value === '' ? `${name};` : `${name}: ${value}`));
  parts.push(shellQuote(new URL(req.path, base).origin + req.path));
  if (!req.body) return parts.join(' ');
  if (req.body.length === 0) return `${parts.join(' ')} --data-binary ''`;
  return `printf %s ${req.body.toString('base64')} | base64 -d | ${parts.join(' ')} --data-binary @-`;
}
