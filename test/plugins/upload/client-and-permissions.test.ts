// The upload routes under users-permissions (Strapi's actions), and @strapi/client's files API
// driving them unchanged.

import { expect } from 'chai';
import { strapi } from '@strapi/client';
import { picture, startUploadKernel, TEXT, type UploadKernel } from './helpers.js';

const JWT = { secret: 'upload-test-jwt-secret-0123456789' };

describe('upload plugin: permissions and @strapi/client', function () {
  let app: UploadKernel;
  let jwt: string;
  before(async () => {
    app = await startUploadKernel({}, {
      'users-permissions': {
        enabled: true,
        config: {
          jwt: JWT, ratelimit: { enabled: false },
          permissions: {
            public: ['plugin::upload.content-api.find', 'plugin::upload.content-api.findOne', 'api::article.article.find'],
            authenticated: [
              'plugin::upload.content-api.upload', 'plugin::upload.content-api.find', 'plugin::upload.content-api.findOne',
              'plugin::upload.content-api.destroy', 'api::article.article.find', 'api::article.article.create',
            ],
          },
        },
      },
    });
    const registered = await app.post('/api/auth/local/register', { username: 'editor', email: 'editor@example.com', password: 'correct-horse-9' });
    expect(registered.status, registered.text).to.equal(200);
    jwt = registered.body.jwt;
  });
  after(async () => { await app?.stop(); });

  it('refuses anonymous uploads and deletes; lets the public list what it was granted', async () => {
    const res = await app.upload([{ name: 'a.txt', bytes: TEXT, type: 'text/plain' }]);
    expect(res.status).to.equal(403);
    expect(res.body.error.name).to.equal('ForbiddenError');
    // The body was never read: the connection closes rather than take in the rest
    expect(res.headers.get('connection')).to.equal('close');
    expect((await app.get('/api/upload/files')).status).to.equal(200);
    expect((await app.del('/api/upload/files/1')).status).to.equal(403);
  });

  it('refuses to attach to an entry the caller may not update, and keeps nothing', async () => {
    const created = await app.request('POST', '/api/articles', { data: { title: 'Not yours' } }, { authorization: `Bearer ${jwt}` });
    expect(created.status, created.text).to.equal(201);
    const before = (await app.get('/api/upload/files')).body.length;
    const res = await app.upload([{ name: 'c.png', bytes: await picture(10, 10, 'png') }], {
      ref: 'api::article.article', refId: created.body.data.documentId, field: 'cover',
    }, { headers: { authorization: `Bearer ${jwt}` } });
    expect(res.status).to.equal(403);
    expect(res.body.error.message).to.include('api::article.article.update');
    expect((await app.get('/api/upload/files')).body.length).to.equal(before);
  });

  it('needs destroy, not only upload, to change or replace an existing file', async () => {
    const { secret } = await app.kernel.apiTokens.create({
      name: 'uploader', type: 'custom', permissions: ['plugin::upload.content-api.upload', 'plugin::upload.content-api.findOne'],
    });
    const auth = { authorization: `Bearer ${secret}` };
    const [file] = (await app.upload([{ name: 'mine.txt', bytes: TEXT, type: 'text/plain' }], {}, { headers: auth })).body;
    const rename = await app.request('POST', `/api/upload?id=${file.id}`, { fileInfo: { name: 'defaced.txt' } }, auth);
    expect(rename.status).to.equal(403);
    expect(rename.body.error.message).to.equal('Forbidden: changing an existing file needs plugin::upload.content-api.destroy');
    const replace = await app.upload([{ name: 'other.txt', bytes: TEXT, type: 'text/plain' }], {}, { query: `?id=${file.id}`, headers: auth });
    expect(replace.status).to.equal(403);
    expect((await app.get(`/api/upload/files/${file.id}`)).body.name).to.equal('mine.txt');
  });

  it('serves @strapi/client\'s files API: upload, find, findOne, update, delete', async () => {
    const client = strapi({ baseURL: `${app.url}/api`, auth: jwt });
    const png = Buffer.from(await picture(300, 200, 'png'));
    const uploaded = await client.files.upload(png, { filename: 'client.png', mimetype: 'image/png', fileInfo: { alternativeText: 'From the client' } });
    expect(uploaded).to.be.an('array').with.length(1);
    const [file] = uploaded;
    expect(file).to.include({ name: 'client.png', alternativeText: 'From the client', width: 300, height: 200, mime: 'image/png' });
    const blob = await client.files.upload(new Blob([TEXT], { type: 'text/plain' }), { fileInfo: { name: 'notes.txt' } });
    expect(blob[0]).to.include({ name: 'notes.txt', mime: 'text/plain', ext: '.txt' });
    const found = await client.files.find({ filters: { mime: { $eq: 'image/png' } }, sort: 'name:asc' });
    expect(found.map((f) => f.id)).to.deep.equal([file!.id]);
    expect(await client.files.findOne(file!.id)).to.include({ id: file!.id, url: file!.url });
    expect(await client.files.update(file!.id, { caption: 'Captioned' })).to.include({ id: file!.id, caption: 'Captioned', alternativeText: 'From the client' });
    expect(await client.files.delete(file!.id)).to.include({ id: file!.id });
    let error: unknown;
    try { await client.files.findOne(file!.id); } catch (err) { error = err; }
    expect((error as Error).name).to.equal('FileNotFoundError');
  });
});
