// A body the JSON parser refuses is answered as Strapi 5 answers it: koa-body hands co-body's
// SyntaxError (status 400) to Strapi's error middleware, which keeps its name and message. So a 400
// named SyntaxError whose message is the parser's own, in the error envelope, on content routes
// and plugin routes alike, with nothing written and nothing logged as an error.

import { expect } from 'chai';
import { useKernel, type Json } from '../helpers/suite.js';

/** What JSON.parse says of `text` on this Node: what Strapi's answer carries on the same Node. */
function parserMessage(text: string): string {
  try {
    JSON.parse(text);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`${text} is valid JSON`);
}

describe('a malformed JSON body', () => {
  const app = useKernel({ config: { plugins: { 'users-permissions': { enabled: true, config: { jwt: { secret: 'test-jwt-secret-0123456789abcdef' }, ratelimit: { enabled: false }, permissions: { public: ['api::category.category.create'] } } } } } });
  const post = (path: string, body: string) => fetch(`${app().url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    .then(async (r) => ({ status: r.status, type: r.headers.get('content-type'), body: await r.json() as Json }));

  it('is a 400 SyntaxError with the parser\'s message, as in Strapi', async () => {
    for (const text of ['{"data":', '{ "data": { "name": "Sport" }', '{data: {}}', '{"data":{"name":"x",}}']) {
      const res = await post('/api/categories', text);
      expect(res.status, text).to.equal(400);
      expect(res.type).to.match(/^application\/json/);
      expect(res.body, text).to.deep.equal({ data: null, error: { status: 400, name: 'SyntaxError', message: parserMessage(text), details: {} } });
    }
  });

  it('a body that is JSON but no object or array, and a prototype key, are SyntaxErrors with the parser\'s words too', async () => {
    expect((await post('/api/categories', '"just a string"')).body.error).to.deep.equal({
      status: 400, name: 'SyntaxError', message: 'invalid JSON, only supports object and array', details: {},
    });
    expect((await post('/api/categories', '{"__proto__":{"x":1},"data":{"name":"p"}}')).body.error).to.deep.equal({
      status: 400, name: 'SyntaxError', message: 'Object contains forbidden prototype property', details: {},
    });
  });

  it('is the same on a plugin\'s route, and writes and logs nothing', async () => {
    const res = await post('/api/auth/local', '{"identifier":');
    expect(res.body.error).to.deep.equal({ status: 400, name: 'SyntaxError', message: parserMessage('{"identifier":'), details: {} });
    expect(await app().kernel.documents('api::category.category').count({})).to.equal(0);
    expect(app().logs.filter((l) => l.level === 'error')).to.deep.equal([]);
  });
});
