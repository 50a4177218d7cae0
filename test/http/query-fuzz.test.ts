// Property-based tests of the REST query language: random and malformed query strings on the list
// endpoints. Every answer is a 200 with data and meta.pagination or a 400 in the error envelope;
// none is a 500, and none carries private values, password hashes, SQL or stack traces.
//
// Fixed seed, so a failure replays. FUZZ_RUNS sets the runs per property (default 200); e.g.
// FUZZ_RUNS=2000 for a long run. FUZZ_VERBOSE=1 prints how many answers were 200 and 400.

import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { startKernel, type TestKernel } from '../helpers/kernel.js';
import { hiddenRequest, rawRequest, structuredRequest, toWire, type FuzzRequest } from './fuzz/arbitraries.js';
import { checkAnswer, formatStats, getList, newStats, PASSCODE_MARKER, PRIVATE_MARKER, type Stats } from './fuzz/check.js';

const SEED = 42;
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 200) || 200);
const VERBOSE = Boolean(process.env.FUZZ_VERBOSE);

describe('REST: query fuzzing (fast-check)', () => {
  let app: TestKernel;
  const seeded: Record<string, string> = {};

  before(async function () {
    this.timeout(120_000);
    app = await startKernel();
    await seed(app, seeded);
  });
  after(async () => { await app?.stop(); });

  /** One request of a property: sent as generated (made wire-safe), then checked. */
  const send = async ({ endpoint, query }: FuzzRequest, stats: Stats): Promise<{ status: number; wire: string }> => {
    const wire = toWire(query);
    const res = await getList(app, endpoint, wire);
    checkAnswer(endpoint, wire, res, app.logs, stats);
    return { status: res.status, wire };
  };

  const timeoutFor = (runs: number): number => Math.max(60_000, runs * 400);

  it('the fixtures are stored, readable and hide their private values', async () => {
    const rows = await app.kernel.db('authors').select('*');
    const stored = JSON.stringify(rows);
    expect(stored).to.contain(PRIVATE_MARKER);
    expect(stored).to.match(/\$2[aby]\$/);
    expect(stored).to.not.contain(PASSCODE_MARKER);

    const all = await getList(app, '/api/articles', 'populate=*&sort=id');
    checkAnswer('/api/articles', 'populate=*&sort=id', all, app.logs);
    expect(all.body.data).to.have.length(4);
    const first = all.body.data[0];
    expect(first.category.name).to.equal('News');
    expect(first.authors).to.have.length(2);
    expect(first.seo.metaTitle).to.equal('Meta title');
    expect(first.blocks).to.have.length(2);
    expect(first.cover.name).to.equal('cover.png');

    const deep = 'populate[authors][populate]=*&populate[blocks][on][shared.quote][populate][person]=true&populate[category][populate][parent]=true';
    const res = await getList(app, '/api/articles', deep);
    checkAnswer('/api/articles', deep, res, app.logs);
    expect(res.body.data[0].blocks[0].person.name).to.equal('Alice');
    expect(res.body.data[0].authors[0].name).to.equal('Alice');

    for (const q of [`_q=${PRIVATE_MARKER}`, '_q=PRIVATE', `_q=${PASSCODE_MARKER}`, '_q=%242', '_q=$2b']) {
      const found = await getList(app, '/api/authors', q);
      expect(found.status, q).to.equal(200);
      expect(found.body.data, `${q} must not search private or password attributes`).to.deep.equal([]);
    }
  });

  it('hand-picked malformed and hostile queries: 200 or the 400 envelope, never a 500 or a leak', async () => {
    const stats = newStats();
    const cases: string[] = [
      'filters[[[', 'filters]]]=1', 'filters[=1', '[]=1', '=', '&&&', '%', '%%', '%zz', '_q=%', '_q=%E0%A4%A',
      `filters${'[a]'.repeat(25)}=1`, `filters${'[category][parent]'.repeat(12)}[name]=x`, `populate${'[category][populate]'.repeat(15)}=*`,
      'a[100000]=1', 'filters[$or][100000][title]=x', 'sort[101]=title', 'populate[99999]=category',
      Array.from({ length: 2000 }, () => 'a=1').join('&'), Array.from({ length: 1000 }, (_, i) => `a[]=${i % 10}`).join('&'),
      Array.from({ length: 500 }, (_, i) => `filters[id][$in][]=${i % 10}`).join('&'), Array.from({ length: 150 }, (_, i) => `filters[id][$in]=${i}`).join('&'),
      'sort=title&sort=views:desc', 'filters[title]=a&filters[title][$eq]=b', 'pagination[page]=1&pagination[page]=2',
      'filters[title][$regex]=.*', 'filters[$where]=1', 'filters[title][$ilike]=%25', 'filters[t1.password][$eq]=x',
      'filters[__proto__][x]=1', 'filters[constructor][prototype][x]=1', 'sort=__proto__', 'populate[__proto__]=true',
      'fields[0]=constructor', 'filters[title][$eq]=%27%3B%20DROP%20TABLE%20articles%3B%20--', 'filters[id][$in]=1%20OR%201%3D1',
      'filters[title][$contains]=%25', 'filters[title][$contains]=_', 'filters[title][$containsi]=%5C', 'filters[title][$startsWith]=100%25',
      'filters[views][$gt]=99999999999999999999999', 'filters[readingTime][$between][0]=1', 'filters[rating][$lt]=1e309',
      'filters[publishDate][$eq]=2024-02-30', 'filters[metadata][$eq]=x', 'filters[content][$null]=true',
      'filters[seo][openGraph][ogType][$eq]=website', 'filters[blocks][title]=x', 'filters[cover][name]=x',
      'filters[authors][secretNote][$startsWith]=P', 'filters[authors][passcode][$eq]=PASSCODE-MARKER-91',
      'sort=title:sideways', 'sort=category.parent.name:desc', 'sort=authors.name', 'sort[category][name]=desc',
      'pagination[page]=-1', 'pagination[pageSize]=0', 'pagination[page]=1&pagination[start]=0', 'pagination[limit]=-1',
      'pagination[withCount]=maybe', 'start=99999999999999999999', 'pagination=5', 'page=abc&pageSize=1e3',
      'populate=*', 'populate=**', 'populate[blocks][on][shared.quote][populate][person]=true', 'populate[blocks][populate]=*',
      'populate[blocks][on][shared.seo]=true', 'populate[authors][count]=true', 'populate[category][count]=true',
      'populate[seo][on][x]=1', 'populate[authors][pagination][page]=1', 'populate[authors][fields][0]=secretNote',
      'populate=seo.openGraph', 'populate=blocks.person', 'populate=cover.related', 'fields=title,secretNote',
      '_q[]=x', '_q[a]=b', '_q=' + 'x'.repeat(4000), 'locale=fr&status=draft&foo=bar', 'filters=abc', 'sort=', 'fields=',
      // Values the compiler accepts that a column type may not hold (integer/bigint range, year 0, year 10000, NUL)
      'filters[id][$eq]=2147483648', 'filters[readingTime][$eq]=2147483648', 'filters[views][$gt]=9223372036854775808',
      'filters[publishDate][$eq]=0000-01-01', 'filters[createdAt][$lt]=0000-01-01',
      'filters[joinedAt][$eq]=9999-12-31T23:59:59-14:00', 'filters[updatedAt][$lt]=0000-01-01T00:00:00%2B14:00',
      'filters[createdAt][$lt]=0001-01-01T00:00:00%2B14:00',
      '_q=2147483648', '_q=99999999999999999999999', '_q=%00', 'filters[title][$eq]=%00', 'filters[name][$contains]=a%00b',
      'populate[authors][filters][name][$eq]=%00',
    ];
    // Every case runs, and every failure is listed
    const failures: string[] = [];
    for (const query of cases) {
      for (const endpoint of ['/api/articles', '/api/categories', '/api/authors']) {
        try { await send({ endpoint, query }, stats); } catch (err) { failures.push((err as Error).message); }
      }
    }
    if (VERBOSE) console.log(formatStats('hand-picked', stats));
    if (failures.length) expect.fail(`${failures.length} failing answers:\n\n${failures.join('\n\n')}`);
  });

  it(`structured random queries (qs.stringify of valid and invalid parts), ${RUNS} runs`, async function () {
    this.timeout(timeoutFor(RUNS));
    const stats = newStats();
    await fc.assert(fc.asyncProperty(structuredRequest, async (req) => { await send(req, stats); }), { seed: SEED, numRuns: RUNS });
    if (VERBOSE) console.log(formatStats('structured', stats));
    // The generators are meant to reach SQL, not only the validator
    expect(stats.ok, formatStats('structured', stats)).to.be.greaterThan(0);
  });

  it(`raw malformed query strings, ${RUNS} runs`, async function () {
    this.timeout(timeoutFor(RUNS));
    const stats = newStats();
    await fc.assert(fc.asyncProperty(rawRequest, async (req) => { await send(req, stats); }), { seed: SEED, numRuns: RUNS });
    if (VERBOSE) console.log(formatStats('raw', stats));
  });

  it(`private and password attributes in filters, sort, fields or populate are refused at any depth, ${RUNS} runs`, async function () {
    this.timeout(timeoutFor(RUNS));
    const stats = newStats();
    await fc.assert(fc.asyncProperty(hiddenRequest, async (req) => {
      const { status, wire } = await send(req, stats);
      expect(status, `GET ${req.endpoint}?${wire} names a private or password attribute: it must be refused`).to.equal(400);
    }), { seed: SEED, numRuns: RUNS });
    if (VERBOSE) console.log(formatStats('hidden', stats));
  });
});

// ------------------------------------------------------------------------------ fixtures

const FILE_TIME = '2024-05-01T12:00:00.000Z';

async function insertFile(app: TestKernel, name: string): Promise<number> {
  const documentId = randomBytes(12).toString('hex');
  const time = app.kernel.dialect === 'mysql' ? FILE_TIME.slice(0, 23).replace('T', ' ') : FILE_TIME;
  await app.kernel.db('files').insert({
    document_id: documentId, name, mime: 'image/png', url: `/uploads/${name}`, ext: '.png',
    hash: `hash_${documentId}`, size: 1.5, provider: 'local', created_at: time, updated_at: time,
  });
  const row = await app.kernel.db('files').where({ document_id: documentId }).first('id') as { id: number | string };
  return Number(row.id);
}

async function create(app: TestKernel, api: string, data: Record<string, unknown>): Promise<string> {
  const res = await app.post(`/api/${api}`, { data });
  if (res.status !== 201) throw new Error(`seeding ${api} failed: ${res.status} ${res.text}`);
  return res.body.data.documentId as string;
}

async function update(app: TestKernel, api: string, documentId: string, data: Record<string, unknown>): Promise<void> {
  const res = await app.put(`/api/${api}/${documentId}`, { data });
  if (res.status !== 200) throw new Error(`seeding ${api} failed: ${res.status} ${res.text}`);
}

/** Categories in a chain, two authors with private markers, four articles touching every attribute kind. */
async function seed(app: TestKernel, ids: Record<string, string>): Promise<void> {
  const cover = await insertFile(app, 'cover.png');
  const shot = await insertFile(app, 'shot.png');

  ids.news = await create(app, 'categories', { name: 'News', description: 'Daily news' });
  ids.tech = await create(app, 'categories', { name: 'Tech', parent: ids.news });
  ids.child = await create(app, 'categories', { name: '100% pure_fun Child', parent: ids.tech, description: "O'Brien \\ \"q\"" });

  ids.alice = await create(app, 'authors', {
    name: 'Alice', email: 'alice@example.com', bio: 'Writes', website: 'https://example.com',
    secretNote: `${PRIVATE_MARKER} alice`, passcode: PASSCODE_MARKER, joinedAt: '2024-01-01T10:00:00.000Z',
    preferredTime: '12:30:00.000', links: [{ label: 'Home', url: 'https://example.com' }], avatar: shot,
  });
  ids.bob = await create(app, 'authors', {
    name: 'Bob', email: 'bob@example.com', secretNote: `${PRIVATE_MARKER} bob`, passcode: `${PASSCODE_MARKER}-bob`,
  });

  ids.a1 = await create(app, 'articles', {
    title: '100% pure_fun', description: 'Percent and underscore', body: '# Body', readingTime: 5,
    views: '9007199254740993', rating: 4.5, price: 9.99, featured: true, publishDate: '2024-02-29',
    metadata: { tags: ['a', 'b'], nested: { x: 1 } }, reviewState: 'approved', category: ids.news,
    authors: [ids.alice, ids.bob], cover, gallery: [cover, shot],
    content: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello' }] }],
    seo: { metaTitle: 'Meta title', metaDescription: 'Meta', keywords: ['k'], openGraph: { ogTitle: 'OG', ogType: 'website' } },
    blocks: [
      { __component: 'shared.quote', title: 'Q', body: 'Quoted text', person: ids.alice },
      { __component: 'shared.rich-text', body: '## Rich' },
    ],
  });
  ids.a2 = await create(app, 'articles', {
    title: "O'Brien \"quoted\" back\\slash", readingTime: 0, rating: 0, price: -1.5, category: ids.tech,
    authors: [ids.alice], related: [ids.a1], seo: { metaTitle: 'Second' },
    blocks: [{ __component: 'shared.media', file: shot }, { __component: 'shared.quote', title: 'No person' }],
  });
  ids.a3 = await create(app, 'articles', { title: 'Ünïcödé 日本語 🎉', category: ids.child, reviewState: 'archived', related: [ids.a1, ids.a2] });
  ids.a4 = await create(app, 'articles', { title: 'Plain article' });

  await update(app, 'authors', ids.alice, { spotlight: ids.a1 });
  await update(app, 'categories', ids.news, { featuredArticle: ids.a1 });
}
