// i18n: shared (pluginOptions.i18n.localized: false) attributes keep one value across the locales
// of a document on every write path; writing one locale never touches another locale's localized
// scalars, components or relations. Without draft-and-publish. Issue #6, item 6.

import { expect } from 'chai';
import { until } from '../../helpers/poll.js';
import {
  addVersion, ARTICLE, create, expectStatus, fresh, ids, NOTE, readOne, tagIn, update, MODES, syncedRead, useKernel, type Json,
} from './helpers.js';

for (const { title, dp } of MODES) {
  describe(`${title}: shared scalar fields`, () => {
    const app = useKernel({ dp });

    it('a shared scalar written in en is written in every other locale, and the other way round', async () => {
      const en = await create(app(), 'notes', { title: fresh('Sync'), summary: 's1', rank: 1 });
      await update(app(), 'notes', en.documentId, { title: fresh('Sync fr') }, { locale: 'fr' });
      await update(app(), 'notes', en.documentId, { title: fresh('Sync de') }, { locale: 'de' });
      await update(app(), 'notes', en.documentId, { summary: 's2' });
      for (const locale of ['en', 'fr', 'de']) {
        expect((await readOne(app(), 'notes', en.documentId, { locale, ...syncedRead(dp) }))!.summary, locale).to.equal('s2');
      }
      await update(app(), 'notes', en.documentId, { rank: 9, summary: null }, { locale: 'de' });
      for (const locale of ['en', 'fr', 'de']) {
        expect((await readOne(app(), 'notes', en.documentId, { locale, ...syncedRead(dp) }))!, locale).to.include({ rank: 9, summary: null });
      }
    });

    it('a shared value given when a locale version is created is written in every locale', async () => {
      const tag = await create(app(), 'tags', { name: fresh('Color en'), color: 'red' });
      await update(app(), 'tags', tag.documentId, { name: fresh('Couleur'), color: 'blue' }, { locale: 'fr' });
      expect((await readOne(app(), 'tags', tag.documentId))!.color).to.equal('blue'); // tags have no draft-and-publish
      expect((await readOne(app(), 'tags', tag.documentId, { locale: 'fr' }))!.color).to.equal('blue');
    });

    it('syncing a shared scalar leaves the other locales\' localized fields alone', async () => {
      const en = await create(app(), 'notes', { title: fresh('Keep'), body: 'en body', summary: 'a' });
      const fr = await update(app(), 'notes', en.documentId, { title: fresh('Garder'), body: 'fr body' }, { locale: 'fr' });
      await update(app(), 'notes', en.documentId, { summary: 'b', title: fresh('Keep 2'), body: 'en body 2' });
      expect(await readOne(app(), 'notes', en.documentId, { locale: 'fr', ...syncedRead(dp) })).to.include({ title: fr.title, body: 'fr body', summary: 'b' });
    });

    it('the document service syncs shared scalars too', async () => {
      const docs = app().kernel.documents(NOTE);
      const en = await docs.create({ data: { title: fresh('Svc'), summary: 'x' } });
      await docs.create({ documentId: en.documentId, locale: 'fr', data: { title: fresh('Svc fr') } });
      await docs.update({ documentId: en.documentId, locale: 'fr', data: { summary: 'y' } });
      expect((await docs.findOne({ documentId: en.documentId }))!.summary).to.equal('y');
    });
  });

  describe(`${title}: shared components and relations`, () => {
    const app = useKernel({ dp });
    let w1: Json; let w2: Json;

    before(async () => {
      w1 = await create(app(), 'writers', { name: fresh('W1') });
      w2 = await create(app(), 'writers', { name: fresh('W2') });
    });

    /** An article in en and fr with the same shared values (the fr version made by the document service). */
    async function article(): Promise<Json> {
      const en = await create(app(), 'articles', { title: fresh('Art'), sku: 'A-1', specs: { weight: 1, color: 'red' }, writer: w1.documentId }, { populate: '*' });
      await addVersion(app(), ARTICLE, en.documentId, 'fr', { title: fresh('Art fr'), sku: 'A-1', specs: { weight: 1, color: 'red' }, writer: w1.documentId });
      return en;
    }

    it('a shared relation written in one locale is the same in every locale', async () => {
      const en = await article();
      await update(app(), 'articles', en.documentId, { writer: w2.documentId });
      expect((await readOne(app(), 'articles', en.documentId, { locale: 'fr', populate: 'writer', ...syncedRead(dp) }))!.writer?.documentId).to.equal(w2.documentId);
      await update(app(), 'articles', en.documentId, { writer: null }, { locale: 'fr' });
      expect((await readOne(app(), 'articles', en.documentId, { populate: 'writer', ...syncedRead(dp) }))!.writer).to.equal(null);
      await update(app(), 'articles', en.documentId, { writer: { connect: [w1.documentId] } }, { locale: 'fr' });
      expect((await readOne(app(), 'articles', en.documentId, { populate: 'writer', ...syncedRead(dp) }))!.writer?.documentId).to.equal(w1.documentId);
    });

    it('a shared component written in one locale has the same values in every locale', async () => {
      const en = await article();
      await update(app(), 'articles', en.documentId, { specs: { weight: 2, color: 'green' } });
      const fr = await readOne(app(), 'articles', en.documentId, { locale: 'fr', populate: 'specs', ...syncedRead(dp) });
      expect(fr!.specs).to.include({ weight: 2, color: 'green' });
    });

    it('a shared component updated in place (with its id, as clients send it) is synced, not refused', async () => {
      const en = await article();
      const current = await readOne(app(), 'articles', en.documentId, { populate: 'specs' });
      const res = await app().put(`/api/articles/${en.documentId}?populate=specs`, { data: { specs: { id: current!.specs.id, weight: 3, color: 'red' } } });
      expectStatus(res, 200, 'PUT en specs with its component id');
      // (publishing copies component rows, so with draft-and-publish the published id is a new one)
      expect(res.body.data.specs).to.include({ weight: 3, color: 'red' });
      if (!dp) expect(res.body.data.specs.id).to.equal(current!.specs.id);
      expect((await readOne(app(), 'articles', en.documentId, { locale: 'fr', populate: 'specs', ...syncedRead(dp) }))!.specs).to.include({ weight: 3, color: 'red' });
    });

    it('a shared component cleared in one locale is cleared in every locale', async () => {
      const en = await article();
      await update(app(), 'articles', en.documentId, { specs: null }, { locale: 'fr' });
      expect((await readOne(app(), 'articles', en.documentId, { populate: 'specs', ...syncedRead(dp) }))!.specs).to.equal(null);
    });

    it('syncing shared parts never replaces the other locale\'s localized component or relations', async () => {
      const tag = await tagIn(app(), fresh('Shared-sync tag'));
      const en = await create(app(), 'articles', {
        title: fresh('Loc parts'), seo: { metaTitle: 'en seo' }, tags: [tag], writer: w1.documentId, specs: { weight: 1 },
      });
      await addVersion(app(), ARTICLE, en.documentId, 'fr', { title: fresh('Loc parts fr'), seo: { metaTitle: 'fr seo' }, tags: [tag], writer: w1.documentId, specs: { weight: 1 } });
      const frBefore = await readOne(app(), 'articles', en.documentId, { locale: 'fr', populate: { seo: true, tags: true }, ...syncedRead(dp) });
      await update(app(), 'articles', en.documentId, { writer: w2.documentId, specs: { weight: 5 }, seo: { metaTitle: 'en seo 2' }, tags: [] });
      const frAfter = await readOne(app(), 'articles', en.documentId, { locale: 'fr', populate: { seo: true, tags: true }, ...syncedRead(dp) });
      expect(frAfter!.seo).to.deep.equal(frBefore!.seo);
      expect(ids(frAfter!.tags)).to.deep.equal([tag]);
      expect(frAfter!.title).to.equal(frBefore!.title);
    });
  });

  describe(`${title}: editing fr leaves en untouched`, () => {
    const app = useKernel({ dp });

    it('en\'s localized scalars, component and relations are unchanged after every kind of fr write', async () => {
      const t1 = await tagIn(app(), fresh('T1'));
      const t2 = await tagIn(app(), fresh('T2'));
      const editorEn = await create(app(), 'writers', { name: fresh('Editor en') });
      const editorFr = await create(app(), 'writers', { name: fresh('Editor fr') });
      const en = await create(app(), 'notes', {
        title: fresh('Untouched'), body: 'en body', code: fresh('EN'), seo: { metaTitle: 'en meta', metaDescription: 'en desc' },
        tags: [t1], editor: editorEn.documentId,
      });
      const populate = { seo: true, tags: true, editor: true };
      const statuses = dp ? [{}, { status: 'draft' }] : [{}];
      const before = await Promise.all(statuses.map((st) => readOne(app(), 'notes', en.documentId, { populate, ...st })));
      const enRows = () => app().kernel.db('loc_notes').where({ document_id: en.documentId, locale: 'en' }).orderBy('id') as Promise<Json[]>;
      const rowsBefore = await enRows();

      // 1. PUT ?locale=fr creates the fr version with everything localized set
      await update(app(), 'notes', en.documentId, {
        title: fresh('Intact'), body: 'fr body', code: fresh('FR'), seo: { metaTitle: 'fr meta' }, tags: [t2], editor: editorFr.documentId,
      }, { locale: 'fr' });
      // 2. then edits it: scalars, the component replaced and cleared, relations connected and disconnected
      await update(app(), 'notes', en.documentId, { body: 'fr body 2', seo: { metaTitle: 'fr meta 2' }, tags: { connect: [t1], disconnect: [t2] } }, { locale: 'fr' });
      await update(app(), 'notes', en.documentId, { seo: null, tags: [], editor: null }, { locale: 'fr' });

      // (updatedAt is checked on its own below: this test is about the data)
      const after = await Promise.all(statuses.map((st) => readOne(app(), 'notes', en.documentId, { populate, ...st })));
      expect(after.map((d) => withoutKey(d!, 'updatedAt'))).to.deep.equal(before.map((d) => withoutKey(d!, 'updatedAt')));
      const rowsAfter = await enRows();
      expect(rowsAfter.map((r) => withoutKey(r, 'updated_at'))).to.deep.equal(rowsBefore.map((r) => withoutKey(r, 'updated_at')));
      expect(rowsAfter).to.have.length(dp ? 2 : 1);
      const fr = await readOne(app(), 'notes', en.documentId, { locale: 'fr', populate });
      expect(fr).to.include({ body: 'fr body 2', seo: null, editor: null });
      expect(fr!.tags).to.deep.equal([]);
    });

    it('adding a locale version without shared values to change does not rewrite the other locales (updatedAt stays)', async () => {
      const en = await create(app(), 'notes', { title: fresh('Quiet'), summary: 'same' });
      const stamp = (await readOne(app(), 'notes', en.documentId, syncedRead(dp)))!.updatedAt;
      // A rewrite from now on would get a later stamp
      await until('the clock past the stamp', () => Date.now() > Date.parse(stamp as string) + 1);
      await update(app(), 'notes', en.documentId, { title: fresh('Silencieux') }, { locale: 'fr' });
      await update(app(), 'notes', en.documentId, { title: fresh('Still') }, { locale: 'fr' });
      expect((await readOne(app(), 'notes', en.documentId, syncedRead(dp)))!.updatedAt).to.equal(stamp);
    });
  });

  function withoutKey(doc: Json, key: string): Json {
    const { [key]: _drop, ...rest } = doc;
    return rest;
  }
}
