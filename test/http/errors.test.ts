// Strapi v5's error envelope for every status the REST layer answers.

import { expect } from 'chai';
import type { Plugin } from '../../core/index.js';
import { startKernel, type TestKernel } from '../helpers/kernel.js';

const envelope = (status: number, name: string, message: string, details: object = {}) =>
  ({ data: null, error: { status, name, message, details } });

describe('REST: errors', () => {
  let app: TestKernel;
  const crash: Plugin = {
    name: 'crash',
    register(kernel) {
      kernel.hooks.buildRoutes.tap('crash', (routes) => routes.add({
        method: 'GET', path: '/api/crash', action: 'plugin::crash.crash', query: [], config: { auth: false, owner: 'crash' },
        handler: async () => { throw new Error('SELECT secret FROM internals failed at /srv/app/db.ts:42'); },
      }));
    },
  };
  before(async () => { app = await startKernel({ plugins: [crash], config: { api: { bodyLimit: 2048 } } }); });
  after(async () => { await app.stop(); });

  it('400 ValidationError for a body without a data object', async () => {
    for (const body of [{}, { data: 'x' }, { data: [] }, { data: null }, { title: 'no data key' }]) {
      const res = await app.post('/api/categories', body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body).to.deep.equal(envelope(400, 'ValidationError', 'Missing "data" payload in the request body'));
    }
  });

  it('400 for id, documentId, createdAt, updatedAt or an unknown key in the body', async () => {
    for (const key of ['id', 'documentId', 'createdAt', 'updatedAt', 'nope']) {
      const res = await app.post('/api/categories', { data: { name: `k-${key}`, [key]: key === 'id' ? 1 : 'x' } });
      expect(res.status, key).to.equal(400);
      expect(res.body.data).to.equal(null);
      expect(res.body.error).to.include({ status: 400, name: 'ValidationError' });
      expect(res.body.error.details.errors[0].path).to.deep.equal([key]);
    }
    expect((await app.get('/api/categories')).body.meta.pagination.total).to.equal(0);
  });

  it('400 with one entry per field in details.errors', async () => {
    const res = await app.post('/api/articles', { data: { title: 42, readingTime: -1, rating: 9 } });
    expect(res.status).to.equal(400);
    expect(res.body.error.message).to.equal('3 errors occurred');
    const paths = res.body.error.details.errors.map((e: { path: string[] }) => e.path.join('.')).sort();
    expect(paths).to.deep.equal(['rating', 'readingTime', 'title']);
    for (const e of res.body.error.details.errors) expect(e.name).to.equal('ValidationError');
  });

  it('400 for malformed JSON', async () => {
    const res = await app.request('POST', '/api/categories', '{"data": {', { 'content-type': 'application/json' });
    expect(res.status).to.equal(400);
    expect(res.body.data).to.equal(null);
    expect(res.body.error.status).to.equal(400);
  });

  it('404 NotFoundError for unknown routes, in the envelope', async () => {
    // (GET / is the development index: test/http/server-index.test.ts)
    for (const path of ['/api/nothing', '/api', '/api/categories/a/b']) {
      const res = await app.get(path);
      expect(res.status, path).to.equal(404);
      expect(res.body).to.deep.equal(envelope(404, 'NotFoundError', 'Not Found'));
    }
  });

  it('405 MethodNotAllowedError with an Allow header for a known path', async () => {
    const res = await app.request('PATCH', '/api/categories', { data: {} });
    expect(res.status).to.equal(405);
    expect(res.body).to.deep.equal(envelope(405, 'MethodNotAllowedError', 'Method Not Allowed'));
    expect(res.headers.get('allow')).to.contain('GET');
  });

  it('413 PayloadTooLargeError for a JSON body over the limit, and nothing is written', async () => {
    const res = await app.post('/api/categories', { data: { name: 'big', description: 'x'.repeat(5000) } });
    expect(res.status).to.equal(413);
    expect(res.body).to.deep.equal(envelope(413, 'PayloadTooLargeError', 'request entity too large'));
    expect((await app.get('/api/categories')).body.meta.pagination.total).to.equal(0);
  });

  it('500 InternalServerError without internals, and the error is logged', async () => {
    const res = await app.get('/api/crash');
    expect(res.status).to.equal(500);
    expect(res.body).to.deep.equal(envelope(500, 'InternalServerError', 'Internal Server Error'));
    expect(res.text).to.not.contain('secret');
    expect(app.logs.some((l) => l.level === 'error' && l.message.includes('SELECT secret'))).to.equal(true);
  });

  it('never answers a database error text for bad query values', async () => {
    // Each value would make a database fail (or compare wrongly) if it got there: it is refused
    // first, naming the key and the type expected, with nothing of a database in the answer
    const cases: Array<[string, string, string, unknown]> = [
      ['filters[readingTime][$gt]=abc', 'filters.readingTime.$gt', 'an integer', 'abc'],
      ['filters[readingTime][$eq]=2147483648', 'filters.readingTime.$eq', 'an integer between -2147483648 and 2147483647', '2147483648'],
      ['filters[views][$eq]=99999999999999999999999', 'filters.views.$eq', 'a 64-bit integer', '99999999999999999999999'],
      ['filters[rating][$lt]=1e999', 'filters.rating.$lt', 'a number', '1e999'],
      ['filters[price][$eq]=12,5', 'filters.price.$eq', 'a number', '12,5'],
      ['filters[featured][$eq]=maybe', 'filters.featured.$eq', 'a boolean (true, false, 1, 0, t, f)', 'maybe'],
      ['filters[publishDate][$eq]=2024-13-45', 'filters.publishDate.$eq', 'a date (YYYY-MM-DD)', '2024-13-45'],
      ['filters[createdAt][$lt]=yesterday', 'filters.createdAt.$lt', 'an ISO 8601 date-time', 'yesterday'],
      ['filters[id][$in][0]=1&filters[id][$in][1]=x', 'filters.id.$in', 'an array of an integer', ['1', 'x']],
      ['filters[authors][preferredTime][$eq]=25:99', 'filters.authors.preferredTime.$eq', 'a time (HH:mm or HH:mm:ss.SSS)', '25:99'],
    ];
    for (const [query, path, expected, value] of cases) {
      const res = await app.get(`/api/articles?${query}`);
      expect(res.status, `${query} -> ${res.text}`).to.equal(400);
      expect(res.body, query).to.deep.equal(envelope(400, 'ValidationError', `Invalid value for ${path}: expected ${expected}`, { path, source: 'query', param: 'filters', value }));
      expect(res.text, query).to.not.match(/SQLITE|ER_[A-Z_]{3,}|syntax|invalid input|out of range|select |knex|\.[jt]s:\d+/i);
    }
  });

  it('400 for unknown query parameters when strictParams is on, ignored when off', async () => {
    const strict = await startKernel({ config: { api: { rest: { strictParams: true } } } });
    const loose = await startKernel({ config: { api: { rest: { strictParams: false } } } });
    try {
      const res = await strict.get('/api/categories?foo=1');
      expect(res.status).to.equal(400);
      expect(res.body.error.message).to.equal('Invalid key foo');
      expect((await loose.get('/api/categories?foo=1&where[id]=1')).status).to.equal(200);
    } finally { await strict.stop(); await loose.stop(); }
  });
});
