// The upload plugin through HTTP: real multipart requests, the local provider end to end.

import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { animation, BMP, HTML, PDF, picture, SCRIPTED_SVG, startUploadKernel, SVG, TEXT, XHTML_WITH_SVG, type UploadKernel } from './helpers.js';

/** Every file under a folder, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))).sort();
}

describe('upload plugin: uploading files', function () {
  let app: UploadKernel;
  before(async () => { app = await startUploadKernel(); });
  after(async () => { await app?.stop(); });

  it('stores a PNG with its size, formats and Strapi fields, and serves it', async () => {
    const res = await app.upload([{ name: 'My Photo.png', bytes: await picture(1200, 800, 'png'), type: 'image/png' }], { fileInfo: JSON.stringify({ alternativeText: 'A red field', caption: 'Red' }) });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.be.an('array').with.length(1);
    const file = res.body[0];
    expect(file).to.include({ name: 'My Photo.png', alternativeText: 'A red field', caption: 'Red', width: 1200, height: 800, ext: '.png', mime: 'image/png', provider: 'local' });
    expect(file.hash).to.match(/^My_Photo_[0-9a-f]{10}$/);
    expect(file.url).to.equal(`/uploads/${file.hash}.png`);
    expect(file.documentId).to.be.a('string');
    expect(file).to.not.have.property('folderPath');
    expect(Object.keys(file.formats).sort()).to.deep.equal(['large', 'medium', 'small', 'thumbnail']);
    expect(file.formats.thumbnail).to.include({ name: 'thumbnail_My Photo.png', hash: `thumbnail_${file.hash}`, ext: '.png', mime: 'image/png', width: 234, height: 156, path: null });
    expect(file.formats.large).to.include({ width: 1000, height: 667 });
    const served = await fetch(`${app.url}${file.url}`);
    expect(served.status).to.equal(200);
    expect(served.headers.get('content-type')).to.equal('image/png');
    expect(served.headers.get('x-content-type-options')).to.equal('nosniff');
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(Math.round(bytes.length / 10) / 100).to.equal(file.size);
    expect((await fetch(`${app.url}${file.formats.small.url}`)).status).to.equal(200);
  });

  it('keeps the type the bytes say, not the one the client claims', async () => {
    const res = await app.upload([{ name: 'photo.png', bytes: PDF, type: 'image/png' }]);
    expect(res.status, res.text).to.equal(201);
    expect(res.body[0]).to.include({ mime: 'application/pdf', ext: '.pdf', width: null, height: null, formats: null });
    const html = await app.upload([{ name: 'cat.png', bytes: HTML, type: 'image/png' }]);
    expect(html.status).to.equal(400);
    expect(html.body.error).to.include({ status: 400, name: 'ValidationError' });
    expect(html.body.error.details).to.include({ detectedType: 'text/html', declaredType: 'image/png' });
  });

  it('serves SVG as an attachment under a sandbox, never as a page', async () => {
    const res = await app.upload([{ name: 'logo.svg', bytes: SVG, type: 'image/svg+xml' }]);
    expect(res.status, res.text).to.equal(201);
    expect(res.body[0]).to.include({ mime: 'image/svg+xml', ext: '.svg', formats: null });
    const served = await fetch(`${app.url}${res.body[0].url}`);
    expect(served.headers.get('content-disposition')).to.match(/^attachment/);
    expect(served.headers.get('content-security-policy')).to.include('sandbox');
  });

  it('refuses an SVG with scripts or handlers, and a page with an <svg> inside', async () => {
    const scripted = await app.upload([{ name: 'logo.svg', bytes: SCRIPTED_SVG, type: 'image/svg+xml' }]);
    expect(scripted.status).to.equal(400);
    expect(scripted.body.error.message).to.match(/SVG files with scripts/);
    const page = await app.upload([{ name: 'pic.svg', bytes: XHTML_WITH_SVG, type: 'image/svg+xml' }]);
    expect(page.status).to.equal(400);
    expect(page.body.error.details.detectedType).to.equal('text/html');
  });

  it('takes only the base name of a traversal name; nothing lands outside the folder', async () => {
    // From public/uploads this name leads to <app>/etc/passwd.txt: inside the app folder, so the
    // listing below would show it there
    const name = '../../etc/passwd.txt';
    const before = await filesUnder(app.appDir);
    const res = await app.upload([{ name, bytes: TEXT, type: 'text/plain' }]);
    expect(res.status, res.text).to.equal(201);
    const added = (await filesUnder(app.appDir)).filter((f) => !before.includes(f));
    expect(added, 'files the upload added to the app folder').to.deep.equal([`public/uploads/${res.body[0].hash}.txt`]);
    expect(existsSync(resolve(app.uploadDir, name))).to.equal(false);
    expect(new Uint8Array(await readFile(join(app.uploadDir, `${res.body[0].hash}.txt`)))).to.deep.equal(TEXT);
    expect(res.body[0].name).to.equal('passwd.txt');
    expect(res.body[0].url).to.match(/^\/uploads\/passwd_[0-9a-f]{10}\.txt$/);
    expect((await fetch(`${app.url}/uploads/..%2F..%2Fpackage.json`)).status).to.equal(404);
  });

  it('lists, reads, updates the info of, and deletes files', async () => {
    const [created] = (await app.upload([{ name: 'a.txt', bytes: TEXT, type: 'text/plain' }])).body;
    const list = await app.get('/api/upload/files');
    expect(list.status).to.equal(200);
    expect(list.body).to.be.an('array');
    expect(list.body.map((f: { id: number }) => f.id)).to.include(created.id);
    const one = await app.get(`/api/upload/files/${created.id}`);
    expect(one.body).to.include({ id: created.id, name: 'a.txt' });
    const form = new FormData();
    form.append('fileInfo', JSON.stringify({ name: 'b.txt', caption: 'B' }));
    const updated = await fetch(`${app.url}/api/upload?id=${created.id}`, { method: 'POST', body: form });
    expect(updated.status).to.equal(200);
    expect(await updated.json()).to.include({ id: created.id, name: 'b.txt', caption: 'B', url: created.url });
    const deleted = await app.del(`/api/upload/files/${created.id}`);
    expect(deleted.status).to.equal(200);
    expect(deleted.body).to.include({ id: created.id, name: 'b.txt' });
    expect((await app.get(`/api/upload/files/${created.id}`)).status).to.equal(404);
    expect((await fetch(`${app.url}${created.url}`)).status).to.equal(404);
    expect(await readdir(app.uploadDir)).to.not.include(created.url.slice('/uploads/'.length));
  });

  it('replaces a file\'s bytes under its id, with a new URL, and removes the old objects', async () => {
    const [old] = (await app.upload([{ name: 'logo.png', bytes: await picture(400, 300, 'png') }], { fileInfo: JSON.stringify({ alternativeText: 'Logo' }) })).body;
    const replaced = await app.upload([{ name: 'logo-2024.jpg', bytes: await picture(300, 200, 'jpeg') }], {}, { query: `?id=${old.id}` });
    expect(replaced.status, replaced.text).to.equal(200);
    expect(replaced.body).to.include({ id: old.id, documentId: old.documentId, name: 'logo-2024.jpg', mime: 'image/jpeg', width: 300, alternativeText: 'Logo' });
    expect(replaced.body.url).to.not.equal(old.url);
    expect((await fetch(`${app.url}${old.url}`)).status).to.equal(404);
    expect((await fetch(`${app.url}${old.formats.thumbnail.url}`)).status).to.equal(404);
    expect((await fetch(`${app.url}${replaced.body.url}`)).status).to.equal(200);
    const two = await app.upload([{ name: 'a.txt', bytes: TEXT }, { name: 'b.txt', bytes: TEXT }], {}, { query: `?id=${old.id}` });
    expect(two.status).to.equal(400);
    expect(two.body.error.message).to.equal('Cannot replace a file with multiple ones');
    expect((await app.upload([{ name: 'a.txt', bytes: TEXT }], {}, { query: '?id=999999' })).status).to.equal(404);
    const otherKind = await app.upload([{ name: 'a.pdf', bytes: PDF }], {}, { query: `?id=${old.id}` });
    expect(otherKind.status).to.equal(400);
    expect(otherKind.body.error.message).to.match(/same kind \(images\)/);
    const renamed = await app.request('POST', `/api/upload?id=${old.id}`, { fileInfo: { name: '../x/\u0001evil.png' } });
    expect(renamed.status).to.equal(200);
    expect(renamed.body.name).to.equal('evil.png');
  });

  it('refuses an empty request with Strapi\'s message', async () => {
    const res = await app.upload([]);
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError', message: 'Files are empty', details: {} } });
  });
});

describe('upload plugin: image formats, ranges and lists', function () {
  let app: UploadKernel;
  before(async () => { app = await startUploadKernel({ breakpoints: { wide: 400 } }); });
  after(async () => { await app?.stop(); });

  it('sizes every raster format; resizes JPEG, PNG, WebP, GIF and TIFF, not AVIF', async () => {
    for (const [format, ext, mime, formats] of [
      ['jpeg', '.jpg', 'image/jpeg', ['thumbnail', 'wide']], ['webp', '.webp', 'image/webp', ['thumbnail', 'wide']],
      ['gif', '.gif', 'image/gif', ['thumbnail', 'wide']], ['tiff', '.tif', 'image/tiff', ['thumbnail', 'wide']],
      ['avif', '.avif', 'image/avif', null],
    ] as const) {
      const res = await app.upload([{ name: `pic${ext}`, bytes: await picture(600, 300, format), type: 'application/octet-stream' }]);
      expect(res.status, `${format}: ${res.text}`).to.equal(201);
      expect(res.body[0], format).to.include({ mime, ext, width: 600, height: 300 });
      expect(res.body[0].formats && Object.keys(res.body[0].formats).sort(), format).to.deep.equal(formats);
    }
  });

  it('keeps every frame of an animated image, and refuses one whose frames hold too many pixels', async () => {
    const res = await app.upload([{ name: 'anim.webp', bytes: await animation(300, 600, 3, 'webp') }]);
    expect(res.status, res.text).to.equal(201);
    expect(res.body[0]).to.include({ width: 300, height: 600 });
    expect(res.body[0].formats.wide).to.include({ width: 200, height: 400 });
    const stored = Buffer.from(await (await fetch(`${app.url}${res.body[0].url}`)).arrayBuffer());
    expect((await sharp(stored).metadata()).pages).to.equal(3);
    const format = Buffer.from(await (await fetch(`${app.url}${res.body[0].formats.wide.url}`)).arrayBuffer());
    expect(await sharp(format).metadata()).to.include({ pages: 3, width: 200, height: 400 });
    const small = await startUploadKernel({ security: { maxImagePixels: 1_000_000 } });
    try {
      const res = await small.upload([{ name: 'bomb.gif', bytes: await animation(400, 400, 8, 'gif') }]);
      expect(res.status, res.text).to.equal(400);
      expect(res.body.error.message).to.match(/400x400 in 8 frames is more than 1000000 pixels/);
    } finally {
      await small.stop();
    }
  });

  it('stores an image sharp does not read (BMP) without sizes', async () => {
    const res = await app.upload([{ name: 'dot.bmp', bytes: BMP }]);
    expect(res.status, res.text).to.equal(201);
    expect(res.body[0]).to.include({ mime: 'image/bmp', ext: '.bmp', width: null, height: null, formats: null });
  });

  it('answers HEAD with the type and length, and no body', async () => {
    const [file] = (await app.upload([{ name: 'h.txt', bytes: TEXT, type: 'text/plain' }])).body;
    const head = await fetch(`${app.url}${file.url}`, { method: 'HEAD' });
    expect(head.status).to.equal(200);
    expect(head.headers.get('content-type')).to.equal('text/plain; charset=utf-8');
    expect(head.headers.get('content-length')).to.equal(String(TEXT.length));
  });

  it('serves a byte range of a stored file', async () => {
    const [file] = (await app.upload([{ name: 'r.txt', bytes: new TextEncoder().encode('0123456789'), type: 'text/plain' }])).body;
    const part = await fetch(`${app.url}${file.url}`, { headers: { range: 'bytes=2-5' } });
    expect(part.status).to.equal(206);
    expect(part.headers.get('content-range')).to.equal('bytes 2-5/10');
    expect(await part.text()).to.equal('2345');
    expect((await fetch(`${app.url}${file.url}`, { headers: { range: 'bytes=20-' } })).status).to.equal(416);
  });

  it('filters and sorts the list, and refuses private fields in queries', async () => {
    const list = await app.get('/api/upload/files?filters[mime][$eq]=image/avif&fields[0]=name');
    expect(list.status).to.equal(200);
    expect(list.body).to.have.length(1);
    expect(list.body[0]).to.have.keys(['id', 'documentId', 'name']);
    const sorted = await app.get('/api/upload/files?sort=name:desc&fields[0]=name');
    const names = sorted.body.map((f: { name: string }) => f.name);
    expect(names).to.deep.equal([...names].sort().reverse());
    expect((await app.get('/api/upload/files?filters[folderPath][$eq]=/')).status).to.equal(400);
    expect((await app.get('/api/upload/files?fields[0]=folderPath')).status).to.equal(400);
  });
});
