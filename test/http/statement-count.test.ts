// The number of SQL statements a list request issues depends on the shape of its query, never on
// the number of rows it returns: one for the page, one COUNT, one per batched populated path and
// level. To-one relations, single components and single media are joined into the statement that
// reads their parents (at any depth), so they cost none.

import { expect } from 'chai';
import { seedDeepFixture } from '../helpers/deep-fixture.js';
import { startKernel, type TestKernel } from '../helpers/kernel.js';

const DEEP = [
  'populate[category][populate][parent]=true',
  'populate[authors][populate][avatar]=true',
  'populate[authors][populate][links]=true',
  'populate[seo][populate][openGraph]=true',
  'populate[seo][populate][shareImage]=true',
  'populate[blocks][on][shared.quote][populate][person]=true',
  'populate[blocks][on][shared.rich-text]=true',
  'populate[cover]=true',
  'populate[gallery]=true',
  'populate[related][fields][0]=title',
  'populate[spotlightOf]=true',
].join('&');

describe('SQL statements per request', function () {
  this.timeout(120_000);
  let app: TestKernel;
  let statements = 0;

  before(async () => {
    app = await startKernel();
    const docs = (uid: string) => app.kernel.documents(uid);
    const { file, category, authors } = await seedDeepFixture(app);
    let previous: string | undefined;
    for (let i = 0; i < 100; i++) {
      const article = await docs('api::article.article').create({ data: {
        title: `Article ${i}`,
        category: category.documentId,
        authors: authors.map((a) => a.documentId),
        related: previous ? [previous] : [],
        cover: file,
        gallery: [file, file],
        seo: { metaTitle: `Meta ${i}`, shareImage: file, openGraph: { ogTitle: `OG ${i}` } },
        blocks: [
          { __component: 'shared.quote', title: 'Q', body: 'quoted', person: authors[i % 3]!.documentId },
          { __component: 'shared.rich-text', body: 'rich' },
        ],
      } });
      previous = article.documentId;
    }
    await docs('api::author.author').update({ documentId: authors[0]!.documentId, data: { spotlight: previous } });
    app.kernel.db.on('query', () => { statements++; });
  });
  after(async () => { await app.stop(); });

  async function count(path: string): Promise<{ statements: number; body: { data: Array<Record<string, unknown>> } }> {
    statements = 0;
    const res = await app.get(path);
    expect(res.status, res.text.slice(0, 500)).to.equal(200);
    return { statements, body: res.body };
  }

  it('issues the same number of statements for a page of 1 and a page of 100 with deep populate', async () => {
    const one = await count(`/api/articles?pagination[pageSize]=1&${DEEP}`);
    const hundred = await count(`/api/articles?pagination[pageSize]=100&${DEEP}`);
    expect(one.body.data).to.have.length(1);
    expect(hundred.body.data).to.have.length(100);
    // every populated path really was loaded on the large page
    const last = hundred.body.data[99]!;
    expect((last.category as { parent: { name: string } }).parent.name).to.equal('Root');
    expect(last.authors as unknown[]).to.have.length(3);
    expect((last.blocks as Array<{ person?: { name: string } }>)[0]!.person!.name).to.be.a('string');
    expect(hundred.statements).to.equal(one.statements);
  });

  it('counts one statement for the page, one for the total, and one per populated path and level', async () => {
    const plain = await count('/api/articles');
    expect(plain.statements).to.equal(2);
    const noCount = await count('/api/articles?pagination[withCount]=false');
    expect(noCount.statements).to.equal(1);
    const populated = await count('/api/articles?populate[category][populate][parent]=true&populate[authors]=true');
    expect(populated.statements, 'category and its parent joined, authors batched').to.equal(2 + 1);
    const toOne = await count('/api/articles?populate[category][populate][parent]=true&populate[seo][populate][openGraph]=true&populate[seo][populate][shareImage]=true&populate[cover]=true');
    expect(toOne.statements, 'to-one relations, single components and single media: all joined').to.equal(2);
    const first = (toOne.body.data as Array<Record<string, any>>).find((d) => d.category); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(first!.category.parent.name).to.equal('Root');
    expect(first!.seo.openGraph.ogTitle).to.match(/^OG /);
    expect(first!.seo.shareImage.url).to.equal('/a.png');
    expect(first!.cover.url).to.equal('/a.png');
    const underMany = await count('/api/articles?populate[authors][populate][avatar]=true&populate[blocks][on][shared.quote][populate][person]=true');
    expect(underMany.statements, 'a to-one under a batched path joins into that batch').to.equal(2 + 2);
    const zone = await count('/api/articles?populate[blocks][on][shared.quote]=true&populate[blocks][on][shared.rich-text]=true');
    expect(zone.statements).to.equal(2 + 2);
  });

  it('reads one document with deep populate in a fixed number of statements', async () => {
    const list = await count('/api/articles?pagination[pageSize]=2&fields[0]=title');
    const [a, b] = list.body.data as Array<{ documentId: string }>;
    const first = await count(`/api/articles/${a!.documentId}?${DEEP}`);
    const second = await count(`/api/articles/${b!.documentId}?${DEEP}`);
    expect(first.statements).to.equal(second.statements);
    // the document (category, its parent, seo and its parts, cover joined), then one batch each:
    // authors (avatar joined), their links, quotes (person joined), rich texts, gallery, related, spotlightOf
    expect(first.statements).to.equal(1 + 7);
  });

  it('filters through relations without extra statements or duplicated rows', async () => {
    const res = await count('/api/articles?filters[authors][name][$startsWith]=A&filters[category][parent][name]=Root&pagination[pageSize]=100');
    expect(res.statements).to.equal(2);
    expect(res.body.data).to.have.length(100);
    const meta = (res.body as unknown as { meta: { pagination: { total: number } } }).meta.pagination;
    expect(meta.total).to.equal(100);
  });
});
