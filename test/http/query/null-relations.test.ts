// "Has no relation" filters (issue 19, item 2): `filters[x][id][$null]=true`, `$notNull` and the
// shorthand `filters[x][$null]=true` find documents without a related row, as Strapi's LEFT JOINs
// do, on to-one and to-many relations (both sides), single, nested and repeatable components.
// "Related row" means one the reader may see: a link to a document with no published version is
// no relation in the published view, nor a target with no version in the reader's locale.
//
// Example app, with draft-and-publish and i18n (en, fr) on. Data (published unless said):
//   categories: Science (en), Cooking (en + fr "Cuisine"), Empty (no articles)
//   authors: Ada (links: Home), Grace, Emile
//   articles (en): Alpha   category Science, authors [Ada], seo { metaTitle, metaDescription, openGraph }, related [Charlie]
//                  Bravo   nothing
//                  Charlie category Science, seo { metaTitle } (no metaDescription), related [Delta]
//                  Delta   DRAFT ONLY: category Cooking, authors [Grace]
//   articles (fr): Foxtrot category Science (no French version: shows no category)
//                  Golf    category Cooking (Cuisine)

import { expect } from 'chai';
import { gqlData, useGraphqlKernel, type Json } from '../../plugins/graphql/helpers.js';
import type { TestKernel } from '../../helpers/kernel.js';
import { encodeQuery, expectBadRequest } from './fixtures/seed.js';

async function created(app: TestKernel, path: string, data: Json): Promise<string> {
  const res = await app.post(path, { data });
  expect(res.status, `${path} ${res.text}`).to.equal(201);
  return res.body.data.documentId as string;
}

/** The names (or titles) of a sorted list, and the total it reports. */
async function names(app: TestKernel, api: string, query: string): Promise<string[]> {
  const sortKey = api === 'articles' ? 'title' : 'name';
  const res = await app.get(`/api/${api}?${encodeQuery(`${query}&sort=${sortKey}&fields[0]=${sortKey}`)}`);
  expect(res.status, `${query}: ${res.text}`).to.equal(200);
  const list = (res.body.data as Json[]).map((d) => d[sortKey] as string);
  expect(res.body.meta.pagination.total, `${query}: total`).to.equal(list.length);
  return list;
}

describe('REST query: filters for a missing relation or component ($null through a relation)', () => {
  const get = useGraphqlKernel();
  const ids: Record<string, string> = {};

  before(async function () {
    this.timeout(60_000);
    const app = get();
    ids.science = await created(app, '/api/categories', { name: 'Science' });
    ids.cooking = await created(app, '/api/categories', { name: 'Cooking' });
    const fr = await app.put(`/api/categories/${ids.cooking}?locale=fr`, { data: { name: 'Cuisine' } });
    expect(fr.status, fr.text).to.equal(200);
    ids.empty = await created(app, '/api/categories', { name: 'Empty' });
    ids.ada = await created(app, '/api/authors', { name: 'Ada', email: 'ada@example.com', links: [{ label: 'Home', url: 'https://ada.example' }] });
    ids.grace = await created(app, '/api/authors', { name: 'Grace', email: 'grace@example.com' });
    ids.emile = await created(app, '/api/authors', { name: 'Emile', email: 'emile@example.com' });
    ids.delta = await created(app, '/api/articles?status=draft', { title: 'Delta', category: ids.cooking, authors: [ids.grace] });
    ids.charlie = await created(app, '/api/articles', {
      title: 'Charlie', category: ids.science, seo: { metaTitle: 'Charlie SEO' }, related: [ids.delta],
    });
    ids.alpha = await created(app, '/api/articles', {
      title: 'Alpha', category: ids.science, authors: [ids.ada], related: [ids.charlie],
      seo: { metaTitle: 'Alpha SEO', metaDescription: 'About alpha', openGraph: { ogTitle: 'Alpha OG' } },
    });
    ids.bravo = await created(app, '/api/articles', { title: 'Bravo' });
    ids.foxtrot = await created(app, '/api/articles?locale=fr', { title: 'Foxtrot', category: ids.science });
    ids.golf = await created(app, '/api/articles?locale=fr', { title: 'Golf', category: ids.cooking });
  });

  const cases: Array<{ q: string; api?: string; expect: string[]; why?: string }> = [
    // to-one
    { q: 'filters[category][id][$null]=true', expect: ['Bravo'] },
    { q: 'filters[category][$null]=true', expect: ['Bravo'], why: "Strapi's shorthand for the related id" },
    { q: 'filters[category][documentId][$null]=true', expect: ['Bravo'] },
    { q: 'filters[category][id][$notNull]=false', expect: ['Bravo'] },
    { q: 'filters[category][id][$notNull]=true', expect: ['Alpha', 'Charlie'] },
    { q: 'filters[category][$notNull]=true', expect: ['Alpha', 'Charlie'] },
    { q: 'filters[category][id][$null]=false', expect: ['Alpha', 'Charlie'] },
    { q: 'filters[$not][category][id][$null]=true', expect: ['Alpha', 'Charlie'], why: '$not keeps its meaning' },
    { q: 'filters[$not][category][$notNull]=true', expect: ['Bravo'] },
    { q: 'filters[category][name][$null]=true', expect: ['Bravo'], why: 'a missing row has a NULL name' },
    { q: 'filters[category][name][$eq]=Science', expect: ['Alpha', 'Charlie'], why: 'other conditions still need a row' },
    { q: 'filters[category][$not][name][$eq]=Science', expect: [], why: 'NOT (NULL = x) is unknown, as in SQL' },
    { q: 'filters[category][name][$ne]=Science', expect: ['Bravo'], why: 'our negative operators match NULL, and a missing row is NULL' },
    { q: 'filters[category][$or][0][id][$null]=true&filters[category][$or][1][name][$eq]=Science', expect: ['Alpha', 'Bravo', 'Charlie'] },
    { q: 'filters[$or][0][category][$null]=true&filters[$or][1][title][$eq]=Alpha', expect: ['Alpha', 'Bravo'] },
    { q: 'filters[category][$null]=true&filters[category][name][$eq]=Science', expect: [], why: 'both on the same related row' },
    // to-many
    { q: 'filters[authors][id][$null]=true', expect: ['Bravo', 'Charlie'] },
    { q: 'filters[authors][$null]=true', expect: ['Bravo', 'Charlie'] },
    { q: 'filters[authors][id][$notNull]=true', expect: ['Alpha'] },
    { q: 'filters[authors][name][$null]=true', expect: ['Bravo', 'Charlie'] },
    { q: 'filters[authors][name][$eq]=Ada', expect: ['Alpha'] },
    // a link to a document without a published version is no relation in the published view
    { q: 'filters[related][id][$null]=true', expect: ['Bravo', 'Charlie'], why: "Charlie's only related article is a draft" },
    { q: 'filters[related][$notNull]=true', expect: ['Alpha'] },
    { q: 'status=draft&filters[related][id][$null]=true', expect: ['Bravo', 'Delta'], why: 'the draft of Charlie sees the draft Delta' },
    { q: 'filters[articles][id][$null]=true', api: 'authors', expect: ['Emile', 'Grace'], why: 'inverse side; Grace has a draft only' },
    { q: 'status=draft&filters[articles][id][$null]=true', api: 'authors', expect: ['Emile'] },
    { q: 'filters[articles][$null]=true', api: 'categories', expect: ['Cooking', 'Empty'] },
    { q: 'filters[articles][$notNull]=true', api: 'categories', expect: ['Science'] },
    // a target without a version in the reader's locale is no relation
    { q: 'locale=fr&filters[category][id][$null]=true', expect: ['Foxtrot'], why: 'Science has no French version' },
    { q: 'locale=fr&filters[category][$notNull]=true', expect: ['Golf'] },
    // components
    { q: 'filters[seo][id][$null]=true', expect: ['Bravo'] },
    { q: 'filters[seo][$null]=true', expect: ['Bravo'] },
    { q: 'filters[seo][$notNull]=true', expect: ['Alpha', 'Charlie'] },
    { q: 'filters[seo][metaDescription][$null]=true', expect: ['Bravo', 'Charlie'] },
    { q: 'filters[seo][openGraph][id][$null]=true', expect: ['Bravo', 'Charlie'], why: 'nested component' },
    { q: 'filters[seo][openGraph][$notNull]=true', expect: ['Alpha'] },
    { q: 'filters[links][id][$null]=true', api: 'authors', expect: ['Emile', 'Grace'], why: 'repeatable component' },
    { q: 'filters[links][$notNull]=true', api: 'authors', expect: ['Ada'] },
  ];
  for (const c of cases) {
    const api = c.api ?? 'articles';
    it(`${api}?${c.q} -> [${c.expect.join(', ')}]${c.why ? ` (${c.why})` : ''}`, async () => {
      expect(await names(get(), api, c.q)).to.deep.equal(c.expect);
    });
  }

  it('other operators on a relation itself, and dynamic zones, stay a 400', async () => {
    const app = get();
    expectBadRequest(await app.get(`/api/articles?${encodeQuery('filters[category][$eq]=1')}`), 'ValidationError', 'Invalid key $eq');
    expectBadRequest(await app.get(`/api/articles?${encodeQuery('filters[blocks][$null]=true')}`), 'ValidationError', 'Invalid key blocks');
    expectBadRequest(await app.get(`/api/articles?${encodeQuery('filters[category][$null]=maybe')}`), 'ValidationError',
      'Invalid value for filters.category.$null: expected a boolean (true, false, 1, 0, t, f)');
  });

  it('GraphQL answers the same (null / notNull on the related documentId, not)', async () => {
    const titles = async (filters: Json) => (await gqlData(get(), 'query($f: ArticleFiltersInput) { articles(filters: $f, sort: ["title"]) { title } }', { f: filters }))
      .articles.map((a: Json) => a.title as string);
    expect(await titles({ category: { documentId: { null: true } } })).to.deep.equal(['Bravo']);
    expect(await titles({ not: { category: { documentId: { null: true } } } })).to.deep.equal(['Alpha', 'Charlie']);
    expect(await titles({ authors: { name: { null: true } } })).to.deep.equal(['Bravo', 'Charlie']);
    expect(await titles({ seo: { metaDescription: { null: true } } })).to.deep.equal(['Bravo', 'Charlie']);
  });
});
