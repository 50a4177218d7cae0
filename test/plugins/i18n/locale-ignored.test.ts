// `locale` on a content type without i18n is accepted and ignored, as in Strapi (front-ends add it
// to every request), on every route, over REST with strictParams and through the document
// service; a localized type still refuses a locale that is not configured. GraphQL offers no
// locale argument on such a type, as Strapi's schema does not.
//
// Fixture app (./locale-ignored-types): pages (localized, draft-and-publish), posts (not localized,
// draft-and-publish, post.page -> page), global (a single type without i18n or draft-and-publish).

import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { gql, gqlConfig, oneError } from '../graphql/helpers.js';
import { action, create, expectStatus, fresh, qstring, readOne, update, useKernel, type Json } from '../../helpers/suite.js';

const FIXTURES = fileURLToPath(new URL('./locale-ignored-types/', import.meta.url));
const POST = 'api::post.post';

/** What a front-end may put in `locale`: a configured code, an unknown one, '*', garbage, a list. */
const LOCALES: Array<[string, Json]> = [
  ['fr', { locale: 'fr' }], ['zz', { locale: 'zz' }], ['*', { locale: '*' }],
  ['not a code', { locale: 'not a code' }], ['a list', { locale: ['fr', 'de'] }],
];

describe('i18n: locale on a content type without i18n', () => {
  const app = useKernel({
    contentTypesDir: FIXTURES,
    config: gqlConfig({}, { api: { rest: { strictParams: true } } }, { i18n: { enabled: true, config: { locales: ['en', 'fr', 'de'], defaultLocale: 'en' } } }),
  });

  for (const [what, query] of LOCALES) {
    it(`is ignored on every route of a collection type with draft-and-publish: locale=${what}`, async () => {
      const q = qstring(query);
      const post = await create(app(), 'posts', { title: fresh('Post') }, query);
      expect(post).to.not.have.property('locale');
      const list = await app().get(`/api/posts${q}&filters[documentId][$eq]=${post.documentId}`);
      expectStatus(list, 200, 'list');
      expect(list.body.data.map((d: Json) => d.documentId)).to.deep.equal([post.documentId]);
      expect((await readOne(app(), 'posts', post.documentId, query))!.title).to.equal(post.title);
      const updated = await update(app(), 'posts', post.documentId, { title: `${post.title} (2)` }, query);
      expect(updated.title).to.equal(`${post.title} (2)`);
      expectStatus(await action(app(), 'posts', post.documentId, 'unpublish', query), 200, 'unpublish');
      expectStatus(await action(app(), 'posts', post.documentId, 'publish', query), 200, 'publish');
      expectStatus(await action(app(), 'posts', post.documentId, 'discard-draft', query), 200, 'discard-draft');
      expectStatus(await app().del(`/api/posts/${post.documentId}${q}`), 204, 'delete');
      // The whole document went, as without locale
      expect(await readOne(app(), 'posts', post.documentId)).to.equal(null);
      expect(await readOne(app(), 'posts', post.documentId, { status: 'draft' })).to.equal(null);
    });
  }

  it('is ignored on a single type', async () => {
    for (const [what, query] of LOCALES) {
      const q = qstring(query);
      const siteName = fresh('Site');
      const put = await app().put(`/api/global${q}`, { data: { siteName } });
      expectStatus(put, 200, `PUT locale=${what}`);
      const read = await app().get(`/api/global${q}`);
      expectStatus(read, 200, `GET locale=${what}`);
      expect(read.body.data.siteName).to.equal(siteName);
      expect(read.body.data).to.not.have.property('locale');
    }
    expectStatus(await app().del('/api/global?locale=zz'), 204, 'DELETE');
    expectStatus(await app().get('/api/global'), 404, 'deleted');
  });

  it('what such a request reaches of localized types is in the default locale, whatever locale says', async () => {
    const page = await create(app(), 'pages', { title: 'Home' });
    await update(app(), 'pages', page.documentId, { title: 'Accueil' }, { locale: 'fr' });
    const post = await create(app(), 'posts', { title: fresh('Linked'), page: page.documentId });
    for (const [what, query] of LOCALES) {
      const read = await readOne(app(), 'posts', post.documentId, { ...query, populate: 'page' });
      expect(read!.page?.title, what).to.equal('Home');
      const byFrench = await app().get(`/api/posts${qstring({ ...query, filters: { page: { title: { $eq: 'Accueil' } } } })}`);
      expectStatus(byFrench, 200, what);
      expect(byFrench.body.data, what).to.deep.equal([]);
    }
  });

  it('a localized type still refuses a locale that is not configured, and * where it means nothing', async () => {
    const page = await create(app(), 'pages', { title: fresh('Page') });
    const unknown = await app().get('/api/pages?locale=zz');
    expectStatus(unknown, 400);
    expect(unknown.body.error).to.include({ name: 'ValidationError', message: 'Unknown locale: zz (the locales are en, fr, de)' });
    expectStatus(await app().get(`/api/pages/${page.documentId}?locale=*`), 400);
    expectStatus(await app().put(`/api/pages/${page.documentId}?locale=zz`, { data: { title: 'x' } }), 400);
    expectStatus(await action(app(), 'pages', page.documentId, 'publish', { locale: 'zz' }), 400);
  });

  it('the document service ignores it too, for any caller', async () => {
    const docs = app().kernel.documents(POST);
    const created = await docs.create({ data: { title: fresh('Service') }, locale: 'zz', status: 'published' });
    expect(await docs.findMany({ filters: { documentId: { $eq: created.documentId } }, locale: 'not a code' })).to.have.length(1);
    expect(await docs.findOne({ documentId: created.documentId, locale: '*', source: 'content-api' })).to.not.equal(null);
    await docs.delete({ documentId: created.documentId, locale: 'fr' });
    expect(await docs.findOne({ documentId: created.documentId })).to.equal(null);
  });

  it('GraphQL has no locale argument on such a type, as in Strapi, and keeps it on localized ones', async () => {
    const refused = oneError(await gql(app(), '{ posts(locale: "fr") { title } }'), 'GRAPHQL_VALIDATION_FAILED');
    expect(refused.message).to.match(/Unknown argument "locale"/);
    const pages = await gql(app(), '{ pages(locale: "fr") { title } }');
    expect(pages.body.errors, pages.text).to.equal(undefined);
    oneError(await gql(app(), '{ pages(locale: "zz") { title } }'), 'GRAPHQL_VALIDATION_FAILED');
  });
});
