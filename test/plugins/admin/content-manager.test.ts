// The content-manager API as Strapi 5's panel calls it: lists of drafts with their status, one
// document with what the edit view needs, writes that refuse a stale updatedAt with a 409, the
// draft-and-publish and i18n actions, relations a page at a time, and view settings. Who wrote a
// version is recorded and shown here, never on the content API.

import { expect } from 'chai';
import { expectStatus, useKernel, type Json } from '../../helpers/suite.js';
import { adminOptions, as, registerFirstAdmin, type Session } from './helpers.js';

const ARTICLES = '/content-manager/collection-types/api::article.article';
const CATEGORIES = '/content-manager/collection-types/api::category.category';

describe('admin: the content-manager API', () => {
  const app = useKernel(adminOptions());
  let ada: Session;
  let category: Json;

  before(async () => {
    ada = await registerFirstAdmin(app());
    const res = await as(app(), ada).post(CATEGORIES, { name: 'Travel' });
    expectStatus(res, 201);
    category = res.body.data;
  });

  it('creates a draft with a relation, a component and a dynamic zone, and records who wrote it', async () => {
    const res = await as(app(), ada).post(ARTICLES, {
      title: 'Lisbon in a day', category: category.documentId, seo: { metaTitle: 'Lisbon', metaDescription: 'A day in Lisbon, on foot.' },
      blocks: [{ __component: 'shared.quote', body: 'Saudade', title: 'Anon' }],
    });
    expectStatus(res, 201);
    const doc = res.body.data;
    expect(doc).to.include({ title: 'Lisbon in a day', locale: 'en', status: 'draft', publishedAt: null });
    expect(doc.createdBy).to.deep.equal({ id: ada.user.id, firstname: 'Ada', lastname: 'Lovelace', username: null });
    expect(doc.updatedBy).to.deep.equal(doc.createdBy);
    expect(doc.category).to.deep.include({ documentId: category.documentId });
    expect(doc.seo).to.include({ metaTitle: 'Lisbon' });
    expect(doc.blocks[0]).to.include({ __component: 'shared.quote', body: 'Saudade' });
    expect(doc.authors).to.deep.equal({ count: 0 });
    expect(res.body.meta).to.deep.equal({ availableStatus: [], availableLocales: [] });
    expect(doc).to.not.have.any.keys('createdById', 'updatedById');
  });

  it('lists drafts a page at a time with their status, and never shows the authors on the content API', async () => {
    const list = await as(app(), ada).get(`${ARTICLES}?page=1&pageSize=5&sort=title:ASC`);
    expectStatus(list, 200);
    expect(list.body.pagination).to.deep.equal({ page: 1, pageSize: 5, pageCount: 1, total: 1 });
    expect(list.body.results[0]).to.include({ title: 'Lisbon in a day', status: 'draft' });
    expect(list.body.results[0].createdBy.id).to.equal(ada.user.id);
    const token = await app().kernel.apiTokens.create({ name: 'reader', type: 'full-access' });
    const content = await app().request('GET', '/api/articles?status=draft', undefined, { authorization: `Bearer ${token.secret}` });
    expectStatus(content, 200);
    expect(content.body.data[0]).to.not.have.any.keys('createdBy', 'updatedBy', 'createdById', 'updatedById');
    const filtered = await app().request('GET', '/api/articles?status=draft&filters[createdById][$eq]=1', undefined, { authorization: `Bearer ${token.secret}` });
    expectStatus(filtered, 400);
  });

  it('refuses an update carrying a stale updatedAt with a 409, and takes a fresh one', async () => {
    const [doc] = (await as(app(), ada).get(ARTICLES)).body.results as Json[];
    const first = await as(app(), ada).put(`${ARTICLES}/${doc!.documentId}`, { ...doc, title: 'Lisbon in two days' });
    expectStatus(first, 200);
    expect(first.body.data.title).to.equal('Lisbon in two days');
    const stale = await as(app(), ada).put(`${ARTICLES}/${doc!.documentId}`, { ...doc, title: 'Overwritten' });
    expectStatus(stale, 409);
    expect(stale.body.error.name).to.equal('ConflictError');
    expect(stale.body.error.details.current.title).to.equal('Lisbon in two days');
    const again = await as(app(), ada).get(`${ARTICLES}/${doc!.documentId}`);
    expect(again.body.data.title).to.equal('Lisbon in two days');
  });

  it('publishes, shows a later edit as modified, discards it, and makes a French version', async () => {
    const [doc] = (await as(app(), ada).get(ARTICLES)).body.results as Json[];
    const id = doc!.documentId as string;
    const published = await as(app(), ada).post(`${ARTICLES}/${id}/actions/publish`);
    expectStatus(published, 200);
    expect(published.body.data.status).to.equal('published');
    expect(published.body.meta.availableStatus).to.have.length(1);
    const edited = await as(app(), ada).put(`${ARTICLES}/${id}`, { description: 'Edited after publishing' });
    expectStatus(edited, 200);
    expect(edited.body.data.status).to.equal('modified');
    // The status filter keeps documents of exactly that status, page and total alike
    for (const [status, count] of [['modified', 1], ['published', 0], ['draft', 0]] as const) {
      const filtered = await as(app(), ada).get(`${ARTICLES}?status=${status}`);
      expectStatus(filtered, 200);
      expect(filtered.body.results.map((d: Json) => d.status), status).to.deep.equal(count ? [status] : []);
      expect(filtered.body.pagination.total, status).to.equal(count);
    }
    expectStatus(await as(app(), ada).get(`${ARTICLES}?status=archived`), 400);
    const discarded = await as(app(), ada).post(`${ARTICLES}/${id}/actions/discard`);
    expectStatus(discarded, 200);
    expect(discarded.body.data).to.include({ status: 'published', description: null });
    expect((await as(app(), ada).get(`${ARTICLES}?status=published`)).body.pagination.total).to.equal(1);
    const french = await as(app(), ada).put(`${ARTICLES}/${id}?locale=fr`, { title: 'Lisbonne en un jour' });
    expectStatus(french, 200);
    expect(french.body.data).to.include({ locale: 'fr', status: 'draft' });
    expect(french.body.meta.availableLocales.map((v: Json) => [v.locale, v.status])).to.deep.equal([['en', 'published']]);
    const listFr = await as(app(), ada).get(`${ARTICLES}?locale=fr`);
    expect(listFr.body.results.map((d: Json) => d.title)).to.deep.equal(['Lisbonne en un jour']);
  });

  it('keeps the other locales published when a locale is saved with the same shared values', async () => {
    const created = await as(app(), ada).post(ARTICLES, { title: 'Porto by the river', readingTime: 6, featured: true });
    const id = created.body.data.documentId as string;
    expectStatus(await as(app(), ada).post(`${ARTICLES}/${id}/actions/publish`), 200);
    const status = async (locale: string) => ((await as(app(), ada).get(`${ARTICLES}/${id}?locale=${locale}`)).body.data as Json);
    // A French version from the panel's form: the shared values sent as they are
    expectStatus(await as(app(), ada).put(`${ARTICLES}/${id}?locale=fr`, { title: 'Porto au bord du fleuve', readingTime: 6, featured: true }), 200);
    expect((await status('en')).status).to.equal('published');
    expectStatus(await as(app(), ada).put(`${ARTICLES}/${id}?locale=fr`, { title: 'Porto, le fleuve', readingTime: 6 }), 200);
    expect((await status('en')).status).to.equal('published');
    // A shared value changed in French is en's draft's too: en is modified
    expectStatus(await as(app(), ada).put(`${ARTICLES}/${id}?locale=fr`, { readingTime: 8 }), 200);
    expect(await status('en')).to.include({ status: 'modified', readingTime: 8 });
  });

  it('pages a relation field in order, and searches what it may link without what is linked', async () => {
    const authors: string[] = [];
    for (const name of ['Bea', 'Carl', 'Dina']) {
      const res = await as(app(), ada).post('/content-manager/collection-types/api::author.author', { name, email: `${name.toLowerCase()}@example.com` });
      expectStatus(res, 201);
      authors.push(res.body.data.documentId);
    }
    const [doc] = (await as(app(), ada).get(ARTICLES)).body.results as Json[];
    const id = doc!.documentId as string;
    expectStatus(await as(app(), ada).put(`${ARTICLES}/${id}`, { authors: { connect: [authors[2], authors[0]] } }), 200);
    const linked = await as(app(), ada).get(`/content-manager/relations/api::article.article/${id}/authors?pageSize=1&page=2`);
    expectStatus(linked, 200);
    expect(linked.body.pagination).to.deep.equal({ page: 2, pageSize: 1, pageCount: 2, total: 2 });
    expect(linked.body.results.map((r: Json) => r.name)).to.deep.equal(['Bea']);
    const available = await as(app(), ada).get(`/content-manager/relations/api::article.article/authors?id=${id}&_q=a`);
    expectStatus(available, 200);
    expect(available.body.results.map((r: Json) => r.name)).to.deep.equal(['Carl']);
    expect(available.body.results[0]).to.have.keys('id', 'documentId', 'name', 'status', 'publishedAt', 'updatedAt');
    // A relation inside a component: searched the same way; what the form holds is left out by idsToOmit
    const inComponent = await as(app(), ada).get(`/content-manager/relations/shared.quote/person?_q=a&idsToOmit[0]=${authors[1]}`);
    expectStatus(inComponent, 200);
    expect(inComponent.body.results.map((r: Json) => r.name)).to.deep.equal(['Bea', 'Dina']);
    const quoted = await as(app(), ada).put(`${ARTICLES}/${id}`, { blocks: [{ __component: 'shared.quote', body: 'Saudade', person: authors[1] }] });
    expectStatus(quoted, 200);
    expect(quoted.body.data.blocks[0].person).to.deep.include({ documentId: authors[1] });
  });

  it('bulk-unpublishes all or nothing', async () => {
    const [doc] = (await as(app(), ada).get(ARTICLES)).body.results as Json[];
    const refused = await as(app(), ada).post(`${ARTICLES}/actions/bulkUnpublish`, { documentIds: [doc!.documentId, 'nosuchdocument0000000000'] });
    expectStatus(refused, 404);
    expect((await as(app(), ada).get(`${ARTICLES}/${doc!.documentId}`)).body.data.status).to.not.equal('draft');
    const done = await as(app(), ada).post(`${ARTICLES}/actions/bulkUnpublish`, { documentIds: [doc!.documentId] });
    expectStatus(done, 200);
    expect(done.body).to.deep.equal({ data: { count: 1 } });
    expect((await as(app(), ada).get(`${ARTICLES}/${doc!.documentId}`)).body.data.status).to.equal('draft');
  });

  it('serves and stores the list and edit views', async () => {
    const conf = await as(app(), ada).get('/content-manager/content-types/api::article.article/configuration');
    expectStatus(conf, 200);
    const { contentType, components } = conf.body.data;
    expect(contentType.settings).to.include({ mainField: 'title', pageSize: 10 });
    expect(contentType.layouts.list[0]).to.equal('id');
    expect(Object.keys(components)).to.include.members(['shared.seo', 'shared.quote']);
    expect(contentType.metadatas).to.not.have.any.keys('createdById', 'updatedById');
    const saved = await as(app(), ada).put('/content-manager/content-types/api::article.article/configuration', { settings: { pageSize: 20 }, layouts: { list: ['id', 'title', 'category'] } });
    expectStatus(saved, 200);
    expect(saved.body.data.contentType.settings.pageSize).to.equal(20);
    expect((await as(app(), ada).get('/content-manager/content-types/api::article.article/configuration')).body.data.contentType.layouts.list).to.deep.equal(['id', 'title', 'category']);
    const bad = await as(app(), ada).put('/content-manager/content-types/api::article.article/configuration', { layouts: { list: ['nope'] } });
    expectStatus(bad, 400);
    for (const body of [{ metadatas: null }, { layouts: null }, { layouts: { list: 5 } }, { layouts: { edit: {} } }, { settings: { mainField: 'category' } }, { metadatas: { title: { edit: { label: 5 } } } }]) {
      expectStatus(await as(app(), ada).put('/content-manager/content-types/api::article.article/configuration', body), 400, JSON.stringify(body));
    }
    // A uid that names no content type an administrator edits is a 404 on every route
    for (const uid of ['shared.quote', 'admin::user', 'plugin::users-permissions.user', 'api::nothing.nothing']) {
      expectStatus(await as(app(), ada).get(`/content-manager/collection-types/${uid}`), 404, uid);
      expectStatus(await as(app(), ada).get(`/content-manager/content-types/${uid}/configuration`), 404, uid);
    }
    const types = await as(app(), ada).get('/content-manager/content-types');
    expect(types.body.data.map((t: Json) => t.uid)).to.include.members(['api::article.article', 'api::global.global']);
    expect(types.body.data.map((t: Json) => t.uid)).to.not.include('admin::user');
  });
});
