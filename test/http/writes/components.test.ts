// Components (single, repeatable, nested), dynamic zones and media through REST writes:
// - create, replace and clear, with the components' own relations and media;
// - PUT as Strapi v5 does it: items sent with an id keep that row (same id in the response), items
//   without one are new rows, items left out are removed, with their nested rows and links (checked
//   in the component tables, not only through populate);
// - min/max of repeatable components; __component of dynamic zone items; media by file id, in
//   order, allowedTypes enforced, populated as the spec's media object.

import { expect } from 'chai';
import type { TestKernel } from '../../helpers/kernel.js';
import {
  count, counts, create, expectFieldError, expectUnchanged, insertFile, many, mediaObject, MEDIA_KEYS, qstring, read,
  rowId, snapshot, update, useKernel, type FileRef, type Json, type Table,
} from './helpers.js';

const HERO = { hero: { populate: { tags: true, image: true, cta: { populate: { target: true, icon: true } } } } };
const SECTIONS = { sections: { populate: { tags: true, image: true, items: { populate: { tag: true } } } } };
const BODY = {
  body: { on: { 'blocks.quote': true, 'blocks.figure': { populate: { image: true } }, 'blocks.cta': { populate: { target: true, icon: true } } } },
};

const ids = (list: Json[]): number[] => list.map((x) => x.id as number);
const docIds = (list: Json[]): string[] => list.map((x) => x.documentId as string);

/** Row ids present in a table among the given ones. */
async function present(app: TestKernel, table: Table, rowIds: number[]): Promise<number[]> {
  if (!rowIds.length) return [];
  const rows = await app.kernel.db(table).whereIn('id', rowIds).select('id') as Json[];
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

async function linksFrom(app: TestKernel, table: Table, sourceIds: number[]): Promise<number> {
  const row = await app.kernel.db(table).whereIn('source_id', sourceIds).count({ n: '*' }).first() as Json;
  return Number(row.n);
}

async function mediaLinks(app: TestKernel, relatedType: string, relatedIds: number[]): Promise<number> {
  const row = await app.kernel.db('files_related_mph').where('related_type', relatedType).whereIn('related_id', relatedIds).count({ n: '*' }).first() as Json;
  return Number(row.n);
}

/** Table counts after minus before, only where they differ. */
function delta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of Object.keys(after)) if (after[key] !== before[key]) out[key] = after[key]! - before[key]!;
  return out;
}

interface Files { img1: FileRef; img2: FileRef; img3: FileRef; video: FileRef; pdf: FileRef; audio: FileRef }

async function seedFiles(app: TestKernel): Promise<Files> {
  return {
    img1: await insertFile(app, { name: 'one.png', mime: 'image/png', ext: '.png' }),
    img2: await insertFile(app, { name: 'two.jpg', mime: 'image/jpeg', ext: '.jpg' }),
    img3: await insertFile(app, { name: 'three.gif', mime: 'image/gif', ext: '.gif' }),
    video: await insertFile(app, { name: 'clip.mp4', mime: 'video/mp4', ext: '.mp4' }),
    pdf: await insertFile(app, { name: 'doc.pdf', mime: 'application/pdf', ext: '.pdf' }),
    audio: await insertFile(app, { name: 'song.mp3', mime: 'audio/mpeg', ext: '.mp3' }),
  };
}

// --------------------------------------------------------------------------- single component

describe('single component with relations, media and a nested component (posts.hero)', () => {
  const app = useKernel();
  let f: Files;
  let t: string[];
  before(async () => {
    f = await seedFiles(app());
    t = await many(app(), 'tags', 3);
  });

  const heroData = (): Json => ({
    title: 'Hero', tags: [t[1]!, t[0]!], image: f.img1.id,
    cta: { label: 'Go', target: t[2]!, icon: { id: f.img2.id } },
  });

  it('create: stores the component, its nested component, their relations and media', async () => {
    const before = await counts(app());
    const post = await create(app(), 'posts', { hero: heroData() });
    expect(delta(before, await counts(app()))).to.deep.equal({
      wr_posts: 1, wr_posts_cmps: 1, wr_cmp_heroes: 1, wr_cmp_heroes_tags_lnk: 2, wr_cmp_heroes_cmps: 1,
      wr_cmp_ctas: 1, wr_cmp_ctas_target_lnk: 1, files_related_mph: 2,
    });
    const { hero } = await read(app(), 'posts', post.documentId, { populate: HERO });
    expect(hero.id).to.be.a('number');
    expect(hero.title).to.equal('Hero');
    expect(docIds(hero.tags)).to.deep.equal([t[1], t[0]]);
    expect(hero.image).to.deep.equal(mediaObject(f.img1));
    expect(hero.cta).to.include({ label: 'Go' });
    expect(hero.cta.id).to.be.a('number');
    expect(hero.cta.target.documentId).to.equal(t[2]);
    expect(hero.cta.icon).to.deep.equal(mediaObject(f.img2));
  });

  it('create: the response populates the component when asked', async () => {
    const res = await app().post(`/api/posts${qstring({ populate: HERO })}`, { data: { title: 'p', hero: heroData() } });
    expect(res.status, res.text).to.equal(201);
    expect(res.body.data.hero.title).to.equal('Hero');
    expect(res.body.data.hero.cta.target.documentId).to.equal(t[2]);
  });

  it('update with the component id keeps its row and the nested row (same ids), changing values, relations and media', async () => {
    const post = await create(app(), 'posts', { hero: heroData() });
    const { hero } = await read(app(), 'posts', post.documentId, { populate: HERO });
    const before = await counts(app());
    const res = await app().put(`/api/posts/${post.documentId}${qstring({ populate: HERO })}`, {
      data: { hero: { id: hero.id, title: 'Changed', tags: { connect: [t[2]!], disconnect: [t[1]!] }, image: null, cta: { id: hero.cta.id, label: 'Changed CTA', target: null, icon: f.img3.id } } },
    });
    expect(res.status, res.text).to.equal(200);
    const out = res.body.data.hero;
    expect(out.id).to.equal(hero.id);
    expect(out.cta.id).to.equal(hero.cta.id);
    expect(out.title).to.equal('Changed');
    expect(docIds(out.tags)).to.deep.equal([t[0], t[2]]);
    expect(out.image).to.equal(null);
    expect(out.cta).to.include({ label: 'Changed CTA', target: null });
    expect(out.cta.icon.id).to.equal(f.img3.id);
    expect(delta(before, await counts(app()))).to.deep.equal({ wr_cmp_ctas_target_lnk: -1, files_related_mph: -1 });
    expect(await read(app(), 'posts', post.documentId, { populate: HERO })).to.deep.include({ hero: out });
  });

  it('update without an id replaces the component: a new row, the old row, its nested row and their links deleted', async () => {
    const post = await create(app(), 'posts', { hero: heroData() });
    const { hero } = await read(app(), 'posts', post.documentId, { populate: HERO });
    const before = await counts(app());
    const out = (await update(app(), 'posts', post.documentId, { hero: { title: 'Fresh', cta: { label: 'Fresh CTA' } } }, { populate: HERO })).hero;
    expect(out.id).to.not.equal(hero.id);
    expect(out.cta.id).to.not.equal(hero.cta.id);
    expect(out).to.include({ title: 'Fresh', image: null });
    expect(out.tags).to.deep.equal([]);
    expect(out.cta).to.include({ label: 'Fresh CTA', target: null, icon: null });
    expect(await present(app(), 'wr_cmp_heroes', [hero.id])).to.deep.equal([]);
    expect(await present(app(), 'wr_cmp_ctas', [hero.cta.id])).to.deep.equal([]);
    expect(await linksFrom(app(), 'wr_cmp_heroes_tags_lnk', [hero.id])).to.equal(0);
    expect(await linksFrom(app(), 'wr_cmp_ctas_target_lnk', [hero.cta.id])).to.equal(0);
    expect(await mediaLinks(app(), 'blocks.hero', [hero.id])).to.equal(0);
    expect(await mediaLinks(app(), 'blocks.cta', [hero.cta.id])).to.equal(0);
    expect(delta(before, await counts(app()))).to.deep.equal({ wr_cmp_heroes_tags_lnk: -2, wr_cmp_ctas_target_lnk: -1, files_related_mph: -2 });
  });

  it('update keeping the component by id but sending the nested component without one replaces only the nested row', async () => {
    const post = await create(app(), 'posts', { hero: heroData() });
    const { hero } = await read(app(), 'posts', post.documentId, { populate: HERO });
    const out = (await update(app(), 'posts', post.documentId, { hero: { id: hero.id, title: 'Same row', cta: { label: 'New CTA', target: t[0]! } } }, { populate: HERO })).hero;
    expect(out.id).to.equal(hero.id);
    expect(out.cta.id).to.not.equal(hero.cta.id);
    expect(out.cta.target.documentId).to.equal(t[0]);
    expect(await present(app(), 'wr_cmp_ctas', [hero.cta.id])).to.deep.equal([]);
    expect(await linksFrom(app(), 'wr_cmp_ctas_target_lnk', [hero.cta.id])).to.equal(0);
    expect(await mediaLinks(app(), 'blocks.cta', [hero.cta.id])).to.equal(0);
  });

  it('update with the nested component set to null deletes the nested row and its links', async () => {
    const post = await create(app(), 'posts', { hero: heroData() });
    const { hero } = await read(app(), 'posts', post.documentId, { populate: HERO });
    const before = await counts(app());
    const out = (await update(app(), 'posts', post.documentId, { hero: { id: hero.id, title: 'No CTA', cta: null } }, { populate: HERO })).hero;
    expect(out.id).to.equal(hero.id);
    expect(out.cta).to.equal(null);
    expect(delta(before, await counts(app()))).to.deep.equal({ wr_cmp_ctas: -1, wr_cmp_heroes_cmps: -1, wr_cmp_ctas_target_lnk: -1, files_related_mph: -1 });
  });

  it('null clears the component: its row, nested row, links and media links are deleted', async () => {
    const before = await counts(app());
    const post = await create(app(), 'posts', { hero: heroData() });
    await update(app(), 'posts', post.documentId, { hero: null });
    expect((await read(app(), 'posts', post.documentId, { populate: HERO })).hero).to.equal(null);
    expect(delta(before, await counts(app()))).to.deep.equal({ wr_posts: 1 });
  });

  it('leaving the component out of an update keeps it (same ids)', async () => {
    const post = await create(app(), 'posts', { hero: heroData() });
    const { hero } = await read(app(), 'posts', post.documentId, { populate: HERO });
    await update(app(), 'posts', post.documentId, { title: 'only the title' });
    expect((await read(app(), 'posts', post.documentId, { populate: HERO })).hero).to.deep.equal(hero);
  });

  it("an id of another post's component is refused with a 400 and nothing changes", async () => {
    const other = await create(app(), 'posts', { hero: heroData() });
    const otherHero = (await read(app(), 'posts', other.documentId, { populate: HERO })).hero;
    const post = await create(app(), 'posts', { hero: heroData() });
    const before = await snapshot(app());
    const res = await app().put(`/api/posts/${post.documentId}`, { data: { title: 'x', hero: { id: otherHero.id, title: 'stolen' } } });
    expect(res.status, res.text).to.equal(400);
    await expectUnchanged(app(), before);
    // a single component is not a list: the error names the attribute, without an item index
    expectFieldError(res, ['hero'], /does not belong to this entry/);
  });
});

// ----------------------------------------------------------------------- repeatable component

describe('repeatable component with relations, media and nested repeatable components (posts.sections)', () => {
  const app = useKernel();
  let f: Files;
  let t: string[];
  before(async () => {
    f = await seedFiles(app());
    t = await many(app(), 'tags', 3);
  });

  const sectionsData = (): Json[] => [
    { heading: 's1', tags: [t[0]!], image: f.img1.id, items: [{ label: 'a', tag: t[0]! }, { label: 'b' }] },
    { heading: 's2', tags: [t[0]!, t[1]!], image: f.img2.id, items: [{ label: 'c', tag: t[1]! }] },
    { heading: 's3', items: [{ label: 'd' }, { label: 'e', tag: t[0]! }] },
  ];

  async function seed(): Promise<{ post: Json; sections: Json[] }> {
    const post = await create(app(), 'posts', { sections: sectionsData() });
    return { post, sections: (await read(app(), 'posts', post.documentId, { populate: SECTIONS })).sections };
  }

  it('create: stores the items in order, each with its relations, media and nested items', async () => {
    const before = await counts(app());
    const { sections } = await seed();
    expect(delta(before, await counts(app()))).to.deep.equal({
      wr_posts: 1, wr_posts_cmps: 3, wr_cmp_sections: 3, wr_cmp_sections_tags_lnk: 3, wr_cmp_sections_cmps: 5,
      wr_cmp_items: 5, wr_cmp_items_tag_lnk: 3, files_related_mph: 2,
    });
    expect(sections.map((s) => s.heading)).to.deep.equal(['s1', 's2', 's3']);
    expect(docIds(sections[1]!.tags)).to.deep.equal([t[0], t[1]]);
    expect(sections[0]!.image).to.deep.equal(mediaObject(f.img1));
    expect(sections[2]!.image).to.equal(null);
    expect(sections[0]!.items.map((i: Json) => i.label)).to.deep.equal(['a', 'b']);
    expect(sections[0]!.items[0].tag.documentId).to.equal(t[0]);
    expect(sections[0]!.items[1].tag).to.equal(null);
    expect(new Set(ids(sections)).size).to.equal(3);
  });

  it('update: items with an id keep their rows, items without are new, items left out are deleted with their nested rows and links', async () => {
    const { post, sections: [s1, s2, s3] } = await seed();
    const [a, b] = s1!.items as Json[];
    const [d, e] = s3!.items as Json[];
    const c = s2!.items[0] as Json;
    const before = await counts(app());
    const res = await app().put(`/api/posts/${post.documentId}${qstring({ populate: SECTIONS })}`, {
      data: {
        sections: [
          { id: s3!.id, heading: 's3 changed', items: [{ id: e!.id, label: 'e changed', tag: t[1]! }, { label: 'f' }] },
          { heading: 'new', items: [{ label: 'g' }] },
          { id: s1!.id, heading: 's1', tags: [t[0]!], image: f.img1.id, items: [{ id: a!.id, label: 'a', tag: t[0]! }, { id: b!.id, label: 'b' }] },
        ],
      },
    });
    expect(res.status, res.text).to.equal(200);
    const out = res.body.data.sections as Json[];
    expect(out.map((s) => s.heading)).to.deep.equal(['s3 changed', 'new', 's1']);
    expect(out[0]!.id).to.equal(s3!.id);
    expect(out[2]!.id).to.equal(s1!.id);
    expect([s1!.id, s2!.id, s3!.id]).to.not.include(out[1]!.id);
    expect(ids(out[0]!.items)[0]).to.equal(e!.id);
    expect([a!.id, b!.id, c.id, d!.id, e!.id]).to.not.include(out[0]!.items[1].id);
    expect(out[0]!.items.map((i: Json) => i.label)).to.deep.equal(['e changed', 'f']);
    expect(out[0]!.items[0].tag.documentId).to.equal(t[1]);
    expect(ids(out[2]!.items)).to.deep.equal([a!.id, b!.id]);
    // the removed section s2, its nested item c, and s3's item d are gone, with their links and media
    expect(await present(app(), 'wr_cmp_sections', [s1!.id, s2!.id, s3!.id])).to.deep.equal([s1!.id, s3!.id].sort((x, y) => x - y));
    expect(await present(app(), 'wr_cmp_items', [c.id, d!.id])).to.deep.equal([]);
    expect(await linksFrom(app(), 'wr_cmp_sections_tags_lnk', [s2!.id])).to.equal(0);
    expect(await linksFrom(app(), 'wr_cmp_items_tag_lnk', [c.id])).to.equal(0);
    expect(await mediaLinks(app(), 'blocks.section', [s2!.id])).to.equal(0);
    expect(delta(before, await counts(app()))).to.deep.equal({
      wr_cmp_sections_tags_lnk: -2, // s2 had two tags
      wr_cmp_items_tag_lnk: -1, // c had a tag; e's tag changed in place
      files_related_mph: -1, // s2's image
    });
    expect((await read(app(), 'posts', post.documentId, { populate: SECTIONS })).sections).to.deep.equal(out);
  });

  it('update: the same ids in another order keep every row and store the new order', async () => {
    const { post, sections } = await seed();
    const before = await counts(app());
    const reversed = [...sections].reverse().map((s) => ({ id: s.id, heading: s.heading, items: s.items.map((i: Json) => ({ id: i.id, label: i.label, tag: i.tag?.documentId ?? null })) }));
    const out = (await update(app(), 'posts', post.documentId, { sections: reversed }, { populate: SECTIONS })).sections as Json[];
    expect(ids(out)).to.deep.equal(ids(sections).reverse());
    expect(out.map((s) => s.heading)).to.deep.equal(['s3', 's2', 's1']);
    expect(delta(before, await counts(app()))).to.deep.equal({});
    expect(ids((await read(app(), 'posts', post.documentId, { populate: SECTIONS })).sections)).to.deep.equal(ids(sections).reverse());
  });

  for (const [what, value] of [['[]', []], ['null', null]] as const) {
    it(`update: ${what} clears the list and deletes every item, nested item and link`, async () => {
      const before = await counts(app());
      const { post, sections } = await seed();
      const out = (await update(app(), 'posts', post.documentId, { sections: value }, { populate: SECTIONS })).sections;
      expect(out).to.deep.equal([]);
      expect(await present(app(), 'wr_cmp_sections', ids(sections))).to.deep.equal([]);
      expect(delta(before, await counts(app()))).to.deep.equal({ wr_posts: 1 });
    });
  }

  it("an id of another post's section is refused with a 400 and nothing changes", async () => {
    const other = await seed();
    const { post, sections } = await seed();
    const before = await snapshot(app());
    const res = await app().put(`/api/posts/${post.documentId}`, {
      data: { sections: [{ id: sections[0]!.id, heading: 'mine' }, { id: other.sections[0]!.id, heading: 'stolen' }] },
    });
    expectFieldError(res, ['sections', '1'], /does not belong to this entry/);
    await expectUnchanged(app(), before);
  });

  it('an id of a nested item belonging to another section is refused with a 400 and nothing changes', async () => {
    const { post, sections: [s1, , s3] } = await seed();
    const before = await snapshot(app());
    const res = await app().put(`/api/posts/${post.documentId}`, {
      data: { sections: [{ id: s1!.id, heading: 's1', items: [{ id: s3!.items[0].id, label: 'moved' }] }] },
    });
    expectFieldError(res, ['sections', '0', 'items', '0'], /does not belong to this entry/);
    await expectUnchanged(app(), before);
  });
});

describe('repeatable component min/max (posts.steps: min 2, max 3)', () => {
  const app = useKernel();
  const steps = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `step ${i + 1}` }));

  for (const n of [2, 3]) {
    it(`accepts ${n} items`, async () => {
      const post = await create(app(), 'posts', { steps: steps(n) });
      expect((await read(app(), 'posts', post.documentId, { populate: ['steps'] })).steps.map((s: Json) => s.text)).to.deep.equal(steps(n).map((s) => s.text));
    });
  }

  it('accepts an empty list (min applies to non-empty lists of an optional attribute)', async () => {
    const post = await create(app(), 'posts', { steps: [] });
    expect((await read(app(), 'posts', post.documentId, { populate: ['steps'] })).steps).to.deep.equal([]);
  });

  it('refuses 1 item on create: 400 at steps, nothing written', async () => {
    const before = await snapshot(app());
    const res = await app().post('/api/posts', { data: { title: 'one step', steps: steps(1) } });
    expectFieldError(res, ['steps'], 'steps field must have at least 2 items');
    await expectUnchanged(app(), before);
  });

  it('refuses 4 items on create: 400 at steps, nothing written', async () => {
    const before = await snapshot(app());
    const res = await app().post('/api/posts', { data: { title: 'four steps', steps: steps(4) } });
    expectFieldError(res, ['steps'], 'steps field must have less than or equal to 3 items');
    await expectUnchanged(app(), before);
  });

  it('refuses 1 or 4 items on update and keeps the old steps', async () => {
    const post = await create(app(), 'posts', { steps: steps(2) });
    const before = await snapshot(app());
    expectFieldError(await app().put(`/api/posts/${post.documentId}`, { data: { steps: steps(1) } }), ['steps'], 'steps field must have at least 2 items');
    expectFieldError(await app().put(`/api/posts/${post.documentId}`, { data: { steps: steps(4) } }), ['steps'], 'steps field must have less than or equal to 3 items');
    await expectUnchanged(app(), before);
  });
});

// ------------------------------------------------------------------------------ dynamic zone

describe('dynamic zone (posts.body: blocks.quote, blocks.figure, blocks.cta)', () => {
  const app = useKernel();
  let f: Files;
  let t: string[];
  before(async () => {
    f = await seedFiles(app());
    t = await many(app(), 'tags', 2);
  });

  const zone = (): Json[] => [
    { __component: 'blocks.quote', text: 'q1' },
    { __component: 'blocks.figure', caption: 'fig', image: f.img1.id },
    { __component: 'blocks.cta', label: 'go', target: t[0]!, icon: f.img2.id },
    { __component: 'blocks.quote', text: 'q2' },
  ];

  async function seed(): Promise<{ post: Json; body: Json[] }> {
    const post = await create(app(), 'posts', { body: zone() });
    return { post, body: (await read(app(), 'posts', post.documentId, { populate: BODY })).body };
  }

  it('create: stores the items in order, each as its component with its media and relations', async () => {
    const before = await counts(app());
    const { body } = await seed();
    expect(delta(before, await counts(app()))).to.deep.equal({
      wr_posts: 1, wr_posts_cmps: 4, wr_cmp_quotes: 2, wr_cmp_figures: 1, wr_cmp_ctas: 1, wr_cmp_ctas_target_lnk: 1, files_related_mph: 2,
    });
    expect(body.map((b) => b.__component)).to.deep.equal(['blocks.quote', 'blocks.figure', 'blocks.cta', 'blocks.quote']);
    expect(body[0]).to.include({ text: 'q1' });
    expect(body[1]).to.include({ caption: 'fig' });
    expect(body[1]!.image).to.deep.equal(mediaObject(f.img1));
    expect(body[2]).to.include({ label: 'go' });
    expect(body[2]!.target.documentId).to.equal(t[0]);
    expect(body[2]!.icon.id).to.equal(f.img2.id);
    expect(body[3]).to.include({ text: 'q2' });
  });

  it('update without ids replaces the zone: the old rows, their links and media links are deleted', async () => {
    const { post, body } = await seed();
    const before = await counts(app());
    const out = (await update(app(), 'posts', post.documentId, { body: [{ __component: 'blocks.cta', label: 'only' }] }, { populate: BODY })).body as Json[];
    expect(out).to.have.length(1);
    expect(out[0]).to.include({ __component: 'blocks.cta', label: 'only', target: null, icon: null });
    expect(out[0]!.id).to.not.equal(body[2]!.id);
    expect(await present(app(), 'wr_cmp_quotes', [body[0]!.id, body[3]!.id])).to.deep.equal([]);
    expect(await present(app(), 'wr_cmp_figures', [body[1]!.id])).to.deep.equal([]);
    expect(await present(app(), 'wr_cmp_ctas', [body[2]!.id])).to.deep.equal([]);
    expect(delta(before, await counts(app()))).to.deep.equal({
      wr_posts_cmps: -3, wr_cmp_quotes: -2, wr_cmp_figures: -1, wr_cmp_ctas_target_lnk: -1, files_related_mph: -2,
    });
  });

  it('update with ids and __component keeps those rows, in the new order; the others are deleted', async () => {
    const { post, body } = await seed();
    const out = (await update(app(), 'posts', post.documentId, {
      body: [
        { __component: 'blocks.quote', id: body[3]!.id, text: 'q2 changed' },
        { __component: 'blocks.quote', text: 'new' },
        { __component: 'blocks.figure', id: body[1]!.id, caption: 'fig', image: f.img3.id },
      ],
    }, { populate: BODY })).body as Json[];
    expect(out.map((b) => [b.__component, b.text ?? b.caption])).to.deep.equal([
      ['blocks.quote', 'q2 changed'], ['blocks.quote', 'new'], ['blocks.figure', 'fig'],
    ]);
    expect(out[0]!.id).to.equal(body[3]!.id);
    expect(out[2]!.id).to.equal(body[1]!.id);
    expect(out[2]!.image.id).to.equal(f.img3.id);
    expect(await present(app(), 'wr_cmp_quotes', [body[0]!.id])).to.deep.equal([]);
    expect(await present(app(), 'wr_cmp_ctas', [body[2]!.id])).to.deep.equal([]);
    expect(await linksFrom(app(), 'wr_cmp_ctas_target_lnk', [body[2]!.id])).to.equal(0);
    expect((await read(app(), 'posts', post.documentId, { populate: BODY })).body).to.deep.equal(out);
  });

  it('an id given with another __component is refused with a 400 and nothing changes', async () => {
    const { post, body } = await seed();
    const before = await snapshot(app());
    const res = await app().put(`/api/posts/${post.documentId}`, { data: { body: [{ __component: 'blocks.figure', id: body[0]!.id, caption: 'x' }] } });
    expectFieldError(res, ['body', '0'], /does not belong to this entry/);
    await expectUnchanged(app(), before);
  });

  const ALLOWED = 'must be one of the following values: blocks.quote, blocks.figure, blocks.cta';
  const badItems: Array<[string, Json, string[], string]> = [
    ['an unknown __component', { __component: 'blocks.nope', text: 'x' }, ['body', '1', '__component'], `body.1.__component ${ALLOWED}`],
    ['a component that exists but is not allowed in the zone', { __component: 'blocks.step', text: 'x' }, ['body', '1', '__component'], `body.1.__component ${ALLOWED}`],
    ['an item without __component', { text: 'x' }, ['body', '1', '__component'], 'body.1.__component must be defined.'],
  ];
  for (const [what, item, path, message] of badItems) {
    it(`create: ${what} is a 400 and nothing is written`, async () => {
      const before = await snapshot(app());
      const res = await app().post('/api/posts', { data: { title: 'bad zone', body: [{ __component: 'blocks.quote', text: 'ok' }, item] } });
      expectFieldError(res, path, message);
      await expectUnchanged(app(), before);
    });
    it(`update: ${what} is a 400 and the old zone is kept`, async () => {
      const { post } = await seed();
      const before = await snapshot(app());
      const res = await app().put(`/api/posts/${post.documentId}`, { data: { body: [{ __component: 'blocks.quote', text: 'ok' }, item] } });
      expectFieldError(res, path, message);
      await expectUnchanged(app(), before);
    });
  }

  for (const [what, value] of [['[]', []], ['null', null]] as const) {
    it(`update: ${what} clears the zone and deletes its rows`, async () => {
      const before = await counts(app());
      const { post } = await seed();
      expect((await update(app(), 'posts', post.documentId, { body: value }, { populate: BODY })).body).to.deep.equal([]);
      expect(delta(before, await counts(app()))).to.deep.equal({ wr_posts: 1 });
    });
  }
});

// ------------------------------------------------------------------------------------- media

describe('media attributes (posts.cover single images, posts.gallery multiple images/videos)', () => {
  const app = useKernel();
  let f: Files;
  before(async () => { f = await seedFiles(app()); });

  it('single: a file id links the file; populate returns the spec media object', async () => {
    const post = await create(app(), 'posts', { cover: f.img1.id });
    const { cover } = await read(app(), 'posts', post.documentId, { populate: ['cover'] });
    expect(Object.keys(cover)).to.have.members(MEDIA_KEYS);
    expect(cover).to.deep.equal(mediaObject(f.img1));
  });

  it('single: an object with an id links the file too, and PUT changes it', async () => {
    const post = await create(app(), 'posts', { cover: { id: f.img2.id } });
    expect((await read(app(), 'posts', post.documentId, { populate: ['cover'] })).cover.id).to.equal(f.img2.id);
    await update(app(), 'posts', post.documentId, { cover: f.img3.id });
    expect((await read(app(), 'posts', post.documentId, { populate: ['cover'] })).cover).to.deep.equal(mediaObject(f.img3));
    const postRow = await rowId(app(), 'wr_posts', post.documentId);
    expect(await mediaLinks(app(), 'api::post.post', [postRow])).to.equal(1);
  });

  it('multiple: the files are linked and returned in the order given', async () => {
    const post = await create(app(), 'posts', { gallery: [f.video.id, f.img2.id, f.img1.id] });
    const { gallery } = await read(app(), 'posts', post.documentId, { populate: ['gallery'] });
    expect(gallery).to.deep.equal([mediaObject(f.video), mediaObject(f.img2), mediaObject(f.img1)]);
  });

  it('multiple: PUT replaces the list, in the new order, and deletes the links left out', async () => {
    const post = await create(app(), 'posts', { gallery: [f.img1.id, f.img2.id, f.video.id] });
    const before = await count(app(), 'files_related_mph');
    await update(app(), 'posts', post.documentId, { gallery: [{ id: f.video.id }, { id: f.img1.id }] });
    expect(ids((await read(app(), 'posts', post.documentId, { populate: ['gallery'] })).gallery)).to.deep.equal([f.video.id, f.img1.id]);
    expect(await count(app(), 'files_related_mph')).to.equal(before - 1);
  });

  it('null clears a single media field and [] a multiple one; the files themselves stay', async () => {
    const post = await create(app(), 'posts', { cover: f.img1.id, gallery: [f.img1.id, f.img2.id] });
    const files = await count(app(), 'files');
    await update(app(), 'posts', post.documentId, { cover: null, gallery: [] });
    const doc = await read(app(), 'posts', post.documentId, { populate: ['cover', 'gallery'] });
    expect(doc.cover).to.equal(null);
    expect(doc.gallery).to.deep.equal([]);
    expect(await mediaLinks(app(), 'api::post.post', [await rowId(app(), 'wr_posts', post.documentId)])).to.equal(0);
    expect(await count(app(), 'files')).to.equal(files);
  });

  it('the same file may hang under several documents and fields', async () => {
    const p1 = await create(app(), 'posts', { cover: f.img1.id, gallery: [f.img1.id] });
    const p2 = await create(app(), 'posts', { cover: f.img1.id });
    await update(app(), 'posts', p2.documentId, { cover: null });
    const doc = await read(app(), 'posts', p1.documentId, { populate: ['cover', 'gallery'] });
    expect(doc.cover.id).to.equal(f.img1.id);
    expect(ids(doc.gallery)).to.deep.equal([f.img1.id]);
  });

  const refused: Array<[string, (f: Files) => Json, string[], (f: Files) => string]> = [
    ['a pdf on an images-only single field', (x) => ({ cover: x.pdf.id }), ['cover'], (x) => `cover: file ${x.pdf.id} is of type files, allowed: images`],
    ['a video on an images-only single field', (x) => ({ cover: x.video.id }), ['cover'], (x) => `cover: file ${x.video.id} is of type videos, allowed: images`],
    ['a pdf among images on an images/videos field', (x) => ({ gallery: [x.img1.id, x.pdf.id] }), ['gallery'], (x) => `gallery: file ${x.pdf.id} is of type files, allowed: images, videos`],
    ['an audio file on an images/videos field', (x) => ({ gallery: [x.audio.id] }), ['gallery'], (x) => `gallery: file ${x.audio.id} is of type audios, allowed: images, videos`],
    ['a file id that does not exist', () => ({ gallery: [999999] }), ['gallery'], () => 'File with id "999999" not found'],
    ['two files on a single media field', (x) => ({ cover: [x.img1.id, x.img2.id] }), ['cover'], () => 'cover field must have less than or equal to 1 items'],
    ['a pdf on an images-only field of a single component', (x) => ({ hero: { title: 'h', image: x.pdf.id } }), ['hero', 'image'], (x) => `hero.image: file ${x.pdf.id} is of type files, allowed: images`],
    ['a pdf on an images-only field of a nested component', (x) => ({ hero: { title: 'h', cta: { label: 'c', icon: x.pdf.id } } }), ['hero', 'cta', 'icon'], (x) => `hero.cta.icon: file ${x.pdf.id} is of type files, allowed: images`],
    ['a pdf on an images-only field of a repeatable component item', (x) => ({ sections: [{ heading: 'a', image: x.img1.id }, { heading: 'b', image: x.pdf.id }] }), ['sections', '1', 'image'], (x) => `sections.1.image: file ${x.pdf.id} is of type files, allowed: images`],
    ['a pdf on an images-only field of a dynamic zone item', (x) => ({ body: [{ __component: 'blocks.figure', image: x.pdf.id }] }), ['body', '0', 'image'], (x) => `body.0.image: file ${x.pdf.id} is of type files, allowed: images`],
  ];
  for (const [what, data, path, message] of refused) {
    it(`create: ${what} is a 400 and nothing is written`, async () => {
      const before = await snapshot(app());
      const res = await app().post('/api/posts', { data: { title: 'refused', cover: f.img1.id, gallery: [f.img2.id], ...data(f) } });
      expect(res.status, res.text).to.equal(400);
      await expectUnchanged(app(), before);
      expectFieldError(res, path, message(f));
    });
    it(`update: ${what} is a 400 and nothing changes`, async () => {
      const post = await create(app(), 'posts', { cover: f.img3.id, gallery: [f.video.id], hero: { title: 'old' } });
      const before = await snapshot(app());
      const res = await app().put(`/api/posts/${post.documentId}`, { data: { title: 'refused', cover: f.img1.id, gallery: [f.img2.id], ...data(f) } });
      expect(res.status, res.text).to.equal(400);
      await expectUnchanged(app(), before);
      expectFieldError(res, path, message(f));
    });
  }
});
