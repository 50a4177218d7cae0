// A lingering close. When Node closes a connection after an answer (Connection: close) while the
// request's body is still arriving, as for an upload refused before it was read (401, 403, 413),
// the client's next bytes meet a closed socket: the reset loses it the answer (fetch: "write
// EPIPE"). Instead the answer's end is sent, the rest of the body is read and dropped within a
// bound of bytes and time, and then the connection closes: small and mid-size bodies get their
// answer; a huge body or a client that stops sending is cut.

import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** Bytes of a body read and dropped after the answer before the connection is cut. */
export const LINGER_BYTES = 64 * 1024 * 1024;
/** The longest a connection lingers, and the longest it waits for the next bytes (nginx's
 *  lingering_time and lingering_timeout). */
export const LINGER_MS = 30_000;
export const LINGER_IDLE_MS = 5_000;

const latest = new WeakMap<Socket, IncomingMessage>();

/** Called with each request: the close of its connection lingers while that body is unread. */
export function lingerOnClose(req: IncomingMessage): void {
  const socket = req.socket;
  if (!latest.has(socket)) {
    // Node's server closes a Connection: close answer's socket with destroySoon() once the answer
    // is written: the one place to step in before the socket is gone
    const destroySoon = socket.destroySoon.bind(socket);
    socket.destroySoon = () => {
      const req = latest.get(socket);
      if (!req || req.complete || socket.destroyed) destroySoon();
      else linger(socket, req);
    };
  }
  latest.set(socket, req);
}

function linger(socket: Socket, req: IncomingMessage): void {
  // The answer is whole: end our side (the HTTP server's sockets are half-open, so the client
  // may go on sending) while Node's parser drops what arrives of the body (req is dumped)
  socket.end();
  let read = 0;
  const close = () => {
    clearTimeout(total);
    clearTimeout(idle);
    socket.off('data', count);
    socket.destroy();
  };
  const count = (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER_BYTES) close();
    else idle.refresh();
  };
  const total = setTimeout(close, LINGER_MS);
  const idle = setTimeout(close, LINGER_IDLE_MS);
  socket.on('data', count);
  // The whole body arrived (nothing is left unread, so the close resets nothing), or the client
  // ended its side
  req.once('end', close);
  socket.once('end', close);
  socket.once('close', () => { clearTimeout(total); clearTimeout(idle); });
}
