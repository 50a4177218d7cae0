// REST `_q` (case-insensitive search over string fields, never private or password ones) and the
// robustness of the whole query language: malformed or hostile queries are 400s in Strapi's error
// envelope, never 500s, and no response shows SQL. Data: fixtures/seed.ts. Expected values by hand.

import { expect } from 'chai';
import {
  errorCases, expectBadRequest, expectNoSql, list, listCases, useSeeded, type ErrorCase, type ListCase,
} from './fixtures/seed.js';

const ALL = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];

describe('REST query: _q and malformed queries', () => {
  const get = useSeeded();

  describe('_q', () => {
    const cases: ListCase[] = [
      { q: '_q=quantum', expect: ['charlie', 'delta'], why: 'case-insensitive' },
      { q: '_q=QUANTUM', expect: ['charlie', 'delta'] },
      { q: '_q=percent', expect: ['alpha', 'foxtrot', 'golf'], why: 'title and description' },
      { q: '_q=%', expect: ['alpha'], why: '% is a literal' },
      { q: '_q=_', expect: ['bravo'], why: '_ is a literal' },
      { q: '_q=\\', expect: ['charlie'], why: 'backslash is a literal' },
      { q: '_q=ZEBRA', expect: ['alpha'], why: 'richtext' },
      { q: '_q=archived', expect: ['charlie', 'golf'], why: 'enumeration' },
      { q: '_q=café', expect: ['echo'] },
      { q: '_q=ÜBER', expect: ['echo'], why: 'non-ASCII case folding' },
      { q: '_q=bravo', expect: ['bravo'], why: 'uid and title' },
      { q: '_q=  foxtrot  ', expect: ['foxtrot'], why: 'trimmed' },
      { q: '_q=', expect: ALL, why: 'empty means no search' },
      { q: '_q=nothing-matches-this', expect: [] },
      { q: '_q=percent&filters[featured][$eq]=true', expect: ['alpha', 'golf'], why: 'with filters' },
      { q: '_q=percent&sort=readingTime:desc', expect: ['golf', 'foxtrot', 'alpha'], why: 'with sort' },
      { q: '_q=physics', api: 'categories', expect: ['physics', 'quantum'] },
      { q: '_q=hopper', api: 'authors', expect: ['grace'] },
      { q: '_q=EXAMPLE.COM', api: 'authors', expect: ['ada', 'grace', 'emile', 'alan'], why: 'email' },
      { q: '_q=français', api: 'authors', expect: ['emile'], why: 'text' },
      { q: '_q=xyzzy', api: 'authors', expect: [], why: 'secretNote is private' },
      { q: '_q=cobol-rules', api: 'authors', expect: [], why: 'secretNote is private' },
      { q: '_q=hunter22', api: 'authors', expect: [], why: 'passcode is a password' },
    ];
    listCases(get, cases);

    it('the private values searched for above are stored (the _q cases could match them)', async () => {
      const { app, doc } = get();
      const rows = await app.kernel.db('authors').whereIn('document_id', [doc.ada!, doc.grace!]).orderBy('id').select('secret_note');
      expect(rows.map((r: { secret_note: string }) => r.secret_note)).to.deep.equal(['xyzzy-plugh', 'cobol-rules']);
      // The internal document service may read them: the content API is what hides them
      const found = await app.kernel.documents('api::author.author').findMany({ filters: { secretNote: { $eq: 'xyzzy-plugh' } } });
      expect(found.map((d) => d.documentId)).to.deep.equal([doc.ada]);
    });

    errorCases(get, [
      { q: '_q[0]=x', message: 'Invalid value for _q: expected a string' },
      { q: '_q[a]=x', message: 'Invalid value for _q: expected a string' },
    ]);
  });

  describe('hostile and malformed keys are 400s', () => {
    const cases: ErrorCase[] = [
      { q: 'filters[title][__proto__][x]=1', message: 'Invalid key __proto__' },
      { q: 'filters[constructor][prototype]=1', message: 'Invalid key constructor' },
      { q: 'populate[__proto__]=true', message: 'Invalid key __proto__' },
      { q: 'filters[t0.id][$eq]=1', message: 'Invalid key t0.id' },
      { q: 'filters[authors][t1.passcode][$notNull]=true', message: 'Invalid key t1.passcode' },
      { q: 'filters[title; DROP TABLE articles]=x', message: 'Invalid key title; DROP TABLE articles' },
      { q: 'filters[title][$in][101]=x', message: 'Invalid array index 101 in filters.title.$in: indexes above 100 are not allowed' },
      { q: 'filters[readingTime][$in][a]=1', message: 'Invalid value for filters.readingTime.$in: expected an array of values' },
      { q: 'filters[title][$eq][$eq]=x', message: 'Invalid value for filters.title.$eq: expected a single value' },
      { q: 'filters[$and]=x', message: 'Invalid value for filters.$and: expected an array of conditions' },
      { q: 'filters[$not]=x', message: 'Invalid value for filters.$not: expected an object of conditions' },
      { q: 'sort=r.id', message: 'Invalid key r' },
      { q: 'sort=title:asc;drop', message: 'Invalid order. order can only be one of asc|desc|ASC|DESC' },
      { q: 'sort[0][0]=title', message: 'Invalid value for sort.0: expected a field name or an object like { field: "asc" }' },
      { q: 'fields[0]=title,nope', message: 'Invalid key nope' },
      { q: 'populate[category][populate][parent][populate][parent][populate][nope]=true', message: 'Invalid key nope' },
      { q: 'pagination[pageSize]=99999999999999999999', message: 'Invalid value for pagination.pageSize: expected an integer >= 1' },
      { q: 'filters[rating][$eq]=1e400', message: 'Invalid value for filters.rating.$eq: expected a number' },
      { q: 'filters[views][$eq]=1.5', message: 'Invalid value for filters.views.$eq: expected an integer' },
    ];
    errorCases(get, cases);
  });

  describe('out-of-range and odd values: never a 500 (200 with no match, or a 400)', () => {
    const cases: Array<{ q: string; api?: 'articles' | 'authors' }> = [
      { q: 'filters[readingTime][$eq]=2147483648' },
      { q: 'filters[readingTime][$lt]=-2147483649' },
      { q: 'filters[id][$eq]=99999999999' },
      { q: 'filters[category][id][$in][0]=99999999999' },
      { q: 'filters[views][$eq]=99999999999999999999999' },
      { q: 'filters[views][$lt]=-9223372036854775809' },
      { q: 'filters[publishDate][$eq]=0000-01-01' },
      { q: 'filters[publishDate][$lt]=0001-01-01' },
      { q: 'filters[joinedAt][$lt]=0001-01-01T00:00:00Z', api: 'authors' },
      { q: 'filters[joinedAt][$eq]=9999-12-31T23:59:59.999Z', api: 'authors' },
      { q: 'filters[title][$eq]=a\u0000b' },
      { q: 'filters[title][$contains]=\u0000' },
      { q: '_q=\u0000' },
      { q: `filters[title][$eq]=${'x'.repeat(8000)}` }, // just under server.limits.queryLength (longer: 414, test/http/limits)
      { q: 'pagination[page]=99999999999&pagination[pageSize]=100' },
      { q: 'pagination[start]=9007199254740991' },
      { q: 'pagination[page]=9007199254740991' }, // an offset past 2^53
    ];
    for (const c of cases) {
      const api = c.api ?? 'articles';
      it(`${api}?${c.q.length > 80 ? `${c.q.slice(0, 80)}...` : c.q.replace('\u0000', '\\0')}`, async () => {
        const res = await list(get().app, api, c.q);
        expect([200, 400], res.text.slice(0, 500)).to.include(res.status);
        expectNoSql(res);
        if (res.status === 200) expect(res.body.data).to.deep.equal([]);
        else expectBadRequest(res, 'ValidationError');
      });
    }
  });

  describe('the error envelope', () => {
    it('a 400 is exactly { data: null, error: { status, name, message, details } } with Strapi details', async () => {
      const res = await list(get().app, 'authors', 'filters[articles][authors][secretNote][$eq]=x');
      expectBadRequest(res, 'ValidationError', 'Invalid key secretNote');
      expect(res.body.error.details).to.include({ key: 'secretNote', source: 'query', param: 'filters' });
      expect(res.body.error.details.path).to.be.a('string').and.include('secretNote');
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
    });

    it('a PaginationError has the same envelope', async () => {
      const res = await list(get().app, 'articles', 'pagination[page]=1&pagination[limit]=2');
      expectBadRequest(res, 'PaginationError', 'Cannot use both page & offset pagination in the same query');
    });

    it('findOne validates fields and populate the same way', async () => {
      const { app, doc } = get();
      expectBadRequest(await app.get(`/api/authors/${doc.ada}?fields[0]=secretNote`), 'ValidationError', 'Invalid key secretNote');
      expectBadRequest(await app.get(`/api/articles/${doc.alpha}?populate=nope`), 'ValidationError', 'Invalid key nope');
      expectBadRequest(await app.get(`/api/articles/${doc.alpha}?populate[authors][page]=1`), 'ValidationError', 'Invalid key page');
    });

    it('unknown top-level parameters are ignored', async () => {
      const res = await list(get().app, 'articles', 'where[title]=x&foo=1&pagination[pageSize]=2');
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data.map((d: { title: string }) => d.title)).to.deep.equal(['Alpha 100% Pure', 'Bravo snake_case']);
    });
  });
});
