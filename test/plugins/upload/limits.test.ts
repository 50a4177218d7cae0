// Limits and all-or-nothing: an oversized file or request is a 413 in the envelope, a refused or
// failing file among several leaves no file and no row of any of them.

import { readdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { ProviderFile, UploadProvider } from '../../../plugins/upload/index.js';
import { PDF, picture, startUploadKernel, TEXT, type UploadKernel } from './helpers.js';

const filesIn = async (dir: string) => (await readdir(dir).catch(() => [])).sort();

describe('upload plugin: limits', function () {
  let app: UploadKernel;
  before(async () => { app = await startUploadKernel({ sizeLimit: 100_000, requestSizeLimit: 250_000, maxFiles: 3 }); });
  after(async () => { await app?.stop(); });

  it('answers 413 for a file over sizeLimit, and stores nothing', async () => {
    const res = await app.upload([{ name: 'small.txt', bytes: TEXT, type: 'text/plain' }, { name: 'big.bin', bytes: new Uint8Array(150_000).fill(65), type: 'text/plain' }]);
    expect(res.status).to.equal(413);
    expect(res.body).to.deep.include({ data: null });
    expect(res.body.error).to.include({ status: 413, name: 'PayloadTooLargeError' });
    expect(res.body.error.message).to.match(/size limit of 100 KB/);
    expect(await filesIn(app.uploadDir)).to.deep.equal([]);
    expect((await app.get('/api/upload/files')).body).to.deep.equal([]);
  });

  it('answers 413 for a request over requestSizeLimit, announced or not', async () => {
    const parts = [1, 2, 3].map((i) => ({ name: `part${i}.txt`, bytes: new Uint8Array(90_000).fill(66), type: 'text/plain' }));
    const res = await app.upload(parts);
    expect(res.status).to.equal(413);
    expect(res.body.error.message).to.match(/upload limit of 250 KB/);
    const declared = await fetch(`${app.url}/api/upload`, {
      method: 'POST', body: new Uint8Array(300_000), headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(declared.status).to.equal(413);
    expect(((await declared.json()) as { error: { name: string } }).error.name).to.equal('PayloadTooLargeError');
    expect(await filesIn(app.uploadDir)).to.deep.equal([]);
  });

  it('counts a body sent without Content-Length, part headers included', async () => {
    const boundary = 'strata-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\nX-Pad: `;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
        // 40 chunks of 10 KB of one header value: 400 KB against a 250 KB limit
        for (let i = 0; i < 40; i++) controller.enqueue(new Uint8Array(10_000).fill(97));
        controller.enqueue(new TextEncoder().encode(`\r\n\r\nhello\r\n--${boundary}--\r\n`));
        controller.close();
      },
    });
    const res = await fetch(`${app.url}/api/upload`, {
      method: 'POST', body, duplex: 'half', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    expect(res.status).to.equal(413);
    expect(((await res.json()) as { error: { name: string } }).error.name).to.equal('PayloadTooLargeError');
  });

  it('refuses more files than maxFiles', async () => {
    const res = await app.upload([1, 2, 3, 4].map((i) => ({ name: `${i}.txt`, bytes: TEXT, type: 'text/plain' })));
    expect(res.status).to.equal(400);
    expect(res.body.error.message).to.match(/at most 3/);
  });

  it('refuses the whole request when one file is of a refused type', async () => {
    const res = await app.upload([
      { name: 'ok.pdf', bytes: PDF, type: 'application/pdf' },
      { name: 'tool.exe', bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]), type: 'application/pdf' },
    ]);
    expect(res.status).to.equal(400);
    expect(res.body.error.details.fileName).to.equal('tool.exe');
    expect(await filesIn(app.uploadDir)).to.deep.equal([]);
    expect((await app.get('/api/upload/files')).body).to.deep.equal([]);
  });

  it('refuses bytes that claim to be an image but do not decode', async () => {
    const png = await picture(300, 200, 'png');
    const res = await app.upload([{ name: 'cut.png', bytes: png.slice(0, 200), type: 'image/png' }]);
    expect(res.status).to.equal(400);
    expect(res.body.error.message).to.equal('File is not a valid image');
  });

  it('refuses malformed fileInfo and unknown keys in it, naming them', async () => {
    const bad = await app.upload([{ name: 'a.txt', bytes: TEXT, type: 'text/plain' }], { fileInfo: '{nope' });
    expect(bad.status).to.equal(400);
    const unknown = await app.upload([{ name: 'a.txt', bytes: TEXT, type: 'text/plain' }], { fileInfo: JSON.stringify({ url: 'http://evil' }) });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.error.message).to.match(/fileInfo\.url is not allowed/);
    expect(await filesIn(app.uploadDir)).to.deep.equal([]);
  });
});

describe('upload plugin: a provider that fails midway', function () {
  let app: UploadKernel;
  let calls = 0;
  const stored = new Set<string>();
  const failing = {
    name: 'flaky',
    init: (): UploadProvider => ({
      async upload(file: ProviderFile) {
        calls += 1;
        stored.add(file.hash);
        // The third object is written, then the call fails: it must be deleted too
        if (calls === 3) throw new Error('the bucket went away');
        file.url = `https://cdn.example/${file.hash}${file.ext}`;
      },
      async delete(file: ProviderFile) { stored.delete(file.hash); },
    }),
  };
  before(async () => { app = await startUploadKernel({ provider: failing }); });
  after(async () => { await app?.stop(); });

  it('leaves no stored object and no row behind, and answers 500 without details', async () => {
    const res = await app.upload([
      { name: 'one.txt', bytes: TEXT, type: 'text/plain' },
      { name: 'two.txt', bytes: TEXT, type: 'text/plain' },
      { name: 'three.txt', bytes: TEXT, type: 'text/plain' },
    ]);
    expect(res.status).to.equal(500);
    expect(res.text).to.not.include('bucket');
    expect(calls).to.equal(3);
    expect([...stored]).to.deep.equal([]);
    expect((await app.get('/api/upload/files')).body).to.deep.equal([]);
    const again = await app.upload([{ name: 'four.txt', bytes: TEXT, type: 'text/plain' }]);
    expect(again.status).to.equal(201);
    expect(again.body[0]).to.include({ provider: 'flaky', url: `https://cdn.example/${again.body[0].hash}.txt` });
  });
});
