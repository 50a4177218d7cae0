// Serves an HTTP handler on the configured host and port (0: any free port), with Node's own
// limits on request heads and timeouts, and a lingering close (linger.ts).

import { createServer, STATUS_CODES, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ServerConfig } from '../config/types.js';
import { envelope } from '../errors/index.js';
import type { Logger } from '../log/logger.js';
import { lingerOnClose } from './linger.js';

/** Node's parser errors, as the status its own answer would have had. */
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'RequestHeaderFieldsTooLargeError', 'The request head is too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'RequestTimeoutError', 'The request took too long to arrive'],
  HPE_HEADERS_TIMEOUT: [408, 'RequestTimeoutError', 'The request head took too long to arrive'],
};

/** A request Node refused before any handler ran (a malformed request line, a head over the
 *  limit): answered in the envelope where the connection still allows it, and logged at debug
 *  only, since anyone can send such requests as fast as they like. */
function answerClientError(logger: Logger) {
  return (err: Error & { code?: string }, socket: Socket): void => {
    logger.debug(`refused a malformed request: ${err.code ?? err.message}`);
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, name, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'BadRequestError', 'The request is malformed'];
    const body = JSON.stringify(envelope(status, name, message, {}));
    socket.end([
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '', body,
    ].join('\r\n'));
  };
}

/** A listening server and how to stop it. */
export interface Listening {
  url: string;
  port: number;
  close(graceMs: number): Promise<void>;
}

export async function listen(handler: RequestListener, config: ServerConfig, logger: Logger): Promise<Listening> {
  const { maxHeaderSize, requestTimeout, headersTimeout } = config.limits;
  // Node checks the timeouts on an interval (30 s by default): make it fine enough for them
  const connectionsCheckingInterval = Math.min(30_000, Math.max(250, Math.floor(Math.min(requestTimeout, headersTimeout) / 4)));
  const answering = new Set<ServerResponse>();
  let draining = false;
  const server = createServer({ maxHeaderSize, requestTimeout, headersTimeout, connectionsCheckingInterval }, (req, res) => {
    answering.add(res);
    res.once('close', () => {
      answering.delete(res);
      // Stopping: the connection this answer leaves idle closes now, not at its keep-alive timeout
      if (draining) server.closeIdleConnections();
    });
    if (draining) res.setHeader('Connection', 'close');
    lingerOnClose(req);
    handler(req, res);
  });
  server.on('clientError', answerClientError(logger));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  /** Stops accepting and closes idle connections at once; requests in flight get up to graceMs to
   *  finish (their answers say Connection: close), then their connections are cut. Resolves once
   *  every connection is closed. */
  const close = (graceMs: number) => new Promise<void>((resolve) => {
    draining = true;
    // An answer not yet begun tells its client not to send another request on this connection
    for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => { clearTimeout(cut); resolve(); });
    server.closeIdleConnections();
  });
  return { url: `http://${host}:${port}`, port, close };
}
