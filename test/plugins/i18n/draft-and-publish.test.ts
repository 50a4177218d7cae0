// i18n with draft-and-publish: every (locale, status) pair is its own version. Publishing,
// unpublishing and discarding one locale never touches another; a draft edit in fr leaves en's
// draft and published versions alone (shared fields excepted, which reach the drafts only);
// localizations keep the status; required and unique apply per locale on publish. Issue #6, item 9
// (and items 3-8, 10 with both plugins).

import { expect } from 'chai';
import {
  action, addVersion, create, expectStatus, expectValidation, fresh, ids, ISO, list, NOTE, readOne, tagIn, update, useKernel,
  versionsOf, type Json,
} from './helpers.js';

describe('i18n + draft-and-publish: versions per locale and status', () => {
  const app = useKernel({ dp: true });

  it('POST creates and publishes the en version only; PUT ?locale=fr&status=draft adds an fr draft only', async () => {
    const en = await create(app(), 'notes', { title: fresh('DP en') });
    expect(en.locale).to.equal('en');
    expect(en.publishedAt).to.match(ISO);
    expect(await versionsOf(app(), 'loc_notes', en.documentId)).to.deep.equal(['en/draft', 'en/published']);
    const fr = await update(app(), 'notes', en.documentId, { title: fresh('DP fr') }, { locale: 'fr', status: 'draft' });
    expect(fr).to.include({ documentId: en.documentId, locale: 'fr', publishedAt: null });
    expect(await versionsOf(app(), 'loc_notes', en.documentId)).to.deep.equal(['en/draft', 'en/published', 'fr/draft']);
    expect(await readOne(app(), 'notes', en.documentId, { locale: 'fr' })).to.equal(null);
    expect((await readOne(app(), 'notes', en.documentId, { locale: 'fr', status: 'draft' }))!.title).to.equal(fr.title);
    expect((await readOne(app(), 'notes', en.documentId))!.title).to.equal(en.title);
  });

  it('PUT ?locale=fr without status creates and publishes fr only: en\'s pending draft stays unpublished', async () => {
    const en = await create(app(), 'notes', { title: fresh('Pending en') });
    const draftTitle = fresh('Pending en draft');
    await update(app(), 'notes', en.documentId, { title: draftTitle }, { status: 'draft' });
    const fr = await update(app(), 'notes', en.documentId, { title: fresh('Publié fr') }, { locale: 'fr' });
    expect(fr).to.include({ locale: 'fr' });
    expect(fr.publishedAt).to.match(ISO);
    expect(await versionsOf(app(), 'loc_notes', en.documentId)).to.deep.equal(['en/draft', 'en/published', 'fr/draft', 'fr/published']);
    expect((await readOne(app(), 'notes', en.documentId))!.title, 'en published').to.equal(en.title);
    expect((await readOne(app(), 'notes', en.documentId, { status: 'draft' }))!.title, 'en draft').to.equal(draftTitle);
  });

  it('POST ?locale=fr&status=draft creates an fr draft of a new document', async () => {
    const fr = await create(app(), 'notes', { title: fresh('Brouillon') }, { locale: 'fr', status: 'draft' });
    expect(fr).to.include({ locale: 'fr', publishedAt: null });
    expect(await versionsOf(app(), 'loc_notes', fr.documentId)).to.deep.equal(['fr/draft']);
  });

  it('lists: locale and status select together; locale=* lists every locale in the status asked', async () => {
    const en = await create(app(), 'notes', { title: fresh('List en') });
    await update(app(), 'notes', en.documentId, { title: fresh('List fr draft') }, { locale: 'fr', status: 'draft' });
    const filters = { documentId: en.documentId };
    expect((await list(app(), 'notes', { locale: 'fr', filters })).data).to.deep.equal([]);
    expect((await list(app(), 'notes', { locale: 'fr', status: 'draft', filters })).data.map((d) => d.locale)).to.deep.equal(['fr']);
    const published = await list(app(), 'notes', { locale: '*', filters });
    expect(published.data.map((d) => d.locale)).to.deep.equal(['en']);
    expect(published.total).to.equal(1);
    const drafts = await list(app(), 'notes', { locale: '*', status: 'draft', filters });
    expect(drafts.data.map((d) => d.locale).sort()).to.deep.equal(['en', 'fr']);
    expect(drafts.data.every((d) => d.publishedAt === null)).to.equal(true);
    expect(await app().kernel.documents(NOTE).count({ filters, locale: '*', status: 'draft' })).to.equal(2);
  });

  it('hasPublishedVersion is per locale', async () => {
    const en = await create(app(), 'notes', { title: fresh('HPV en') });
    await update(app(), 'notes', en.documentId, { title: fresh('HPV fr') }, { locale: 'fr', status: 'draft' });
    const filters = { documentId: en.documentId };
    const frWithout = await list(app(), 'notes', { locale: 'fr', status: 'draft', hasPublishedVersion: 'false', filters });
    expect(frWithout.data.map((d) => d.locale), 'fr has no published version').to.deep.equal(['fr']);
    const frWith = await list(app(), 'notes', { locale: 'fr', status: 'draft', hasPublishedVersion: 'true', filters });
    expect(frWith.data, 'en\'s published version is not fr\'s').to.deep.equal([]);
    const enWith = await list(app(), 'notes', { status: 'draft', hasPublishedVersion: 'true', filters });
    expect(enWith.data.map((d) => d.locale)).to.deep.equal(['en']);
  });
});

describe('i18n + draft-and-publish: publish, unpublish and discard per locale', () => {
  const app = useKernel({ dp: true });

  /** en: published "v1" with a newer draft "v2"; fr: a draft only. */
  async function setup(): Promise<{ id: string; enV1: string; enV2: string; fr: string }> {
    const enV1 = fresh('en v1');
    const enV2 = fresh('en v2');
    const fr = fresh('fr draft');
    const doc = await create(app(), 'notes', { title: enV1 });
    await update(app(), 'notes', doc.documentId, { title: enV2 }, { status: 'draft' });
    await update(app(), 'notes', doc.documentId, { title: fr }, { locale: 'fr', status: 'draft' });
    return { id: doc.documentId, enV1, enV2, fr };
  }

  it('POST /actions/publish?locale=fr publishes fr only', async () => {
    const { id, enV1, fr } = await setup();
    const res = await action(app(), 'notes', id, 'publish', { locale: 'fr' });
    expectStatus(res, 200, 'publish?locale=fr');
    expect(res.body.data).to.include({ documentId: id, locale: 'fr', title: fr });
    expect(res.body.data.publishedAt).to.match(ISO);
    expect((await readOne(app(), 'notes', id, { locale: 'fr' }))!.title).to.equal(fr);
    expect((await readOne(app(), 'notes', id))!.title, 'en published keeps v1').to.equal(enV1);
    expect(await versionsOf(app(), 'loc_notes', id)).to.deep.equal(['en/draft', 'en/published', 'fr/draft', 'fr/published']);
  });

  it('POST /actions/publish without locale publishes the default locale only', async () => {
    const { id, enV2 } = await setup();
    const res = await action(app(), 'notes', id, 'publish');
    expectStatus(res, 200);
    expect(res.body.data).to.include({ locale: 'en', title: enV2 });
    expect(await readOne(app(), 'notes', id, { locale: 'fr' }), 'fr stays a draft').to.equal(null);
    expect(await versionsOf(app(), 'loc_notes', id)).to.deep.equal(['en/draft', 'en/published', 'fr/draft']);
  });

  it('POST /actions/unpublish?locale=fr leaves en published', async () => {
    const { id, enV1, fr } = await setup();
    expectStatus(await action(app(), 'notes', id, 'publish', { locale: 'fr' }), 200, 'publish?locale=fr');
    const res = await action(app(), 'notes', id, 'unpublish', { locale: 'fr' });
    expectStatus(res, 200, 'unpublish?locale=fr');
    expect(await readOne(app(), 'notes', id, { locale: 'fr' })).to.equal(null);
    expect((await readOne(app(), 'notes', id, { locale: 'fr', status: 'draft' }))!.title).to.equal(fr);
    const en = await readOne(app(), 'notes', id);
    expect(en, 'en is still published').to.not.equal(null);
    expect(en!.title).to.equal(enV1);
    expect(await versionsOf(app(), 'loc_notes', id)).to.deep.equal(['en/draft', 'en/published', 'fr/draft']);
  });

  it('POST /actions/discard-draft?locale=fr resets fr\'s draft only', async () => {
    const { id, enV2 } = await setup();
    const frPublished = fresh('fr published');
    await update(app(), 'notes', id, { title: frPublished }, { locale: 'fr' });
    await update(app(), 'notes', id, { title: fresh('fr newer draft') }, { locale: 'fr', status: 'draft' });
    const res = await action(app(), 'notes', id, 'discard-draft', { locale: 'fr' });
    expectStatus(res, 200, 'discard-draft?locale=fr');
    expect((await readOne(app(), 'notes', id, { locale: 'fr', status: 'draft' }))!.title).to.equal(frPublished);
    expect((await readOne(app(), 'notes', id, { status: 'draft' }))!.title, 'en draft kept').to.equal(enV2);
  });

  it('an action in a locale the document lacks is a 404, an unknown locale a 400', async () => {
    const { id } = await setup();
    expectStatus(await action(app(), 'notes', id, 'publish', { locale: 'de' }), 404, 'publish?locale=de');
    expectStatus(await action(app(), 'notes', id, 'publish', { locale: 'es' }), 400, 'publish?locale=es');
    expect(await versionsOf(app(), 'loc_notes', id)).to.deep.equal(['en/draft', 'en/published', 'fr/draft']);
  });

  it('the document service publishes one locale', async () => {
    const { id, enV1, fr } = await setup();
    const published = await app().kernel.documents(NOTE).action('publish', { documentId: id, locale: 'fr' }) as Json;
    expect(published).to.include({ locale: 'fr', title: fr });
    expect((await readOne(app(), 'notes', id))!.title).to.equal(enV1);
  });
});

describe('i18n + draft-and-publish: a draft edit in fr', () => {
  const app = useKernel({ dp: true });

  it('leaves en\'s draft and published versions untouched: scalars, components and relations', async () => {
    const t1 = await tagIn(app(), fresh('DP T1'));
    const t2 = await tagIn(app(), fresh('DP T2'));
    const w = await create(app(), 'writers', { name: fresh('DP editor') });
    const en = await create(app(), 'notes', { title: fresh('DP keep'), body: 'en body', seo: { metaTitle: 'en meta' }, tags: [t1], editor: w.documentId });
    const populate = { seo: true, tags: true, editor: true };
    const enPub = await readOne(app(), 'notes', en.documentId, { populate });
    const enDraft = await readOne(app(), 'notes', en.documentId, { populate, status: 'draft' });
    await update(app(), 'notes', en.documentId, { title: fresh('DP fr'), body: 'fr body', seo: { metaTitle: 'fr meta' }, tags: [t2] }, { locale: 'fr', status: 'draft' });
    await update(app(), 'notes', en.documentId, { body: 'fr body 2', seo: null, tags: { connect: [t1] }, editor: w.documentId }, { locale: 'fr', status: 'draft' });
    expect(strip(await readOne(app(), 'notes', en.documentId, { populate }))).to.deep.equal(strip(enPub));
    expect(strip(await readOne(app(), 'notes', en.documentId, { populate, status: 'draft' }))).to.deep.equal(strip(enDraft));
    const fr = await readOne(app(), 'notes', en.documentId, { populate, locale: 'fr', status: 'draft' });
    expect(fr).to.include({ body: 'fr body 2', seo: null });
    expect(ids(fr!.tags)).to.deep.equal([t1, t2].sort());
  });

  it('writes a shared field into en\'s draft but not into en\'s published version; publishing en publishes it', async () => {
    const en = await create(app(), 'notes', { title: fresh('Shared DP'), summary: 'old', rank: 1 });
    await update(app(), 'notes', en.documentId, { title: fresh('Partagé') }, { locale: 'fr' });
    await update(app(), 'notes', en.documentId, { summary: 'new' }, { locale: 'fr', status: 'draft' });
    expect((await readOne(app(), 'notes', en.documentId, { status: 'draft' }))!.summary, 'en draft').to.equal('new');
    expect((await readOne(app(), 'notes', en.documentId))!.summary, 'en published').to.equal('old');
    expect((await readOne(app(), 'notes', en.documentId, { locale: 'fr' }))!.summary, 'fr published').to.equal('old');
    expectStatus(await action(app(), 'notes', en.documentId, 'publish'), 200);
    expect((await readOne(app(), 'notes', en.documentId))!.summary).to.equal('new');
    expect((await readOne(app(), 'notes', en.documentId, { locale: 'fr' }))!.summary, 'fr published waits for fr\'s publish').to.equal('old');
  });

  it('a shared field written with publish (no status) in fr reaches en\'s draft, and en\'s published version stays', async () => {
    const en = await create(app(), 'notes', { title: fresh('Shared pub'), rank: 1 });
    await update(app(), 'notes', en.documentId, { title: fresh('Partagé pub') }, { locale: 'fr' });
    await update(app(), 'notes', en.documentId, { rank: 2 }, { locale: 'fr' });
    expect((await readOne(app(), 'notes', en.documentId, { locale: 'fr' }))!.rank).to.equal(2);
    expect((await readOne(app(), 'notes', en.documentId, { status: 'draft' }))!.rank).to.equal(2);
    expect((await readOne(app(), 'notes', en.documentId))!.rank, 'en published is not published by fr').to.equal(1);
  });

  it('creating the fr version of an article copies the shared component and relation into fr\'s draft', async () => {
    const writer = await create(app(), 'writers', { name: fresh('DP writer') });
    const en = await create(app(), 'articles', { title: fresh('DP art'), sku: 'DP-1', specs: { weight: 4 }, writer: writer.documentId });
    const res = await app().put(`/api/articles/${en.documentId}?locale=fr&status=draft&populate=*`, { data: { title: fresh('DP art fr') } });
    expectStatus(res, 200, 'PUT /api/articles/:id?locale=fr&status=draft');
    expect(res.body.data).to.include({ sku: 'DP-1', locale: 'fr', publishedAt: null });
    expect(res.body.data.specs).to.include({ weight: 4 });
    expect(res.body.data.writer?.documentId).to.equal(writer.documentId);
  });
});

describe('i18n + draft-and-publish: localizations, DELETE, required and unique', () => {
  const app = useKernel({ dp: true });

  it('localizations list the other locales in the same status', async () => {
    const en = await create(app(), 'notes', { title: fresh('Loc DP') });
    await update(app(), 'notes', en.documentId, { title: fresh('Loc DP fr') }, { locale: 'fr' });
    await update(app(), 'notes', en.documentId, { title: fresh('Loc DP de') }, { locale: 'de', status: 'draft' });
    const published = await readOne(app(), 'notes', en.documentId, { populate: 'localizations' });
    expect(published!.localizations.map((l: Json) => l.locale)).to.deep.equal(['fr']);
    expect(published!.localizations[0].publishedAt).to.match(ISO);
    const drafts = await readOne(app(), 'notes', en.documentId, { populate: 'localizations', status: 'draft' });
    expect(drafts!.localizations.map((l: Json) => l.locale).sort()).to.deep.equal(['de', 'fr']);
    expect(drafts!.localizations.map((l: Json) => l.publishedAt)).to.deep.equal([null, null]);
  });

  it('DELETE ?locale=fr removes fr\'s draft and published version only; without locale en\'s; locale=* all', async () => {
    const en = await create(app(), 'notes', { title: fresh('Del DP') });
    await update(app(), 'notes', en.documentId, { title: fresh('Del DP fr') }, { locale: 'fr' });
    await update(app(), 'notes', en.documentId, { title: fresh('Del DP de') }, { locale: 'de' });
    expectStatus(await app().del(`/api/notes/${en.documentId}?locale=fr`), 204);
    expect(await versionsOf(app(), 'loc_notes', en.documentId)).to.deep.equal(['de/draft', 'de/published', 'en/draft', 'en/published']);
    expectStatus(await app().del(`/api/notes/${en.documentId}`), 204);
    expect(await versionsOf(app(), 'loc_notes', en.documentId)).to.deep.equal(['de/draft', 'de/published']);
    expectStatus(await app().del(`/api/notes/${en.documentId}?locale=*`), 204);
    expect(await versionsOf(app(), 'loc_notes', en.documentId)).to.deep.equal([]);
  });

  it('unique is checked per locale on publish', async () => {
    const code = fresh('DPCODE');
    await create(app(), 'notes', { title: fresh('U en'), code });
    await create(app(), 'notes', { title: fresh('U fr'), code }, { locale: 'fr' });
    // An en draft may hold the value (drafts skip unique); publishing it clashes with the en document
    const draft = await create(app(), 'notes', { title: fresh('U en draft'), code }, { status: 'draft' });
    expectValidation(await action(app(), 'notes', draft.documentId, 'publish'), ['code'], /unique/);
    // Its en draft gets a free value; its fr draft takes the value the other fr document has
    await update(app(), 'notes', draft.documentId, { code: fresh('FREE') }, { status: 'draft' });
    await update(app(), 'notes', draft.documentId, { title: fresh('U fr draft'), code }, { locale: 'fr', status: 'draft' });
    expectValidation(await action(app(), 'notes', draft.documentId, 'publish', { locale: 'fr' }), ['code'], /unique/);
    expect(await versionsOf(app(), 'loc_notes', draft.documentId)).to.deep.equal(['en/draft', 'fr/draft']);
    // No de document has the value: the de version publishes
    await update(app(), 'notes', draft.documentId, { title: fresh('U de'), code }, { locale: 'de' });
    expect(await versionsOf(app(), 'loc_notes', draft.documentId)).to.deep.equal(['de/draft', 'de/published', 'en/draft', 'fr/draft']);
  });

  it('unique and required are checked per locale on publish (document service)', async () => {
    const docs = app().kernel.documents(NOTE);
    const code = fresh('SVCCODE');
    await create(app(), 'notes', { title: fresh('Svc fr'), code }, { locale: 'fr' });
    const doc = await docs.create({ data: { title: fresh('Svc en'), code }, status: 'published' });
    expect(doc.publishedAt, 'en may hold the value fr has').to.match(ISO);
    await docs.create({ documentId: doc.documentId, locale: 'fr', data: { title: fresh('Svc fr 2'), code } });
    const refused = async (params: Json): Promise<string | undefined> => {
      try { await docs.action('publish', params); } catch (err) { return (err as Error).name; }
      return undefined;
    };
    expect(await refused({ documentId: doc.documentId, locale: 'fr' }), 'fr clashes with the other fr document').to.equal('ValidationError');
    await docs.create({ documentId: doc.documentId, locale: 'de', data: { body: 'no title' } });
    expect(await refused({ documentId: doc.documentId, locale: 'de' }), 'de has no title').to.equal('ValidationError');
    expect(await versionsOf(app(), 'loc_notes', doc.documentId)).to.deep.equal(['de/draft', 'en/draft', 'en/published', 'fr/draft']);
  });

  it('required is checked per locale on publish (drafts may skip it)', async () => {
    const en = await create(app(), 'notes', { title: fresh('Req en') });
    const fr = await update(app(), 'notes', en.documentId, { body: 'no title yet' }, { locale: 'fr', status: 'draft' });
    expect(fr).to.include({ locale: 'fr', title: null });
    expectValidation(await action(app(), 'notes', en.documentId, 'publish', { locale: 'fr' }), ['title']);
    expect(await versionsOf(app(), 'loc_notes', en.documentId)).to.deep.equal(['en/draft', 'en/published', 'fr/draft']);
    expectValidation(await app().put(`/api/notes/${en.documentId}?locale=de`, { data: { body: 'no title' } }), ['title']);
    expect(await versionsOf(app(), 'loc_notes', en.documentId)).to.deep.equal(['en/draft', 'en/published', 'fr/draft']);
  });

  it('relations resolve in the same locale and status', async () => {
    const tag = await tagIn(app(), 'DP rel');
    const en = await create(app(), 'notes', { title: fresh('DP rel en'), tags: [tag] });
    await addVersion(app(), NOTE, en.documentId, 'fr', { title: fresh('DP rel fr'), tags: [tag] }, 'published');
    const fr = await readOne(app(), 'notes', en.documentId, { locale: 'fr', populate: 'tags' });
    expect(fr!.tags.map((t: Json) => t.locale)).to.deep.equal(['fr']);
    const frDraft = await readOne(app(), 'notes', en.documentId, { locale: 'fr', status: 'draft', populate: 'tags' });
    expect(frDraft!.tags.map((t: Json) => t.locale)).to.deep.equal(['fr']);
  });
});

/** Without updatedAt (the fr write may touch en's row timestamp; this test is about the data). */
function strip(doc: Json | null): Json | null {
  if (!doc) return doc;
  const { updatedAt: _u, ...rest } = doc;
  return rest;
}
