// Uploaded files in media fields: attached with ref/refId/field, populated as the spec's media
// object with formats, and taken out of every field when deleted.

import { expect } from 'chai';
import { picture, startUploadKernel, TEXT, type UploadKernel } from './helpers.js';

describe('upload plugin: media fields', function () {
  let app: UploadKernel;
  before(async () => { app = await startUploadKernel({}, { 'draft-and-publish': { enabled: true } }); });
  after(async () => { await app?.stop(); });

  const newArticle = async (title: string) => {
    const res = await app.post('/api/articles?status=draft', { data: { title } });
    expect(res.status, res.text).to.equal(201);
    return res.body.data.documentId as string;
  };

  it('attaches an upload to an entry by ref, refId and field, and populates it with formats', async () => {
    const documentId = await newArticle('With a cover');
    const draft = await app.get(`/api/articles/${documentId}?status=draft`);
    const res = await app.upload([{ name: 'cover.jpg', bytes: await picture(800, 600, 'jpeg'), type: 'image/jpeg' }], {
      ref: 'api::article.article', refId: String(draft.body.data.id), field: 'cover',
    });
    expect(res.status, res.text).to.equal(201);
    const read = await app.get(`/api/articles/${documentId}?status=draft&populate=cover`);
    const cover = read.body.data.cover;
    expect(cover).to.include({ id: res.body[0].id, documentId: res.body[0].documentId, name: 'cover.jpg', mime: 'image/jpeg', width: 800, height: 600, ext: '.jpg' });
    expect(Object.keys(cover).sort()).to.deep.equal([
      'alternativeText', 'caption', 'createdAt', 'documentId', 'ext', 'formats', 'hash', 'height', 'id', 'mime', 'name',
      'previewUrl', 'provider', 'provider_metadata', 'size', 'updatedAt', 'url', 'width',
    ]);
    expect(Object.keys(cover.formats).sort()).to.deep.equal(['medium', 'small', 'thumbnail']);
    expect(Object.keys(cover.formats.small).sort()).to.deep.equal(['ext', 'hash', 'height', 'mime', 'name', 'path', 'size', 'sizeInBytes', 'url', 'width']);
    expect(cover.formats.small).to.include({ width: 500, height: 375 });
  });

  it('appends to a multiple media field, by documentId, and keeps what it held', async () => {
    const documentId = await newArticle('With a gallery');
    const first = await app.upload([{ name: '1.png', bytes: await picture(20, 20, 'png') }], { ref: 'api::article.article', refId: documentId, field: 'gallery' });
    expect(first.status, first.text).to.equal(201);
    const more = await app.upload([
      { name: '2.webp', bytes: await picture(30, 20, 'webp') },
      { name: '3.gif', bytes: await picture(20, 30, 'gif') },
    ], { ref: 'api::article.article', refId: documentId, field: 'gallery' });
    expect(more.status, more.text).to.equal(201);
    expect(more.body.map((f: { mime: string }) => f.mime)).to.deep.equal(['image/webp', 'image/gif']);
    const read = await app.get(`/api/articles/${documentId}?status=draft&populate=gallery`);
    expect(read.body.data.gallery.map((f: { name: string }) => f.name)).to.deep.equal(['1.png', '2.webp', '3.gif']);
  });

  it('loses no file when several uploads append to one field at once', async () => {
    const documentId = await newArticle('Busy gallery');
    const sent = await Promise.all(Array.from({ length: 6 }, async (_, i) => app.upload(
      [{ name: `shot-${i}.png`, bytes: await picture(16 + i, 16, 'png') }],
      { ref: 'api::article.article', refId: documentId, field: 'gallery' },
    )));
    expect(sent.map((r) => r.status)).to.deep.equal([201, 201, 201, 201, 201, 201]);
    const read = await app.get(`/api/articles/${documentId}?status=draft&populate=gallery`);
    expect(read.body.data.gallery.map((f: { name: string }) => f.name).sort()).to.deep.equal([0, 1, 2, 3, 4, 5].map((i) => `shot-${i}.png`));
  });

  it('refuses a file the field does not allow, and stores nothing', async () => {
    const documentId = await newArticle('Text is no cover');
    const before = (await app.get('/api/upload/files')).body.length;
    const res = await app.upload([{ name: 'notes.txt', bytes: TEXT, type: 'text/plain' }], { ref: 'api::article.article', refId: documentId, field: 'cover' });
    expect(res.status).to.equal(400);
    expect(res.body.error.message).to.match(/allowed: images/);
    expect((await app.get('/api/upload/files')).body.length).to.equal(before);
  });

  it('refuses a ref that is not a content type, a field that is not media, an entry that is not there', async () => {
    const documentId = await newArticle('Targets');
    const png = await picture(10, 10, 'png');
    for (const [fields, message] of [
      [{ ref: 'plugin::users-permissions.user', refId: '1', field: 'avatar' }, /is not a content type/],
      [{ ref: 'api::article.article', refId: documentId, field: 'title' }, /not a media field/],
      [{ ref: 'api::article.article', refId: '99999', field: 'cover' }, /no api::article.article entry/],
      [{ ref: 'api::article.article', refId: documentId }, /go together/],
    ] as const) {
      const res = await app.upload([{ name: 'x.png', bytes: png }], fields);
      expect(res.status, JSON.stringify(fields)).to.equal(400);
      expect(res.body.error.message).to.match(message);
    }
  });

  it('takes a deleted file out of every media field that held it', async () => {
    const a = await newArticle('A');
    const b = await newArticle('B');
    const [file] = (await app.upload([{ name: 'shared.png', bytes: await picture(40, 40, 'png') }])).body;
    expect((await app.put(`/api/articles/${a}?status=draft`, { data: { cover: file.id } })).status).to.equal(200);
    expect((await app.put(`/api/articles/${b}?status=draft`, { data: { gallery: [file.id] } })).status).to.equal(200);
    expect((await app.post(`/api/articles/${a}/actions/publish`, {})).status).to.be.oneOf([200, 201]);
    expect((await app.get(`/api/articles/${a}?populate=cover`)).body.data.cover.id).to.equal(file.id);
    expect((await app.del(`/api/upload/files/${file.id}`)).status).to.equal(200);
    expect((await app.get(`/api/articles/${a}?status=draft&populate=cover`)).body.data.cover).to.equal(null);
    expect((await app.get(`/api/articles/${a}?populate=cover`)).body.data.cover).to.equal(null);
    expect((await app.get(`/api/articles/${b}?status=draft&populate=gallery`)).body.data.gallery).to.deep.equal([]);
  });
});
