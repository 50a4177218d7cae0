// The rows populate may load in one request (api.rest.maxPopulateRows): the shape caps bound how
// many relations a request populates, not how many rows they hold, and a few levels through
// to-many relations multiply into millions (one such GET kept a SQLite worker busy for minutes).
// Past the budget the request is a 400 naming it, and no populate statement reads more than the
// rows left plus one.

import { expect } from 'chai';
import { useKernel, type Json } from '../helpers/suite.js';
import { gql } from '../plugins/graphql/helpers.js';

const tags = {
  contentTypesDir: false as const,
  schemas: {
    contentTypes: [{
      file: 'tag.json',
      schema: {
        kind: 'collectionType', collectionName: 'tags', info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' },
        attributes: { name: { type: 'string' }, related: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' } },
      },
    }],
    components: [],
  },
};

const MESSAGE = 'populate loads too many related entries: more than 20 are allowed in one request; ask for fewer with pagination, filters or a shallower populate';

describe('populate row budget (api.rest.maxPopulateRows)', () => {
  const app = useKernel({ ...tags, config: { api: { rest: { maxPopulateRows: 20 } }, plugins: { graphql: true } } });

  before(async () => {
    // Five tags, each related to the other four: every level through `related` multiplies by four
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app().post('/api/tags', { data: { name: `t${i}` } });
      ids.push(res.body.data.documentId as string);
    }
    for (const id of ids) {
      const res = await app().put(`/api/tags/${id}`, { data: { related: ids.filter((other) => other !== id) } });
      expect(res.status, res.text).to.equal(200);
    }
  });

  it('a populate within the budget answers (5 tags x 4 related = 20 rows)', async () => {
    const res = await app().get('/api/tags?populate=related');
    expect(res.status, res.text).to.equal(200);
    expect((res.body.data as Json[]).map((t) => (t.related as Json[]).length)).to.deep.equal([4, 4, 4, 4, 4]);
  });

  it('a populate past it is a 400 naming the limit, on REST and GraphQL', async () => {
    const res = await app().get('/api/tags?populate[related][populate]=related');
    expect(res.body, res.text).to.deep.equal({
      data: null,
      error: { status: 400, name: 'ValidationError', message: MESSAGE, details: { key: 'populate', source: 'query', param: 'populate', limit: 20 } },
    });
    const g = await gql(app(), '{ tags { related { related { name } } } }');
    expect(g.body.errors?.[0]?.message, JSON.stringify(g.body)).to.equal(MESSAGE);
    expect(g.body.errors[0].extensions.code).to.equal('BAD_USER_INPUT');
  });

  it('no populate statement reads more rows than the budget has left, plus one', async () => {
    const statements: Array<{ sql: string; bindings: unknown[] }> = [];
    const listener = (q: { sql: string; bindings?: unknown[] }) => { statements.push({ sql: q.sql, bindings: q.bindings ?? [] }); };
    app().kernel.db.on('query', listener);
    try { await app().get('/api/tags?populate[related][populate]=related'); } finally { app().kernel.db.removeListener('query', listener); }
    const populates = statements.filter((s) => /tags_related_lnk/.test(s.sql) && !/count/i.test(s.sql));
    expect(populates, statements.map((s) => s.sql).join('\n')).to.have.length(2);
    // 20 rows read on the first level, so the second may read 0 + 1
    expect(populates.map((s) => s.bindings.at(-1))).to.deep.equal([21, 1]);
  });
});
