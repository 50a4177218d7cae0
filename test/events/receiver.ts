// A webhook receiver on 127.0.0.1: records every request, answers with the status the test gives
// for it (200 unless told), and can hold answers back.

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received { headers: IncomingHttpHeaders; raw: string; body: { event: string; createdAt: string; model: string; uid: string; entry: Record<string, unknown> } }

export interface Receiver {
  url: string;
  received: Received[];
  /** The status for the next request (then 200 again), or a function of the request. */
  answer: (r: Received) => number | Promise<number>;
  /** Resolves once n requests have arrived (or rejects after ms). */
  waitFor(n: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const receiver: Receiver = {
    url: '', received: [], answer: () => 200,
    waitFor: (n, ms = 10_000) => new Promise((resolve, reject) => {
      if (receiver.received.length >= n) return resolve(receiver.received);
      const timer = setTimeout(() => reject(new Error(`${receiver.received.length} of ${n} webhook requests arrived within ${ms} ms`)), ms);
      waiters.push({ n, resolve: () => { clearTimeout(timer); resolve(receiver.received); } });
    }),
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const got: Received = { headers: req.headers, raw, body: JSON.parse(raw) as Received['body'] };
      receiver.received.push(got);
      for (const w of waiters.filter((x) => receiver.received.length >= x.n)) w.resolve();
      const status = await receiver.answer(got);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}
