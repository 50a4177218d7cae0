// The query caps beside the depth limits: sort keys per level, filter nodes per request, $in list
// length, populated attributes per request and fields entries, each a 400 naming the limit and its
// value, at the default and when configured. Internal callers are not capped.

import { expect } from 'chai';
import { useKernel, type Json } from '../helpers/suite.js';
import type { TestResponse } from '../helpers/kernel.js';

const SCALARS = Array.from({ length: 12 }, (_, i) => `f${i + 1}`);
const RELATIONS = ['r1', 'r2', 'r3', 'r4', 'r5'];

const items = {
  contentTypesDir: false as const,
  schemas: {
    contentTypes: [{
      file: 'item.json',
      schema: {
        kind: 'collectionType', collectionName: 'items', info: { singularName: 'item', pluralName: 'items', displayName: 'Item' },
        attributes: {
          ...Object.fromEntries(SCALARS.map((name) => [name, { type: 'string' }])),
          ...Object.fromEntries(RELATIONS.map((name) => [name, { type: 'relation', relation: 'manyToOne', target: 'api::item.item' }])),
          tags: { type: 'relation', relation: 'manyToMany', target: 'api::item.item' },
        },
      },
    }],
    components: [],
  },
};

/** `name[0]=v0&name[1]=v1...`: a list of n values in the query string. */
const list = (name: string, n: number) => Array.from({ length: n }, (_, i) => `${name}[${i}]=v${i}`).join('&');
/** filters[$or][i][f1][$eq]=x: one $or around n comparisons, n + 1 filter nodes. */
const orOf = (n: number, prefix = 'filters') => Array.from({ length: n }, (_, i) => `${prefix}[$or][${i}][f1][$eq]=x${i}`).join('&');
/** A chain of `levels` hops through one relation: `levels` populated attributes. */
const chain = (relation: string, levels: number) => Array(levels).fill(relation).join('.');

function expectCap(res: TestResponse, message: string, details: Json): void {
  expect(res.body, res.text).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError', message, details } });
}

describe('query breadth caps (defaults)', () => {
  const app = useKernel(items);

  it('sort takes 10 distinct keys and is a 400 at 11, also in a populated relation', async () => {
    expect((await app().get(`/api/items?sort=${SCALARS.slice(0, 10).join(',')}`)).status).to.equal(200);
    expectCap(await app().get(`/api/items?sort=${SCALARS.slice(0, 11).join(',')}`),
      'sort has too many keys: 11, at most 10 are allowed',
      { key: 'sort', path: 'sort', source: 'query', param: 'sort', count: 11, limit: 10 });
    expectCap(await app().get(`/api/items?populate[tags][sort]=${SCALARS.slice(0, 11).join(',')}`),
      'populate.tags.sort has too many keys: 11, at most 10 are allowed',
      { key: 'sort', path: 'populate.tags.sort', source: 'query', param: 'populate', count: 11, limit: 10 });
  });

  it('a key given again counts once: 200 repeats of one key are one key', async () => {
    const repeated = await app().get(`/api/items?sort=${[...Array(200).fill('f1'), ...SCALARS.slice(1, 10)].join(',')}`);
    expect(repeated.status, repeated.text).to.equal(200);
  });

  it('filters take 100 nodes in all and are a 400 at 101, counting populate filters too', async () => {
    expect((await app().get(`/api/items?${orOf(99)}`)).status).to.equal(200);
    expectCap(await app().get(`/api/items?${orOf(100)}`),
      'filters have too many conditions: 101, at most 100 are allowed',
      { key: 'filters', source: 'query', param: 'filters', count: 101, limit: 100 });
    const split = await app().get(`/api/items?${orOf(50)}&${orOf(49, 'populate[tags][filters]')}`);
    expect(split.status, split.text).to.equal(400);
    expect(split.body.error.details).to.include({ count: 101, limit: 100 });
  });

  it('$in and $notIn take 100 values and are a 400 at 101, naming the operator and path', async () => {
    expect((await app().get(`/api/items?${list('filters[f1][$in]', 100)}`)).status).to.equal(200);
    expectCap(await app().get(`/api/items?${list('filters[f1][$in]', 101)}`),
      '$in has too many values: 101, at most 100 are allowed',
      { key: '$in', path: 'filters.f1.$in', source: 'query', param: 'filters', count: 101, limit: 100 });
    expectCap(await app().get(`/api/items?${list('filters[f1][$notIn]', 101)}`),
      '$notIn has too many values: 101, at most 100 are allowed',
      { key: '$notIn', path: 'filters.f1.$notIn', source: 'query', param: 'filters', count: 101, limit: 100 });
    // A list without an operator is an $in
    expectCap(await app().get(`/api/items?${list('filters[f1]', 101)}`),
      '$in has too many values: 101, at most 100 are allowed',
      { key: '$in', path: 'filters.f1', source: 'query', param: 'filters', count: 101, limit: 100 });
  });

  it('populate reaches 50 attributes in all (breadth times depth) and is a 400 at 51', async () => {
    // One item linked to itself through every relation: each chain is populated to its end, past
    // what one statement's joins can hold (the rest is batched, never an SQL error)
    const created = await app().post('/api/items', { data: { f1: 'self' } });
    const id = created.body.data.documentId as string;
    const linked = await app().put(`/api/items/${id}`, { data: Object.fromEntries(RELATIONS.map((r) => [r, id])) });
    expect(linked.status, linked.text).to.equal(200);
    const fifty = RELATIONS.map((r) => chain(r, 10)).join(',');
    const ok = await app().get(`/api/items?populate=${fifty}`);
    expect(ok.status, ok.text).to.equal(200);
    for (const relation of RELATIONS) {
      let node = (ok.body.data as Json[])[0];
      for (let level = 0; level < 10; level++) node = node?.[relation] as Json;
      expect(node, relation).to.include({ f1: 'self' });
    }
    await app().del(`/api/items/${id}`);
    expectCap(await app().get(`/api/items?populate=${fifty},tags`),
      'populate reaches too many attributes: 51, at most 50 are allowed',
      { key: 'populate', source: 'query', param: 'populate', count: 51, limit: 50 });
  });

  it('fields take 100 entries as given and are a 400 at 101, also in a populated relation', async () => {
    expect((await app().get(`/api/items?fields=${Array(100).fill('f1').join(',')}`)).status).to.equal(200);
    expectCap(await app().get(`/api/items?fields=${Array(101).fill('f1').join(',')}`),
      'fields has too many entries: 101, at most 100 are allowed',
      { key: 'fields', path: 'fields', source: 'query', param: 'fields', count: 101, limit: 100 });
    expectCap(await app().get(`/api/items?populate[tags][fields]=${Array(101).fill('f1').join(',')}`),
      'populate.tags.fields has too many entries: 101, at most 100 are allowed',
      { key: 'fields', path: 'populate.tags.fields', source: 'query', param: 'populate', count: 101, limit: 100 });
  });

  it('internal callers (the document service without source) are not capped', async () => {
    const docs = app().kernel.documents('api::item.item');
    const values = Array.from({ length: 150 }, (_, i) => `v${i}`);
    expect(await docs.findMany({ filters: { f1: { $in: values } }, sort: SCALARS, fields: Array(150).fill('f1') })).to.deep.equal([]);
  });
});

describe('query breadth caps (configured)', () => {
  const app = useKernel({
    ...items,
    config: { api: { rest: { maxSortKeys: 2, maxFilterNodes: 3, maxInListLength: 2, maxPopulateNodes: 3, maxFields: 2 } } },
  });

  it('each api.rest cap moves to its configured value', async () => {
    const status = async (query: string) => (await app().get(`/api/items?${query}`)).status;
    expect(await status('sort=f1,f2,f1')).to.equal(200);
    expect(await status('sort=f1,f2,f3')).to.equal(400);
    expect(await status(orOf(2))).to.equal(200);
    expect(await status(orOf(3))).to.equal(400);
    expect(await status(list('filters[f1][$in]', 2))).to.equal(200);
    expect(await status(list('filters[f1][$in]', 3))).to.equal(400);
    expect(await status('populate=r1,r2,r3')).to.equal(200);
    expect(await status('populate=r1,r2,r3,r4')).to.equal(400);
    expect(await status(`populate=${chain('r1', 4)}`)).to.equal(400);
    expect(await status('fields=f1,f2')).to.equal(200);
    expect(await status('fields=f1,f2,f1')).to.equal(400);
    const res = await app().get('/api/items?sort=f1,f2,f3');
    expect(res.body.error).to.include({ message: 'sort has too many keys: 3, at most 2 are allowed' });
    expect(res.body.error.details).to.include({ key: 'sort', limit: 2 });
  });
});
