// Settings > Webhooks over HTTP: Strapi's /admin/webhooks routes and shapes (the body is the
// webhook, isEnabled), served over core's webhook operations with admin permissions; what is
// stored is sent to, the delivery log says so, and a test request is sent on demand.

import { expect } from 'chai';
import { expectFieldError, expectStatus, useKernel } from '../../helpers/suite.js';
import { startReceiver, type Receiver } from '../../events/receiver.js';
import { adminOptions, as, registerFirstAdmin, type Session } from './helpers.js';
import { expectGuarded } from './settings-helpers.js';

const ACTIONS = ['create', 'read', 'update', 'delete'].map((verb) => `admin::webhooks.${verb}`);

describe('admin: webhooks settings', function () {
  this.timeout(30_000);
  let receiver: Receiver;
  before(async () => { receiver = await startReceiver(); });
  after(async () => { await receiver.close(); });
  const options = adminOptions();
  const app = useKernel({ ...options, config: { ...options.config, webhooks: { allowPrivateAddresses: true, pollInterval: 50 } } });
  let root: Session;
  before(async () => { root = await registerFirstAdmin(app()); });

  it('stores a webhook in Strapi\'s shape, sends to it, shows its deliveries, changes and deletes it', async () => {
    const admin = as(app(), root);
    const created = await admin.post('/admin/webhooks', { name: 'search', url: receiver.url, events: ['entry.create'], headers: { Authorization: 'Bearer receiver-key' } });
    expectStatus(created, 201);
    const hook = created.body.data;
    expect(hook).to.include({ name: 'search', url: receiver.url, isEnabled: true, signed: false });
    expect(hook).to.not.have.property('enabled');
    expect(hook.headers).to.deep.equal({ Authorization: '(hidden)' });
    expect(created.text).to.not.contain('receiver-key');
    const listed = await admin.get('/admin/webhooks');
    expectStatus(listed, 200);
    expect(listed.body.data.map((w: { name: string; isEnabled: boolean }) => [w.name, w.isEnabled])).to.deep.equal([['search', true]]);
    expect((await admin.get(`/admin/webhooks/${hook.id}`)).body.data).to.deep.include({ id: hook.id, name: 'search', isEnabled: true });

    await app().kernel.documents('api::category.category').create({ data: { name: 'Sent to the webhook' } });
    const [got] = await receiver.waitFor(1);
    expect(got!.headers.authorization).to.equal('Bearer receiver-key');
    let deliveries: Array<{ webhook: string; event: string; status: string }> = [];
    for (const started = Date.now(); Date.now() - started < 5_000;) {
      const res = await admin.get('/admin/webhooks/deliveries?webhook=search');
      expectStatus(res, 200);
      deliveries = res.body.data;
      if (deliveries[0]?.status === 'delivered') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(deliveries.map((d) => [d.webhook, d.event, d.status])).to.deep.equal([['search', 'entry.create', 'delivered']]);

    const off = await admin.put(`/admin/webhooks/${hook.id}`, { isEnabled: false, events: ['entry.create', 'entry.update'] });
    expectStatus(off, 200);
    expect(off.body.data).to.include({ isEnabled: false });
    expect(off.body.data.events).to.deep.equal(['entry.create', 'entry.update']);
    // A test request, even to a webhook turned off: sent now, with its headers, logged nowhere
    receiver.answer = () => 418;
    const tried = await admin.post(`/admin/webhooks/${hook.id}/trigger`);
    expectStatus(tried, 200);
    expect(tried.body).to.deep.equal({ data: { statusCode: 418, message: 'answered 418' } });
    const [, test] = await receiver.waitFor(2);
    expect(test!.body).to.include({ event: 'trigger-test' });
    expect(test!.headers).to.include({ authorization: 'Bearer receiver-key', 'x-strapi-event': 'trigger-test' });
    receiver.answer = () => 200;
    expect((await admin.post(`/admin/webhooks/${hook.id}/trigger`)).body).to.deep.equal({ data: { statusCode: 200 } });
    expect((await admin.get('/admin/webhooks/deliveries?webhook=search')).body.data).to.have.lengthOf(1);
    const deleted = await admin.del(`/admin/webhooks/${hook.id}`);
    expectStatus(deleted, 200);
    expect(deleted.body.data).to.include({ id: hook.id, name: 'search', isEnabled: false });
    expectStatus(await admin.get(`/admin/webhooks/${hook.id}`), 404);
    expect((await admin.get('/admin/webhooks')).body.data).to.deep.equal([]);
  });

  it('answers 400 naming the field for bad input, and 404 for a webhook that is not there', async () => {
    const admin = as(app(), root);
    const valid = { name: 'checked', url: 'https://hooks.example.com/in', events: ['entry.publish'] };
    expectFieldError(await admin.post('/admin/webhooks', { ...valid, url: 'ftp://example.com' }), ['url']);
    expectFieldError(await admin.post('/admin/webhooks', { ...valid, events: ['entry.explode'] }), ['events']);
    expectFieldError(await admin.post('/admin/webhooks', { ...valid, isEnabled: 'yes' }), ['isEnabled'], 'Invalid key');
    expectFieldError(await admin.post('/admin/webhooks', { ...valid, name: undefined }), ['name']);
    const made = await admin.post('/admin/webhooks', valid);
    expectStatus(made, 201);
    expectFieldError(await admin.put(`/admin/webhooks/${made.body.data.id}`, { name: 'renamed' }), ['name']);
    expectStatus(await admin.get('/admin/webhooks/deliveries?status=lost'), 400);
    for (const res of [await admin.get('/admin/webhooks/999999'), await admin.put('/admin/webhooks/999999', { isEnabled: false }), await admin.del('/admin/webhooks/abc'), await admin.post('/admin/webhooks/999999/trigger')]) {
      expectStatus(res, 404);
    }
    expectStatus(await admin.del(`/admin/webhooks/${made.body.data.id}`), 200);
  });

  it('refuses callers without an administrator\'s token (401) or without the permission (403)', async () => {
    const made = await as(app(), root).post('/admin/webhooks', { name: 'guarded', url: 'https://hooks.example.com/guarded', events: ['entry.create'], isEnabled: false });
    expectStatus(made, 201);
    const at = `/admin/webhooks/${made.body.data.id}`;
    await expectGuarded(app(), [
      { method: 'GET', path: '/admin/webhooks', action: 'admin::webhooks.read' },
      { method: 'GET', path: '/admin/webhooks/deliveries', action: 'admin::webhooks.read' },
      { method: 'GET', path: at, action: 'admin::webhooks.read' },
      { method: 'POST', path: '/admin/webhooks', body: { name: 'guarded-new', url: 'https://hooks.example.com/new', events: ['entry.create'], isEnabled: false }, action: 'admin::webhooks.create' },
      { method: 'PUT', path: at, body: { events: ['entry.update'] }, action: 'admin::webhooks.update' },
      { method: 'POST', path: `${at}/trigger`, action: 'admin::webhooks.update' },
      { method: 'DELETE', path: at, action: 'admin::webhooks.delete' },
    ], ACTIONS);
    expectStatus(await as(app(), root).get(at), 404);
  });
});
