// Settings > Audit log in chromium: the sign-in just made is listed with who and from where;
// filters by action, administrator and date range, in the URL; pages; a row opens its payload.

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../../../helpers/axe.js';
import { BROWSER_RUN, type PanelBrowser, signIn, usePanel } from '../../../helpers/panel.js';
import { expectStatus, useKernel } from '../../../helpers/suite.js';
import { adminOptions, as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';
import { answered } from './settings-panel.js';

const LOG = /^\/admin\/audit-logs$/;

(BROWSER_RUN ? describe : describe.skip)('admin panel: settings, audit log (chromium)', function () {
  this.timeout(60_000);
  const app = useKernel(adminOptions());
  const panel = usePanel(app);
  let ada: Session;
  let b: PanelBrowser;
  let page: Page;
  const violations: string[] = [];
  const table = () => page.getByRole('table', { name: 'Audit log entries' });

  before(async () => {
    ada = await registerFirstAdmin(app());
    // Twelve failed sign-ins: more than a page of ten
    for (let i = 0; i < 12; i++) expectStatus(await app().post('/admin/login', { email: 'ada@example.com', password: 'Wrong-Horse-1' }), 400);
    b = await panel.open();
    page = b.page;
    await signIn(page, app(), 'ada@example.com', PASSWORD);
  });

  it('lists the sign-in, newest first, with who and from where', async () => {
    expectStatus(await as(app(), ada).get('/admin/audit-logs?pageSize=1'), 200);
    await answered(page, 'GET', LOG, () => page.goto(`${app().url}/admin/settings/audit-logs`));
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const first = table().getByRole('row').nth(1);
    expect(await first.innerText()).to.match(/admin\.auth\.success\s+Ada Lovelace/);
    violations.push(...await seriousViolations(page, 'audit log'));
  });

  it('filters by action and pages through the result', async () => {
    await answered(page, 'GET', LOG, () => page.getByLabel('Action').selectOption('admin.auth.failure'));
    expect(new URL(page.url()).searchParams.get('action')).to.equal('admin.auth.failure');
    await page.getByText('12 entries').waitFor();
    await answered(page, 'GET', LOG, () => page.getByLabel('Entries per page').selectOption('10'));
    expect(await table().getByRole('row').count()).to.equal(11);
    await answered(page, 'GET', LOG, () => page.getByRole('button', { name: 'Next' }).click());
    await page.getByText('Page 2 of 2').waitFor();
    expect(await table().getByRole('row').count()).to.equal(3);
    for (const row of await table().getByRole('row').all()) expect(await row.innerText()).to.not.contain('admin.auth.success');
  });

  it('filters by date range and by administrator', async () => {
    await answered(page, 'GET', LOG, () => page.getByRole('button', { name: 'Clear the filters' }).click());
    await answered(page, 'GET', LOG, () => page.getByLabel('To', { exact: true }).fill('2020-01-01'));
    await page.getByText('No entries match.').waitFor();
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await answered(page, 'GET', LOG, () => page.getByLabel('To', { exact: true }).fill(day));
    await answered(page, 'GET', LOG, () => page.getByLabel('From', { exact: true }).fill(day));
    await table().getByRole('row', { name: /admin\.auth\.success/ }).first().waitFor();
    await answered(page, 'GET', LOG, () => page.getByLabel('Administrator').selectOption({ label: 'Ada Lovelace' }));
    for (const row of (await table().getByRole('row').all()).slice(1)) expect(await row.innerText()).to.contain('Ada Lovelace');
  });

  it('opens an entry\'s payload', async () => {
    await answered(page, 'GET', /^\/admin\/audit-logs\/\d+$/, () => table().getByRole('button', { name: /^Details of admin\.auth\.success/ }).first().click());
    const dialog = page.getByRole('dialog', { name: 'Audit log entry' });
    await dialog.getByText('ada@example.com').first().waitFor();
    expect(await dialog.getByLabel('Payload').innerText()).to.match(/^\{/);
    violations.push(...await seriousViolations(page, 'audit log entry'));
    await page.keyboard.press('Escape');
    expect(violations).to.deep.equal([]);
  });
});
