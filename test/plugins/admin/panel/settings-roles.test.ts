// Settings > Administrators, Admin roles and End-user roles in chromium: an administrator invited
// (the registration link shown works), given another role; a role's permission changed in the
// matrix, narrowed to fields; an end-user role's action granted, which the content API follows.

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../../../helpers/axe.js';
import { BROWSER_RUN, type PanelBrowser, signIn, usePanel } from '../../../helpers/panel.js';
import { expectStatus, useKernel } from '../../../helpers/suite.js';
import { adminOptions, as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';
import { answered } from './settings-panel.js';

const EXPLORER = 'plugin::content-manager.explorer';

(BROWSER_RUN ? describe : describe.skip)('admin panel: settings, administrators and roles (chromium)', function () {
  this.timeout(60_000);
  const app = useKernel(adminOptions());
  const panel = usePanel(app);
  let ada: Session;
  let b: PanelBrowser;
  let page: Page;
  const violations: string[] = [];
  const roles = async () => (await as(app(), ada).get('/admin/roles')).body.data as Array<{ id: number; name: string; code: string }>;

  before(async () => {
    ada = await registerFirstAdmin(app());
    b = await panel.open();
    page = b.page;
    await signIn(page, app(), 'ada@example.com', PASSWORD, '/admin/settings/users');
    await page.getByRole('heading', { name: 'Administrators', level: 1 }).waitFor();
  });

  it('invites an administrator and shows the registration link, which works', async () => {
    await page.getByRole('row', { name: /ada@example\.com/ }).waitFor();
    violations.push(...await seriousViolations(page, 'administrators'));
    await page.getByRole('button', { name: 'Invite new administrator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite an administrator' });
    await dialog.getByLabel('First name').fill('Grace');
    await dialog.getByLabel('Email').fill('grace@example.com');
    // Editor is chosen by default; Author too
    await dialog.getByLabel('Author').check();
    violations.push(...await seriousViolations(page, 'invite'));
    await answered(page, 'POST', /^\/admin\/users$/, () => dialog.getByRole('button', { name: 'Invite' }).click());
    const link = await page.getByLabel('Registration link of grace@example.com').inputValue();
    const token = new URL(link).searchParams.get('registrationToken')!;
    expectStatus(await app().post('/admin/register', { registrationToken: token, userInfo: { firstname: 'Grace', password: PASSWORD } }), 200);
    await page.getByRole('row', { name: /grace@example\.com Editor, Author/ }).waitFor();
  });

  it('changes an administrator\'s roles, and deactivates them', async () => {
    await page.getByRole('button', { name: 'Roles of Grace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roles of Grace' });
    await dialog.getByLabel('Editor').uncheck();
    await answered(page, 'PUT', /^\/admin\/users\/\d+$/, () => dialog.getByRole('button', { name: 'Save' }).click());
    await page.getByRole('row', { name: /grace@example\.com Author Active/ }).waitFor();
    await page.getByRole('button', { name: 'Deactivate Grace' }).click();
    await answered(page, 'PUT', /^\/admin\/users\/\d+$/, () => page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click());
    await page.getByRole('row', { name: /grace@example\.com Author Inactive/ }).waitFor();
    const refused = await app().post('/admin/login', { email: 'grace@example.com', password: PASSWORD });
    expectStatus(refused, 400);
    expect(refused.body.error.message).to.equal('User not active');
  });

  it('creates a role and grants it reading articles\' titles only, and a settings action', async () => {
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Admin roles' }).click();
    await page.getByRole('row', { name: /Super Admin/ }).waitFor();
    violations.push(...await seriousViolations(page, 'admin roles'));
    await page.getByRole('button', { name: 'Create new role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a role' });
    await dialog.getByLabel('Name').fill('Proofreader');
    await answered(page, 'POST', /^\/admin\/roles$/, () => dialog.getByRole('button', { name: 'Create' }).click());
    await page.getByRole('heading', { name: 'Proofreader', level: 1 }).waitFor();
    await page.getByLabel('Article: Read', { exact: true }).check();
    await page.getByRole('button', { name: /^Details of Article/ }).click();
    // Every field but the title: narrowed to it
    const fields = page.getByRole('table', { name: 'Fields of Article' });
    for (const box of await fields.getByRole('checkbox').all()) {
      if ((await box.getAttribute('aria-label')) !== 'Article: Read title') await box.uncheck();
    }
    await page.getByRole('group', { name: 'Conditions on Article (every action above)' }).getByLabel('Is creator').check();
    await page.getByRole('group', { name: 'Webhooks' }).getByLabel('Read').check();
    violations.push(...await seriousViolations(page, 'role editor'));
    await answered(page, 'PUT', /^\/admin\/roles\/\d+\/permissions$/, () => page.getByRole('button', { name: 'Save', exact: true }).click());
    const role = (await roles()).find((r) => r.name === 'Proofreader')!;
    const saved = (await as(app(), ada).get(`/admin/roles/${role.id}/permissions`)).body.data as Array<{ action: string; subject: string | null; properties: object; conditions: string[] }>;
    expect(saved.map((p) => [p.action, p.subject, p.properties, p.conditions])).to.deep.equal([
      [`${EXPLORER}.read`, 'api::article.article', { fields: ['title'] }, ['admin::is-creator']],
      ['admin::webhooks.read', null, {}, []],
    ]);
  });

  it('grants the Public end-user role finding categories, which the content API then allows', async () => {
    expectStatus(await app().get('/api/categories'), 403);
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'End-user roles' }).click();
    await page.getByRole('link', { name: 'Public' }).click();
    await page.getByRole('heading', { name: 'Public', level: 1 }).waitFor();
    await page.getByLabel('Category: find', { exact: true }).check();
    violations.push(...await seriousViolations(page, 'end-user role'));
    await answered(page, 'PUT', /^\/users-permissions\/roles\/\d+$/, () => page.getByRole('button', { name: 'Save', exact: true }).click());
    expectStatus(await app().get('/api/categories'), 200);
    expect(violations).to.deep.equal([]);
  });
});
