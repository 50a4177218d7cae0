// SQLite's scope counter (core/database/scope-counts.ts) answers the count of a list that filters
// on its scope alone. Through every kind of write (create in a locale, another locale, a draft
// edit, publish, unpublish, discard, delete of one locale and of every locale, an UPDATE of a
// row's scope columns, a transaction rolled back) its totals must equal an exact count, which a filter on id forces.

import { expect } from 'chai';
import { captureStatements } from '../helpers/statements.js';
import { useKernel } from '../helpers/suite.js';

const SCOPES = ['', 'status=draft', 'locale=fr', 'locale=fr&status=draft', 'locale=*', 'locale=*&status=draft'];

describe('scope counts: list totals without reading the scope', () => {
  const app = useKernel({
    config: { plugins: { 'draft-and-publish': { enabled: true }, i18n: { enabled: true, config: { locales: ['en', 'fr'] } } } },
  });

  async function total(query: string): Promise<number> {
    const res = await app().get(`/api/articles?${query}`);
    expect(res.status, res.text).to.equal(200);
    return res.body.meta.pagination.total as number;
  }

  async function expectExact(step: string): Promise<void> {
    for (const scope of SCOPES) {
      const counted = await total(scope);
      const exact = await total(`${scope}${scope ? '&' : ''}filters[id][$gt]=0`);
      expect(counted, `${step}: ?${scope}`).to.equal(exact);
    }
  }

  it('reads the counter for a scope-only list on SQLite, and the rows for a filtered one', async function () {
    if (app().kernel.dialect !== 'sqlite') this.skip();
    const plain = await captureStatements(app(), () => app().get('/api/articles?locale=fr&status=draft'));
    expect(plain.sql.filter((s) => /count\(\*\)|sum\(/i.test(s))).to.deep.equal([
      'select sum(`n`) as `n` from `articles_scope_counts` where `published_at` = ? and `locale` = ?',
    ]);
    const filtered = await captureStatements(app(), () => app().get('/api/articles?filters[id][$gt]=0'));
    expect(filtered.sql.filter((s) => /articles_scope_counts/.test(s))).to.deep.equal([]);
  });

  it('stays exact through every kind of write', async () => {
    const created: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await app().post(`/api/articles${i % 2 ? '?status=draft' : ''}`, { data: { title: `Count ${i}` } });
      expect(res.status, res.text).to.equal(201);
      created.push(res.body.data.documentId);
    }
    await expectExact('created, some as drafts');
    const [a, b, c, d] = created as [string, string, string, string];
    expect((await app().put(`/api/articles/${a}?locale=fr`, { data: { title: 'Compte 0' } })).status).to.equal(200);
    expect((await app().put(`/api/articles/${b}?locale=fr&status=draft`, { data: { title: 'Compte 1' } })).status).to.equal(200);
    await expectExact('other locales');
    expect((await app().put(`/api/articles/${a}?status=draft`, { data: { title: 'Count 0 edited' } })).status).to.equal(200);
    expect((await app().post(`/api/articles/${b}/actions/publish`, undefined)).status).to.equal(200);
    await expectExact('a draft edit, a publish');
    expect((await app().post(`/api/articles/${c}/actions/unpublish`, undefined)).status).to.equal(200);
    expect((await app().post(`/api/articles/${a}/actions/discard-draft`, undefined)).status).to.equal(200);
    await expectExact('unpublish, discard');
    expect((await app().del(`/api/articles/${a}?locale=fr`)).status).to.be.oneOf([200, 204]);
    expect((await app().del(`/api/articles/${d}?locale=*`)).status).to.be.oneOf([200, 204]);
    await expectExact('deletes');
    // A plugin may write rows through kernel.db: the triggers see that too
    const row = await app().kernel.db('articles').whereNotNull('published_at').orderBy('id').first('id') as { id: number };
    await app().kernel.db('articles').where({ id: row.id }).update({ published_at: null, locale: 'fr' });
    await expectExact('an UPDATE of a row\'s scope columns');
    const before = await total('locale=*&status=draft');
    await app().kernel.transaction(async () => {
      await app().kernel.documents('api::article.article').create({ data: { title: 'Rolled back' } });
      throw new Error('roll back');
    }).catch((err: unknown) => { if ((err as Error).message !== 'roll back') throw err; });
    expect(await total('locale=*&status=draft')).to.equal(before);
    await expectExact('a transaction rolled back');
  });
});
