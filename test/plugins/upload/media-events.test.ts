// The media library's webhook events, as Strapi's upload plugin sends them (issue #46):
// media.create per uploaded file, media.update when a file's info or bytes change, media.delete
// with the file as it was; the body is { event, createdAt, media }, the X-Strapi-Event header the
// event's name. Through the outbox, as every event: recorded with the write, after the answer.

import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKernel, type TestKernel } from '../../helpers/kernel.js';
import { startReceiver, type Receiver } from '../../events/receiver.js';
import { TEXT } from './helpers.js';

describe('upload: media webhook events', function () {
  this.timeout(30_000);
  let receiver: Receiver;
  let app: TestKernel;
  let appDir = '';

  before(async () => {
    receiver = await startReceiver();
    appDir = await mkdtemp(join(tmpdir(), 'strata-media-events-'));
    app = await startKernel({
      appDir,
      config: {
        plugins: { upload: { enabled: true, config: {} } },
        webhooks: {
          endpoints: [{ name: 'media', url: receiver.url, events: ['media.create', 'media.update', 'media.delete'] }],
          allowPrivateAddresses: true, pollInterval: 50, backoff: 50,
        },
      } as never,
    });
  });
  after(async () => {
    await app?.stop();
    await receiver?.close();
    await rm(appDir, { recursive: true, force: true });
  });

  const upload = async (names: string[], query = '') => {
    const form = new FormData();
    for (const name of names) form.append('files', new Blob([TEXT], { type: 'text/plain' }), name);
    const res = await fetch(`${app.url}/api/upload${query}`, { method: 'POST', body: form });
    expect(res.status).to.be.oneOf([200, 201]);
    return res.json() as Promise<unknown>;
  };

  it('sends media.create per file, media.update on a change, media.delete with the file, in Strapi\'s body', async () => {
    const files = await upload(['one.txt', 'two.txt']) as Array<{ id: number; documentId: string; name: string }>;
    const [one] = files;
    const changed = await fetch(`${app.url}/api/upload?id=${one!.id}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fileInfo: { caption: 'Changed' } }),
    });
    expect(changed.status).to.equal(200);
    expect((await app.del(`/api/upload/files/${one!.id}`)).status).to.equal(200);
    const got = await receiver.waitFor(4);
    expect(got.map((r) => [r.body.event, r.headers['x-strapi-event']])).to.deep.equal([
      ['media.create', 'media.create'], ['media.create', 'media.create'], ['media.update', 'media.update'], ['media.delete', 'media.delete'],
    ]);
    const bodies = got.map((r) => JSON.parse(r.raw) as Record<string, Record<string, unknown>>);
    // Strapi's media events: the file under media, no model, uid or entry
    for (const body of bodies) expect(Object.keys(body).sort()).to.deep.equal(['createdAt', 'event', 'media']);
    expect(bodies.slice(0, 2).map((b) => b.media!.name).sort()).to.deep.equal(['one.txt', 'two.txt']);
    expect(bodies[0]!.media).to.include({ mime: 'text/plain', provider: 'local' });
    expect(bodies[2]!.media).to.include({ documentId: one!.documentId, caption: 'Changed' });
    // The deleted file as it was, url and all
    expect(bodies[3]!.media).to.include({ id: one!.id, documentId: one!.documentId, name: 'one.txt', caption: 'Changed' });
    expect(bodies[3]!.media!.url).to.be.a('string');
  });

  it('lists the media events among those an endpoint may listen to', async () => {
    let error: unknown;
    try {
      await (await startKernel({ config: { webhooks: { endpoints: [{ name: 'x', url: receiver.url, events: ['media.move'] }] } } as never })).stop();
    } catch (err) { error = err; }
    expect((error as Error).message).to.match(/entry\.draft-discard, media\.create, media\.update, media\.delete/);
  });
});
