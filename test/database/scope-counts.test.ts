// SQLite's scope counter (core/database/scope-counts.ts) answers the count of a list that filters
// on its scope alone. Through every kind of write (create in a locale, another locale, a draft
// edit, publish, unpublish, discard, delete of one locale and of every locale, an UPDATE of a
// row's scope columns, a transaction rolled back) its totals must equal the rows the table holds
// in each scope, counted directly; on the other dialects the same totals come from a COUNT.

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

  /** The rows a scope holds, counted in the table itself. */
  async function rowsIn(scope: string): Promise<number> {
    const params = new URLSearchParams(scope);
    const locale = params.get('locale') ?? 'en';
    let rows = app().kernel.db('articles');
    rows = params.get('status') === 'draft' ? rows.whereNull('published_at') : rows.whereNotNull('published_at');
    if (locale !== '*') rows = rows.where({ locale });
    const [row] = await rows.count({ n: '*' });
    return Number(row!.n);
  }

  /** Each scope's total, from the counter on SQLite (the statements show it was read) and from a
   *  COUNT elsewhere, is the number of rows the table holds in that scope; so is the total of the
   *  same list with a filter, which no counter answers. */
  async function expectExact(step: string): Promise<void> {
    const sqlite = app().kernel.dialect === 'sqlite';
    for (const scope of SCOPES) {
      const rows = await rowsIn(scope);
      const { result: counted, sql } = await captureStatements(app(), () => total(scope));
      if (sqlite) expect(sql.join('\n'), `${step}: ?${scope} reads the counter`).to.include('articles_scope_counts');
      expect(counted, `${step}: ?${scope}`).to.equal(rows);
      expect(await total(`${scope}${scope ? '&' : ''}filters[id][$gt]=0`), `${step}: ?${scope} with a filter`).to.equal(rows);
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
