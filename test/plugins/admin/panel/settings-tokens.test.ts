// Settings > API tokens in chromium: a super admin reaches Settings from the menu, creates a custom
// token, sees its secret once (and it works), regenerates it and revokes it; axe on the way. An
// administrator whose role allows no settings screen sees no Settings entry.

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../../../helpers/axe.js';
import { BROWSER_RUN, type PanelBrowser, signIn, usePanel } from '../../../helpers/panel.js';
import { expectStatus, useKernel } from '../../../helpers/suite.js';
import { adminOptions, as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';
import { answered } from './settings-panel.js';

(BROWSER_RUN ? describe : describe.skip)('admin panel: settings, API tokens (chromium)', function () {
  this.timeout(60_000);
  const app = useKernel(adminOptions());
  const panel = usePanel(app);
  let ada: Session;
  let b: PanelBrowser;
  let page: Page;
  const violations: string[] = [];
  const content = (secret: string) => app().request('GET', '/api/articles', undefined, { authorization: `Bearer ${secret}` });

  before(async () => {
    ada = await registerFirstAdmin(app());
    b = await panel.open();
    page = b.page;
    await signIn(page, app(), 'ada@example.com', PASSWORD);
  });

  it('opens Settings from the menu on the API tokens screen', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'API tokens', level: 1 }).waitFor();
    const sub = await page.getByRole('navigation', { name: 'Settings' }).getByRole('link').allInnerTexts();
    expect(sub).to.include.members(['API tokens', 'Webhooks', 'Internationalization', 'Administrators', 'Admin roles', 'End-user roles']);
    await page.getByText('No API tokens yet.').waitFor();
    violations.push(...await seriousViolations(page, 'API tokens'));
  });

  it('creates a custom token and shows its secret once', async () => {
    await page.getByRole('button', { name: 'Create new API token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API token' });
    await dialog.getByLabel('Name').fill('site build');
    await dialog.getByLabel('Description').fill('Reads the articles');
    await dialog.getByLabel('Duration').selectOption({ label: '7 days' });
    await dialog.getByLabel('Custom').check();
    await dialog.getByLabel('Article: find', { exact: true }).check();
    violations.push(...await seriousViolations(page, 'API token form'));
    await answered(page, 'POST', /^\/admin\/api-tokens$/, () => dialog.getByRole('button', { name: 'Save' }).click());
    const secret = await page.getByLabel('Secret of site build').inputValue();
    expect(secret).to.match(/^[0-9a-f]{256}$/);
    expect(await page.getByRole('row', { name: /site build/ }).innerText()).to.contain('Custom');
    expectStatus(await content(secret), 200);
    const listed = (await as(app(), ada).get('/admin/api-tokens')).body.data;
    expect(listed.map((t: { name: string; type: string; permissions: string[]; lifespan: number }) => [t.name, t.type, t.permissions, t.lifespan]))
      .to.deep.equal([['site build', 'custom', ['api::article.article.find'], 7 * 24 * 60 * 60 * 1000]]);
    violations.push(...await seriousViolations(page, 'API token secret'));
    // Shown once: not after a reload
    await page.reload();
    await page.getByRole('row', { name: /site build/ }).waitFor();
    expect(await page.getByLabel('Secret of site build').count()).to.equal(0);
  });

  it('regenerates the token (the old secret stops working) and revokes it', async () => {
    const before = (await as(app(), ada).get('/admin/api-tokens')).body.data[0];
    await page.getByRole('button', { name: 'Regenerate site build' }).click();
    await answered(page, 'POST', /\/regenerate$/, () => page.getByRole('alertdialog').getByRole('button', { name: 'Regenerate' }).click());
    const secret = await page.getByLabel('Secret of site build').inputValue();
    expectStatus(await content(secret), 200);
    expect(before.id).to.be.a('number');

    await page.getByRole('button', { name: 'Revoke site build' }).click();
    await answered(page, 'DELETE', /^\/admin\/api-tokens\/\d+$/, () => page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click());
    await page.getByText('No API tokens yet.').waitFor();
    expectStatus(await content(secret), 401);
    expect(violations).to.deep.equal([]);
  });

  it('shows no Settings entry to an Editor, whose role allows no settings screen', async () => {
    const roles = (await as(app(), ada).get('/admin/roles')).body.data as Array<{ id: number; code: string }>;
    const invited = await as(app(), ada).post('/admin/users', { email: 'eve@example.com', firstname: 'Eve', roles: [roles.find((r) => r.code === 'strapi-editor')!.id] });
    expectStatus(invited, 201);
    expectStatus(await app().post('/admin/register', { registrationToken: invited.body.data.registrationToken, userInfo: { firstname: 'Eve', password: PASSWORD } }), 200);
    const eve = await b.browser.newContext();
    try {
      const p = await eve.newPage();
      await signIn(p, app(), 'eve@example.com', PASSWORD);
      expect(await p.getByRole('link', { name: 'Settings' }).count()).to.equal(0);
      await p.goto(`${app().url}/admin/settings/api-tokens`);
      await p.getByText('Nothing here is open to your role.').waitFor();
    } finally {
      await eve.close();
    }
  });
});
