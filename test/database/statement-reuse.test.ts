// On SQLite a cached statement is planned once: a request of a shape already served compiles
// nothing, whatever its values. SQLite re-plans a statement at each run when a bound value
// could change its plan (an equality beside a join or an ORDER BY, a LIMIT, a LIKE), and
// better-sqlite3 then compiles a fresh row constructor with `Function`: counting those calls
// sees each re-plan (core/database/sqlite-parameters.ts).

import { expect } from 'chai';
import { startKernel, type TestKernel } from '../helpers/kernel.js';

/** Calls of the global `Function` while `run` runs (better-sqlite3 builds row constructors so). */
async function compiledDuring(run: () => Promise<void>): Promise<number> {
  const original = globalThis.Function;
  let calls = 0;
  globalThis.Function = new Proxy(original, {
    apply: (target, self, args: string[]) => { calls++; return Reflect.apply(target, self, args); },
    construct: (target, args: string[]) => { calls++; return Reflect.construct(target, args); },
  });
  try {
    await run();
  } finally {
    globalThis.Function = original;
  }
  return calls;
}

describe('SQLite statements: planned once, whatever the values', function () {
  this.timeout(60_000);
  let app: TestKernel;
  const articles: string[] = [];

  before(async function () {
    app = await startKernel({
      config: { plugins: { 'draft-and-publish': { enabled: true }, i18n: { enabled: true, config: { locales: ['en', 'fr'] } } } },
    });
    if (app.kernel.dialect !== 'sqlite') { await app.stop(); this.skip(); }
    const category = (await app.post('/api/categories', { data: { name: 'News' } })).body.data.documentId as string;
    for (let i = 0; i < 4; i++) {
      const res = await app.post('/api/articles', { data: { title: `Article ${i}`, category, seo: { metaTitle: `Article ${i}`, metaDescription: 'About it' } } });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      articles.push(res.body.data.documentId as string);
    }
  });

  after(async () => { await app?.stop(); });

  const deep = 'populate[category]=true&populate[seo]=true&fields[0]=title&fields[1]=slug';
  const list = (i: number) => `/api/articles?filters[title][$eq]=Article%20${i}&sort=title:desc&pagination[pageSize]=5&populate[category][fields][0]=name`;

  it('a findOne with populate compiles row constructors the first time only', async () => {
    const first = await compiledDuring(async () => { expect((await app.get(`/api/articles/${articles[0]}?${deep}`)).status).to.equal(200); });
    // The probe sees better-sqlite3's compilation at all: a new shape compiles its rows' constructors
    expect(first).to.be.greaterThan(0);
    const again = await compiledDuring(async () => {
      for (const documentId of articles.slice(1)) {
        const res = await app.get(`/api/articles/${documentId}?${deep}`);
        expect(res.body.data.category.name).to.equal('News');
      }
    });
    expect(again).to.equal(0);
  });

  it('a filtered, sorted, limited list with a populate: the same', async () => {
    expect(await compiledDuring(async () => { expect((await app.get(list(0))).body.data).to.have.length(1); })).to.be.greaterThan(0);
    const again = await compiledDuring(async () => {
      for (let i = 1; i < articles.length; i++) expect((await app.get(list(i))).body.data[0].category.name).to.equal('News');
    });
    expect(again).to.equal(0);
  });
});
