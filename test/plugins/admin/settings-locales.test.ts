// Settings > Internationalization over HTTP: Strapi's admin routes /i18n/locales over the i18n
// plugin's locale operations. A locale made, made the default or deleted is what the content API
// accepts from the next request on; the config's locales stay as the config says.

import { expect } from 'chai';
import { expectFieldError, expectStatus, fresh, useKernel } from '../../helpers/suite.js';
import { adminOptions, as, registerFirstAdmin, type Session } from './helpers.js';
import { adminWith, expectGuarded } from './settings-helpers.js';

const ACTIONS = ['create', 'read', 'update', 'delete'].map((verb) => `plugin::i18n.locale.${verb}`);
const LOCALE_KEYS = ['id', 'documentId', 'name', 'code', 'createdAt', 'updatedAt', 'publishedAt', 'isDefault'];
type Locale = { id: number; code: string; name: string; isDefault: boolean };

describe('admin: locales settings', () => {
  const app = useKernel(adminOptions());
  let root: Session;
  let reader: string;
  before(async () => {
    root = await registerFirstAdmin(app());
    reader = (await app().kernel.apiTokens.create({ name: fresh('reader'), type: 'full-access' })).secret;
  });
  const articles = (locale: string) => as(app(), { token: reader }).get(`/api/articles?locale=${locale}`);
  const byCode = async (code: string): Promise<Locale> => ((await as(app(), root).get('/i18n/locales')).body as Locale[]).find((l) => l.code === code)!;

  it('adds a locale that requests may name at once, makes it the default, renames and deletes it', async () => {
    const admin = as(app(), root);
    const listed = await admin.get('/i18n/locales');
    expectStatus(listed, 200);
    expect((listed.body as Locale[]).map((l) => [l.code, l.isDefault])).to.deep.equal([['en', true], ['fr', false], ['de', false]]);
    expectStatus(await articles('es'), 400);

    const created = await admin.post('/i18n/locales', { code: 'es', name: 'Español' });
    expectStatus(created, 200);
    expect(Object.keys(created.body)).to.deep.equal(LOCALE_KEYS);
    expect(created.body).to.include({ code: 'es', name: 'Español', isDefault: false });
    expectStatus(await articles('es'), 200);
    expect((await as(app(), { token: reader }).get('/api/i18n/locales')).body.map((l: Locale) => l.code)).to.deep.equal(['en', 'fr', 'de', 'es']);

    const made = await admin.put(`/i18n/locales/${created.body.id}`, { name: 'Castellano', isDefault: true });
    expectStatus(made, 200);
    expect(made.body).to.include({ id: created.body.id, code: 'es', name: 'Castellano', isDefault: true });
    expect(((await admin.get('/i18n/locales')).body as Locale[]).filter((l) => l.isDefault).map((l) => l.code)).to.deep.equal(['es']);
    // A document written without a locale is in the default one now
    const doc = await app().kernel.documents('api::category.category').create({ data: { name: fresh('Categoría') } });
    expect(doc.locale).to.equal('es');

    const refused = await admin.del(`/i18n/locales/${created.body.id}`);
    expectStatus(refused, 400);
    expect(refused.body.error.message).to.equal('Cannot delete the default locale');
    expectFieldError(await admin.put(`/i18n/locales/${created.body.id}`, { isDefault: false }), ['isDefault']);
    const en = await byCode('en');
    expectStatus(await admin.put(`/i18n/locales/${en.id}`, { isDefault: true }), 200);
    const deleted = await admin.del(`/i18n/locales/${created.body.id}`);
    expectStatus(deleted, 200);
    expect(deleted.body).to.include({ code: 'es', name: 'Castellano', isDefault: false });
    expectStatus(await articles('es'), 400);
    expect(((await admin.get('/i18n/locales')).body as Locale[]).map((l) => [l.code, l.isDefault])).to.deep.equal([['en', true], ['fr', false], ['de', false]]);
  });

  it('keeps the config\'s locales as the config says: not renamed, not deleted here', async () => {
    const admin = as(app(), root);
    const fr = await byCode('fr');
    expectFieldError(await admin.put(`/i18n/locales/${fr.id}`, { name: 'French' }), ['name'], 'fr is configured in config/plugins.ts: change its name there');
    // The same name, as a panel sends the whole locale back, is no change
    expectStatus(await admin.put(`/i18n/locales/${fr.id}`, { name: fr.name, isDefault: false }), 200);
    const kept = await admin.del(`/i18n/locales/${fr.id}`);
    expectStatus(kept, 400);
    expect(kept.body.error.message).to.equal('fr is configured in config/plugins.ts: remove it there');
    expectStatus(await articles('fr'), 200);
  });

  it('answers 400 naming the field for bad input, and 404 for a locale that is not there', async () => {
    const admin = as(app(), root);
    expectFieldError(await admin.post('/i18n/locales', { name: 'No code' }), ['code'], 'code is a required field');
    for (const code of ['EN', 'e', 'en_US', 'pt-', '../x', 'x'.repeat(40)]) expectFieldError(await admin.post('/i18n/locales', { code }), ['code'], /^code must be a locale code/);
    expectFieldError(await admin.post('/i18n/locales', { code: 'fr' }), ['code'], 'A locale with the code fr already exists');
    expectFieldError(await admin.post('/i18n/locales', { code: 'it', name: 'x'.repeat(51) }), ['name'], 'name must be 1 to 50 characters');
    expectFieldError(await admin.post('/i18n/locales', { code: 'it', isDefault: 'yes' }), ['isDefault']);
    const unknown = await admin.post('/i18n/locales', { code: 'it', flag: 'it' });
    expectStatus(unknown, 400);
    expect(unknown.body.error.message).to.equal('Invalid parameters: flag');

    const br = await admin.post('/i18n/locales', { code: 'pt-BR' });
    expectStatus(br, 200);
    expect(br.body).to.include({ code: 'pt-BR', name: 'pt-BR' });
    // In any case, as MariaDB's unique index would compare them anyway
    expectFieldError(await admin.post('/i18n/locales', { code: 'pt-br' }), ['code'], 'A locale with the code pt-br already exists');
    expectFieldError(await admin.put(`/i18n/locales/${br.body.id}`, { code: 'pt-PT' }), ['code']);
    expectStatus(await admin.del(`/i18n/locales/${br.body.id}`), 200);
    for (const res of [await admin.put('/i18n/locales/999999', { name: 'x' }), await admin.del('/i18n/locales/999999'), await admin.del('/i18n/locales/abc')]) expectStatus(res, 404);
  });

  it('refuses callers without an administrator\'s token (401) or without the permission (403)', async () => {
    const made = await as(app(), root).post('/i18n/locales', { code: 'nl' });
    expectStatus(made, 200);
    await expectGuarded(app(), [
      { method: 'POST', path: '/i18n/locales', body: { code: 'sv' }, action: 'plugin::i18n.locale.create' },
      { method: 'PUT', path: `/i18n/locales/${made.body.id}`, body: { name: 'Nederlands' }, action: 'plugin::i18n.locale.update' },
      { method: 'DELETE', path: `/i18n/locales/${made.body.id}`, action: 'plugin::i18n.locale.delete' },
    ], ACTIONS);
    expect(((await as(app(), root).get('/i18n/locales')).body as Locale[]).map((l) => l.code)).to.deep.equal(['en', 'fr', 'de', 'sv']);
    // The list is every administrator's (the panel's locale pickers), and only theirs
    const anyone = await adminWith(app(), []);
    expect(((await as(app(), anyone).get('/i18n/locales')).body as Locale[]).map((l) => l.code)).to.include('sv');
    expectStatus(await app().get('/i18n/locales'), 401);
  });
});
