// api.rest.countLimit: a list's count stops at the limit and says so; below it the total is exact.
// The count statement reads at most limit + 1 rows, whatever the table holds.

import { expect } from 'chai';
import { captureStatements } from '../../helpers/statements.js';
import { useKernel } from '../../helpers/suite.js';

const notes = {
  contentTypesDir: false as const,
  config: { api: { rest: { countLimit: 3 } } },
  schemas: {
    contentTypes: [{ file: 'note.json', schema: { kind: 'collectionType', collectionName: 'notes', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' }, attributes: { title: { type: 'string' } } } }],
    components: [],
  },
};

describe('REST query: api.rest.countLimit', () => {
  const app = useKernel(notes);

  before(async () => {
    for (const title of ['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b2']) expect((await app().post('/api/notes', { data: { title } })).status).to.equal(201);
  });

  it('stops counting at the limit and says the total is capped', async () => {
    const res = await app().get('/api/notes?pagination[pageSize]=2');
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data).to.have.length(2);
    expect(res.body.meta.pagination).to.deep.equal({ page: 1, pageSize: 2, pageCount: 2, total: 3, totalCapped: true });
  });

  it('pages past the capped total still answer', async () => {
    const res = await app().get('/api/notes?pagination[page]=4&pagination[pageSize]=2&sort=id');
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data.map((d: { title: string }) => d.title)).to.deep.equal(['b2']);
  });

  it('gives exact totals up to the limit, with no flag', async () => {
    const res = await app().get('/api/notes?filters[title][$startsWith]=b');
    expect(res.body.meta.pagination).to.deep.equal({ page: 1, pageSize: 25, pageCount: 1, total: 2 });
    const three = await app().get('/api/notes?filters[title][$in][0]=a1&filters[title][$in][1]=a2&filters[title][$in][2]=b1');
    expect(three.body.meta.pagination).to.deep.equal({ page: 1, pageSize: 25, pageCount: 1, total: 3 });
  });

  it('caps offset pagination too', async () => {
    const res = await app().get('/api/notes?pagination[start]=0&pagination[limit]=1');
    expect(res.body.meta.pagination).to.deep.equal({ start: 0, limit: 1, total: 3, totalCapped: true });
  });

  it('reads no more than limit + 1 rows to count', async () => {
    const { sql } = await captureStatements(app(), () => app().get('/api/notes'));
    const counts = sql.filter((s) => /count\(\*\)/i.test(s));
    expect(counts).to.have.length(1);
    expect(counts[0]).to.match(/limit 4\b/i);
  });

  it('is refused at start-up unless a positive integer or null', async () => {
    const { startKernel } = await import('../../helpers/kernel.js');
    let error: unknown;
    try {
      const started = await startKernel({ ...notes, config: { api: { rest: { countLimit: 0 } } } });
      await started.stop();
    } catch (err) { error = err; }
    expect(String(error)).to.include('api.rest.countLimit');
  });
});
