// The panel in chromium, offline: the first administrator registers, is still signed in after a
// reload (the refresh cookie), writes an article and publishes it, finds it in the list, logs
// out and back in. A session that ends while a form is open asks to sign in again over the form,
// and the save the editor asked for goes through afterwards with what they typed.

import { expect } from 'chai';
import type { Page, Route } from 'playwright-core';
import { BROWSER_RUN, type PanelBrowser, usePanel } from '../../../helpers/panel.js';
import { useKernel } from '../../../helpers/suite.js';
import { adminOptions, as, login, PASSWORD } from '../helpers.js';

const ARTICLES = '/content-manager/collection-types/api::article.article';

(BROWSER_RUN ? describe : describe.skip)('admin panel: first run, sign-in and a first article (chromium)', function () {
  this.timeout(60_000);
  const app = useKernel(adminOptions());
  const panel = usePanel(app);
  let b: PanelBrowser;
  let page: Page;

  before(async () => {
    b = await panel.open();
    page = b.page;
  });

  it('registers the first administrator and lands in the panel', async () => {
    await page.goto(`${app().url}/admin`);
    await page.getByRole('heading', { name: /create the first administrator/i }).waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the administrator' }).click();
    await page.getByRole('heading', { name: 'Hello Ada' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Content' }).getByRole('link').allInnerTexts()).to.include.members(['Article', 'Category', 'Global']);
  });

  it('stays signed in through a reload', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Hello Ada' }).waitFor();
  });

  it('stays signed in in several tabs opened at once (one refresh at a time: the cookie rotates)', async () => {
    // Each refresh answered late, so the tabs' refreshes overlap unless they wait for each other
    const slow = (route: Route) => { setTimeout(() => void route.continue(), 300); };
    await b.context.route('**/admin/access-token', slow);
    const refused: string[] = [];
    const tabs = await Promise.all([b.context.newPage(), b.context.newPage(), b.context.newPage()]);
    for (const t of tabs) t.on('response', (r) => { if (r.url().endsWith('/admin/access-token') && r.status() !== 200) refused.push(`${r.status()}`); });
    await Promise.all(tabs.map((t) => t.goto(`${app().url}/admin`)));
    for (const t of tabs) await t.getByRole('heading', { name: 'Hello Ada' }).waitFor();
    expect(refused).to.deep.equal([]);
    await Promise.all(tabs.map((t) => t.close()));
    await b.context.unroute('**/admin/access-token', slow);
    await page.reload();
    await page.getByRole('heading', { name: 'Hello Ada' }).waitFor();
  });

  it('creates an article, saves it with Ctrl+S and publishes it', async () => {
    await page.getByRole('link', { name: 'Article', exact: true }).click();
    await page.getByRole('heading', { name: 'Article' }).waitFor();
    await page.getByRole('link', { name: 'Create new entry' }).click();
    await page.getByLabel('title').fill('Lisbon in a day');
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await expectValue(page, 'slug', 'lisbon-in-a-day');
    await page.keyboard.press('Control+s');
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.waitForURL(/\/admin\/content-manager\/collection-types\/api::article\.article\/[a-z0-9]{24}\?locale=en$/);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published', { exact: true }).first().waitFor();
    const ada = await login(app(), 'ada@example.com');
    const list = await as(app(), ada).get(`${ARTICLES}?filters[title][$eq]=Lisbon in a day`);
    expect(list.body.results.map((r: { slug: string; status: string }) => [r.slug, r.status])).to.deep.equal([['lisbon-in-a-day', 'published']]);
  });

  it('finds it in the list by a search, with its status', async () => {
    await page.getByRole('link', { name: '← Article' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('lisbon');
    await page.keyboard.press('Enter');
    await page.waitForURL(/_q=lisbon/);
    const row = page.getByRole('row', { name: /Lisbon in a day/ });
    await row.waitFor();
    expect(await row.getByText('Published').count()).to.equal(1);
  });

  it('asks to sign in again over the form when the session ends, then saves what was typed', async () => {
    await page.getByRole('link', { name: 'Lisbon in a day' }).click();
    await page.getByLabel('description').fill('A walk from Alfama to Belém.');
    // Every session of Ada's ends elsewhere: the access token and the refresh cookie are dead
    const ada = await login(app(), 'ada@example.com');
    const sessions = await as(app(), ada).get('/admin/sessions');
    const all = (sessions.body.data as Array<{ sessionId: string; current: boolean }>).sort((x, y) => Number(x.current) - Number(y.current));
    expect(all.length).to.be.greaterThan(1);
    for (const s of all) expect((await as(app(), ada).del(`/admin/sessions/${s.sessionId}`)).status).to.equal(200);
    // The save that waited for the sign-in: its answer, not an earlier save's lingering notice
    const saved = page.waitForResponse((r) => r.url().includes('/content-manager/collection-types/') && r.request().method() === 'PUT' && r.status() === 200);
    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('alertdialog', { name: 'Your session has ended' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await saved;
    await page.getByText('Saved', { exact: true }).last().waitFor();
    expect(await page.getByLabel('description').inputValue()).to.equal('A walk from Alfama to Belém.');
    const again = await login(app(), 'ada@example.com');
    const list = await as(app(), again).get(`${ARTICLES}?filters[title][$eq]=Lisbon in a day`);
    expect(list.body.results[0].description, JSON.stringify(list.body)).to.equal('A walk from Alfama to Belém.');
    expect(list.body.results[0].status).to.equal('modified');
  });

  it('logs out to the login screen and logs back in', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Hello Ada' }).waitFor();
  });
});

async function expectValue(page: Page, label: string, value: string): Promise<void> {
  await page.waitForFunction(([l, v]) => [...document.querySelectorAll('label')].some((el) => el.textContent?.trim() === l
    && (document.getElementById(el.htmlFor) as HTMLInputElement | null)?.value === v), [label, value] as const, { timeout: 5000 });
}
