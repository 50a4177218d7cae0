// REST `sort` (every form, relation paths, ties broken by ascending id, NULLs first ascending and
// last descending) and `pagination` (page and offset modes, meta shapes, withCount, the maxLimit
// clamp, bad values, stable pages) against the data set of fixtures/seed.ts. Expected documents
// are written out by hand.

import { expect } from 'chai';
import {
  docs, errorCases, keysOf, list, listCases, useSeeded, type ErrorCase, type ListCase,
} from './fixtures/seed.js';

const ALL = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];
const REVERSED = [...ALL].reverse();

// reviewState asc (hotel NULL first; 'approved' < 'archived' < 'draft-review'), then rating desc (NULL last)
const BY_STATE_THEN_RATING_DESC = ['hotel', 'echo', 'alpha', 'delta', 'golf', 'charlie', 'bravo', 'foxtrot'];
// category.name asc: no category (delta, hotel) first, then Cooking, Physics, Quantum Physics, Science
const BY_CATEGORY = ['delta', 'hotel', 'echo', 'alpha', 'foxtrot', 'bravo', 'golf', 'charlie'];
const BY_CATEGORY_DESC = ['charlie', 'bravo', 'golf', 'alpha', 'foxtrot', 'echo', 'delta', 'hotel'];
// readingTime asc: delta NULL, echo 3, alpha 5 = hotel 5, foxtrot 8, bravo 12 = charlie 12, golf 20
const BY_READING_TIME = ['delta', 'echo', 'alpha', 'hotel', 'foxtrot', 'bravo', 'charlie', 'golf'];
const BY_READING_TIME_DESC = ['golf', 'bravo', 'charlie', 'foxtrot', 'alpha', 'hotel', 'echo', 'delta'];
// publishDate: delta NULL, charlie 2023-12-31, alpha = hotel 2024-01-15, bravo = foxtrot 2024-03-01, echo, golf
const BY_DATE = ['delta', 'charlie', 'alpha', 'hotel', 'bravo', 'foxtrot', 'echo', 'golf'];
const BY_DATE_DESC = ['golf', 'echo', 'bravo', 'foxtrot', 'alpha', 'hotel', 'charlie', 'delta'];
// featured: hotel NULL, false (bravo, delta, foxtrot), true (alpha, charlie, echo, golf)
const BY_FEATURED = ['hotel', 'bravo', 'delta', 'foxtrot', 'alpha', 'charlie', 'echo', 'golf'];
// rating: charlie = hotel NULL, foxtrot 1, delta 2.5, bravo 3, alpha = golf 4.5, echo 5
const BY_RATING = ['charlie', 'hotel', 'foxtrot', 'delta', 'bravo', 'alpha', 'golf', 'echo'];

describe('REST query: sort and pagination', () => {
  const get = useSeeded();

  describe('sort forms', () => {
    const cases: ListCase[] = [
      { q: 'sort=title', expect: ALL },
      { q: 'sort=title:asc', expect: ALL },
      { q: 'sort=title:desc', expect: REVERSED },
      { q: 'sort=title:DESC', expect: REVERSED, why: 'upper-case order' },
      { q: 'sort=slug:desc', expect: REVERSED, why: 'uid' },
      { q: 'sort=id:desc', expect: REVERSED },
      { q: 'sort[0]=reviewState&sort[1]=rating:desc', expect: BY_STATE_THEN_RATING_DESC, why: 'array form' },
      { q: 'sort=reviewState,rating:desc', expect: BY_STATE_THEN_RATING_DESC, why: 'comma form' },
      { q: 'sort[0]=reviewState:asc&sort[1]=rating:DESC', expect: BY_STATE_THEN_RATING_DESC },
      { q: 'sort[reviewState]=asc&sort[rating]=desc', expect: BY_STATE_THEN_RATING_DESC, why: 'object form' },
      { q: 'sort[0][reviewState]=asc&sort[1][rating]=desc', expect: BY_STATE_THEN_RATING_DESC, why: 'array of objects' },
      { q: 'sort=rating:desc,reviewState', expect: ['echo', 'alpha', 'golf', 'bravo', 'delta', 'foxtrot', 'hotel', 'charlie'], why: 'order of keys matters' },
      { q: 'sort=category.name:asc', expect: BY_CATEGORY, why: 'through a relation' },
      { q: 'sort=category.name', expect: BY_CATEGORY },
      { q: 'sort=category.name:desc', expect: BY_CATEGORY_DESC },
      { q: 'sort[category][name]=desc', expect: BY_CATEGORY_DESC, why: 'object form through a relation' },
      {
        q: 'sort=category.parent.name:asc,title:desc',
        expect: ['hotel', 'echo', 'delta', 'charlie', 'golf', 'bravo', 'foxtrot', 'alpha'], why: 'two hops',
      },
      { q: 'sort=spotlightOf.name', expect: ['bravo', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'charlie', 'alpha'], why: 'inverse one-to-one' },
      { q: 'filters[featured][$eq]=true&sort=rating:desc', expect: ['echo', 'alpha', 'golf', 'charlie'], why: 'with a filter' },
      { q: 'sort=joinedAt:desc', api: 'authors', expect: ['alan', 'grace', 'ada', 'emile'], why: 'datetime' },
      { q: 'sort=preferredTime,joinedAt:desc', api: 'authors', expect: ['emile', 'ada', 'alan', 'grace'], why: 'time' },
      { q: 'sort=parent.name:desc,name', api: 'categories', expect: ['physics', 'quantum', 'cooking', 'science'] },
    ];
    listCases(get, cases);
  });

  describe('ties break on ascending id; NULLs first ascending, last descending', () => {
    listCases(get, [
      { q: 'sort=readingTime', expect: BY_READING_TIME },
      { q: 'sort=readingTime:desc', expect: BY_READING_TIME_DESC },
      { q: 'sort=publishDate', expect: BY_DATE, why: 'date' },
      { q: 'sort=publishDate:desc', expect: BY_DATE_DESC },
      { q: 'sort=featured', expect: BY_FEATURED, why: 'boolean' },
      { q: 'sort=featured:desc', expect: ['alpha', 'charlie', 'echo', 'golf', 'bravo', 'delta', 'foxtrot', 'hotel'] },
      { q: 'sort=rating', expect: BY_RATING, why: 'float' },
      { q: 'sort=rating:desc', expect: ['echo', 'alpha', 'golf', 'bravo', 'delta', 'foxtrot', 'charlie', 'hotel'] },
      { q: 'sort=price:desc', expect: ['echo', 'bravo', 'golf', 'alpha', 'hotel', 'charlie', 'foxtrot', 'delta'], why: 'decimal' },
      { q: 'sort=views:desc', expect: ['alpha', 'golf', 'charlie', 'bravo', 'echo', 'foxtrot', 'hotel', 'delta'], why: 'biginteger' },
      { q: 'sort=views', expect: ['delta', 'hotel', 'foxtrot', 'echo', 'bravo', 'charlie', 'golf', 'alpha'] },
      { q: 'sort=reviewState:desc', expect: ['bravo', 'foxtrot', 'charlie', 'golf', 'alpha', 'delta', 'echo', 'hotel'], why: 'enumeration' },
    ]);
  });

  describe('rejected sorts', () => {
    const cases: ErrorCase[] = [
      { q: 'sort=nope', message: 'Invalid key nope' },
      { q: 'sort=nope:asc', message: 'Invalid key nope' },
      { q: 'sort=title:sideways', message: 'Invalid order. order can only be one of asc|desc|ASC|DESC' },
      { q: 'sort[title]=up', message: 'Invalid order. order can only be one of asc|desc|ASC|DESC' },
      { q: 'sort=authors.name', message: 'Invalid key authors', },
      { q: 'sort=category', message: 'Invalid key category' },
      { q: 'sort=category.nope', message: 'Invalid key nope' },
      { q: 'sort=seo', message: 'Invalid key seo' },
      { q: 'sort=links.label', api: 'authors', message: 'Invalid key links' },
      { q: 'sort=cover', message: 'Invalid key cover' },
      { q: 'sort=blocks', message: 'Invalid key blocks' },
      { q: 'sort=metadata', message: 'Invalid key metadata' },
      { q: 'sort=title.x', message: 'Invalid key x' },
      { q: 'sort[0][title][x]=asc', message: 'Invalid key title' },
      { q: 'sort=secretNote', api: 'authors', message: 'Invalid key secretNote' },
      { q: 'sort=passcode:desc', api: 'authors', message: 'Invalid key passcode' },
      { q: 'sort=spotlightOf.secretNote', message: 'Invalid key secretNote' },
      { q: 'sort[spotlightOf][secretNote]=asc', message: 'Invalid key secretNote' },
    ];
    errorCases(get, cases);
  });

  describe('pagination: documents and meta', () => {
    interface PageCase { q: string; expect: string[]; meta: Record<string, number> }
    const page = (p: number, size: number, count?: number, total?: number): Record<string, number> =>
      (count === undefined ? { page: p, pageSize: size } : { page: p, pageSize: size, pageCount: count, total: total! });
    const offset = (start: number, limit: number, total?: number): Record<string, number> =>
      (total === undefined ? { start, limit } : { start, limit, total });
    const cases: PageCase[] = [
      { q: '', expect: ALL, meta: page(1, 25, 1, 8) },
      { q: 'pagination[pageSize]=3', expect: ['alpha', 'bravo', 'charlie'], meta: page(1, 3, 3, 8) },
      { q: 'pagination[page]=2&pagination[pageSize]=3', expect: ['delta', 'echo', 'foxtrot'], meta: page(2, 3, 3, 8) },
      { q: 'pagination[page]=3&pagination[pageSize]=3', expect: ['golf', 'hotel'], meta: page(3, 3, 3, 8) },
      { q: 'pagination[page]=4&pagination[pageSize]=3', expect: [], meta: page(4, 3, 3, 8) },
      { q: 'pagination[page]=2', expect: [], meta: page(2, 25, 1, 8) },
      { q: 'page=2&pageSize=5', expect: ['foxtrot', 'golf', 'hotel'], meta: page(2, 5, 2, 8) },
      { q: 'pagination[start]=2&pagination[limit]=3', expect: ['charlie', 'delta', 'echo'], meta: offset(2, 3, 8) },
      { q: 'pagination[start]=6', expect: ['golf', 'hotel'], meta: offset(6, 25, 8) },
      { q: 'pagination[limit]=2', expect: ['alpha', 'bravo'], meta: offset(0, 2, 8) },
      { q: 'start=1&limit=1', expect: ['bravo'], meta: offset(1, 1, 8) },
      { q: 'pagination[start]=10&pagination[limit]=5', expect: [], meta: offset(10, 5, 8) },
      { q: 'pagination[withCount]=false', expect: ALL, meta: page(1, 25) },
      { q: 'pagination[withCount]=f&pagination[page]=2&pagination[pageSize]=2', expect: ['charlie', 'delta'], meta: page(2, 2) },
      { q: 'pagination[start]=0&pagination[limit]=2&pagination[withCount]=0', expect: ['alpha', 'bravo'], meta: offset(0, 2) },
      { q: 'pagination[withCount]=true&pagination[limit]=1', expect: ['alpha'], meta: offset(0, 1, 8) },
      { q: 'pagination[pageSize]=500', expect: ALL, meta: page(1, 100, 1, 8) },
      { q: 'pagination[limit]=-1', expect: ALL, meta: offset(0, 100, 8) },
      { q: 'pagination[limit]=1000', expect: ALL, meta: offset(0, 100, 8) },
      { q: 'filters[featured][$eq]=true&pagination[pageSize]=3', expect: ['alpha', 'charlie', 'echo'], meta: page(1, 3, 2, 4) },
      { q: 'filters[featured][$eq]=true&pagination[page]=2&pagination[pageSize]=3', expect: ['golf'], meta: page(2, 3, 2, 4) },
      { q: 'filters[authors][name][$eq]=Grace Hopper&pagination[pageSize]=2', expect: ['alpha', 'bravo'], meta: page(1, 2, 2, 4) },
      { q: 'sort=readingTime:desc&pagination[start]=1&pagination[limit]=3', expect: ['bravo', 'charlie', 'foxtrot'], meta: offset(1, 3, 8) },
      { q: '_q=percent&pagination[pageSize]=2', expect: ['alpha', 'foxtrot'], meta: page(1, 2, 2, 3) },
    ];
    for (const c of cases) {
      it(`articles?${c.q} -> [${c.expect.join(', ')}] ${JSON.stringify(c.meta)}`, async () => {
        const res = await list(get().app, 'articles', c.q);
        expect(res.status, res.text).to.equal(200);
        expect(keysOf(res.body.data)).to.deep.equal(c.expect);
        expect(res.body.meta).to.deep.equal({ pagination: c.meta });
      });
    }
  });

  describe('pagination: the maxLimit clamp (105 ticks)', () => {
    const cases: Array<{ q: string; first: number | undefined; last: number | undefined; length: number; meta: Record<string, number> }> = [
      { q: '', first: 1, last: 25, length: 25, meta: { page: 1, pageSize: 25, pageCount: 5, total: 105 } },
      { q: 'pagination[pageSize]=500', first: 1, last: 100, length: 100, meta: { page: 1, pageSize: 100, pageCount: 2, total: 105 } },
      { q: 'pagination[page]=2&pagination[pageSize]=101', first: 101, last: 105, length: 5, meta: { page: 2, pageSize: 100, pageCount: 2, total: 105 } },
      { q: 'pagination[limit]=-1', first: 1, last: 100, length: 100, meta: { start: 0, limit: 100, total: 105 } },
      { q: 'pagination[start]=100&pagination[limit]=-1', first: 101, last: 105, length: 5, meta: { start: 100, limit: 100, total: 105 } },
      { q: 'pagination[limit]=100000&pagination[withCount]=false', first: 1, last: 100, length: 100, meta: { start: 0, limit: 100 } },
    ];
    for (const c of cases) {
      it(`ticks?${c.q} -> ${c.length} rows (n ${c.first}..${c.last}) ${JSON.stringify(c.meta)}`, async () => {
        const res = await list(get().app, 'ticks', `${c.q}${c.q ? '&' : ''}sort=n`);
        expect(res.status, res.text).to.equal(200);
        const ns = (res.body.data as Array<{ n: number }>).map((d) => d.n);
        expect(ns.length).to.equal(c.length);
        expect(ns[0]).to.equal(c.first);
        expect(ns.at(-1)).to.equal(c.last);
        expect(res.body.meta).to.deep.equal({ pagination: c.meta });
      });
    }
  });

  describe('pagination: pages never overlap or skip rows on a non-unique sort key', () => {
    const walks: Array<{ sort: string; expect: string[] }> = [
      { sort: '', expect: ALL },
      { sort: 'readingTime', expect: BY_READING_TIME },
      { sort: 'readingTime:desc', expect: BY_READING_TIME_DESC },
      { sort: 'featured', expect: BY_FEATURED },
      { sort: 'publishDate:desc', expect: BY_DATE_DESC },
      { sort: 'rating', expect: BY_RATING },
      { sort: 'category.name', expect: BY_CATEGORY },
      { sort: 'reviewState,rating:desc', expect: BY_STATE_THEN_RATING_DESC },
    ];
    for (const w of walks) {
      it(`sort=${w.sort || '(none)'}: pages of 3 and offsets of 3 concatenate to the unpaginated list`, async () => {
        const { app } = get();
        const sort = w.sort ? `sort=${w.sort}&` : '';
        expect(keysOf(await docs(app, 'articles', sort.slice(0, -1)))).to.deep.equal(w.expect);
        const byPage: string[] = [];
        for (let p = 1; p <= 3; p++) {
          const res = await list(app, 'articles', `${sort}pagination[page]=${p}&pagination[pageSize]=3`);
          expect(res.status, res.text).to.equal(200);
          expect(res.body.meta.pagination).to.deep.equal({ page: p, pageSize: 3, pageCount: 3, total: 8 });
          byPage.push(...keysOf(res.body.data));
        }
        expect(byPage).to.deep.equal(w.expect);
        const byOffset: string[] = [];
        for (let start = 0; start < 8; start += 3) {
          byOffset.push(...keysOf(await docs(app, 'articles', `${sort}pagination[start]=${start}&pagination[limit]=3`)));
        }
        expect(byOffset).to.deep.equal(w.expect);
      });
    }
  });

  describe('rejected pagination', () => {
    const integer = (path: string, min: number) => `Invalid value for ${path}: expected an integer >= ${min}`;
    const limit = 'Invalid value for pagination.limit: expected an integer >= 1 (or -1 for the maximum)';
    const mixed = 'Cannot use both page & offset pagination in the same query';
    const cases: ErrorCase[] = [
      { q: 'pagination[page]=abc', message: integer('pagination.page', 1) },
      { q: 'pagination[page]=0', message: integer('pagination.page', 1) },
      { q: 'pagination[page]=-1', message: integer('pagination.page', 1) },
      { q: 'pagination[page]=1.5', message: integer('pagination.page', 1) },
      { q: 'pagination[page][0]=1', message: integer('pagination.page', 1) },
      { q: 'page=0', message: integer('page', 1) },
      { q: 'pagination[pageSize]=0', message: integer('pagination.pageSize', 1) },
      { q: 'pagination[pageSize]=-5', message: integer('pagination.pageSize', 1) },
      { q: 'pagination[pageSize]=x', message: integer('pagination.pageSize', 1) },
      { q: 'pagination[pageSize]=', message: integer('pagination.pageSize', 1) },
      { q: 'pagination[start]=-1', message: integer('pagination.start', 0) },
      { q: 'pagination[start]=x', message: integer('pagination.start', 0) },
      { q: 'pagination[limit]=0', message: limit },
      { q: 'pagination[limit]=-2', message: limit },
      { q: 'pagination[limit]=abc', message: limit },
      { q: 'pagination[withCount]=maybe', message: 'Invalid withCount parameter. Expected "t","1","true","false","0","f"' },
      { q: 'pagination[foo]=1', message: 'Invalid key foo' },
      { q: 'pagination=5', message: 'Invalid value for pagination: expected an object' },
      { q: 'pagination[page]=1&pagination[start]=0', name: 'PaginationError', message: mixed },
      { q: 'pagination[pageSize]=5&pagination[limit]=5', name: 'PaginationError', message: mixed },
      { q: 'pagination[page]=2&pagination[limit]=5', name: 'PaginationError', message: mixed },
      { q: 'page=1&start=0', name: 'PaginationError', message: mixed },
      { q: 'pagination[page]=1&limit=5', name: 'PaginationError', message: mixed },
    ];
    errorCases(get, cases);
  });
});
