// The REST endpoints of collection and single types, as Strapi v5 answers them.

import { expect } from 'chai';
import { startKernel, type TestKernel } from '../helpers/kernel.js';

describe('REST: collection types', () => {
  let app: TestKernel;
  before(async () => { app = await startKernel(); });
  after(async () => { await app.stop(); });

  it('lists an empty collection with default pagination meta', async () => {
    const res = await app.get('/api/categories');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } });
  });

  it('creates a document: 201, documentId without id, timestamps, meta {}', async () => {
    const res = await app.post('/api/categories', { data: { name: 'News', description: 'Daily' } });
    expect(res.status).to.equal(201);
    expect(res.body.meta).to.deep.equal({});
    const doc = res.body.data;
    expect(doc).to.not.have.property('id');
    expect(doc.documentId).to.match(/^[a-z][a-z0-9]{23}$/);
    expect(doc).to.include({ name: 'News', description: 'Daily' });
    expect(doc.createdAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(doc.updatedAt).to.equal(doc.createdAt);
  });

  it('reads one document by documentId with id and documentId first', async () => {
    const created = (await app.post('/api/categories', { data: { name: 'Sport' } })).body.data;
    const res = await app.get(`/api/categories/${created.documentId}`);
    expect(res.status).to.equal(200);
    expect(res.body.meta).to.deep.equal({});
    expect(Object.keys(res.body.data).slice(0, 2)).to.deep.equal(['id', 'documentId']);
    expect(res.body.data.id).to.be.a('number');
    expect(res.body.data).to.include({ documentId: created.documentId, name: 'Sport' });
  });

  it('lists documents in creation order with totals', async () => {
    const res = await app.get('/api/categories');
    expect(res.body.data.map((d: { name: string }) => d.name)).to.deep.equal(['News', 'Sport']);
    expect(res.body.meta.pagination).to.deep.equal({ page: 1, pageSize: 25, pageCount: 1, total: 2 });
  });

  it('updates with PUT: given fields change, omitted fields stay, null clears', async () => {
    const created = (await app.post('/api/categories', { data: { name: 'Tech', description: 'Gadgets' } })).body.data;
    const res = await app.put(`/api/categories/${created.documentId}`, { data: { name: 'Technology' } });
    expect(res.status).to.equal(200);
    expect(res.body.data).to.include({ documentId: created.documentId, name: 'Technology', description: 'Gadgets' });
    expect(Date.parse(res.body.data.updatedAt)).to.be.at.least(Date.parse(created.updatedAt));
    const cleared = await app.put(`/api/categories/${created.documentId}`, { data: { description: null } });
    expect(cleared.body.data.description).to.equal(null);
    expect((await app.get(`/api/categories/${created.documentId}`)).body.data.description).to.equal(null);
  });

  it('deletes with 204 and an empty body, then the document is gone', async () => {
    const created = (await app.post('/api/categories', { data: { name: 'Temp' } })).body.data;
    const res = await app.del(`/api/categories/${created.documentId}`);
    expect(res.status).to.equal(204);
    expect(res.text).to.equal('');
    expect((await app.get(`/api/categories/${created.documentId}`)).status).to.equal(404);
  });

  it('answers 404 in the envelope for an unknown documentId on GET, PUT and DELETE', async () => {
    const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
    expect((await app.get('/api/categories/doesnotexist')).body).to.deep.equal(notFound);
    expect((await app.put('/api/categories/doesnotexist', { data: { name: 'x' } })).body).to.deep.equal(notFound);
    const del = await app.del('/api/categories/doesnotexist');
    expect(del.status).to.equal(404);
    expect(del.body).to.deep.equal(notFound);
  });

  it('honours populate and fields on create and update responses', async () => {
    const cat = (await app.post('/api/categories', { data: { name: 'Parent' } })).body.data;
    const res = await app.post('/api/categories?populate=parent&fields[0]=name', { data: { name: 'Child', description: 'x', parent: cat.documentId } });
    expect(res.status).to.equal(201);
    expect(res.body.data).to.not.have.property('description');
    expect(res.body.data.parent).to.include({ documentId: cat.documentId, name: 'Parent' });
  });

  it('checks unique values exactly: case, accents and trailing spaces make a different value', async () => {
    expect((await app.post('/api/categories', { data: { name: 'Café' } })).status).to.equal(201);
    for (const name of ['cafe', 'Cafe', 'café', 'Café ']) {
      expect((await app.post('/api/categories', { data: { name } })).status, name).to.equal(201);
    }
    const dup = await app.post('/api/categories', { data: { name: 'Café' } });
    expect(dup.status).to.equal(400);
    expect(dup.body.error.details.errors[0]).to.include({ message: 'This attribute must be unique' });
  });

  it('generates a uid from its target field when none is given, unique per type', async () => {
    const a = (await app.post('/api/categories', { data: { name: 'Hello World!' } })).body.data;
    const b = (await app.put(`/api/categories/${a.documentId}`, { data: { description: 'changed' } })).body.data;
    expect(a.slug).to.equal('hello-world');
    expect(b.slug).to.equal('hello-world');
    const article1 = (await app.post('/api/articles', { data: { title: 'Same Title' } })).body.data;
    const article2 = (await app.post('/api/articles', { data: { title: 'Same Title' } })).body.data;
    expect(article1.slug).to.equal('same-title');
    expect(article2.slug).to.equal('same-title-1');
  });
});

describe('REST: single types', () => {
  let app: TestKernel;
  before(async () => { app = await startKernel(); });
  after(async () => { await app.stop(); });

  it('answers 404 before the single type has a document', async () => {
    const res = await app.get('/api/global');
    expect(res.status).to.equal(404);
    expect(res.body.error.name).to.equal('NotFoundError');
  });

  it('creates the document on the first PUT and updates the same one afterwards', async () => {
    const first = await app.put('/api/global', { data: { siteName: 'My blog' } });
    expect(first.status).to.equal(200);
    expect(first.body.data.siteName).to.equal('My blog');
    const second = await app.put('/api/global', { data: { siteDescription: 'About things' } });
    expect(second.body.data).to.include({ documentId: first.body.data.documentId, siteName: 'My blog', siteDescription: 'About things' });
    const read = await app.get('/api/global');
    expect(read.status).to.equal(200);
    expect(read.body).to.deep.include({ meta: {} });
    expect(read.body.data.documentId).to.equal(first.body.data.documentId);
    expect(await app.kernel.documents('api::global.global').count()).to.equal(1);
  });

  it('validates the single type body like any other', async () => {
    const res = await app.put('/api/global', { data: { siteName: null } });
    expect(res.status).to.equal(400);
    expect(res.body.error.details.errors[0].path).to.deep.equal(['siteName']);
  });

  it('deletes with 204, then GET is 404 again and DELETE is 404', async () => {
    expect((await app.del('/api/global')).status).to.equal(204);
    expect((await app.get('/api/global')).status).to.equal(404);
    expect((await app.del('/api/global')).status).to.equal(404);
  });

  it('has no collection routes', async () => {
    expect((await app.get('/api/globals')).status).to.equal(404);
    expect((await app.post('/api/global', { data: { siteName: 'x' } })).status).to.equal(405);
  });
});

describe('document service', () => {
  let app: TestKernel;
  before(async () => { app = await startKernel(); });
  after(async () => { await app.stop(); });

  it('offers findMany, findFirst, findOne, create, update, delete and count by documentId', async () => {
    const docs = app.kernel.documents('api::category.category');
    const a = await docs.create({ data: { name: 'A' } });
    const b = await docs.create({ data: { name: 'B', description: 'second' } });
    expect(a.id).to.be.a('number');
    expect(await docs.count()).to.equal(2);
    expect((await docs.findMany({ sort: 'name:desc' })).map((d) => d.name)).to.deep.equal(['B', 'A']);
    expect((await docs.findFirst({ filters: { description: { $notNull: true } } }))?.documentId).to.equal(b.documentId);
    expect((await docs.findOne({ documentId: a.documentId }))?.name).to.equal('A');
    expect((await docs.update({ documentId: a.documentId, data: { name: 'A2' } }))?.name).to.equal('A2');
    expect(await docs.update({ documentId: 'missing', data: { name: 'x' } })).to.equal(null);
    expect(await docs.delete({ documentId: b.documentId })).to.deep.equal({ documentId: b.documentId, entries: 1 });
    expect(await docs.delete({ documentId: b.documentId })).to.equal(null);
    expect(await docs.count()).to.equal(1);
  });

  it('returns every row from findMany unless pagination is asked for', async () => {
    const tags = app.kernel.documents('api::category.category');
    for (let i = 0; i < 30; i++) await tags.create({ data: { name: `bulk-${String(i).padStart(2, '0')}` } });
    const all = await tags.findMany({ filters: { name: { $startsWith: 'bulk-' } } });
    expect(all).to.have.length(30);
    const page = await tags.findMany({ filters: { name: { $startsWith: 'bulk-' } }, sort: 'name', pagination: { page: 2, pageSize: 5 } });
    expect(page.map((d) => d.name)).to.deep.equal(['bulk-05', 'bulk-06', 'bulk-07', 'bulk-08', 'bulk-09']);
    const offset = await tags.findMany({ filters: { name: { $startsWith: 'bulk-' } }, sort: 'name:desc', limit: 2 });
    expect(offset.map((d) => d.name)).to.deep.equal(['bulk-29', 'bulk-28']);
  });

  it('lets internal callers read private fields, but never the REST API', async () => {
    const authors = app.kernel.documents('api::author.author');
    const created = await authors.create({ data: { name: 'Ann', email: 'ann@example.com', secretNote: 'hush', passcode: 'secret123' } });
    expect(created.secretNote).to.equal('hush');
    const res = await app.get(`/api/authors/${created.documentId}`);
    expect(res.body.data).to.include({ name: 'Ann' });
    expect(res.body.data).to.not.have.any.keys('secretNote', 'passcode');
    expect(res.text).to.not.contain('hush');
    expect(res.text).to.not.contain('secret123');
  });

  it('stores password attributes as bcrypt hashes', async () => {
    const res = await app.post('/api/authors', { data: { name: 'Bo', email: 'bo@example.com', passcode: 'open sesame' } });
    const row = await app.kernel.db('authors').where('document_id', res.body.data.documentId).first('passcode') as { passcode: string };
    expect(row.passcode).to.match(/^\$2[aby]\$10\$/);
    expect(row.passcode).to.not.contain('open sesame');
  });
});

describe('objection models', () => {
  let app: TestKernel;
  before(async () => { app = await startKernel(); });
  after(async () => { await app.stop(); });

  it('gives each content type a model bound to the kernel, with attribute-named rows', async () => {
    const created = (await app.post('/api/categories', { data: { name: 'Row level' } })).body.data;
    const Category = app.kernel.model('api::category.category');
    expect(Category.tableName).to.equal('categories');
    const rows = await Category.query().where('document_id', created.documentId) as unknown as Array<Record<string, unknown>>;
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ documentId: created.documentId, name: 'Row level' });
    expect(app.kernel.model('shared.seo').tableName).to.equal('components_shared_seos');
  });
});
