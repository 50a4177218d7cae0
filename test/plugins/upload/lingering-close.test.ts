// An upload refused before its body is read (here a 403 to an anonymous caller) answers, then
// closes the connection without resetting it under a client still sending: the rest of the body
// is read and dropped, up to a bound, so the client gets to read the answer (fetch on Node 24.22
// failed with "write EPIPE" instead). Driven over a raw socket, so the body can be sent after the
// answer has arrived: what a slow client's last bytes meet.

import { expect } from 'chai';
import { connect, type Socket } from 'node:net';
import { LINGER_BYTES } from '../../../core/rest/linger.js';
import { startUploadKernel, type UploadKernel } from './helpers.js';

interface Exchange {
  /** What the server sent: the answer. */
  answer: string;
  /** Bytes of the body written before the connection failed (all of them when it did not). */
  written: number;
  /** The error a write met, if any (EPIPE, ECONNRESET). */
  error?: string;
}

/** Sends the head of a POST /api/upload announcing `size` bytes, waits for the answer and the
 *  server's end of it, then writes the body in 64 KiB chunks. */
function refusedUpload(url: string, size: number): Promise<Exchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket: Socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true });
    let answer = '';
    let written = 0;
    let error: string | undefined;
    const finish = () => resolve({ answer, written, ...(error ? { error } : {}) });
    socket.on('data', (chunk) => { answer += chunk.toString('latin1'); });
    socket.on('error', (err: NodeJS.ErrnoException) => { error ??= err.code ?? err.message; });
    socket.on('close', finish);
    socket.write(`POST /api/upload HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${size}\r\n\r\n`);
    // The server has answered and ended its side: now the body, as a slow client would send it
    socket.once('end', async () => {
      const chunk = Buffer.alloc(64 * 1024, 97);
      while (written < size && !error && !socket.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - written));
        const ok = await new Promise<boolean>((done) => socket.write(piece, (err) => done(!err)));
        if (!ok) break;
        written += piece.length;
      }
      socket.end();
    });
  });
}

describe('upload plugin: a refused upload lingers before it closes', function () {
  let app: UploadKernel;
  before(async () => {
    // users-permissions on, and the public role may not upload: an anonymous upload is a 403
    app = await startUploadKernel({}, { 'users-permissions': { enabled: true, config: { jwt: { secret: 'lingering-close-test-secret' }, permissions: { public: [] } } } });
  });
  after(async () => { await app?.stop(); });

  it('reads and drops the rest of a mid-size body, so the client sends it all and has the 403', async () => {
    const size = 8 * 1024 * 1024;
    const exchange = await refusedUpload(app.url, size);
    expect(exchange.answer).to.match(/^HTTP\/1\.1 403 /);
    expect(exchange.answer).to.match(/\r\nconnection: close\r\n/i);
    expect(exchange.answer).to.contain('"name":"ForbiddenError"');
    expect(exchange.error, 'a write failed: the connection was reset under the client').to.equal(undefined);
    expect(exchange.written).to.equal(size);
  });

  it('cuts a body bigger than it reads', async () => {
    const size = LINGER_BYTES + 8 * 1024 * 1024;
    const exchange = await refusedUpload(app.url, size);
    expect(exchange.answer).to.match(/^HTTP\/1\.1 403 /);
    expect(exchange.written).to.be.below(size);
    expect(exchange.written).to.be.at.least(LINGER_BYTES - 1024 * 1024);
  });
});
