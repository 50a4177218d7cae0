// The S3 provider against a real S3-compatible server (s3rver, from the npm registry) on
// 127.0.0.1: objects written with their type, served by the bucket, deleted with their formats.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import S3rver from 's3rver';
import { picture, startUploadKernel, SVG, type UploadKernel } from './helpers.js';

describe('upload plugin: the S3 provider (s3rver on 127.0.0.1)', function () {
  let app: UploadKernel;
  let server: S3rver;
  let dir: string;
  let endpoint: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'strata-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'media', configs: [] }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    app = await startUploadKernel({
      provider: 's3',
      providerOptions: { bucket: 'media', endpoint, forcePathStyle: true, prefix: 'site', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
    });
  });
  after(async () => {
    await app?.stop();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores a picture and its formats in the bucket, served with their type, and deletes them', async () => {
    const bytes = await picture(800, 500, 'png');
    const res = await app.upload([{ name: 'harbour.png', bytes, type: 'image/png' }], {}, {});
    expect(res.status, res.text).to.equal(201);
    const [file] = res.body;
    expect(file).to.include({ provider: 's3', mime: 'image/png', width: 800 });
    expect(file.url).to.equal(`${endpoint}/media/site/${file.hash}.png`);
    const served = await fetch(file.url);
    expect(served.status).to.equal(200);
    expect(served.headers.get('content-type')).to.equal('image/png');
    const body = new Uint8Array(await served.arrayBuffer());
    expect(Math.round(body.length / 10) / 100).to.equal(file.size);
    expect([...body.subarray(0, 8)]).to.deep.equal([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await fetch(file.formats.thumbnail.url)).status).to.equal(200);
    expect((await app.del(`/api/upload/files/${file.id}`)).status).to.equal(200);
    expect((await fetch(file.url)).status).to.equal(404);
    expect((await fetch(file.formats.thumbnail.url)).status).to.equal(404);
  });

  it('writes SVG as an attachment', async () => {
    const res = await app.upload([{ name: 'logo.svg', bytes: SVG, type: 'image/svg+xml' }]);
    expect(res.status, res.text).to.equal(201);
    const served = await fetch(res.body[0].url);
    expect(served.headers.get('content-disposition')).to.match(/^attachment/);
  });

  it('refuses options it does not know, at start', async () => {
    let error: unknown;
    try { await startUploadKernel({ provider: 's3', providerOptions: { bucket: 'media', bukket: 'x' } }); } catch (err) { error = err; }
    expect((error as Error).message).to.match(/providerOptions\.bukket/);
  });
});
