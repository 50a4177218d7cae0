// Bodies and requests built to break the server: nesting thousands of levels deep, a
// Content-Encoding the bytes are not in, a small body that inflates past the limit, a malformed
// request line and a head over Node's limit. Each is a 4xx in the envelope, and a value the
// server cannot serialize is a logged 500 in the envelope, never a bare text/plain answer.

import { expect } from 'chai';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { definePlugin } from '../../core/index.js';
import { useKernel, type Json } from '../helpers/suite.js';

const nested = (levels: number, inner = '1') => '['.repeat(levels) + inner + ']'.repeat(levels);
const nestedValue = (levels: number): unknown => JSON.parse(nested(levels)) as unknown;

/** Sends raw bytes and returns everything the server wrote before closing. */
function raw(url: string, payload: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () => socket.write(payload));
    socket.on('data', (d) => { answer += d.toString(); });
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
    setTimeout(() => { socket.destroy(); resolve(answer); }, 5000);
  });
}

function expectEnvelope(res: { status: number; headers: Headers; body: Json; text: string }, status: number, name: string, message?: RegExp): void {
  expect(res.status, res.text).to.equal(status);
  expect(res.headers.get('content-type')).to.match(/^application\/json/);
  expect(res.body.data).to.equal(null);
  expect(res.body.error).to.include({ status, name });
  if (message) expect(res.body.error.message).to.match(message);
}

/** A route answering a cyclic object: what a plugin bug looks like to the serializer. */
const cyclic = definePlugin({
  name: 'cyclic',
  register(api) {
    api.hooks.buildRoutes.tap('cyclic', (routes) => {
      routes.add({
        method: 'GET', path: '/api/cyclic', action: 'plugin::cyclic.loop.find', query: [], config: { auth: false, owner: 'cyclic' },
        handler: async (ctx) => { const loop: Json = { name: 'loop' }; loop.self = loop; ctx.body = loop; },
      });
    });
  },
});

describe('hostile bodies and requests', () => {
  const app = useKernel({ plugins: [cyclic], config: { plugins: { 'draft-and-publish': true, i18n: { enabled: true, config: { locales: ['en', 'fr'], defaultLocale: 'en' } }, graphql: true } } });
  const post = (path: string, body: string, headers: Record<string, string> = {}) => fetch(`${app().url}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body,
  }).then(async (r) => { const text = await r.text(); let parsed: Json = {}; try { parsed = JSON.parse(text) as Json; } catch { /* not JSON */ } return { status: r.status, headers: r.headers, body: parsed, text }; });

  it('a body nested 4,500 (and 100,000) levels deep is a 400 that names the limit, on every content type', async () => {
    for (const [path, levels] of [['/api/categories', 4500], ['/api/articles', 100_000], ['/api/authors', 51]] as const) {
      const res = await post(path, `{"data":{"name":${nested(levels)}}}`);
      expectEnvelope(res, 400, 'ValidationError', /^The request body is nested too deeply: at most 50 levels are allowed$/);
      expect(res.body.error.details).to.deep.equal({ limit: 50 });
    }
  });

  it('outside json values, data nests at most api.rest.maxBodyDepth levels; inside them, maxJsonDepth', async () => {
    const outside = await post('/api/categories', JSON.stringify({ data: { name: nestedValue(25) } }));
    expectEnvelope(outside, 400, 'ValidationError', /^data is nested too deeply at name(\.0)+: at most 20 levels are allowed outside json values$/);
    expect(outside.body.error.details).to.include({ key: 'maxBodyDepth', limit: 20 });

    const jsonOk = await post('/api/articles', JSON.stringify({ data: { title: 'deep json', metadata: { tree: nestedValue(29) } } }));
    expect(jsonOk.status, jsonOk.text).to.equal(201);
    const jsonDeep = await post('/api/articles', JSON.stringify({ data: { title: 'deeper json', metadata: { tree: nestedValue(40) } } }));
    expectEnvelope(jsonDeep, 400, 'ValidationError', /^data is nested too deeply at metadata\.tree(\.0)+: at most 30 levels are allowed inside a json value$/);
  });

  it('GraphQL variables meet the same limits in the document service', async () => {
    const res = await post('/graphql', JSON.stringify({
      query: 'mutation($d: ArticleInput!) { createArticle(data: $d) { documentId } }',
      variables: { d: { title: 'gql deep', metadata: { tree: nestedValue(40) } } },
    }));
    expect(res.status, res.text).to.equal(200);
    expect(res.body.errors[0].extensions.code).to.equal('BAD_USER_INPUT');
    expect(res.body.errors[0].message).to.match(/at most 30 levels are allowed inside a json value/);
  });

  it('a refused value is echoed only when small', async () => {
    const res = await post('/api/articles', JSON.stringify({ data: { title: 'echo', readingTime: 'x'.repeat(100_000), rating: nestedValue(10), price: [1, 2] } }));
    expect(res.status, res.text.slice(0, 300)).to.equal(400);
    expect(res.text.length).to.be.below(3000);
    const byField = Object.fromEntries((res.body.error.details.errors as Json[]).map((e) => [e.path.join('.'), e]));
    expect((byField.readingTime!.value as string).length).to.equal(1025);
    expect(byField.rating).to.not.have.property('value');
    expect(byField.price!.value).to.deep.equal([1, 2]);
  });

  it('a body that is not in its Content-Encoding is a 400; an unknown encoding stays 415', async () => {
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const res = await post('/api/categories', '{"data":{"name":"plain"}}', { 'content-encoding': encoding });
      expectEnvelope(res, 400, 'BadRequestError', new RegExp(`^The request body is not valid ${encoding} data$`));
    }
    expectEnvelope(await post('/api/categories', '{"data":{}}', { 'content-encoding': 'x-unknown' }), 415, 'UnsupportedMediaTypeError');
    const ok = await fetch(`${app().url}/api/categories?fields[0]=name`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync('{"data":{"name":"gzipped"}}'),
    });
    expect(ok.status).to.equal(201);
    expect(((await ok.json()) as Json).data.name).to.equal('gzipped');
  });

  it('404 and 405 are answered before the body is read or inflated', async () => {
    expectEnvelope(await post('/api/no-such-route', 'not gzip at all', { 'content-encoding': 'gzip' }), 404, 'NotFoundError');
    const res = await fetch(`${app().url}/api/categories`, { method: 'PATCH', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: 'not gzip' });
    expect(res.status).to.equal(405);
    expect(((await res.json()) as Json).error.name).to.equal('MethodNotAllowedError');
  });

  it('a small compressed body that inflates past api.bodyLimit is a 413', async () => {
    const bomb = gzipSync(`{"data":{"name":"${'a'.repeat(5_000_000)}"}}`);
    expect(bomb.length).to.be.below(10_000);
    const res = await fetch(`${app().url}/api/categories`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: bomb });
    expect(res.status).to.equal(413);
    expect(((await res.json()) as Json).error.name).to.equal('PayloadTooLargeError');
  });

  it('a malformed request line and a head over the limit are answered in the envelope, then closed', async () => {
    const line = await raw(app().url, 'GARBAGE\r\n\r\n');
    expect(line).to.match(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(line.slice(line.indexOf('\r\n\r\n') + 4))).to.deep.equal({ data: null, error: { status: 400, name: 'BadRequestError', message: 'The request is malformed', details: {} } });
    const head = await raw(app().url, `GET /api/categories HTTP/1.1\r\nHost: x\r\nX-Pad: ${'p'.repeat(20_000)}\r\n\r\n`);
    expect(head).to.match(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(head.slice(head.indexOf('\r\n\r\n') + 4)).error.name).to.equal('RequestHeaderFieldsTooLargeError');
    expect(app().logs.filter((l) => l.level === 'error' || l.level === 'warn').map((l) => l.message).join('\n')).to.not.match(/malformed|GARBAGE/);
    expect((await app().get('/api/categories')).status).to.equal(200);
  });

  it('an answer the server cannot serialize is a 500 in the envelope, logged with the request id and stack', async () => {
    const res = await fetch(`${app().url}/api/cyclic`);
    expect(res.status).to.equal(500);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    expect(await res.json()).to.deep.equal({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } });
    const logged = app().logs.find((l) => l.level === 'error' && l.message.startsWith('GET /api/cyclic failed'));
    expect(logged?.message).to.match(/TypeError: .*circular/i);
    expect(logged?.message).to.match(/\n\s+at /);
    expect(logged?.extra?.requestId).to.equal(res.headers.get('x-request-id'));
  });
});
