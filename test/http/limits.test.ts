// Request limits: query-string length (414 in the envelope), request head size (Node's 431),
// and the time a client may take to send its request (Node's 408).

import { expect } from 'chai';
import { connect } from 'node:net';
import { useKernel } from '../helpers/suite.js';

const tagOnly = {
  contentTypesDir: false as const,
  schemas: {
    contentTypes: [{ file: 'tag.json', schema: { kind: 'collectionType', collectionName: 'tags', info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' }, attributes: { name: { type: 'string' } } } }],
    components: [],
  },
};

/** Writes raw bytes, waits, and returns what the server answered (the socket's first data). */
function rawExchange(url: string, chunks: string[], pauseMs: number): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, async () => {
      for (const chunk of chunks) {
        socket.write(chunk);
        await new Promise((r) => setTimeout(r, pauseMs));
      }
    });
    let answer = '';
    socket.on('data', (d) => { answer += d.toString(); });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    setTimeout(() => { socket.destroy(); resolve(answer); }, 10_000);
  });
}

describe('request limits', () => {
  const app = useKernel({ ...tagOnly, config: { server: { limits: { queryLength: 1000, requestTimeout: 1000, headersTimeout: 1000 } } } });

  it('a query string over server.limits.queryLength is a 414 in the envelope; one under it is served', async () => {
    const ok = await app().get(`/api/tags?_q=${'a'.repeat(990)}`);
    expect(ok.status).to.equal(200);
    const long = await app().get(`/api/tags?_q=${'a'.repeat(1000)}`);
    expect(long.status).to.equal(414);
    expect(long.body).to.deep.equal({ data: null, error: { status: 414, name: 'URITooLongError', message: 'The query string is too long: at most 1000 characters are allowed', details: { limit: 1000 } } });
  });

  it('a request head over maxHeaderSize (16 KiB by default) is refused with 431', async () => {
    const res = await app().request('GET', '/api/tags', undefined, { 'x-padding': 'p'.repeat(20_000) });
    expect(res.status).to.equal(431);
  });

  it('a client that does not finish sending its request within requestTimeout gets 408', async function () {
    this.timeout(15_000);
    const answer = await rawExchange(app().url, [
      'POST /api/tags HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"data":',
    ], 2500);
    expect(answer).to.match(/^HTTP\/1\.1 408/);
  });
});
