// Sorting on a field of a single component (issue 19, item 3): `sort=seo.metaTitle:desc`, the
// object forms, nested single components, inside a populated relation and over GraphQL. A
// document without the component sorts as NULL: first ascending, last descending, on every
// database, as a NULL column does. Repeatable components and dynamic zones (many values per
// document) stay a 400; the sort cap and the one-term-per-key rule still hold.
//
// Example app with draft-and-publish and i18n. Articles, created in this order (published):
//   Apple   seo { metaTitle Mango, openGraph { ogTitle Zulu } }
//   Banana  no seo
//   Cherry  seo { metaTitle Kiwi }; its draft is then changed to metaTitle Zebra
//   Date    seo { metaTitle Mango, openGraph { ogTitle Alpha } }
//   Elder   no seo; related [Apple, Banana, Cherry, Date]

import { expect } from 'chai';
import { gql, gqlData, oneError, useGraphqlKernel, type Json } from '../../plugins/graphql/helpers.js';
import type { TestKernel } from '../../helpers/kernel.js';
import { captureStatements } from '../../helpers/statements.js';
import { encodeQuery, expectBadRequest } from './fixtures/seed.js';

async function titles(app: TestKernel, query: string): Promise<string[]> {
  const res = await app.get(`/api/articles?${encodeQuery(`${query}&fields[0]=title`)}`);
  expect(res.status, `${query}: ${res.text}`).to.equal(200);
  return (res.body.data as Json[]).map((d) => d.title as string);
}

describe('REST query: sort on a field of a single component', () => {
  const get = useGraphqlKernel();

  before(async function () {
    this.timeout(60_000);
    const app = get();
    const ids: Record<string, string> = {};
    const create = async (title: string, data: Json = {}) => {
      const res = await app.post('/api/articles', { data: { title, ...data } });
      expect(res.status, res.text).to.equal(201);
      ids[title] = res.body.data.documentId as string;
    };
    await create('Apple', { seo: { metaTitle: 'Mango', openGraph: { ogTitle: 'Zulu' } } });
    await create('Banana');
    await create('Cherry', { seo: { metaTitle: 'Kiwi' } });
    await create('Date', { seo: { metaTitle: 'Mango', openGraph: { ogTitle: 'Alpha' } } });
    await create('Elder', { related: [ids.Apple, ids.Banana, ids.Cherry, ids.Date] });
    const draft = await app.put(`/api/articles/${ids.Cherry}?status=draft`, { data: { seo: { metaTitle: 'Zebra' } } });
    expect(draft.status, draft.text).to.equal(200);
  });

  const cases: Array<{ q: string; expect: string[]; why?: string }> = [
    { q: 'sort=seo.metaTitle:desc', expect: ['Apple', 'Date', 'Cherry', 'Banana', 'Elder'], why: 'no component sorts as NULL: last descending' },
    { q: 'sort=seo.metaTitle', expect: ['Banana', 'Elder', 'Cherry', 'Apple', 'Date'], why: 'NULL first ascending, ties by id' },
    { q: 'sort=seo.metaTitle:DESC,title:desc', expect: ['Date', 'Apple', 'Cherry', 'Elder', 'Banana'] },
    { q: 'sort[seo][metaTitle]=desc', expect: ['Apple', 'Date', 'Cherry', 'Banana', 'Elder'], why: 'object form' },
    { q: 'sort[0][seo][metaTitle]=desc&sort[1][title]=desc', expect: ['Date', 'Apple', 'Cherry', 'Elder', 'Banana'], why: 'array of objects' },
    { q: 'sort[0]=seo.metaTitle:desc&sort[1]=title:desc', expect: ['Date', 'Apple', 'Cherry', 'Elder', 'Banana'] },
    { q: 'sort=seo.openGraph.ogTitle:desc', expect: ['Apple', 'Date', 'Banana', 'Cherry', 'Elder'], why: 'a single component inside one' },
    { q: 'sort=seo.metaTitle:desc,seo.metaTitle:asc', expect: ['Apple', 'Date', 'Cherry', 'Banana', 'Elder'], why: 'a repeated key counts once, at its first place' },
    { q: 'status=draft&sort=seo.metaTitle:desc', expect: ['Cherry', 'Apple', 'Date', 'Banana', 'Elder'], why: "the draft's own component" },
    { q: 'filters[seo][$notNull]=true&sort=seo.metaTitle:desc&pagination[pageSize]=2&pagination[page]=2', expect: ['Cherry'], why: 'with filters and pages' },
  ];
  for (const c of cases) {
    it(`articles?${c.q} -> [${c.expect.join(', ')}]${c.why ? ` (${c.why})` : ''}`, async () => {
      expect(await titles(get(), c.q)).to.deep.equal(c.expect);
    });
  }

  it('sorts a populated relation by a component field of its targets', async () => {
    const res = await get().get(`/api/articles?${encodeQuery('filters[title]=Elder&fields[0]=title&populate[related][fields][0]=title'
      + '&populate[related][sort][0]=seo.metaTitle:desc&populate[related][sort][1]=title')}`);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data[0].related.map((r: Json) => r.title)).to.deep.equal(['Apple', 'Date', 'Cherry', 'Banana']);
  });

  it('a repeated component key is one ORDER BY term', async () => {
    const sort = Array(20).fill('seo.metaTitle:desc').join(',');
    const { result, sql } = await captureStatements(get(), () => get().get(`/api/articles?sort=${sort}&fields[0]=title`));
    expect(result.status, result.text).to.equal(200);
    const list = sql.find((s) => /order by/i.test(s) && s.includes('components_shared_seos'));
    expect(list, sql.join('\n')).to.be.a('string');
    expect(list!.split('components_shared_seos').length - 1, list).to.equal(1);
  });

  it('component sort keys count against api.rest.maxSortKeys (10)', async () => {
    const keys = ['seo.metaTitle', 'seo.metaDescription', 'seo.id', 'seo.openGraph.ogTitle', 'seo.openGraph.ogType', 'seo.openGraph.id',
      'title', 'slug', 'readingTime', 'views', 'rating'];
    const res = await get().get(`/api/articles?sort=${keys.join(',')}`);
    expectBadRequest(res, 'ValidationError', 'sort has too many keys: 11, at most 10 are allowed');
    const ten = await get().get(`/api/articles?sort=${keys.slice(0, 10).join(',')}`);
    expect(ten.status, ten.text).to.equal(200);
  });

  const rejected: Array<{ q: string; api?: string; message: string; reason: RegExp }> = [
    { q: 'sort=links.label', api: 'authors', message: 'Invalid key links', reason: /repeatable component, so a document has many values/ },
    { q: 'sort[links][label]=asc', api: 'authors', message: 'Invalid key links', reason: /repeatable component/ },
    { q: 'sort=blocks.title', message: 'Invalid key blocks', reason: /dynamic zone, so a document has many components/ },
    { q: 'sort=seo', message: 'Invalid key seo', reason: /seo is a component: sort on one of its fields/ },
    { q: 'sort=seo.openGraph:desc', message: 'Invalid key openGraph', reason: /component/ },
    { q: 'sort=seo.keywords', message: 'Invalid key keywords', reason: /json attributes cannot be sorted/ },
    { q: 'sort=seo.shareImage.name', message: 'Invalid key shareImage', reason: /media/ },
    { q: 'sort=seo.nope', message: 'Invalid key nope', reason: /not an attribute of shared.seo/ },
    { q: 'sort=seo.metaTitle.x', message: 'Invalid key x', reason: /no nested fields/ },
  ];
  for (const c of rejected) {
    const api = c.api ?? 'articles';
    it(`${api}?${c.q} -> 400 ${c.message}`, async () => {
      const res = await get().get(`/api/${api}?${encodeQuery(c.q)}`);
      expectBadRequest(res, 'ValidationError', c.message);
      expect(res.body.error.details.reason, res.text).to.match(c.reason);
    });
  }

  it('GraphQL sorts the same way', async () => {
    const data = await gqlData(get(), '{ articles(sort: ["seo.metaTitle:desc", "title"]) { title } }');
    expect(data.articles.map((a: Json) => a.title)).to.deep.equal(['Apple', 'Date', 'Cherry', 'Banana', 'Elder']);
    const repeatable = await gql(get(), '{ authors(sort: ["links.label"]) { name } }');
    expect(oneError(repeatable, 'BAD_USER_INPUT').extensions.error.message).to.equal('Invalid key links');
  });
});
