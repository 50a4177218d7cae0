// Serves an HTTP handler on the configured host and port (0: any free port), with Node's own
// limits on request heads and timeouts.

import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ServerConfig } from '../config/types.js';
import { envelope } from '../errors/index.js';
import type { Logger } from '../log/logger.js';

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

export async function listen(handler: RequestListener, config: ServerConfig, logger: Logger): Promise<{ server: Server; url: string; port: number }> {
  const { maxHeaderSize, requestTimeout, headersTimeout } = config.limits;
  // Node checks the timeouts on an interval (30 s by default): make it fine enough for them
  const connectionsCheckingInterval = Math.min(30_000, Math.max(250, Math.floor(Math.min(requestTimeout, headersTimeout) / 4)));
  const server = createServer({ maxHeaderSize, requestTimeout, headersTimeout, connectionsCheckingInterval }, handler);
  server.on('clientError', answerClientError(logger));
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
