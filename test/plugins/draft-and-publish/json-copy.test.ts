// Publishing copies the draft's component rows; their JSON values (arrays, objects, strings) must
// survive the copy on every database (MySQL and PostgreSQL drivers read JSON columns parsed), and
// so must a biginteger past 2^53 (better-sqlite3 reads integers as JS numbers).

import { expect } from 'chai';
import { useKernel } from '../../helpers/suite.js';

describe('draft-and-publish: JSON values in copied components', () => {
  const get = useKernel({ config: { plugins: { 'draft-and-publish': true } } });

  for (const keywords of [['a', 'b'], { nested: ['x', 1] }, 'plain', 42]) {
    it(`publishes seo.keywords = ${JSON.stringify(keywords)} unchanged`, async () => {
      const res = await get().post('/api/articles?populate=seo', { data: { title: `JSON ${JSON.stringify(keywords)}`, seo: { metaTitle: 'm', keywords }, metadata: keywords } });
      expect(res.status, res.text).to.equal(201);
      expect(res.body.data.seo.keywords).to.deep.equal(keywords);
      const published = await get().get(`/api/articles/${res.body.data.documentId as string}?populate=seo`);
      expect(published.body.data.seo.keywords).to.deep.equal(keywords);
      expect(published.body.data.metadata).to.deep.equal(keywords);
    });
  }

  it('publishes and discards a biginteger past 2^53 digit for digit', async () => {
    const views = '9007199254740993';
    const res = await get().post('/api/articles', { data: { title: 'Big views', views } });
    expect(res.status, res.text).to.equal(201);
    expect(res.body.data.views).to.equal(views);
    const documentId = res.body.data.documentId as string;
    expect((await get().get(`/api/articles/${documentId}?status=draft`)).body.data.views).to.equal(views);
    const edited = await get().put(`/api/articles/${documentId}?status=draft`, { data: { views: '9223372036854775807' } });
    expect(edited.status, edited.text).to.equal(200);
    const discarded = await get().post(`/api/articles/${documentId}/actions/discard-draft`, {});
    expect(discarded.status, discarded.text).to.equal(200);
    expect((await get().get(`/api/articles/${documentId}?status=draft`)).body.data.views).to.equal(views);
  });
});
