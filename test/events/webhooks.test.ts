// Webhooks: each committed write's events reach the configured receivers as Strapi's body, signed,
// after the answer and at least once; failures are tried again, one document's events stay in
// commit order, private attributes never leave, and private-network targets are refused.

import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { createKernel, createMemoryLogger, KernelError, type WebhooksConfig } from '../../core/index.js';
import { startKernel, type TestKernel } from '../helpers/kernel.js';
import { until } from '../helpers/poll.js';
import { countStatements } from '../helpers/statements.js';
import { dispatcherPasses } from './passes.js';
import { startReceiver, type Receiver } from './receiver.js';

const PLUGINS = { 'draft-and-publish': { enabled: true } };
const ALL = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'entry.draft-discard'];

async function start(receiver: Receiver, webhooks: Partial<WebhooksConfig> = {}, endpoint: Record<string, unknown> = {}): Promise<TestKernel> {
  return startKernel({
    config: {
      plugins: PLUGINS,
      webhooks: {
        endpoints: [{ name: 'hook', url: receiver.url, events: ALL, secret: 'hook-secret', ...endpoint }],
        allowPrivateAddresses: true, pollInterval: 50, backoff: 50, ...webhooks,
      },
    } as never,
  });
}

interface Delivery { status: string; attempts: number | string; last_status: number | string | null; last_error: string | null }
const deliveries = (app: TestKernel) => app.kernel.db('strata_deliveries').orderBy('id') as unknown as Promise<Delivery[]>;
let mails = 0;
const mail = () => `author${++mails}@example.com`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('webhooks', function () {
  this.timeout(30_000);
  let receiver: Receiver;
  let app: TestKernel | undefined;
  beforeEach(async () => { receiver = await startReceiver(); });
  afterEach(async () => {
    await app?.stop();
    app = undefined;
    await receiver.close();
  });

  it('POSTs create, update and delete in order, as Strapi\'s body with its event header, signed', async () => {
    app = await start(receiver);
    const created = await app.post('/api/authors', { data: { name: 'Ada', email: mail(), secretNote: 'hidden', passcode: 'sesame-123', links: [{ label: 'x', url: 'https://example.com' }] } });
    expect(created.status).to.equal(201);
    const id = created.body.data.documentId as string;
    await app.put(`/api/authors/${id}`, { data: { name: 'Ada L.', email: mail() } });
    await app.del(`/api/authors/${id}`);
    const got = await receiver.waitFor(3);
    expect(got.map((r) => r.body.event)).to.deep.equal(['entry.create', 'entry.update', 'entry.delete']);
    expect(got.map((r) => r.headers['x-strapi-event'])).to.deep.equal(['entry.create', 'entry.update', 'entry.delete']);
    const [create, update, remove] = got as [typeof got[0], typeof got[0], typeof got[0]];
    expect(create.body).to.include({ model: 'author', uid: 'api::author.author' });
    expect(Date.parse(create.body.createdAt)).to.be.a('number').and.not.NaN;
    expect(create.body.entry).to.include({ documentId: id, name: 'Ada' });
    // Components are in the entry, as Strapi's events populate them
    expect(create.body.entry.links).to.have.length(1);
    expect(update.body.entry).to.include({ documentId: id, name: 'Ada L.' });
    expect(remove.body.entry).to.deep.equal({ documentId: id });
    for (const r of got) {
      expect(r.raw).not.to.match(/hidden|sesame|passcode|secretNote/);
      expect(r.headers['content-type']).to.equal('application/json');
      const signed = `${r.headers['x-strata-timestamp'] as string}.${r.headers['x-strata-delivery'] as string}.${r.raw}`;
      expect(r.headers['x-strata-signature']).to.equal(`sha256=${createHmac('sha256', 'hook-secret').update(signed).digest('hex')}`);
      expect(Math.abs(Number(r.headers['x-strata-timestamp']) - Date.now() / 1000)).to.be.below(60);
      expect(r.headers['x-strata-delivery']).to.match(/^[0-9a-f-]{36}$/);
      expect(r.headers['x-strata-attempt']).to.equal('1');
    }
    // The status is written once the receiver has answered
    const log = await until('three deliveries written as delivered', async () => {
      const rows = await deliveries(app!);
      return rows.length === 3 && rows.every((d) => d.status === 'delivered') && rows;
    });
    expect(log.map((d) => Number(d.last_status))).to.deep.equal([200, 200, 200]);
  });

  it('sends a published create as entry.create then entry.publish, and unpublish as entry.unpublish', async () => {
    app = await start(receiver);
    const created = await app.post('/api/articles', { data: { title: 'Hooked' } });
    expect(created.status).to.equal(201);
    const id = created.body.data.documentId as string;
    const unpublished = await app.request('POST', `/api/articles/${id}/actions/unpublish`);
    expect(unpublished.status, unpublished.text).to.be.oneOf([200, 204]);
    const got = await receiver.waitFor(3);
    expect(got.map((r) => r.body.event)).to.deep.equal(['entry.create', 'entry.publish', 'entry.unpublish']);
    expect(got[0]!.body.entry).to.include({ documentId: id, title: 'Hooked', publishedAt: null });
    expect(got[1]!.body.entry.publishedAt).to.be.a('string');
    expect(got[1]!.body.entry).to.have.property('seo');
  });

  it('sends only the events an endpoint lists, and records nothing when no endpoint listens', async () => {
    app = await start(receiver, {}, { events: ['entry.delete'] });
    const created = await app.post('/api/authors', { data: { name: 'Quiet', email: mail() } });
    expect((await app.kernel.db('strata_events').count({ n: '*' }))[0]).to.satisfy((r: { n: unknown }) => Number(r.n) === 0);
    await app.del(`/api/authors/${created.body.data.documentId as string}`);
    const got = await receiver.waitFor(1);
    // Only the delete was recorded, so only it can be sent; and passes after it send nothing more
    expect(await deliveries(app)).to.have.length(1);
    await dispatcherPasses(app, 'hook');
    expect(got.map((r) => r.body.event)).to.deep.equal(['entry.delete']);
  });

  it('answers the write without waiting for the receiver', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    receiver.answer = async () => { await held; return 200; };
    app = await start(receiver);
    const created = await app.post('/api/authors', { data: { name: 'Fast', email: mail() } });
    expect(created.status).to.equal(201);
    await receiver.waitFor(1);
    // The receiver has the request and has not answered: the write answered already
    const [pending] = await deliveries(app);
    expect(pending?.status).to.equal('pending');
    release();
  });

  it('tries a failed delivery again with the same delivery id until the receiver takes it', async () => {
    const statuses = [500, 503];
    receiver.answer = () => statuses.shift() ?? 200;
    app = await start(receiver);
    await app.post('/api/authors', { data: { name: 'Retry', email: mail() } });
    const got = await receiver.waitFor(3);
    expect(new Set(got.map((r) => r.headers['x-strata-delivery'])).size).to.equal(1);
    expect(got.map((r) => r.headers['x-strata-attempt'])).to.deep.equal(['1', '2', '3']);
    const log = await until('the delivery written as delivered', async () => {
      const [row] = await deliveries(app!);
      return row?.status === 'delivered' && row;
    });
    expect(log).to.include({ status: 'delivered' });
    expect(Number(log.attempts)).to.equal(3);
  });

  it('keeps one document\'s events in commit order while its first delivery fails; other documents go on', async () => {
    let failing = 3;
    receiver.answer = (r) => (r.body.entry.name === 'A1' && failing-- > 0 ? 500 : 200);
    app = await start(receiver);
    const a = await app.post('/api/authors', { data: { name: 'A1', email: mail() } });
    await app.put(`/api/authors/${a.body.data.documentId as string}`, { data: { name: 'A2', email: mail() } });
    await app.post('/api/authors', { data: { name: 'B1', email: mail() } });
    const got = await receiver.waitFor(6);
    const names = got.map((r) => r.body.entry.name as string);
    // B1 went while A1 was failing; A2 only after A1 was taken
    expect(names.indexOf('B1')).to.be.below(names.lastIndexOf('A1'));
    expect(names.indexOf('A2')).to.be.above(names.lastIndexOf('A1'));
    expect(names.filter((n) => n === 'A1')).to.have.length(4);
  });

  it('gives up after maxAttempts and marks the delivery failed with the last answer', async () => {
    receiver.answer = () => 500;
    app = await start(receiver, { maxAttempts: 2 });
    await app.post('/api/authors', { data: { name: 'Doomed', email: mail() } });
    await receiver.waitFor(2);
    const log = await until('the delivery written as failed', async () => {
      const [row] = await deliveries(app!);
      return row?.status === 'failed' && row;
    });
    // Passes after giving up take nothing more
    await dispatcherPasses(app, 'hook');
    expect(log).to.include({ status: 'failed' });
    expect(Number(log.last_status)).to.equal(500);
    expect(log.last_error).to.equal('answered 500');
    expect(receiver.received).to.have.length(2);
  });

  it('refuses a receiver on a private address unless allowed, by literal address and by name', async () => {
    for (const url of [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')]) {
      app = await start(receiver, { allowPrivateAddresses: false, maxAttempts: 1 }, { url });
      await app.post('/api/authors', { data: { name: 'Inside', email: mail() } });
      const log = await until(`the delivery to ${url} written as failed`, async () => {
        const rows = await deliveries(app!);
        return rows[0]?.status === 'failed' && rows;
      });
      expect(log[0]?.status, url).to.equal('failed');
      expect(log[0]?.last_error, url).to.match(/^refused: .*private address/);
      await app.stop();
      app = undefined;
    }
    expect(receiver.received).to.have.length(0);
  });

  it('delivers on stop what was recorded before, waiting for the receiver within the shutdown timeout', async () => {
    receiver.answer = async () => { await sleep(300); return 200; };
    app = await start(receiver, { pollInterval: 0 });
    await app.post('/api/authors', { data: { name: 'Last words', email: mail() } });
    const stopping = app;
    app = undefined;
    await stopping.stop();
    expect(receiver.received.map((r) => r.body.entry.name)).to.deep.equal(['Last words']);
  });

  it('refuses an endpoint with an unknown event or a non-http URL at start-up', async () => {
    for (const [endpoint, message] of [
      [{ events: ['entry.created'] }, /webhooks\.endpoints\[0\]\.events/],
      [{ url: 'ftp://example.com/x' }, /webhooks\.endpoints\[0\]\.url/],
    ] as const) {
      const failure = await createKernel({
        contentTypesDir: false, env: {}, logger: createMemoryLogger(),
        config: { database: { client: 'sqlite', connection: { filename: ':memory:' } }, webhooks: { endpoints: [{ name: 'hook', url: receiver.url, events: ALL, ...endpoint }] } } as never,
      }).then(() => null, (err: unknown) => err);
      expect(failure).to.be.instanceOf(KernelError);
      expect(String(failure)).to.match(message);
    }
  });
});

describe('webhooks: an app without receivers', function () {
  it('runs no statement in the background, the hourly prune included', async () => {
    // The same timer with a receiver runs statements from its first tick: the window below, five
    // of its passes, holds ticks that would have run some
    const receiver = await startReceiver();
    const control = await start(receiver, { pollInterval: 20 });
    // Started last, so that its first tick (where the prune is due) falls inside the window
    const app = await startKernel({ config: { webhooks: { pollInterval: 20 } } });
    try {
      const seen = await countStatements(app, () => countStatements(control, () => dispatcherPasses(control, 'hook', 5)));
      expect(seen.result.statements, 'with a receiver').to.be.above(0);
      expect(seen.statements, 'without one').to.equal(0);
    } finally {
      await app.stop();
      await control.stop();
      await receiver.close();
    }
  });
});
