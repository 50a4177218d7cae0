// Headers on every answer: security headers, X-Request-Id, and CORS (open reads by default,
// credentials only for origins listed one by one, preflights answered before any route).

import { expect } from 'chai';
import { startKernel } from '../helpers/kernel.js';
import { useKernel } from '../helpers/suite.js';

const tagOnly = {
  contentTypesDir: false as const,
  schemas: {
    contentTypes: [{ file: 'tag.json', schema: { kind: 'collectionType', collectionName: 'tags', info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' }, attributes: { name: { type: 'string' } } } }],
    components: [],
  },
};

describe('response headers', () => {
  const app = useKernel(tagOnly);

  it('every answer (200, 400, 404, 405) carries the security headers and no X-Powered-By or HSTS', async () => {
    for (const [method, path] of [['GET', '/api/tags'], ['GET', '/api/tags?filters[nope]=1'], ['GET', '/api/nothing'], ['PATCH', '/api/tags']] as const) {
      const res = await app().request(method, path);
      expect(res.headers.get('x-content-type-options'), path).to.equal('nosniff');
      expect(res.headers.get('x-frame-options'), path).to.equal('DENY');
      expect(res.headers.get('content-security-policy'), path).to.equal("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy'), path).to.equal('no-referrer');
      expect(res.headers.has('x-powered-by'), path).to.equal(false);
      expect(res.headers.has('strict-transport-security'), path).to.equal(false);
    }
  });

  it('every answer has an X-Request-Id; a well-formed incoming one is kept, anything else replaced', async () => {
    const a = (await app().get('/api/tags')).headers.get('x-request-id');
    const b = (await app().get('/api/tags')).headers.get('x-request-id');
    expect(a).to.match(/^[0-9a-f-]{36}$/);
    expect(b).to.not.equal(a);
    const kept = await app().request('GET', '/api/tags', undefined, { 'x-request-id': 'proxy-1234.abcd' });
    expect(kept.headers.get('x-request-id')).to.equal('proxy-1234.abcd');
    const forged = await app().request('GET', '/api/tags', undefined, { 'x-request-id': 'x\tINFO fake log line' });
    expect(forged.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('CORS by default: any origin may read, without credentials; preflights are answered with 204', async () => {
    const res = await app().request('GET', '/api/tags', undefined, { origin: 'https://anywhere.example' });
    expect(res.headers.get('access-control-allow-origin')).to.equal('*');
    expect(res.headers.has('access-control-allow-credentials')).to.equal(false);
    const pre = await app().request('OPTIONS', '/api/tags', undefined, {
      origin: 'https://anywhere.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization',
    });
    expect(pre.status).to.equal(204);
    expect(pre.headers.get('access-control-allow-origin')).to.equal('*');
    expect(pre.headers.get('access-control-allow-methods')).to.include('POST');
    expect(pre.headers.get('access-control-allow-headers')).to.include('Authorization');
    expect(pre.headers.has('access-control-allow-credentials')).to.equal(false);
  });
});

describe('CORS with listed origins and credentials', () => {
  const app = useKernel({ ...tagOnly, config: { server: { cors: { origin: ['https://app.example.com'], credentials: true } } } });

  it('a listed origin is reflected with credentials; any other origin gets no CORS header at all', async () => {
    const listed = await app().request('GET', '/api/tags', undefined, { origin: 'https://app.example.com' });
    expect(listed.headers.get('access-control-allow-origin')).to.equal('https://app.example.com');
    expect(listed.headers.get('access-control-allow-credentials')).to.equal('true');
    expect(listed.headers.get('vary')).to.match(/Origin/);
    for (const origin of ['https://evil.example', 'https://app.example.com.evil.example', 'null']) {
      const other = await app().request('GET', '/api/tags', undefined, { origin });
      expect(other.headers.has('access-control-allow-origin'), origin).to.equal(false);
      expect(other.headers.has('access-control-allow-credentials'), origin).to.equal(false);
      const pre = await app().request('OPTIONS', '/api/tags', undefined, { origin, 'access-control-request-method': 'DELETE' });
      expect(pre.status, origin).to.equal(204);
      expect(pre.headers.has('access-control-allow-origin'), origin).to.equal(false);
    }
  });
});

describe('header configuration', () => {
  it('HSTS is sent when configured', async () => {
    const app = await startKernel({ ...tagOnly, config: { server: { securityHeaders: { hsts: { maxAge: 31536000, includeSubDomains: true } } } } });
    try {
      expect((await app.get('/api/tags')).headers.get('strict-transport-security')).to.equal('max-age=31536000; includeSubDomains');
    } finally { await app.stop(); }
  });

  it('credentials with origin * stops start-up, naming the key', async () => {
    const err = await startKernel({ ...tagOnly, config: { server: { cors: { origin: '*', credentials: true } } } }).then(() => null, (e: unknown) => e);
    expect((err as Error).message).to.contain('config server.cors.credentials: credentials need an explicit list of origins');
  });

  it('an origin that is not scheme://host[:port] stops start-up', async () => {
    const err = await startKernel({ ...tagOnly, config: { server: { cors: { origin: ['https://ok.example/path'] } } } }).then(() => null, (e: unknown) => e);
    expect((err as Error).message).to.contain('config server.cors.origin');
  });
});
