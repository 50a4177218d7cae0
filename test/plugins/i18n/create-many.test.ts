// createMany on the document service (issue #18's bulk write path): many documents in one
// transaction, with one statement per table and chunk, leaving exactly what create (and publish)
// leaves. With i18n and draft-and-publish on, as the bench's site data is written.

import { expect } from 'chai';
import { definePlugin, ValidationError, type Doc } from '../../../core/index.js';
import { create, fresh, NOTE, readOne, TAG, update, useKernel, versionsOf, WRITER, type Json } from './helpers.js';
import { useKernel as useExampleKernel } from '../../helpers/suite.js';
import { seedMediaFiles } from '../../docs/media-fixtures.js';
import { TAG as DP_TAG, useKernel as useDpKernel } from '../draft-and-publish/helpers.js';

const strip = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const skip = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'title', 'code', 'slug']);
  return Object.fromEntries(Object.entries(value).filter(([k]) => !skip.has(k)).map(([k, v]) => [k, strip(v)]));
};

async function validationError(work: Promise<unknown>): Promise<ValidationError> {
  try {
    await work;
  } catch (err) {
    expect(err).to.be.instanceOf(ValidationError);
    return err as ValidationError;
  }
  throw new Error('expected a ValidationError');
}

const paths = (err: ValidationError) => (err.details.errors as Array<{ path: string[] }>).map((e) => e.path.join('.'));

describe('createMany: many documents in one call', () => {
  const events: string[] = [];
  const recorder = definePlugin({
    name: 'create-many-events',
    register(kernel) {
      kernel.hooks.documentEvent.tap('create-many-events', (e) => { if (e.uid === NOTE) events.push(`${e.action}:${e.documentId}`); });
    },
  });
  const app = useKernel({ dp: true, start: { plugins: [recorder] } });
  let tags: string[];
  let editor: string;
  const notes = () => app().kernel.documents(NOTE);

  before(async () => {
    tags = [];
    for (const name of ['red', 'green', 'blue']) tags.push((await create(app(), 'tags', { name: fresh(name) })).documentId);
    editor = (await create(app(), 'writers', { name: fresh('Editor') })).documentId;
  });

  const item = (i: number): Json => ({
    title: fresh(`Many ${i}`), code: fresh(`code-${i}`), body: `Body ${i}`, summary: `Shared ${i}`, rank: i,
    seo: { metaTitle: `Meta ${i}` }, tags: [tags[i % 3], tags[(i + 1) % 3]], editor,
  });

  it('writes each item\'s draft and published version, the same as create does over REST', async () => {
    const data = [item(1), item(2), item(3)];
    const { count, documentIds } = await notes().createMany({ data, status: 'published' });
    expect(count).to.equal(3);
    const query = { populate: '*' };
    for (const [i, documentId] of documentIds.entries()) {
      expect(await versionsOf(app(), 'loc_notes', documentId)).to.deep.equal(['en/draft', 'en/published']);
      const one = await create(app(), 'notes', { ...data[i]!, code: fresh('one') });
      for (const status of ['published', 'draft']) {
        const many = await readOne(app(), 'notes', documentId, { ...query, status });
        expect(many!.title).to.equal(data[i]!.title);
        expect(strip(many), status).to.deep.equal(strip(await readOne(app(), 'notes', one.documentId, { ...query, status })));
      }
      await app().del(`/api/notes/${one.documentId}`);
    }
    const listed = await notes().findMany({ filters: { documentId: { $in: documentIds } }, populate: ['tags'], sort: 'rank' });
    expect(listed.map((d) => (d.tags as Doc[]).map((t) => t.documentId))).to.deep.equal(data.map((d) => d.tags));
  });

  it('status=draft writes drafts only, which may lack what publishing needs', async () => {
    const { documentIds } = await notes().createMany({ data: [{ body: 'no title' }, item(4)], status: 'draft' });
    for (const documentId of documentIds) expect(await versionsOf(app(), 'loc_notes', documentId)).to.deep.equal(['en/draft']);
  });

  it('a bad item fails the whole call, its errors under its index, and nothing is written', async () => {
    const before = await notes().count({ locale: '*', status: 'draft' });
    const missing = await validationError(notes().createMany({ data: [item(5), { body: 'no title' }], status: 'published' }));
    expect(paths(missing)).to.deep.equal(['1.title']);
    expect(missing.message).to.match(/^data\.1: /);
    const unknown = await validationError(notes().createMany({ data: [item(6), { ...item(7), tags: ['nosuchdocument00000000000'] }], status: 'published' }));
    expect(paths(unknown)).to.deep.equal(['1.tags']);
    const shape = await validationError(notes().createMany({ data: [item(8), { ...item(9), rank: 'high' }] }));
    expect(paths(shape)).to.deep.equal(['1.rank']);
    expect(await notes().count({ locale: '*', status: 'draft' })).to.equal(before);
  });

  it('a to-one relation checks every document it names, not only the one it keeps', async () => {
    const bad = { ...item(60), editor: { connect: ['nosuchdocument00000000000', editor] } };
    const many = await validationError(notes().createMany({ data: [item(61), bad], status: 'published' }));
    expect(paths(many)).to.deep.equal(['1.editor']);
    const one = await app().post('/api/notes', { data: bad });
    expect(one.status, one.text).to.equal(400);
    expect(one.body.error.details.errors[0].path).to.deep.equal(['editor']);
  });

  it('refuses publishedAt in an item, under its index', async () => {
    const err = await validationError(notes().createMany({ data: [item(62), { ...item(63), publishedAt: '2024-01-01T00:00:00.000Z' }] }));
    expect(paths(err)).to.deep.equal(['1.publishedAt']);
  });

  it('gives a document\'s draft and published version one place in a target\'s inverse order, as publish does', async () => {
    const tag = (await create(app(), 'tags', { name: fresh('inverse order') })).documentId;
    const viaRest = await create(app(), 'notes', { ...item(64), tags: [tag] });
    const { documentIds } = await notes().createMany({ data: [{ ...item(65), tags: [tag] }, { ...item(66), tags: [tag] }], status: 'published' });
    const rows = await app().kernel.db('loc_notes_tags_lnk as l').join('loc_notes as n', 'n.id', 'l.source_id')
      .where('l.target_document_id', tag).select('n.document_id', 'l.inv_ord') as Array<{ document_id: string; inv_ord: number }>;
    const places = (documentId: string) => [...new Set(rows.filter((r) => r.document_id === documentId).map((r) => Number(r.inv_ord)))];
    for (const documentId of [viaRest.documentId, ...documentIds]) expect(places(documentId), documentId).to.have.length(1);
    expect([viaRest.documentId, ...documentIds].map((d) => places(d)[0])).to.deep.equal([1, 2, 3]);
  });

  it('unique values: taken by another document, or given twice in one call', async () => {
    const taken = await create(app(), 'notes', item(10));
    const clash = await validationError(notes().createMany({ data: [item(11), { ...item(12), code: taken.code }], status: 'published' }));
    expect(paths(clash)).to.deep.equal(['1.code']);
    // A value another document holds in its draft only is free, as publish sees it
    const draftOnly = await create(app(), 'notes', item(15), { status: 'draft' });
    const { documentIds } = await notes().createMany({ data: [{ ...item(16), code: draftOnly.code }], status: 'published' });
    expect(await versionsOf(app(), 'loc_notes', documentIds[0]!)).to.deep.equal(['en/draft', 'en/published']);
    const twice = fresh('twice');
    const inCall = await validationError(notes().createMany({ data: [{ ...item(13), code: twice }, { ...item(14), code: twice }], status: 'published' }));
    expect(paths(inCall)).to.deep.equal(['1.code']);
  });

  it('documentIds add a locale version, with the shared values the document has', async () => {
    const { documentIds } = await notes().createMany({ data: [item(20), item(21)], status: 'published' });
    const fr = [{ title: fresh('Vingt') }, { title: fresh('Vingt et un'), seo: { metaTitle: 'Méta' } }];
    await notes().createMany({ data: fr, documentIds, locale: 'fr', status: 'published' });
    for (const [i, documentId] of documentIds.entries()) {
      expect(await versionsOf(app(), 'loc_notes', documentId)).to.deep.equal(['en/draft', 'en/published', 'fr/draft', 'fr/published']);
      const read = await readOne(app(), 'notes', documentId, { locale: 'fr' });
      expect(read).to.include({ title: fr[i]!.title, summary: `Shared ${20 + i}`, rank: 20 + i, locale: 'fr' });
    }
    const again = await validationError(notes().createMany({ data: [{ title: fresh('Encore') }], documentIds: [documentIds[0]!], locale: 'fr' }));
    expect(again.message).to.match(/already has a version here/);
    const shared = await validationError(notes().createMany({ data: [{ title: fresh('Partagé'), rank: 3 }], documentIds: [documentIds[0]!], locale: 'de' }));
    expect(paths(shared)).to.deep.equal(['0.rank']);
  });

  it('fires create and publish events after commit, one per document', async () => {
    events.length = 0;
    const { documentIds } = await notes().createMany({ data: [item(30), item(31)], status: 'published' });
    expect(events).to.deep.equal([...documentIds.map((d) => `create:${d}`), ...documentIds.map((d) => `publish:${d}`)]);
  });

  it('issues the same statements for 5 items as for 40: one per table and chunk', async () => {
    const statements = async (n: number): Promise<number> => {
      let count = 0;
      const listener = () => { count++; };
      app().kernel.db.on('query', listener);
      try {
        await notes().createMany({ data: Array.from({ length: n }, (_, i) => item(100 + i)), status: 'published' });
      } finally {
        app().kernel.db.off('query', listener);
      }
      return count;
    };
    const few = await statements(5);
    expect(await statements(40)).to.equal(few);
    expect(few).to.be.below(20);
  });

  it('links relations of a type without versions to what update then changes', async () => {
    const { documentIds } = await app().kernel.documents(TAG).createMany({ data: [{ name: fresh('bulk tag') }] });
    const note = await create(app(), 'notes', { ...item(40), tags: documentIds });
    const edited = await update(app(), 'notes', note.documentId, { tags: { connect: [tags[0]] } }, { populate: 'tags' });
    expect(edited.tags.map((t: Json) => t.documentId)).to.deep.equal([documentIds[0], tags[0]]);
    expect((await app().kernel.documents(WRITER).createMany({ data: [] })).count).to.equal(0);
  });
});

describe('createMany: the example app\'s article (components in components, a dynamic zone, media, uid)', () => {
  const app = useExampleKernel({ config: {
    plugins: { i18n: { enabled: true, config: { locales: ['en', 'fr'], defaultLocale: 'en' } }, 'draft-and-publish': { enabled: true } },
  } });
  const ARTICLE = 'api::article.article';
  const DEEP = {
    populate: {
      cover: true, gallery: true, category: true, authors: true, related: true,
      seo: { populate: { shareImage: true, openGraph: { populate: '*' } } },
      blocks: { on: { 'shared.quote': { populate: ['person'] }, 'shared.rich-text': true, 'shared.media': { populate: ['file'] } } },
    },
  };

  it('writes what create writes, through every kind of attribute, on every database', async () => {
    await seedMediaFiles(app().kernel);
    const [image, pdf] = (await app().kernel.db('files').orderBy('id').select('id') as Array<{ id: number }>).map((f) => Number(f.id));
    const category = (await create(app(), 'categories', { name: fresh('Bulk category') })).documentId;
    const author = (await create(app(), 'authors', { name: fresh('Bulk author'), email: `${fresh('bulk').replace(/\W/g, '')}@example.com` })).documentId;
    const earlier = (await create(app(), 'articles', { title: fresh('Earlier') })).documentId;
    const data = (i: number): Json => ({
      title: `Bulk title ${i % 2}`, description: `Description ${i}`, cover: image, gallery: [image, image], category, authors: [author], related: [earlier],
      seo: { metaTitle: `Meta ${i}`, shareImage: image, openGraph: { ogTitle: `OG ${i}` } },
      blocks: [
        { __component: 'shared.quote', title: `Quote ${i}`, body: 'Quoted', person: author },
        { __component: 'shared.media', file: pdf },
        { __component: 'shared.rich-text', body: `Text ${i}` },
      ],
      metadata: { i, tags: ['a', 'b'] }, views: '9007199254740993', featured: i % 2 === 0,
    });
    const items = [data(0), data(1), data(2)];
    const { documentIds } = await app().kernel.documents(ARTICLE).createMany({ data: items, status: 'published' });
    // Two items with one title share a call: the second's slug is made unique against the first
    const slugs = [];
    for (const [i, documentId] of documentIds.entries()) {
      const one = await create(app(), 'articles', { ...items[i]!, title: `Bulk title ${i % 2} (one)` });
      for (const status of ['published', 'draft']) {
        const many = await readOne(app(), 'articles', documentId, { ...DEEP, status });
        expect(strip(many), `${i} ${status}`).to.deep.equal(strip(await readOne(app(), 'articles', one.documentId, { ...DEEP, status })));
        expect(many!.blocks).to.have.length(3);
        if (status === 'published') slugs.push(many!.slug);
      }
    }
    expect(new Set(slugs).size).to.equal(3);
    const bad = await validationError(app().kernel.documents(ARTICLE).createMany({ data: [data(3), { ...data(4), blocks: [{ __component: 'shared.media', file: 999999 }] }] }));
    expect(paths(bad)).to.deep.equal(['1.blocks.0.file']);
  });
});

describe('createMany: inverse sides between two draft-and-publish types', () => {
  const app = useDpKernel();

  it('links the published owners too, as create then publish does', async () => {
    const article = (await create(app(), 'articles', { title: fresh('Owner') })).documentId;
    const viaRest = await create(app(), 'tags', { name: fresh('rest tag'), articles: [article] });
    const { documentIds } = await app().kernel.documents(DP_TAG).createMany({ data: [{ name: fresh('bulk tag'), articles: [article] }, { name: fresh('plain tag') }], status: 'published' });
    for (const status of ['published', 'draft']) {
      const read = await readOne(app(), 'articles', article, { populate: 'tags', status });
      expect(read!.tags.map((t: Json) => t.documentId).sort(), status).to.deep.equal([viaRest.documentId, documentIds[0]].sort());
    }
  });
});
