// /api/webhooks: stored webhooks managed with a full-access (or a custom) API token, never
// anonymously nor with a read-only token; what is stored is sent to at once, and the delivery log
// says how each delivery went.

import { expect } from 'chai';
import { startKernel, type TestKernel } from '../helpers/kernel.js';
import { TEST_SALT, tokenClient } from '../helpers/api-tokens.js';
import { until } from '../helpers/poll.js';
import { expectStatus } from '../helpers/suite.js';
import { dispatcherPasses } from './passes.js';
import { startReceiver, type Receiver } from './receiver.js';

const config = (extra: Record<string, unknown> = {}) => ({
  plugins: { 'draft-and-publish': { enabled: true } },
  api: { tokens: { salt: TEST_SALT } },
  webhooks: { allowPrivateAddresses: true, pollInterval: 50, backoff: 50, ...extra },
}) as never;

describe('the webhooks API', function () {
  this.timeout(30_000);
  let receiver: Receiver;
  let app: TestKernel;
  let admin: string;
  let client: ReturnType<typeof tokenClient>;
  beforeEach(async () => {
    receiver = await startReceiver();
    app = await startKernel({ config: config({ endpoints: [{ name: 'from-config', url: `${receiver.url}?config`, events: ['entry.delete'], secret: 'config-secret' }] }) });
    client = tokenClient(app);
    admin = await client.secret({ type: 'full-access' });
  });
  afterEach(async () => {
    await app.stop();
    await receiver.close();
  });

  const valid = () => ({ name: 'search index', url: receiver.url, events: ['entry.create', 'entry.update'], headers: { Authorization: 'Bearer receiver-key' }, secret: 'a-secret-of-16-chars' });

  it('creates, lists, reads, changes and deletes a webhook; the secret is never answered', async () => {
    const created = await client.as(admin, 'POST', '/api/webhooks', { data: valid() });
    expect(created.status, created.text).to.equal(201);
    const hook = created.body.data;
    expect(hook).to.include({ name: 'search index', url: receiver.url, enabled: true, signed: true });
    expect(hook).not.to.have.property('secret');
    // Header values are often the receiver's credentials: answers name the headers only
    expect(hook.headers).to.deep.equal({ Authorization: '(hidden)' });
    expect(created.text).not.to.contain('receiver-key');
    expect(created.text).not.to.contain('a-secret-of-16-chars');
    const list = await client.as(admin, 'GET', '/api/webhooks');
    expect(list.status).to.equal(200);
    expect(list.body.data.map((w: { name: string; source: string }) => `${w.source}:${w.name}`)).to.deep.equal(['config:from-config', 'api:search index']);
    expect(list.text).not.to.match(/config-secret|a-secret-of-16-chars/);
    const changed = await client.as(admin, 'PUT', `/api/webhooks/${hook.id as number}`, { data: { events: ['entry.publish'], enabled: false } });
    expect(changed.status, changed.text).to.equal(200);
    expect(changed.body.data).to.include({ enabled: false });
    expect(changed.body.data.events).to.deep.equal(['entry.publish']);
    expect((await client.as(admin, 'GET', `/api/webhooks/${hook.id as number}`)).body.data.events).to.deep.equal(['entry.publish']);
    expect((await client.as(admin, 'DELETE', `/api/webhooks/${hook.id as number}`)).status).to.equal(200);
    expect((await client.as(admin, 'GET', `/api/webhooks/${hook.id as number}`)).status).to.equal(404);
  });

  it('sends to a stored webhook from the next write on, with its headers; the log shows the delivery', async () => {
    const created = await client.as(admin, 'POST', '/api/webhooks', { data: valid() });
    const author = await app.post('/api/authors', { data: { name: 'Stored', email: 'stored@example.com' } });
    expect(author.status).to.equal(201);
    const [got] = await receiver.waitFor(1);
    expect(got!.body.event).to.equal('entry.create');
    expect(got!.headers.authorization).to.equal('Bearer receiver-key');
    expect(got!.headers['x-strata-webhook']).to.equal('search index');
    // The log says delivered once the receiver has answered
    const log = await until('the delivery logged as delivered', async () => {
      const res = await client.as(admin, 'GET', '/api/webhooks/deliveries?webhook=search%20index');
      return res.body.data?.[0]?.status === 'delivered' && res;
    });
    expect(log.status, log.text).to.equal(200);
    expect(log.body.data).to.have.length(1);
    expect(log.body.data[0]).to.include({ webhook: 'search index', event: 'entry.create', uid: 'api::author.author', status: 'delivered', attempts: 1, lastStatus: 200 });
    expect(log.body.data[0].deliveryId).to.equal(got!.headers['x-strata-delivery']);
    // Disabled: the next write is not sent to it
    await client.as(admin, 'PUT', `/api/webhooks/${created.body.data.id as number}`, { data: { enabled: false } });
    expectStatus(await app.post('/api/authors', { data: { name: 'Unsent', email: 'unsent@example.com' } }), 201);
    // A write records its deliveries as it commits: none for the paused webhook, so none can be
    // sent; and the dispatcher's passes after it send nothing
    expect((await client.as(admin, 'GET', '/api/webhooks/deliveries')).body.data).to.have.length(1);
    await dispatcherPasses(app, 'from-config');
    expect(receiver.received).to.have.length(1);
  });

  it('keeps a stored header value that a client sends back masked, and refuses a mask it has nothing for', async () => {
    const created = await client.as(admin, 'POST', '/api/webhooks', { data: { ...valid(), name: 'masked' } });
    expectStatus(created, 201);
    const id = created.body.data.id as number;
    const read = (await client.as(admin, 'GET', `/api/webhooks/${id}`)).body.data;
    expect(read.headers).to.deep.equal({ Authorization: '(hidden)' });
    // What a panel sends back after editing the events: the headers as it read them, and one more
    const edited = await client.as(admin, 'PUT', `/api/webhooks/${id}`, { data: { events: ['entry.update'], headers: { ...read.headers, 'X-Team': 'search' } } });
    expectStatus(edited, 200);
    const before = receiver.received.length;
    const author = await app.post('/api/authors', { data: { name: 'Masked', email: 'masked@example.com' } });
    expectStatus(await app.put(`/api/authors/${author.body.data.documentId as string}`, { data: { name: 'Masked again' } }), 200);
    const sent = await receiver.waitFor(before + 1);
    const got = sent.find((r) => r.headers['x-strata-webhook'] === 'masked')!;
    expect(got.headers.authorization).to.equal('Bearer receiver-key');
    expect(got.headers['x-team']).to.equal('search');
    const unknown = await client.as(admin, 'PUT', `/api/webhooks/${id}`, { data: { headers: { 'X-Other': '(hidden)' } } });
    expectStatus(unknown, 400);
    expect(unknown.body.error.details.errors[0].path).to.deep.equal(['headers']);
    expectStatus(await client.as(admin, 'DELETE', `/api/webhooks/${id}`), 200);
  });

  it('keeps sending to other receivers while a paused webhook holds more pending deliveries than a pass reads', async () => {
    const flaky = await startReceiver();
    // Slow to fail: its deliveries stay pending and due (backoff 0) while the test runs
    flaky.answer = async () => { await new Promise((resolve) => setTimeout(resolve, 50)); return 500; };
    await app.stop();
    app = await startKernel({ config: config({ backoff: 0, maxAttempts: 100, endpoints: [{ name: 'live', url: receiver.url, events: ['entry.create'] }] }) });
    client = tokenClient(app);
    admin = await client.secret({ type: 'full-access' });
    try {
      const hook = await client.as(admin, 'POST', '/api/webhooks', { data: { ...valid(), name: 'flaky', url: flaky.url, events: ['entry.create'] } });
      for (let i = 0; i < 20; i++) await app.post('/api/authors', { data: { name: `Many ${i}`, email: `many${i}@example.com` } });
      await receiver.waitFor(20);
      await client.as(admin, 'PUT', `/api/webhooks/${hook.body.data.id as number}`, { data: { enabled: false } });
      await app.post('/api/authors', { data: { name: 'After the pause', email: 'after@example.com' } });
      const got = await receiver.waitFor(21, 5000);
      expect(got.map((r) => r.body.entry.name)).to.include('After the pause');
      // More than one pass reads (16) were pending for a receiver the instance no longer sends to
      const pending = await client.as(admin, 'GET', '/api/webhooks/deliveries?webhook=flaky&status=pending&limit=100');
      expect(pending.body.data.length).to.be.above(16);
    } finally {
      await flaky.close();
    }
  });

  it('refuses anonymous callers and read-only tokens, and allows a custom token with the action', async () => {
    const anonymous = await app.request('GET', '/api/webhooks');
    expect(anonymous.status).to.equal(401);
    expect((await app.request('POST', '/api/webhooks', { data: valid() })).status).to.equal(401);
    const readOnly = await client.secret({ type: 'read-only' });
    expect((await client.as(readOnly, 'GET', '/api/webhooks')).status).to.equal(403);
    expect((await client.as(readOnly, 'GET', '/api/webhooks/deliveries')).status).to.equal(403);
    const lister = await client.secret({ type: 'custom', permissions: ['admin::webhooks.list'] });
    expect((await client.as(lister, 'GET', '/api/webhooks')).status).to.equal(200);
    expect((await client.as(lister, 'POST', '/api/webhooks', { data: valid() })).status).to.equal(403);
  });

  it('answers bad input with a 400 naming each field', async () => {
    const bad = await client.as(admin, 'POST', '/api/webhooks', {
      data: { name: '', url: 'file:///etc/passwd', events: ['entry.created'], headers: { 'Content-Type': 'text/plain', 'bad name': 'x' }, secret: 'short', color: 'red' },
    });
    expect(bad.status, bad.text).to.equal(400);
    expect(bad.body.error.name).to.equal('ValidationError');
    const paths = bad.body.error.details.errors.map((e: { path: string[] }) => e.path.join('.')).sort();
    expect(paths).to.deep.equal(['color', 'events', 'headers', 'name', 'secret', 'url']);
    expect((await client.as(admin, 'POST', '/api/webhooks', { data: { ...valid(), name: 'from-config' } })).status).to.equal(400);
    await client.as(admin, 'POST', '/api/webhooks', { data: valid() });
    const twice = await client.as(admin, 'POST', '/api/webhooks', { data: valid() });
    expect(twice.status).to.equal(400);
    expect(twice.body.error.details.errors[0].path).to.deep.equal(['name']);
    expect((await client.as(admin, 'GET', '/api/webhooks/abc')).status).to.equal(404);
    expect((await client.as(admin, 'PUT', '/api/webhooks/1', { data: { name: 'renamed' } })).status).to.equal(400);
    expect((await client.as(admin, 'GET', '/api/webhooks/deliveries?limit=1000')).status).to.equal(400);
    expect((await client.as(admin, 'POST', '/api/webhooks', 'not json', )).status).to.equal(400);
  });

  it('refuses a private literal address when private addresses are not allowed', async () => {
    await app.stop();
    app = await startKernel({ config: config({ allowPrivateAddresses: false }) });
    client = tokenClient(app);
    admin = await client.secret({ type: 'full-access' });
    for (const url of ['http://127.0.0.1:9/x', 'http://[::1]/x', 'http://169.254.169.254/latest', 'http://localhost/x', 'http://10.1.2.3/x']) {
      const res = await client.as(admin, 'POST', '/api/webhooks', { data: { ...valid(), url } });
      expect(res.status, url).to.equal(400);
      expect(res.body.error.details.errors[0].path, url).to.deep.equal(['url']);
    }
  });
});
