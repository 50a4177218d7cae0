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

const nodes = {
  contentTypesDir: false as const,
  schemas: {
    contentTypes: [{
      file: 'node.json',
      schema: {
        kind: 'collectionType', collectionName: 'nodes', info: { singularName: 'node', pluralName: 'nodes', displayName: 'Node' },
        attributes: { name: { type: 'string' }, parent: { type: 'relation', relation: 'manyToOne', target: 'api::node.node' } },
      },
    }],
    components: [],
  },
};

/** populate=parent.parent...: `levels` deep (the object form runs out of query-string depth at 10). */
const deepPopulate = (levels: number) => `populate=${Array(levels).fill('parent').join('.')}`;
/** filters[$not][$not]...[name][$eq]=x: `nots` negations around one comparison. */
const deepFilter = (nots: number) => `filters${'[$not]'.repeat(nots)}[name][$eq]=x`;

describe('query depth limits (defaults)', () => {
  const app = useKernel(nodes);

  before(async () => {
    let parent: string | undefined;
    for (let i = 0; i < 12; i++) {
      const res = await app().post('/api/nodes', { data: { name: `n${i}`, ...(parent ? { parent } : {}) } });
      expect(res.status).to.equal(201);
      parent = (res.body as { data: { documentId: string } }).data.documentId;
    }
  });

  it('the object form of populate reaches 10 levels too', async () => {
    const res = await app().get(`/api/nodes?populate${'[parent][populate]'.repeat(9)}[parent]=true`);
    expect(res.status).to.equal(200);
  });

  it('populate reaches 10 levels and is a 400 at 11, naming the limit', async () => {
    const ten = await app().get(`/api/nodes?filters[name]=n11&${deepPopulate(10)}`);
    expect(ten.status).to.equal(200);
    let node = (ten.body as { data: Array<Record<string, unknown>> }).data[0];
    for (let level = 0; level < 10; level++) node = node?.parent as Record<string, unknown>;
    expect(node).to.include({ name: 'n1' });

    const eleven = await app().get(`/api/nodes?${deepPopulate(11)}`);
    expect(eleven.status).to.equal(400);
    expect(eleven.body).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError',
      message: 'populate is nested too deeply: 11 levels, at most 10 are allowed',
      details: { key: 'populate', source: 'query', param: 'populate', depth: 11, limit: 10 } } });
  });

  it('filters nest 10 levels and are a 400 at 11, also inside a populate', async () => {
    expect((await app().get(`/api/nodes?${deepFilter(9)}`)).status).to.equal(200);
    const eleven = await app().get(`/api/nodes?${deepFilter(10)}`);
    expect(eleven.status).to.equal(400);
    expect((eleven.body as { error: { message: string } }).error.message).to.equal('filters are nested too deeply: 11 levels, at most 10 are allowed');
    const inPopulate = await app().get(`/api/nodes?populate[parent][filters]${'[$not]'.repeat(10)}[name][$eq]=x`);
    expect(inPopulate.status).to.equal(400);
  });

  it('a chain of relations counts as filter levels', async () => {
    const through = (hops: number) => `filters${'[parent]'.repeat(hops)}[name][$eq]=n0`;
    const nine = await app().get(`/api/nodes?${through(9)}`);
    expect(nine.status).to.equal(200);
    expect((nine.body as { data: Array<{ name: string }> }).data.map((n) => n.name)).to.deep.equal(['n9']);
    expect((await app().get(`/api/nodes?${through(10)}`)).status).to.equal(400);
  });

  it('more than 1000 query parameters is a 400, never a silently truncated query', async () => {
    const params = (n: number) => Array.from({ length: n }, (_, i) => `x${i}=1`).join('&');
    expect((await app().get(`/api/nodes?${params(1000)}`)).status).to.equal(200);
    const res = await app().get(`/api/nodes?${params(1001)}`);
    expect(res.body).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError',
      message: 'Too many query parameters: at most 1000 are allowed', details: { source: 'query', count: 1001, limit: 1000 } } });
  });

  it('a query string nested past 20 levels of brackets is a 400 that says so, not an unknown key', async () => {
    const res = await app().get(`/api/nodes?filters${'[$and][0]'.repeat(11)}[name]=x`);
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError',
      message: 'The query string is nested too deeply: at most 20 levels of brackets are allowed',
      details: { source: 'query', limit: 20 } } });
  });
});

describe('query depth limits (configured)', () => {
  const app = useKernel({ ...nodes, config: { api: { rest: { maxPopulateDepth: 2, maxFilterDepth: 3 } } } });

  it('api.rest.maxPopulateDepth and maxFilterDepth lower the caps', async () => {
    expect((await app().get(`/api/nodes?${deepPopulate(2)}`)).status).to.equal(200);
    expect((await app().get(`/api/nodes?${deepPopulate(3)}`)).status).to.equal(400);
    expect((await app().get(`/api/nodes?${deepFilter(2)}`)).status).to.equal(200);
    expect((await app().get(`/api/nodes?${deepFilter(3)}`)).status).to.equal(400);
  });
});
