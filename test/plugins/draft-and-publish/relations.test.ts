// draft-and-publish and relations (issue #5, items 6 and 7): a published version shows only
// published targets and a draft shows draft targets, at every level of populate, in deep filters
// and in populate counts; relations between a D&P type and one without work from both sides;
// publish copies relations, components, dynamic zones and media from the draft in place, and
// discard-draft copies them back.

import { expect } from 'chai';
import type { TestKernel } from '../../helpers/kernel.js';
import { action, create, expectStatus, fresh, ids, insertFile, list, readOne, update, useKernel, type Json } from './helpers.js';

const DEEP = {
  populate: {
    tags: { fields: ['name', 'publishedAt'] },
    featuredTag: { fields: ['name'] },
    writer: { fields: ['name'] },
    related: { fields: ['title'] },
    cover: { fields: ['name'] },
    seo: { populate: { tag: { fields: ['name'] } } },
    blocks: { on: { 'dp.quote': { populate: { tag: { fields: ['name'] } } }, 'dp.text': true } },
  },
};

/** What a version shows of its relations, components, dynamic zone and media. */
function shape(doc: Json): Json {
  return {
    tags: ids(doc.tags),
    featuredTag: doc.featuredTag?.documentId ?? null,
    writer: doc.writer?.documentId ?? null,
    related: ids(doc.related),
    cover: doc.cover?.name ?? null,
    seo: doc.seo ? { metaTitle: doc.seo.metaTitle, tag: doc.seo.tag?.documentId ?? null } : null,
    blocks: (doc.blocks as Json[]).map((b) => (b.__component === 'dp.quote'
      ? { q: b.text, tag: b.tag?.documentId ?? null }
      : { t: b.body })),
  };
}

describe('draft-and-publish: what each version shows of its relations', () => {
  const app = useKernel();
  let tPub: Json; let tDraft: Json; let tEdited: Json; let w: Json; let wFavDraft: Json; let wFavPub: Json;
  let A: Json; let D: Json; let P: Json;

  before(async () => {
    const a = app();
    tPub = await create(a, 'tags', { name: fresh('Pub') });
    tDraft = await create(a, 'tags', { name: fresh('DraftOnly') }, { status: 'draft' });
    tEdited = await create(a, 'tags', { name: fresh('Old') });
    await update(a, 'tags', tEdited.documentId, { name: `${tEdited.name} -> New` }, { status: 'draft' });
    w = await create(a, 'writers', { name: fresh('Writer') });
    P = await create(a, 'articles', { title: fresh('P published') });
    D = await create(a, 'articles', { title: fresh('D draft-only'), tags: [tPub.documentId], writer: w.documentId }, { status: 'draft' });
    const cover = await insertFile(a, 'cover-a.png');
    A = await create(a, 'articles', {
      title: fresh('A'),
      tags: [tPub.documentId, tDraft.documentId, tEdited.documentId],
      featuredTag: tDraft.documentId,
      writer: w.documentId,
      related: [D.documentId, P.documentId],
      cover,
      seo: { metaTitle: 'A seo', tag: tDraft.documentId },
      blocks: [
        { __component: 'dp.quote', text: 'q1', tag: tPub.documentId },
        { __component: 'dp.quote', text: 'q2', tag: tDraft.documentId },
        { __component: 'dp.text', body: 'plain' },
      ],
    });
    wFavDraft = await create(a, 'writers', { name: fresh('Fan of D'), favorite: D.documentId });
    wFavPub = await create(a, 'writers', { name: fresh('Fan of A'), favorite: A.documentId });
  });

  it('the published version shows published targets only, with their published values', async () => {
    const doc = await readOne(app(), 'articles', A.documentId, DEEP);
    expect(shape(doc!)).to.deep.equal({
      tags: [tPub.documentId, tEdited.documentId].sort(),
      featuredTag: null,
      writer: w.documentId,
      related: [P.documentId],
      cover: 'cover-a.png',
      seo: { metaTitle: 'A seo', tag: null },
      blocks: [{ q: 'q1', tag: tPub.documentId }, { q: 'q2', tag: null }, { t: 'plain' }],
    });
    expect(doc!.tags.find((t: Json) => t.documentId === tEdited.documentId).name, 'the published name').to.equal(tEdited.name);
    expect(doc!.tags.every((t: Json) => t.publishedAt !== null)).to.equal(true);
  });

  it('the draft shows draft targets (publishedAt null, draft values), including draft-only ones', async () => {
    const doc = await readOne(app(), 'articles', A.documentId, { ...DEEP, status: 'draft' });
    expect(shape(doc!)).to.deep.equal({
      tags: [tPub.documentId, tDraft.documentId, tEdited.documentId].sort(),
      featuredTag: tDraft.documentId,
      writer: w.documentId,
      related: [D.documentId, P.documentId].sort(),
      cover: 'cover-a.png',
      seo: { metaTitle: 'A seo', tag: tDraft.documentId },
      blocks: [{ q: 'q1', tag: tPub.documentId }, { q: 'q2', tag: tDraft.documentId }, { t: 'plain' }],
    });
    expect(doc!.tags.map((t: Json) => t.publishedAt)).to.deep.equal([null, null, null]);
    expect(doc!.tags.find((t: Json) => t.documentId === tEdited.documentId).name, 'the draft name').to.equal(`${tEdited.name} -> New`);
  });

  it('populate=* honours the status too', async () => {
    const published = await readOne(app(), 'articles', A.documentId, { populate: '*' });
    expect(ids(published!.tags)).to.deep.equal([tPub.documentId, tEdited.documentId].sort());
    expect(published!.featuredTag).to.equal(null);
    expect(JSON.stringify(published)).to.not.contain(tDraft.documentId);
    const draft = await readOne(app(), 'articles', A.documentId, { populate: '*', status: 'draft' });
    expect(ids(draft!.tags)).to.have.length(3);
  });

  it('to-many populate counts count the targets of the same status', async () => {
    const count = { populate: { tags: { count: true }, related: { count: true } } };
    const published = await readOne(app(), 'articles', A.documentId, count);
    expect(published!.tags).to.deep.equal({ count: 2 });
    expect(published!.related).to.deep.equal({ count: 1 });
    const draft = await readOne(app(), 'articles', A.documentId, { ...count, status: 'draft' });
    expect(draft!.tags).to.deep.equal({ count: 3 });
    expect(draft!.related).to.deep.equal({ count: 2 });
    const inverse = { populate: { articles: { count: true } } };
    expect((await readOne(app(), 'tags', tPub.documentId, inverse))!.articles).to.deep.equal({ count: 1 });
    expect((await readOne(app(), 'tags', tPub.documentId, { ...inverse, status: 'draft' }))!.articles).to.deep.equal({ count: 2 });
    expect((await readOne(app(), 'writers', w.documentId, inverse))!.articles).to.deep.equal({ count: 1 });
    expect((await readOne(app(), 'writers', w.documentId, { ...inverse, status: 'draft' }))!.articles).to.deep.equal({ count: 2 });
    const filtered = { populate: { tags: { count: true, filters: { name: { $eq: tDraft.name } } } } };
    expect((await readOne(app(), 'articles', A.documentId, filtered))!.tags).to.deep.equal({ count: 0 });
    expect((await readOne(app(), 'articles', A.documentId, { ...filtered, status: 'draft' }))!.tags).to.deep.equal({ count: 1 });
  });

  it('deep filters see the targets of the same status: a draft-only target never matches a published read', async () => {
    const mine = { documentId: { $in: [A.documentId, D.documentId, P.documentId] } };
    const cases: Array<{ filters: Json; published: string[]; draft: string[] }> = [
      { filters: { tags: { name: { $eq: tDraft.name } } }, published: [], draft: [A.documentId] },
      { filters: { tags: { documentId: { $eq: tDraft.documentId } } }, published: [], draft: [A.documentId] },
      { filters: { featuredTag: { name: { $eq: tDraft.name } } }, published: [], draft: [A.documentId] },
      { filters: { tags: { name: { $eq: tEdited.name } } }, published: [A.documentId], draft: [] },
      { filters: { tags: { name: { $eq: `${tEdited.name} -> New` } } }, published: [], draft: [A.documentId] },
      { filters: { seo: { tag: { name: { $eq: tDraft.name } } } }, published: [], draft: [A.documentId] },
      { filters: { related: { title: { $eq: D.title } } }, published: [], draft: [A.documentId] },
      { filters: { tags: { name: { $eq: tPub.name } } }, published: [A.documentId], draft: [A.documentId, D.documentId] },
      { filters: { tags: { articles: { title: { $eq: D.title } } } }, published: [], draft: [A.documentId, D.documentId] },
      { filters: { $not: { tags: { documentId: { $eq: tDraft.documentId } } } }, published: [A.documentId, P.documentId], draft: [D.documentId, P.documentId] },
    ];
    for (const c of cases) {
      const pub = await list(app(), 'articles', { filters: { $and: [mine, c.filters] } });
      expect(ids(pub.data), `published ${JSON.stringify(c.filters)}`).to.deep.equal([...c.published].sort());
      expect(pub.total).to.equal(c.published.length);
      const dr = await list(app(), 'articles', { status: 'draft', filters: { $and: [mine, c.filters] } });
      expect(ids(dr.data), `draft ${JSON.stringify(c.filters)}`).to.deep.equal([...c.draft].sort());
    }
  });

  it('filters inside populate see the same status', async () => {
    const q = { populate: { tags: { filters: { name: { $startsWith: 'DraftOnly' } } } } };
    expect((await readOne(app(), 'articles', A.documentId, q))!.tags).to.deep.equal([]);
    expect(ids((await readOne(app(), 'articles', A.documentId, { ...q, status: 'draft' }))!.tags)).to.deep.equal([tDraft.documentId]);
  });

  it('from the inverse side of a D&P relation: a tag lists the articles of the same status', async () => {
    const q = { populate: { articles: { fields: ['title', 'publishedAt'] } } };
    const pub = await readOne(app(), 'tags', tPub.documentId, q);
    expect(ids(pub!.articles)).to.deep.equal([A.documentId]);
    const draft = await readOne(app(), 'tags', tPub.documentId, { ...q, status: 'draft' });
    expect(ids(draft!.articles)).to.deep.equal([A.documentId, D.documentId].sort());
    expect(draft!.articles.map((x: Json) => x.publishedAt)).to.deep.equal([null, null]);
    expect(await readOne(app(), 'tags', tDraft.documentId, q), 'a draft-only tag has no published version').to.equal(null);
    expect(ids((await readOne(app(), 'tags', tDraft.documentId, { ...q, status: 'draft' }))!.articles)).to.deep.equal([A.documentId]);
  });

  it('populate honours the status at every level (article -> tags -> articles -> writer)', async () => {
    const q = { populate: { tags: { populate: { articles: { fields: ['title'], populate: { writer: { fields: ['name'] }, related: { fields: ['title'] } } } } } } };
    const pub = await readOne(app(), 'articles', A.documentId, q);
    const pubTag = pub!.tags.find((t: Json) => t.documentId === tPub.documentId);
    expect(ids(pubTag.articles), 'published: D is a draft').to.deep.equal([A.documentId]);
    expect(ids(pubTag.articles[0].related)).to.deep.equal([P.documentId]);
    expect(JSON.stringify(pub)).to.not.contain(D.documentId);
    expect(JSON.stringify(pub)).to.not.contain(tDraft.documentId);
    const draft = await readOne(app(), 'articles', A.documentId, { ...q, status: 'draft' });
    const draftTag = draft!.tags.find((t: Json) => t.documentId === tPub.documentId);
    expect(ids(draftTag.articles)).to.deep.equal([A.documentId, D.documentId].sort());
    expect(draftTag.articles.find((x: Json) => x.documentId === D.documentId).writer.documentId).to.equal(w.documentId);
  });

  it('D&P -> type without D&P: both versions show the writer', async () => {
    for (const status of ['published', 'draft']) {
      const doc = await readOne(app(), 'articles', A.documentId, { status, populate: { writer: true } });
      expect(doc!.writer.documentId, status).to.equal(w.documentId);
      expect(doc!.writer.publishedAt).to.be.a('string');
    }
  });

  it('type without D&P -> D&P (inverse side): the writer lists the articles of the asked status', async () => {
    const q = { populate: { articles: { fields: ['title', 'publishedAt'] } } };
    const pub = await readOne(app(), 'writers', w.documentId, q);
    expect(ids(pub!.articles)).to.deep.equal([A.documentId]);
    expect(pub!.articles[0].publishedAt).to.be.a('string');
    const draft = await readOne(app(), 'writers', w.documentId, { ...q, status: 'draft' });
    expect(ids(draft!.articles)).to.deep.equal([A.documentId, D.documentId].sort());
    expect(draft!.articles.map((x: Json) => x.publishedAt)).to.deep.equal([null, null]);
    const byFilter = await list(app(), 'writers', { filters: { articles: { title: { $eq: D.title } } } });
    expect(byFilter.total, 'a draft-only article does not match a published read').to.equal(0);
    const byFilterDraft = await list(app(), 'writers', { status: 'draft', filters: { articles: { title: { $eq: D.title } } } });
    expect(ids(byFilterDraft.data)).to.deep.equal([w.documentId]);
  });

  it('type without D&P -> D&P (one-directional): a draft-only target is null in published reads', async () => {
    const q = { populate: { favorite: { fields: ['title', 'publishedAt'] } } };
    expect((await readOne(app(), 'writers', wFavDraft.documentId, q))!.favorite).to.equal(null);
    expect((await readOne(app(), 'writers', wFavDraft.documentId, { ...q, status: 'draft' }))!.favorite).to.include({ documentId: D.documentId, publishedAt: null });
    const pub = await readOne(app(), 'writers', wFavPub.documentId, q);
    expect(pub!.favorite.documentId).to.equal(A.documentId);
    expect(pub!.favorite.publishedAt).to.be.a('string');
    const listed = await list(app(), 'writers', { filters: { favorite: { title: { $eq: D.title } } } });
    expect(listed.total).to.equal(0);
  });

  it('a D&P single type shows the published version of its target', async () => {
    await app().put('/api/homepage?status=draft', { data: { headline: 'Home', hero: D.documentId, seo: { metaTitle: 'home', tag: tDraft.documentId } } });
    expectStatus(await app().request('POST', '/api/homepage/actions/publish'), 200);
    const pub = await app().get('/api/homepage?populate[hero]=true&populate[seo][populate]=*');
    expectStatus(pub, 200);
    expect(pub.body.data.hero).to.equal(null);
    expect(pub.body.data.seo.tag).to.equal(null);
    const draft = await app().get('/api/homepage?status=draft&populate[hero]=true&populate[seo][populate]=*');
    expect(draft.body.data.hero.documentId).to.equal(D.documentId);
    expect(draft.body.data.seo.tag.documentId).to.equal(tDraft.documentId);
  });

  it('when a target is published later, published readers see it without republishing the source', async () => {
    expectStatus(await action(app(), 'tags', tDraft.documentId, 'publish'), 200);
    try {
      const doc = await readOne(app(), 'articles', A.documentId, DEEP);
      expect(shape(doc!).tags).to.deep.equal([tPub.documentId, tDraft.documentId, tEdited.documentId].sort());
      expect(shape(doc!).seo.tag).to.equal(tDraft.documentId);
    } finally {
      expectStatus(await action(app(), 'tags', tDraft.documentId, 'unpublish'), 200);
    }
    const doc = await readOne(app(), 'articles', A.documentId, DEEP);
    expect(shape(doc!).tags, 'unpublished again: hidden again').to.deep.equal([tPub.documentId, tEdited.documentId].sort());
  });
});

describe('draft-and-publish: a draft write never changes a published version', () => {
  const app = useKernel();

  it('owner side: connecting a tag on an article\'s draft changes neither published version', async () => {
    const tag = await create(app(), 'tags', { name: fresh('T owner') });
    const art = await create(app(), 'articles', { title: fresh('A owner') });
    await update(app(), 'articles', art.documentId, { tags: { connect: [tag.documentId] } }, { status: 'draft' });
    expect(ids((await readOne(app(), 'articles', art.documentId, { populate: ['tags'] }))!.tags)).to.deep.equal([]);
    expect(ids((await readOne(app(), 'tags', tag.documentId, { populate: ['articles'] }))!.articles)).to.deep.equal([]);
    expect(ids((await readOne(app(), 'tags', tag.documentId, { status: 'draft', populate: ['articles'] }))!.articles)).to.deep.equal([art.documentId]);
  });

  it('inverse side: connecting articles on a tag\'s draft (?status=draft) changes neither published version', async () => {
    const tag = await create(app(), 'tags', { name: fresh('T inverse') });
    const art = await create(app(), 'articles', { title: fresh('A inverse') });
    const res = await app().put(`/api/tags/${tag.documentId}?status=draft`, { data: { articles: { connect: [art.documentId] } } });
    expectStatus(res, 200);
    expect(ids((await readOne(app(), 'tags', tag.documentId, { status: 'draft', populate: ['articles'] }))!.articles), 'the tag draft shows it').to.deep.equal([art.documentId]);
    expect(ids((await readOne(app(), 'tags', tag.documentId, { populate: ['articles'] }))!.articles), 'the tag\'s published version').to.deep.equal([]);
    expect(ids((await readOne(app(), 'articles', art.documentId, { populate: ['tags'] }))!.tags), 'the article\'s published version').to.deep.equal([]);
  });

  it('inverse side: disconnecting on a tag\'s draft changes neither published version', async () => {
    const tag = await create(app(), 'tags', { name: fresh('T inverse 2') });
    const art = await create(app(), 'articles', { title: fresh('A inverse 2'), tags: [tag.documentId] });
    const res = await app().put(`/api/tags/${tag.documentId}?status=draft`, { data: { articles: { disconnect: [art.documentId] } } });
    expectStatus(res, 200);
    expect(ids((await readOne(app(), 'tags', tag.documentId, { populate: ['articles'] }))!.articles), 'the tag\'s published version').to.deep.equal([art.documentId]);
    expect(ids((await readOne(app(), 'articles', art.documentId, { populate: ['tags'] }))!.tags), 'the article\'s published version').to.deep.equal([tag.documentId]);
  });

  it('oneToOne: taking a target on another article\'s draft leaves the first article\'s published version alone', async () => {
    const tag = await create(app(), 'tags', { name: fresh('T spot') });
    const a = await create(app(), 'articles', { title: fresh('A spot'), spotlight: tag.documentId });
    const b = await create(app(), 'articles', { title: fresh('B spot') });
    await update(app(), 'articles', b.documentId, { spotlight: tag.documentId }, { status: 'draft' });
    expect((await readOne(app(), 'articles', b.documentId, { status: 'draft', populate: ['spotlight'] }))!.spotlight.documentId).to.equal(tag.documentId);
    const pubA = await readOne(app(), 'articles', a.documentId, { populate: ['spotlight'] });
    expect(pubA!.spotlight?.documentId ?? null, 'A\'s published version still points at the tag').to.equal(tag.documentId);
  });
});

describe('draft-and-publish: publish and discard-draft copy relations, components, dynamic zones and media', () => {
  const app = useKernel();

  async function setup(a: TestKernel) {
    const t1 = await create(a, 'tags', { name: fresh('t1') });
    const t2 = await create(a, 'tags', { name: fresh('t2') });
    const t3 = await create(a, 'tags', { name: fresh('t3') });
    const w1 = await create(a, 'writers', { name: fresh('w1') });
    const w2 = await create(a, 'writers', { name: fresh('w2') });
    const other = await create(a, 'articles', { title: fresh('other') });
    const f1 = await insertFile(a, 'f1.png');
    const f2 = await insertFile(a, 'f2.png');
    const doc = await create(a, 'articles', {
      title: fresh('Copy'), tags: [t1.documentId, t2.documentId], featuredTag: t1.documentId, writer: w1.documentId,
      related: [], cover: f1, seo: { metaTitle: 'v1', tag: t1.documentId },
      blocks: [{ __component: 'dp.quote', text: 'v1 quote', tag: t2.documentId }],
    });
    return { t1, t2, t3, w1, w2, other, f1, f2, doc };
  }

  const changes = (s: Awaited<ReturnType<typeof setup>>): Json => ({
    title: 'v2', tags: { disconnect: [s.t1.documentId], connect: [s.t3.documentId] }, featuredTag: s.t3.documentId,
    writer: s.w2.documentId, related: [s.other.documentId], cover: s.f2, seo: { metaTitle: 'v2', tag: s.t3.documentId },
    blocks: [{ __component: 'dp.text', body: 'v2 text' }, { __component: 'dp.quote', text: 'v2 quote', tag: s.t1.documentId }],
  });

  const v1 = (s: Awaited<ReturnType<typeof setup>>): Json => ({
    tags: [s.t1.documentId, s.t2.documentId].sort(), featuredTag: s.t1.documentId, writer: s.w1.documentId, related: [],
    cover: 'f1.png', seo: { metaTitle: 'v1', tag: s.t1.documentId }, blocks: [{ q: 'v1 quote', tag: s.t2.documentId }],
  });
  const v2 = (s: Awaited<ReturnType<typeof setup>>): Json => ({
    tags: [s.t2.documentId, s.t3.documentId].sort(), featuredTag: s.t3.documentId, writer: s.w2.documentId, related: [s.other.documentId],
    cover: 'f2.png', seo: { metaTitle: 'v2', tag: s.t3.documentId }, blocks: [{ t: 'v2 text' }, { q: 'v2 quote', tag: s.t1.documentId }],
  });

  it('a draft edit leaves the published relations, components and media alone; publish copies them in place', async () => {
    const s = await setup(app());
    const publishedId = (await readOne(app(), 'articles', s.doc.documentId))!.id;
    await update(app(), 'articles', s.doc.documentId, changes(s), { status: 'draft' });
    expect(shape((await readOne(app(), 'articles', s.doc.documentId, DEEP))!), 'published before publish').to.deep.equal(v1(s));
    expect(shape((await readOne(app(), 'articles', s.doc.documentId, { ...DEEP, status: 'draft' }))!), 'draft').to.deep.equal(v2(s));

    const res = await action(app(), 'articles', s.doc.documentId, 'publish', DEEP);
    expectStatus(res, 200);
    expect(shape(res.body.data), 'publish response').to.deep.equal(v2(s));
    const published = await readOne(app(), 'articles', s.doc.documentId, DEEP);
    expect(shape(published!), 'published after publish').to.deep.equal(v2(s));
    expect(published!.id, 'published row updated in place').to.equal(publishedId);
    expect(shape((await readOne(app(), 'articles', s.doc.documentId, { ...DEEP, status: 'draft' }))!), 'draft unchanged by publish').to.deep.equal(v2(s));

    // the inverse sides agree
    expect(ids((await readOne(app(), 'tags', s.t1.documentId, { populate: ['articles'] }))!.articles)).to.deep.equal([]);
    expect(ids((await readOne(app(), 'tags', s.t3.documentId, { populate: ['articles'] }))!.articles)).to.deep.equal([s.doc.documentId]);
    expect(ids((await readOne(app(), 'writers', s.w1.documentId, { populate: ['articles'] }))!.articles)).to.deep.equal([]);
    expect(ids((await readOne(app(), 'writers', s.w2.documentId, { populate: ['articles'] }))!.articles)).to.deep.equal([s.doc.documentId]);
  });

  it('the draft and the published version own separate component rows', async () => {
    const s = await setup(app());
    const pub = await readOne(app(), 'articles', s.doc.documentId, { populate: ['seo'] });
    const draft = await readOne(app(), 'articles', s.doc.documentId, { status: 'draft', populate: ['seo'] });
    expect(pub!.seo.id).to.not.equal(draft!.seo.id);
    // editing the draft's component by id changes only the draft
    await update(app(), 'articles', s.doc.documentId, { seo: { id: draft!.seo.id, metaTitle: 'edited' } }, { status: 'draft' });
    expect((await readOne(app(), 'articles', s.doc.documentId, { populate: ['seo'] }))!.seo.metaTitle).to.equal('v1');
    // a client that read the published version sends its component id back: the draft gets its own
    // new row with those values, and the published component is untouched
    const res = await app().put(`/api/articles/${s.doc.documentId}?status=draft&populate=seo`, { data: { seo: { id: pub!.seo.id, metaTitle: 'from published' } } });
    expectStatus(res, 200);
    expect(res.body.data.seo.metaTitle).to.equal('from published');
    expect(res.body.data.seo.id).to.not.equal(pub!.seo.id);
    const published = await readOne(app(), 'articles', s.doc.documentId, { populate: ['seo'] });
    expect(published!.seo).to.include({ id: pub!.seo.id, metaTitle: 'v1' });
  });

  it('discard-draft resets the draft\'s relations, components, dynamic zone and media from the published version', async () => {
    const s = await setup(app());
    const draftId = (await readOne(app(), 'articles', s.doc.documentId, { status: 'draft' }))!.id;
    await update(app(), 'articles', s.doc.documentId, changes(s), { status: 'draft' });
    const res = await action(app(), 'articles', s.doc.documentId, 'discard-draft', DEEP);
    expectStatus(res, 200);
    expect(shape(res.body.data)).to.deep.equal(v1(s));
    const draft = await readOne(app(), 'articles', s.doc.documentId, { ...DEEP, status: 'draft' });
    expect(shape(draft!)).to.deep.equal(v1(s));
    expect(draft!.title).to.equal(s.doc.title);
    expect(draft!.id, 'the draft row is reset in place').to.equal(draftId);
    expect(shape((await readOne(app(), 'articles', s.doc.documentId, DEEP))!)).to.deep.equal(v1(s));
    expect(ids((await readOne(app(), 'tags', s.t3.documentId, { status: 'draft', populate: ['articles'] }))!.articles)).to.deep.equal([]);
    expect(ids((await readOne(app(), 'writers', s.w1.documentId, { status: 'draft', populate: ['articles'] }))!.articles)).to.deep.equal([s.doc.documentId]);
  });

  it('unpublish removes the published version and what it owns; incoming links survive and resolve again after publish', async () => {
    const s = await setup(app());
    const fan = await create(app(), 'writers', { name: fresh('fan'), favorite: s.doc.documentId });
    const linker = await create(app(), 'articles', { title: fresh('linker'), related: [s.doc.documentId] });
    expectStatus(await action(app(), 'articles', s.doc.documentId, 'unpublish'), 200);
    expect((await readOne(app(), 'writers', fan.documentId, { populate: ['favorite'] }))!.favorite).to.equal(null);
    expect((await readOne(app(), 'articles', linker.documentId, { populate: ['related'] }))!.related).to.deep.equal([]);
    expect(ids((await readOne(app(), 'tags', s.t1.documentId, { populate: ['articles'] }))!.articles)).to.deep.equal([]);
    expect((await readOne(app(), 'writers', fan.documentId, { status: 'draft', populate: ['favorite'] }))!.favorite.documentId).to.equal(s.doc.documentId);
    expect(shape((await readOne(app(), 'articles', s.doc.documentId, { ...DEEP, status: 'draft' }))!)).to.deep.equal(v1(s));
    expectStatus(await action(app(), 'articles', s.doc.documentId, 'publish'), 200);
    expect((await readOne(app(), 'writers', fan.documentId, { populate: ['favorite'] }))!.favorite.documentId).to.equal(s.doc.documentId);
    expect(ids((await readOne(app(), 'articles', linker.documentId, { populate: ['related'] }))!.related)).to.deep.equal([s.doc.documentId]);
    expect(shape((await readOne(app(), 'articles', s.doc.documentId, DEEP))!)).to.deep.equal(v1(s));
  });

  it('publish, discard-draft and unpublish replace what a version owns: no orphan component rows or links', async () => {
    const s = await setup(app());
    const tables = ['components_dp_seos', 'components_dp_quotes', 'components_dp_texts', 'dp_articles_cmps', 'dp_articles_tags_lnk', 'files_related_mph'];
    const counts = async (): Promise<number[]> => Promise.all(tables.map(async (t) => Number((await app().kernel.db(t).count({ n: '*' }).first() as Json).n)));
    const start = await counts();
    for (let i = 0; i < 3; i++) {
      expectStatus(await action(app(), 'articles', s.doc.documentId, 'publish'), 200);
      expectStatus(await action(app(), 'articles', s.doc.documentId, 'discard-draft'), 200);
    }
    expect(await counts(), `${tables.join(', ')} after publishes and discards`).to.deep.equal(start);
    expectStatus(await action(app(), 'articles', s.doc.documentId, 'unpublish'), 200);
    // the published version owned one seo, one quote, its component links (2), two tag links, one cover link
    expect(await counts(), `${tables.join(', ')} after unpublish`).to.deep.equal([start[0]! - 1, start[1]! - 1, start[2]!, start[3]! - 2, start[4]! - 2, start[5]! - 1]);
  });

  it('deleting a target removes it from both versions', async () => {
    const s = await setup(app());
    expectStatus(await app().del(`/api/tags/${s.t1.documentId}`), 204);
    for (const status of ['published', 'draft']) {
      const doc = await readOne(app(), 'articles', s.doc.documentId, { ...DEEP, status });
      expect(shape(doc!).tags, status).to.deep.equal([s.t2.documentId]);
      expect(shape(doc!).featuredTag, status).to.equal(null);
    }
    // publishing again does not bring it back
    expectStatus(await action(app(), 'articles', s.doc.documentId, 'publish'), 200);
    expect(shape((await readOne(app(), 'articles', s.doc.documentId, DEEP))!).tags).to.deep.equal([s.t2.documentId]);
  });

  it('deleting a document removes what both versions own (components, links)', async () => {
    const s = await setup(app());
    const before = Number((await app().kernel.db('components_dp_seos').count({ n: '*' }).first() as Json).n);
    expectStatus(await app().del(`/api/articles/${s.doc.documentId}`), 204);
    const after = Number((await app().kernel.db('components_dp_seos').count({ n: '*' }).first() as Json).n);
    expect(before - after, 'the draft\'s and the published version\'s seo rows').to.equal(2);
    expect(ids((await readOne(app(), 'tags', s.t2.documentId, { status: 'draft', populate: ['articles'] }))!.articles)).to.deep.equal([]);
  });
});
