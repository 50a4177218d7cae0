// i18n: the configured locales (plugins.i18n.config), the locales table and GET /api/i18n/locales,
// invalid locale parameters, bad plugin config at start-up, and the app without the plugin.
// Issue #6, items 1 and the disabled-plugin case.

import { expect } from 'chai';
import { createTestDatabase } from '../../helpers/database.js';
import { startKernel } from '../../helpers/kernel.js';
import {
  create, expectStatus, expectValidation, FIXTURES, fresh, i18nConfig, ISO, list, NOTE, readOne, update, useKernel, type Json,
} from './helpers.js';

describe('i18n: configured locales', () => {
  const app = useKernel();

  it('GET /api/i18n/locales lists the configured locales as a bare array, in config order, the default marked', async () => {
    const res = await app().get('/api/i18n/locales');
    expectStatus(res, 200);
    expect(res.body).to.be.an('array');
    const locales = res.body as Json[];
    expect(locales.map((l) => l.code)).to.deep.equal(['en', 'fr', 'de']);
    expect(locales.map((l) => l.isDefault)).to.deep.equal([true, false, false]);
    expect(locales.find((l) => l.code === 'fr')!.name).to.equal('Français');
    for (const l of locales) {
      // Strapi's keys, in its order (its locale rows' own, then isDefault)
      expect(Object.keys(l), l.code).to.deep.equal(['id', 'documentId', 'name', 'code', 'createdAt', 'updatedAt', 'publishedAt', 'isDefault']);
      expect(l.name, l.code).to.be.a('string').and.not.equal('');
      expect(l.id, l.code).to.be.a('number');
      expect(l.documentId, l.code).to.be.a('string');
      expect(l.createdAt, l.code).to.match(ISO);
      // A locale has no draft: published when it was created, as Strapi's publishedAt default
      expect(l.publishedAt, l.code).to.equal(l.createdAt);
    }
  });

  it('stores the locales in a table', async () => {
    const rows = await app().kernel.db('i18n_locale').orderBy('id').select('code', 'name') as Json[];
    expect(rows.map((r) => r.code)).to.deep.equal(['en', 'fr', 'de']);
    expect(rows.map((r) => r.name)[1]).to.equal('Français');
  });

  it('answers 400 for an unknown or malformed locale on every route, and writes nothing', async () => {
    const note = await create(app(), 'notes', { title: fresh('Valid') });
    const before = await app().kernel.documents(NOTE).count({ locale: '*' });
    const bad = ['es', 'xx-YY', 'EN', 'e', 'en_US', '../en', 'en;', 'fr ', '*/'];
    const values: string[] = [...bad.map((v) => `locale=${encodeURIComponent(v)}`), 'locale[0]=en', 'locale[a]=fr'];
    for (const q of values) {
      const requests: Array<[string, string, unknown?]> = [
        ['GET', `/api/notes?${q}`],
        ['GET', `/api/notes/${note.documentId}?${q}`],
        ['POST', `/api/notes?${q}`, { data: { title: fresh('Bad locale') } }],
        ['PUT', `/api/notes/${note.documentId}?${q}`, { data: { title: fresh('Bad locale') } }],
        ['DELETE', `/api/notes/${note.documentId}?${q}`],
      ];
      for (const [method, path, body] of requests) {
        const res = await app().request(method, path, body);
        expect(res.status, `${method} ${path}: ${res.text}`).to.equal(400);
        expect(res.body.error.name, `${method} ${path}`).to.equal('ValidationError');
        expect(res.body.error.message, `${method} ${path}`).to.match(/locale/i);
      }
    }
    expect(await app().kernel.documents(NOTE).count({ locale: '*' })).to.equal(before);
    expect((await readOne(app(), 'notes', note.documentId))!.title).to.equal(note.title);
  });

  it('the document service refuses an unknown locale too', async () => {
    let error: unknown;
    try { await app().kernel.documents(NOTE).findMany({ locale: 'es' }); } catch (err) { error = err; }
    expect((error as { name?: string } | undefined)?.name).to.equal('ValidationError');
  });
});

describe('i18n: defaults', () => {
  describe('enabled without config', () => {
    const app = useKernel({ i18n: {} });

    it('has en as the only locale and the default', async () => {
      const res = await app().get('/api/i18n/locales');
      expectStatus(res, 200);
      expect((res.body as Json[]).map((l) => [l.code, l.isDefault])).to.deep.equal([['en', true]]);
      const note = await create(app(), 'notes', { title: fresh('Default') });
      expect(note.locale).to.equal('en');
      expectStatus(await app().get('/api/notes?locale=fr'), 400);
    });
  });

  describe('another default locale', () => {
    const app = useKernel({ i18n: { locales: ['en', 'fr'], defaultLocale: 'fr' } });

    it('uses the configured default when a request names no locale', async () => {
      const res = await app().get('/api/i18n/locales');
      expect((res.body as Json[]).map((l) => [l.code, l.isDefault])).to.deep.equal([['en', false], ['fr', true]]);
      const note = await create(app(), 'notes', { title: fresh('Défaut') });
      expect(note.locale).to.equal('fr');
      expect(await readOne(app(), 'notes', note.documentId, { locale: 'en' })).to.equal(null);
      expect((await readOne(app(), 'notes', note.documentId))!.locale).to.equal('fr');
      const en = await create(app(), 'notes', { title: fresh('English') }, { locale: 'en' });
      const { data } = await list(app(), 'notes', { filters: { documentId: { $in: [note.documentId, en.documentId] } } });
      expect(data.map((d) => d.documentId)).to.deep.equal([note.documentId]);
    });
  });
});

describe('i18n: the locales table follows the config across restarts', () => {
  it('adds, renames, re-marks the default and removes locales to match the config', async function () {
    this.timeout(120_000);
    const db = await createTestDatabase({ persistent: true });
    try {
      const first = await startKernel({ contentTypesDir: FIXTURES, db, config: i18nConfig() });
      let note: Json;
      try {
        note = await create(first, 'notes', { title: fresh('Before restart') });
      } finally {
        await first.stop();
      }
      const second = await startKernel({
        contentTypesDir: FIXTURES, db,
        config: i18nConfig({ i18n: { locales: [{ code: 'en', name: 'English' }, 'fr', 'pt-BR'], defaultLocale: 'fr' } }),
      });
      try {
        const res = await second.get('/api/i18n/locales');
        expectStatus(res, 200);
        const locales = res.body as Json[];
        expect(locales.map((l) => l.code).sort()).to.deep.equal(['en', 'fr', 'pt-BR']);
        expect(locales.find((l) => l.code === 'en')!.name).to.equal('English');
        expect(locales.filter((l) => l.isDefault).map((l) => l.code)).to.deep.equal(['fr']);
        expectStatus(await second.get('/api/notes?locale=de'), 400, 'de was removed from the config');
        expectStatus(await second.get('/api/notes?locale=pt-BR'), 200, 'pt-BR was added');
        // The en version written before the restart is still there, read with an explicit locale
        expect((await readOne(second, 'notes', note.documentId, { locale: 'en' }))!.title).to.equal(note.title);
        expect(await readOne(second, 'notes', note.documentId), 'the default is fr now').to.equal(null);
      } finally {
        await second.stop();
      }
    } finally {
      await db.drop();
    }
  });
});

describe('i18n: locales named in one string, as an environment list gives them', () => {
  it("takes 'code:Name' (the name may hold colons and spaces), a bare code as its own name", async function () {
    this.timeout(60_000);
    const app = await startKernel({ contentTypesDir: FIXTURES, config: i18nConfig({ i18n: { locales: ['en:English (en)', ' fr : Français ', 'de', 'pt-BR:Português: Brasil', 'it:'] } }) });
    try {
      const res = await app.get('/api/i18n/locales');
      expectStatus(res, 200);
      expect((res.body as Json[]).map((l) => [l.code, l.name])).to.deep.equal([
        ['en', 'English (en)'], ['fr', 'Français'], ['de', 'de'], ['pt-BR', 'Português: Brasil'], ['it', 'it'],
      ]);
    } finally {
      await app.stop();
    }
  });
});

describe('i18n: bad plugin config stops start-up, naming the key', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a malformed code', { locales: ['en', 'EN_us'] }, 'plugins.i18n.config.locales.1'],
    ['a code that is not a string', { locales: ['en', 42] }, 'plugins.i18n.config.locales.1'],
    ['an entry without a code', { locales: ['en', { name: 'French' }] }, 'plugins.i18n.config.locales.1'],
    ['an empty list', { locales: [] }, 'plugins.i18n.config.locales'],
    ['a list that is not an array', { locales: 'en' }, 'plugins.i18n.config.locales'],
    ['a default that is not in the list', { locales: ['en', 'fr'], defaultLocale: 'de' }, 'plugins.i18n.config.defaultLocale'],
    ['a default that is not a string', { locales: ['en'], defaultLocale: 1 }, 'plugins.i18n.config.defaultLocale'],
    ['the same code twice', { locales: ['en', 'fr', 'en'] }, 'plugins.i18n.config.locales.2'],
    ['a named entry with a malformed code', { locales: ['en:English', 'EN_us:American'] }, 'plugins.i18n.config.locales.1'],
    ['the same code twice, once named', { locales: ['en', 'en:English'] }, 'plugins.i18n.config.locales.1'],
  ];
  for (const [what, config, key] of cases) {
    it(`${what}: ${key}`, async function () {
      this.timeout(60_000);
      let error: Error | undefined;
      try {
        const app = await startKernel({ contentTypesDir: FIXTURES, config: i18nConfig({ i18n: config }) });
        await app.stop();
      } catch (err) {
        error = err as Error;
      }
      expect(error, 'start-up should fail').to.be.instanceOf(Error);
      expect(error!.message).to.contain(key);
    });
  }
});

describe('i18n: without the plugin', () => {
  const app = useKernel({ i18n: false });

  it('documents of a type marked localized have no locale field', async () => {
    const note = await create(app(), 'notes', { title: fresh('Plain') });
    expect(note).to.not.have.property('locale');
    expect(note).to.not.have.property('localizations');
    const read = await readOne(app(), 'notes', note.documentId);
    expect(read).to.not.have.property('locale');
    expect(app().kernel.registry.contentType(NOTE).attributes).to.not.have.property('locale');
  });

  it('the locale parameter is a 400 Invalid key locale with strictParams, on every route', async () => {
    const note = await create(app(), 'notes', { title: fresh('Plain') });
    const requests: Array<[string, string, unknown?]> = [
      ['GET', '/api/notes?locale=fr'],
      ['GET', `/api/notes/${note.documentId}?locale=en`],
      ['POST', '/api/notes?locale=fr', { data: { title: fresh('x') } }],
      ['PUT', `/api/notes/${note.documentId}?locale=fr`, { data: { title: fresh('x') } }],
      ['DELETE', `/api/notes/${note.documentId}?locale=en`],
      ['GET', '/api/notes?locale=*'],
    ];
    for (const [method, path, body] of requests) {
      const res = await app().request(method, path, body);
      expect(res.status, `${method} ${path}: ${res.text}`).to.equal(400);
      expect(res.body.error.message, `${method} ${path}`).to.equal('Invalid key locale');
    }
    expect(await readOne(app(), 'notes', note.documentId), 'DELETE with locale deleted nothing').to.not.equal(null);
  });

  it('a locale key in the body or populate=localizations is a 400', async () => {
    const note = await create(app(), 'notes', { title: fresh('Plain') });
    expectValidation(await app().put(`/api/notes/${note.documentId}`, { data: { locale: 'fr' } }));
    expectStatus(await app().get(`/api/notes/${note.documentId}?populate=localizations`), 400);
  });

  it('GET /api/i18n/locales is 404', async () => {
    const res = await app().get('/api/i18n/locales');
    expectStatus(res, 404);
    expect(res.body.error.name).to.equal('NotFoundError');
  });

  it('without strictParams, locale is ignored', async () => {
    const loose = await startKernel({ contentTypesDir: FIXTURES, config: i18nConfig({ i18n: false, extra: { api: { rest: { strictParams: false } } as never } }) });
    try {
      const note = await create(loose, 'notes', { title: fresh('Loose') }, { locale: 'fr' });
      expect(note).to.not.have.property('locale');
      const read = await readOne(loose, 'notes', note.documentId, { locale: 'de' });
      expect(read!.title).to.equal(note.title);
      const updated = await update(loose, 'notes', note.documentId, { body: 'b' }, { locale: 'de' });
      expect(updated.body).to.equal('b');
    } finally {
      await loose.stop();
    }
  });
});
