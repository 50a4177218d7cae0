// Settings > Webhooks in chromium: a webhook created with a header and an event, a test request
// sent from the list (its answer shown), an entry's delivery in the log, turned off, deleted.

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../../../helpers/axe.js';
import { BROWSER_RUN, type PanelBrowser, signIn, usePanel } from '../../../helpers/panel.js';
import { useKernel } from '../../../helpers/suite.js';
import { startReceiver, type Receiver } from '../../../events/receiver.js';
import { adminOptions, as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';
import { answered } from './settings-panel.js';

(BROWSER_RUN ? describe : describe.skip)('admin panel: settings, webhooks (chromium)', function () {
  this.timeout(60_000);
  let receiver: Receiver;
  before(async () => { receiver = await startReceiver(); });
  after(async () => { await receiver.close(); });
  const options = adminOptions();
  const app = useKernel({ ...options, config: { ...options.config, webhooks: { allowPrivateAddresses: true, pollInterval: 50 } } });
  const panel = usePanel(app);
  let ada: Session;
  let b: PanelBrowser;
  let page: Page;
  const violations: string[] = [];

  before(async () => {
    ada = await registerFirstAdmin(app());
    b = await panel.open();
    page = b.page;
    await signIn(page, app(), 'ada@example.com', PASSWORD, '/admin/settings/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  });

  it('creates a webhook with a header and an event', async () => {
    await page.getByText('No webhooks yet.').waitFor();
    await page.getByRole('button', { name: 'Create new webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a webhook' });
    await dialog.getByLabel('Name').fill('search');
    await dialog.getByLabel('URL').fill(receiver.url);
    await dialog.getByRole('button', { name: 'Add a header' }).click();
    await dialog.getByLabel('Header 1 name').fill('Authorization');
    await dialog.getByLabel('Header 1 value').fill('Bearer receiver-key');
    await dialog.getByLabel('Entry: create').check();
    violations.push(...await seriousViolations(page, 'webhook form'));
    await answered(page, 'POST', /^\/admin\/webhooks$/, () => dialog.getByRole('button', { name: 'Save' }).click());
    await page.getByRole('row', { name: /search/ }).waitFor();
    const [hook] = (await as(app(), ada).get('/admin/webhooks')).body.data;
    expect(hook).to.deep.include({ name: 'search', url: receiver.url, events: ['entry.create'], isEnabled: true, headers: { Authorization: '(hidden)' } });
    violations.push(...await seriousViolations(page, 'webhooks'));
  });

  it('sends a test request and shows its answer; an entry\'s delivery shows in the log', async () => {
    await answered(page, 'POST', /\/trigger$/, () => page.getByRole('button', { name: 'Send a test to search' }).click());
    await page.getByText('Test sent to search: answered 200').waitFor();
    const [test] = await receiver.waitFor(1);
    expect(test!.body.event).to.equal('trigger-test');
    expect(test!.headers.authorization).to.equal('Bearer receiver-key');

    await app().kernel.documents('api::category.category').create({ data: { name: 'Sent to the webhook' } });
    await receiver.waitFor(2);
    // The log is read again until the delivery is marked delivered (the answer is recorded after it arrives)
    const row = page.getByRole('table', { name: 'Deliveries' }).getByRole('row', { name: /search entry\.create api::category\.category delivered/ });
    for (let i = 0; i < 50 && !(await row.count()); i++) {
      await answered(page, 'GET', /^\/admin\/webhooks\/deliveries$/, () => page.getByRole('button', { name: 'Refresh the log' }).click());
    }
    await row.waitFor();
  });

  it('turns the webhook off, then deletes it', async () => {
    await answered(page, 'PUT', /^\/admin\/webhooks\/\d+$/, () => page.getByRole('switch', { name: 'Enabled: search' }).click());
    expect((await as(app(), ada).get('/admin/webhooks')).body.data[0].isEnabled).to.equal(false);
    await page.getByRole('button', { name: 'Delete search' }).click();
    await answered(page, 'DELETE', /^\/admin\/webhooks\/\d+$/, () => page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click());
    await page.getByText('No webhooks yet.').waitFor();
    expect(violations).to.deep.equal([]);
  });
});
