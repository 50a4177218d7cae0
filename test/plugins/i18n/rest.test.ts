// i18n over REST, without draft-and-publish: the locale parameter on every route, creating a
// locale version with PUT, locale in the body, locale=*, DELETE per locale, required and unique
// per locale, single types. Issue #6, items 3, 4, 5, 10.

import { expect } from 'chai';
import {
  addVersion, create, expectStatus, expectValidation, fresh, list, localesOf, NOTE, readOne, TAG, update, MODES, useKernel, type Json,
} from './helpers.js';

for (const { title, dp } of MODES) {
  describe(`${title}: the locale parameter on reads`, () => {
    const app = useKernel({ dp });
    let a: Json; let b: Json; let c: Json;
    const mine = () => [a.documentId, b.documentId, c.documentId];

    before(async () => {
      // a: en, fr, de; b: en only; c: fr only
      a = await create(app(), 'notes', { title: fresh('A en') });
      await update(app(), 'notes', a.documentId, { title: fresh('A fr') }, { locale: 'fr' });
      await update(app(), 'notes', a.documentId, { title: fresh('A de') }, { locale: 'de' });
      b = await create(app(), 'notes', { title: fresh('B en') });
      c = await create(app(), 'notes', { title: fresh('C fr') }, { locale: 'fr' });
    });

    it('every response carries locale; the default locale (en) when none is given', async () => {
      expect(a.locale).to.equal('en');
      expect(c.locale).to.equal('fr');
      expect((await readOne(app(), 'notes', a.documentId))!.locale).to.equal('en');
      expect((await readOne(app(), 'notes', a.documentId, { locale: 'de' }))!.locale).to.equal('de');
      const { data } = await list(app(), 'notes', { locale: 'fr', filters: { documentId: { $in: mine() } } });
      expect(data.map((d) => d.locale)).to.deep.equal(['fr', 'fr']);
    });

    it('lists one locale: the default without locale, the one asked otherwise, with totals per locale', async () => {
      const en = await list(app(), 'notes', { filters: { documentId: { $in: mine() } }, sort: 'id' });
      expect(en.data.map((d) => d.documentId)).to.deep.equal([a.documentId, b.documentId]);
      expect(en.total).to.equal(2);
      expect((await list(app(), 'notes', { locale: 'en', filters: { documentId: { $in: mine() } } })).total).to.equal(2);
      const fr = await list(app(), 'notes', { locale: 'fr', filters: { documentId: { $in: mine() } }, sort: 'id' });
      expect(fr.data.map((d) => d.documentId)).to.deep.equal([a.documentId, c.documentId]);
      expect(fr.total).to.equal(2);
      const de = await list(app(), 'notes', { locale: 'de', filters: { documentId: { $in: mine() } } });
      expect(de.data.map((d) => d.documentId)).to.deep.equal([a.documentId]);
    });

    it('reads one version: 404 in a locale the document lacks, each locale its own row and values', async () => {
      expect(await readOne(app(), 'notes', c.documentId), 'c has no en version').to.equal(null);
      expect(await readOne(app(), 'notes', b.documentId, { locale: 'fr' })).to.equal(null);
      const en = await readOne(app(), 'notes', a.documentId, { locale: 'en' });
      const fr = await readOne(app(), 'notes', a.documentId, { locale: 'fr' });
      expect(fr!.documentId).to.equal(en!.documentId);
      expect(fr!.id).to.not.equal(en!.id);
      expect(en!.title).to.match(/^A en/);
      expect(fr!.title).to.match(/^A fr/);
    });

    it('locale=* lists every version in every locale, and the total counts versions', async () => {
      const all = await list(app(), 'notes', { locale: '*', filters: { documentId: { $in: mine() } }, sort: 'id' });
      const seen = all.data.map((d) => `${d.documentId === a.documentId ? 'a' : d.documentId === b.documentId ? 'b' : 'c'}/${d.locale}`).sort();
      expect(seen).to.deep.equal(['a/de', 'a/en', 'a/fr', 'b/en', 'c/fr']);
      expect(all.total).to.equal(5);
    });

    it('count: one locale, the default, or every locale (document service)', async () => {
      const docs = app().kernel.documents(NOTE);
      const filters = { documentId: { $in: mine() } };
      expect(await docs.count({ filters })).to.equal(2);
      expect(await docs.count({ filters, locale: 'fr' })).to.equal(2);
      expect(await docs.count({ filters, locale: 'de' })).to.equal(1);
      expect(await docs.count({ filters, locale: '*' })).to.equal(5);
    });

    it('filters can name locale (with locale=*)', async () => {
      const { data } = await list(app(), 'notes', { locale: '*', filters: { documentId: { $in: mine() }, locale: { $eq: 'fr' } } });
      expect(data.map((d) => d.documentId).sort()).to.deep.equal([a.documentId, c.documentId].sort());
    });
  });

  describe(`${title}: writes`, () => {
    const app = useKernel({ dp });

    it('POST ?locale=fr creates a new document that exists in fr only', async () => {
      const note = await create(app(), 'notes', { title: fresh('Nouveau') }, { locale: 'fr' });
      expect(note.locale).to.equal('fr');
      expect(await localesOf(app(), 'loc_notes', note.documentId)).to.deep.equal(['fr']);
      expect(await readOne(app(), 'notes', note.documentId)).to.equal(null);
      expect((await readOne(app(), 'notes', note.documentId, { locale: 'fr' }))!.title).to.equal(note.title);
    });

    it('PUT ?locale=fr creates the fr version of an existing document: 200, same documentId, shared scalars copied', async () => {
      const en = await create(app(), 'notes', { title: fresh('Original'), body: 'english body', summary: 'shared summary', rank: 7 });
      const res = await app().put(`/api/notes/${en.documentId}?locale=fr`, { data: { title: fresh('Traduit') } });
      expectStatus(res, 200);
      const fr = res.body.data;
      expect(fr.documentId).to.equal(en.documentId);
      expect(fr.locale).to.equal('fr');
      expect(fr.title).to.match(/^Traduit/);
      expect(fr.summary, 'shared, copied').to.equal('shared summary');
      expect(fr.rank, 'shared, copied').to.equal(7);
      expect(fr.body, 'localized, not copied').to.equal(null);
      expect(await localesOf(app(), 'loc_notes', en.documentId)).to.deep.equal(['en', 'fr']);
      const enAfter = await readOne(app(), 'notes', en.documentId);
      expect(enAfter).to.include({ title: en.title, body: 'english body', summary: 'shared summary', rank: 7, locale: 'en' });
    });

    it('PUT ?locale=fr on a type with shared components and relations creates the fr version with them copied', async () => {
      const writer = await create(app(), 'writers', { name: fresh('Writer') });
      const en = await create(app(), 'articles', {
        title: fresh('Shared parts'), sku: 'SKU-1', specs: { weight: 12, color: 'blue' }, writer: writer.documentId, seo: { metaTitle: 'en meta' },
      }, { populate: '*' });
      const res = await app().put(`/api/articles/${en.documentId}?locale=fr&populate=*`, { data: { title: fresh('Parties partagées') } });
      expectStatus(res, 200, 'PUT /api/articles/:id?locale=fr');
      const fr = res.body.data;
      expect(fr).to.include({ documentId: en.documentId, locale: 'fr', sku: 'SKU-1' });
      expect(fr.specs).to.include({ weight: 12, color: 'blue' });
      expect(fr.specs.id, 'its own component row').to.not.equal(en.specs.id);
      expect(fr.writer?.documentId).to.equal(writer.documentId);
      expect(fr.seo, 'seo is localized: not copied').to.equal(null);
      const enAfter = await readOne(app(), 'articles', en.documentId, { populate: '*' });
      expect(enAfter!.seo).to.deep.equal(en.seo);
      expect(enAfter!.specs).to.include({ weight: 12, color: 'blue' });
    });

    it('PUT in a locale the document has updates that version only', async () => {
      const en = await create(app(), 'notes', { title: fresh('Two'), body: 'en body' });
      await addVersion(app(), NOTE, en.documentId, 'fr', { title: fresh('Deux'), body: 'fr body' });
      const fr = await update(app(), 'notes', en.documentId, { body: 'fr body 2' }, { locale: 'fr' });
      expect(fr).to.include({ locale: 'fr', body: 'fr body 2' });
      expect((await readOne(app(), 'notes', en.documentId))!.body).to.equal('en body');
      expect(await localesOf(app(), 'loc_notes', en.documentId)).to.deep.equal(['en', 'fr']);
    });

    it('a locale key in the body is a 400 on POST and PUT, and never changes a version\'s locale', async () => {
      const en = await create(app(), 'notes', { title: fresh('Stays en') });
      const put = await app().put(`/api/notes/${en.documentId}`, { data: { title: fresh('Moved?'), locale: 'fr' } });
      expectValidation(put, ['locale']);
      const putFr = await app().put(`/api/notes/${en.documentId}?locale=fr`, { data: { title: fresh('Moved?'), locale: 'de' } });
      expectValidation(putFr, ['locale']);
      expect(await localesOf(app(), 'loc_notes', en.documentId)).to.deep.equal(['en']);
      expect((await readOne(app(), 'notes', en.documentId))!.title).to.equal(en.title);
      const before = await app().kernel.documents(NOTE).count({ locale: '*' });
      expectValidation(await app().post('/api/notes', { data: { title: fresh('Born fr?'), locale: 'fr' } }), ['locale']);
      expectValidation(await app().post('/api/notes?locale=fr', { data: { title: fresh('Born de?'), locale: 'de' } }), ['locale']);
      expect(await app().kernel.documents(NOTE).count({ locale: '*' })).to.equal(before);
    });

    it('locale=* on create and update is a 400 and writes nothing', async () => {
      const en = await create(app(), 'notes', { title: fresh('Star') });
      const before = await app().kernel.documents(NOTE).count({ locale: '*' });
      expectValidation(await app().post('/api/notes?locale=*', { data: { title: fresh('All?') } }), undefined, /locale/);
      expectValidation(await app().put(`/api/notes/${en.documentId}?locale=*`, { data: { title: fresh('All?') } }), undefined, /locale/);
      expect(await app().kernel.documents(NOTE).count({ locale: '*' })).to.equal(before);
      expect((await readOne(app(), 'notes', en.documentId))!.title).to.equal(en.title);
    });

    it('PUT ?locale=fr on an unknown documentId is a 404 and creates nothing', async () => {
      const before = await app().kernel.documents(NOTE).count({ locale: '*' });
      const res = await app().put('/api/notes/nosuchdocument000000000?locale=fr', { data: { title: fresh('Ghost') } });
      expectStatus(res, 404);
      expect(await app().kernel.documents(NOTE).count({ locale: '*' })).to.equal(before);
    });

    it('localizations and locale are not writable', async () => {
      const en = await create(app(), 'notes', { title: fresh('Links') });
      expectValidation(await app().put(`/api/notes/${en.documentId}`, { data: { localizations: [en.documentId] } }), ['localizations']);
    });
  });

  describe(`${title}: DELETE per locale`, () => {
    const app = useKernel({ dp });

    async function threeLocales(): Promise<string> {
      const en = await create(app(), 'notes', { title: fresh('Del en') });
      await update(app(), 'notes', en.documentId, { title: fresh('Del fr') }, { locale: 'fr' });
      await update(app(), 'notes', en.documentId, { title: fresh('Del de') }, { locale: 'de' });
      return en.documentId as string;
    }

    it('without locale removes the default-locale version only', async () => {
      const id = await threeLocales();
      const res = await app().del(`/api/notes/${id}`);
      expectStatus(res, 204);
      expect(await localesOf(app(), 'loc_notes', id)).to.deep.equal(['de', 'fr']);
      expect(await readOne(app(), 'notes', id)).to.equal(null);
      expect(await readOne(app(), 'notes', id, { locale: 'fr' })).to.not.equal(null);
    });

    it('with locale=fr removes fr only', async () => {
      const id = await threeLocales();
      expectStatus(await app().del(`/api/notes/${id}?locale=fr`), 204);
      expect(await localesOf(app(), 'loc_notes', id)).to.deep.equal(['de', 'en']);
      expect(await readOne(app(), 'notes', id, { locale: 'fr' })).to.equal(null);
    });

    it('with locale=* removes every locale', async () => {
      const id = await threeLocales();
      expectStatus(await app().del(`/api/notes/${id}?locale=*`), 204);
      expect(await localesOf(app(), 'loc_notes', id)).to.deep.equal([]);
      expectStatus(await app().del(`/api/notes/${id}?locale=*`), 404);
    });

    it('in a locale the document lacks is a 404 and removes nothing', async () => {
      const en = await create(app(), 'notes', { title: fresh('Only en') });
      expectStatus(await app().del(`/api/notes/${en.documentId}?locale=fr`), 404);
      expect(await localesOf(app(), 'loc_notes', en.documentId)).to.deep.equal(['en']);
    });

    it('removing one locale leaves relations to the document from other locales in place', async () => {
      const tag = await create(app(), 'tags', { name: fresh('Kept tag en') });
      await update(app(), 'tags', tag.documentId, { name: fresh('Kept tag fr') }, { locale: 'fr' });
      const note = await create(app(), 'notes', { title: fresh('Tagged'), tags: [tag.documentId] });
      expectStatus(await app().del(`/api/tags/${tag.documentId}?locale=fr`), 204);
      const read = await readOne(app(), 'notes', note.documentId, { populate: 'tags' });
      expect(read!.tags.map((t: Json) => t.documentId)).to.deep.equal([tag.documentId]);
    });
  });

  describe(`${title}: required and unique apply per locale`, () => {
    const app = useKernel({ dp });

    it('the same unique value may exist once in each locale; twice in one locale is a 400', async () => {
      const code = fresh('CODE');
      await create(app(), 'notes', { title: fresh('U en'), code });
      await create(app(), 'notes', { title: fresh('U fr'), code }, { locale: 'fr' });
      const dupEn = await app().post('/api/notes', { data: { title: fresh('U en 2'), code } });
      expectValidation(dupEn, ['code'], /unique/);
      const dupFr = await app().post('/api/notes?locale=fr', { data: { title: fresh('U fr 2'), code } });
      expectValidation(dupFr, ['code'], /unique/);
      await create(app(), 'notes', { title: fresh('U de'), code }, { locale: 'de' });
    });

    it('a new locale version is checked against that locale only', async () => {
      const code = fresh('CODE');
      const first = await create(app(), 'notes', { title: fresh('First'), code });
      // The same document's fr version may reuse its en value
      await update(app(), 'notes', first.documentId, { title: fresh('Premier'), code }, { locale: 'fr' });
      // Another document's fr version may not
      const other = await create(app(), 'notes', { title: fresh('Other'), code: fresh('OTHER') });
      expectValidation(await app().put(`/api/notes/${other.documentId}?locale=fr`, { data: { title: fresh('Autre'), code } }), ['code'], /unique/);
      expect(await localesOf(app(), 'loc_notes', other.documentId)).to.deep.equal(['en']);
      await update(app(), 'notes', other.documentId, { title: fresh('Andere'), code }, { locale: 'de' });
    });

    it('required holds for every new locale version', async () => {
      expectValidation(await app().post('/api/notes?locale=fr', { data: { body: 'no title' } }), ['title']);
      const en = await create(app(), 'notes', { title: fresh('Has a title') });
      expectValidation(await app().put(`/api/notes/${en.documentId}?locale=fr`, { data: { body: 'no title' } }), ['title']);
      expect(await localesOf(app(), 'loc_notes', en.documentId)).to.deep.equal(['en']);
      expectValidation(await app().put(`/api/notes/${en.documentId}?locale=en`, { data: { title: null } }), ['title']);
    });
  });

  describe(`${title}: single types`, () => {
    const app = useKernel({ dp });

    it('each locale of the single type is its own version of the one document', async () => {
      const en = await app().put('/api/homepage', { data: { headline: 'Welcome', theme: 'dark' } });
      expectStatus(en, 200);
      expect(en.body.data.locale).to.equal('en');
      expectStatus(await app().get('/api/homepage?locale=fr'), 404);
      const fr = await app().put('/api/homepage?locale=fr', { data: { headline: 'Bienvenue' } });
      expectStatus(fr, 200);
      expect(fr.body.data).to.include({ documentId: en.body.data.documentId, locale: 'fr', headline: 'Bienvenue', theme: 'dark' });
      expect((await app().get('/api/homepage')).body.data).to.include({ headline: 'Welcome', locale: 'en' });
      expect((await app().get('/api/homepage?locale=fr')).body.data).to.include({ headline: 'Bienvenue', locale: 'fr' });
      expectStatus(await app().get('/api/homepage?locale=de'), 404);
      const frAgain = await app().put('/api/homepage?locale=fr', { data: { headline: 'Bienvenue !' } });
      expect(frAgain.body.data.documentId).to.equal(en.body.data.documentId);
      expect((await app().get('/api/homepage')).body.data.headline).to.equal('Welcome');
      expectStatus(await app().del('/api/homepage?locale=fr'), 204);
      expectStatus(await app().get('/api/homepage?locale=fr'), 404);
      expect((await app().get('/api/homepage')).body.data.headline).to.equal('Welcome');
    });

    it('a single type created first in fr is found in fr only', async () => {
      // The previous test left the en version; remove it so the next PUT creates the document
      expectStatus(await app().del('/api/homepage?locale=*'), 204);
      const fr = await app().put('/api/homepage?locale=fr', { data: { headline: 'Seulement' } });
      expectStatus(fr, 200);
      expect(fr.body.data.locale).to.equal('fr');
      expectStatus(await app().get('/api/homepage'), 404);
    });
  });

  describe(`${title}: tags, a localized type without draft-and-publish, through the document service`, () => {
    const app = useKernel({ dp });

    it('create with a documentId and a locale adds a version; twice is refused', async () => {
      const docs = app().kernel.documents(TAG);
      const en = await docs.create({ data: { name: fresh('Svc en') } });
      const fr = await docs.create({ documentId: en.documentId, locale: 'fr', data: { name: fresh('Svc fr') } });
      expect(fr).to.include({ documentId: en.documentId, locale: 'fr' });
      let error: unknown;
      try { await docs.create({ documentId: en.documentId, locale: 'fr', data: { name: fresh('Svc fr 2') } }); } catch (err) { error = err; }
      expect((error as { name?: string } | undefined)?.name).to.equal('ValidationError');
      expect(await localesOf(app(), 'loc_tags', en.documentId)).to.deep.equal(['en', 'fr']);
      expect((await docs.findOne({ documentId: en.documentId, locale: 'fr' }))!.name).to.equal(fr.name);
      expect(await docs.findMany({ filters: { documentId: en.documentId }, locale: '*' })).to.have.length(2);
    });
  });
}
