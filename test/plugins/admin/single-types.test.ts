// Single types in the content manager: written into existence, read with their status, published,
// unpublished, discarded, another locale added, deleted; a type without drafts has no publish.

import { expect } from 'chai';
import { expectStatus, useKernel } from '../../helpers/suite.js';
import { adminOptions, as, registerFirstAdmin, type Session } from './helpers.js';

const HOME = '/content-manager/single-types/api::homepage.homepage';
const GLOBAL = '/content-manager/single-types/api::global.global';

describe('admin: single types in the content manager', () => {
  const options = adminOptions();
  const app = useKernel({
    ...options,
    schemas: {
      contentTypes: [{
        file: 'homepage.json', schema: {
          kind: 'singleType', collectionName: 'homepages', info: { singularName: 'homepage', pluralName: 'homepages', displayName: 'Homepage' },
          options: { draftAndPublish: true }, pluginOptions: { i18n: { localized: true } },
          attributes: { headline: { type: 'string', required: true }, intro: { type: 'text' } },
        },
      }],
      components: [],
    },
  });
  let ada: Session;
  before(async () => { ada = await registerFirstAdmin(app()); });

  it('is written into existence, then publishes, unpublishes and discards like a document', async () => {
    expectStatus(await as(app(), ada).get(HOME), 404);
    expectStatus(await as(app(), ada).post(`${HOME}/actions/publish`), 404);
    const created = await as(app(), ada).put(HOME, { headline: 'Welcome' });
    expectStatus(created, 200);
    expect(created.body.data).to.include({ headline: 'Welcome', status: 'draft', locale: 'en' });
    const published = await as(app(), ada).post(`${HOME}/actions/publish`);
    expectStatus(published, 200);
    expect(published.body.data.status).to.equal('published');
    const edited = await as(app(), ada).put(HOME, { intro: 'New intro' });
    expect(edited.body.data).to.include({ status: 'modified', intro: 'New intro', headline: 'Welcome' });
    const live = await as(app(), ada).get(`${HOME}?status=published`);
    expect(live.body.data).to.include({ intro: null, status: 'published' });
    const discarded = await as(app(), ada).post(`${HOME}/actions/discard`);
    expect(discarded.body.data).to.include({ intro: null, status: 'published' });
    const unpublished = await as(app(), ada).post(`${HOME}/actions/unpublish`);
    expect(unpublished.body.data.status).to.equal('draft');
  });

  it('adds a locale to the one document, and deletes a locale or everything', async () => {
    const fr = await as(app(), ada).put(`${HOME}?locale=fr`, { headline: 'Bienvenue' });
    expectStatus(fr, 200);
    expect(fr.body.data).to.include({ headline: 'Bienvenue', locale: 'fr', documentId: (await as(app(), ada).get(HOME)).body.data.documentId });
    expect(fr.body.meta.availableLocales.map((v: { locale: string }) => v.locale)).to.deep.equal(['en']);
    expectStatus(await as(app(), ada).del(`${HOME}?locale=fr`), 200);
    expectStatus(await as(app(), ada).get(`${HOME}?locale=fr`), 404);
    expectStatus(await as(app(), ada).get(HOME), 200);
    expectStatus(await as(app(), ada).del(`${HOME}?locale=*`), 200);
    expectStatus(await as(app(), ada).get(HOME), 404);
  });

  it('has no publish action on a type without drafts, and a collection route is no single type\'s', async () => {
    const saved = await as(app(), ada).put(GLOBAL, { siteName: 'Strata' });
    expectStatus(saved, 200);
    expect(saved.body.data).to.include({ siteName: 'Strata', status: 'published' });
    const refused = await as(app(), ada).post(`${GLOBAL}/actions/publish`);
    expectStatus(refused, 400);
    expectStatus(await as(app(), ada).get('/content-manager/collection-types/api::global.global'), 404);
    expectStatus(await as(app(), ada).get('/content-manager/single-types/api::article.article'), 404);
  });
});
