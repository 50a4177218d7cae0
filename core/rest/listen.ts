// Serves an HTTP handler on the configured host and port (0: any free port), with Node's own
// limits on request heads and timeouts.

import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerConfig } from '../config/types.js';

export async function listen(handler: RequestListener, config: ServerConfig): Promise<{ server: Server; url: string; port: number }> {
  const { maxHeaderSize, requestTimeout, headersTimeout } = config.limits;
  // Node checks the timeouts on an interval (30 s by default): make it fine enough for them
  const connectionsCheckingInterval = Math.min(30_000, Math.max(250, Math.floor(Math.min(requestTimeout, headersTimeout) / 4)));
  const server = createServer({ maxHeaderSize, requestTimeout, headersTimeout, connectionsCheckingInterval }, handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return { server, url: `http://${host}:${port}`, port };
}

/** Stops accepting, drops open connections, resolves once closed. */
export function close(server: Server): Promise<void> {
  return new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); });
}
