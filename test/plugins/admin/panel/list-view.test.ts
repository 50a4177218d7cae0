// The list view in chromium, offline: filters with an OR group and an AND condition, kept in the
// URL through a reload; sort, page size, chosen columns remembered after a reload; bulk publish
// and unpublish with a confirmation that names the entries; duplicate from a row's menu with the
// keyboard, and delete with a confirmation.

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../../../helpers/axe.js';
import { BROWSER_RUN, type PanelBrowser, usePanel } from '../../../helpers/panel.js';
import { until } from '../../../helpers/poll.js';
import { useKernel } from '../../../helpers/suite.js';
import { adminOptions, as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';

const ARTICLES = '/content-manager/collection-types/api::article.article';
const CATEGORIES = '/content-manager/collection-types/api::category.category';
const CITIES = ['Lisbon', 'Porto', 'Madrid', 'Rome', 'Berlin', 'Oslo'];
/** 30 articles: a city each in turn, featured two in four, in Lyon one in three (else Paris). */
const ARTICLE_DATA = Array.from({ length: 30 }, (_, i) => ({
  title: `${CITIES[i % CITIES.length]} notes ${String(i + 1).padStart(2, '0')}`,
  featured: i % 4 < 2,
  city: i % 3 === 0 ? 'Lyon' : 'Paris',
}));
/** title contains lisbon OR porto, AND featured */
const FILTERED = ARTICLE_DATA.filter((a) => /Lisbon|Porto/.test(a.title) && a.featured).map((a) => a.title).sort();

(BROWSER_RUN ? describe : describe.skip)('admin panel: the list view (chromium)', function () {
  this.timeout(90_000);
  const app = useKernel(adminOptions());
  const panel = usePanel(app);
  let b: PanelBrowser;
  let page: Page;
  let ada: Session;
  const ids = new Map<string, string>();
  /** axe's serious findings on each state of the screen, asserted empty at the end. */
  const violations: string[] = [];

  const statusOf = async (title: string): Promise<string[]> => {
    const res = await as(app(), ada).get(`${ARTICLES}?locale=en&filters[title][$eq]=${encodeURIComponent(title)}`);
    expect(res.status, res.text).to.equal(200);
    return res.body.results.map((r: { status: string }) => r.status);
  };
  const table = () => page.getByRole('table', { name: 'Article entries' });
  const titles = async () => table().locator('tbody tr td:nth-child(2)').allInnerTexts();
  /** The first column's texts, once the page shows them (a new page arrives after the URL changes). */
  const rowsAre = (expected: string[]) => until(`rows ${expected.join(', ')}`, async () => JSON.stringify(await titles()) === JSON.stringify(expected));
  const countIs = (n: number) => page.getByText(`${n} ${n === 1 ? 'entry' : 'entries'} found`, { exact: true }).waitFor();

  before(async () => {
    ada = await registerFirstAdmin(app());
    const categories = new Map<string, string>();
    for (const name of ['Lyon', 'Paris']) {
      const res = await as(app(), ada).post(`${CATEGORIES}?locale=en`, { name });
      expect(res.status, res.text).to.equal(201);
      categories.set(name, res.body.data.documentId);
    }
    for (const a of ARTICLE_DATA) {
      const res = await as(app(), ada).post(`${ARTICLES}?locale=en`, { title: a.title, featured: a.featured, category: [categories.get(a.city)] });
      expect(res.status, res.text).to.equal(201);
      ids.set(a.title, res.body.data.documentId);
    }
    b = await panel.open();
    page = b.page;
  });

  it('logs in and opens the articles', async () => {
    await page.goto(`${app().url}/admin`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Article', exact: true }).click();
    await countIs(30);
  });

  it('builds an OR group and an AND condition, kept in the URL', async () => {
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    const g1 = dialog.getByRole('group', { name: 'Group 1' });
    await g1.getByLabel('Conditions combine with').selectOption('$or');
    await g1.getByLabel('Condition 1 field').selectOption('title');
    await g1.getByLabel('Condition 1 operator').selectOption('$containsi');
    await g1.getByLabel('Condition 1 value').fill('lisbon');
    await g1.getByRole('button', { name: 'Add a condition' }).click();
    await g1.getByLabel('Condition 2 operator').selectOption('$containsi');
    await g1.getByLabel('Condition 2 value').fill('porto');
    await dialog.getByRole('button', { name: 'Add a group' }).click();
    const g2 = dialog.getByRole('group', { name: 'Group 2' });
    await g2.getByLabel('Condition 1 field').selectOption('featured');
    await g2.getByLabel('Condition 1 value').selectOption('true');
    violations.push(...await seriousViolations(page, 'filter builder'));
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    await countIs(FILTERED.length);
    expect((await titles()).sort()).to.deep.equal(FILTERED);
    const url = decodeURIComponent(page.url());
    expect(url).to.include('filters[$and][0][$or][0][title][$containsi]=lisbon');
    expect(url).to.include('filters[$and][0][$or][1][title][$containsi]=porto');
    expect(url).to.include('filters[$and][1][$and][0][featured][$eq]=true');
    const chips = page.getByRole('list', { name: 'Applied filters' });
    expect(await chips.getByRole('button').count()).to.equal(3);
    await chips.getByRole('button', { name: 'Remove filter: title contains porto' }).waitFor();
    expect(await page.locator('[role="status"][aria-live="polite"]', { hasText: 'entries found' }).count()).to.equal(1);
    violations.push(...await seriousViolations(page, 'list with filters'));
  });

  it('shows the same rows after a reload, and the builder reads the filters back', async () => {
    await page.reload();
    await countIs(FILTERED.length);
    expect((await titles()).sort()).to.deep.equal(FILTERED);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    expect(await dialog.getByRole('group', { name: 'Group 1' }).getByLabel('Condition 2 value').inputValue()).to.equal('porto');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('removes a chip, then sorts by a column', async () => {
    await page.getByRole('button', { name: 'Remove filter: featured is true' }).click();
    await countIs(10);
    const either = ARTICLE_DATA.map((a) => a.title).filter((t) => /Lisbon|Porto/.test(t)).sort();
    const sortButton = page.getByRole('button', { name: /^title/ });
    await sortButton.click();
    await page.waitForURL(/sort=title%3A(ASC|DESC)/);
    if (new URL(page.url()).searchParams.get('sort') === 'title:DESC') await sortButton.click();
    await page.waitForURL(/sort=title%3AASC/);
    await table().locator('th[aria-sort="ascending"]').waitFor();
    await rowsAre(either);
    await sortButton.click();
    await table().locator('th[aria-sort="descending"]').waitFor();
    await rowsAre([...either].reverse());
  });

  it('changes the page size', async () => {
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await countIs(30);
    expect(await table().locator('tbody tr').count()).to.equal(10);
    await page.getByLabel('Entries per page').selectOption('20');
    await page.waitForURL(/pageSize=20/);
    await page.waitForFunction(() => document.querySelectorAll('table.list tbody tr').length === 20);
    expect(await page.getByText('Page 1 of 2').count()).to.equal(1);
  });

  it('filters on a relation by its target\'s main field', async () => {
    await page.getByRole('button', { name: 'Filters' }).click();
    const g1 = page.getByRole('dialog', { name: 'Filters' }).getByRole('group', { name: 'Group 1' });
    const offered = await g1.getByLabel('Condition 1 field').locator('option').allInnerTexts();
    expect(offered).to.include.members(['title', 'featured', 'publishDate', 'reviewState', 'category (name)']);
    for (const unfit of ['content', 'metadata', 'cover', 'gallery', 'seo', 'blocks']) expect(offered).to.not.include(unfit);
    await g1.getByLabel('Condition 1 field').selectOption('category');
    await g1.getByLabel('Condition 1 value').fill('Lyon');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await countIs(ARTICLE_DATA.filter((a) => a.city === 'Lyon').length);
    expect(decodeURIComponent(page.url())).to.include('filters[$and][0][$and][0][category][name][$eq]=Lyon');
    await page.getByRole('button', { name: 'Remove filter: category (name) is Lyon' }).click();
    await countIs(30);
  });

  it('chooses columns, remembered after a reload', async () => {
    const headers = () => table().locator('thead th').allInnerTexts();
    expect((await headers()).map((h) => h.replace(/[▲▼]/g, '').trim())).to.include('description');
    await page.getByRole('button', { name: 'Columns' }).click();
    const picker = page.getByRole('group', { name: 'Displayed columns' });
    await picker.getByLabel('description').uncheck();
    await picker.getByLabel('featured').check();
    await picker.getByLabel('category').check();
    violations.push(...await seriousViolations(page, 'column picker'));
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Columns' }).evaluate((el) => el === document.activeElement)).to.equal(true);
    const expected = ['title', 'slug', 'featured', 'category'];
    const shown = async () => (await headers()).map((h) => h.replace(/[▲▼]/g, '').trim()).filter((h) => expected.includes(h) || h === 'description');
    expect(await shown()).to.deep.equal(expected);
    await page.reload();
    await countIs(30);
    expect(await shown()).to.deep.equal(expected);
    // Every row on one page for what follows
    await page.getByLabel('Entries per page').selectOption('50');
    await page.waitForFunction(() => document.querySelectorAll('table.list tbody tr').length === 30);
    const row = table().getByRole('row', { name: /Lisbon notes 01/ });
    expect(await row.locator('td').allInnerTexts()).to.include.members(['Lyon', 'true']);
  });

  it('bulk publishes three rows with a confirmation naming them', async () => {
    const three = ['Lisbon notes 01', 'Porto notes 02', 'Madrid notes 03'];
    const pub = await as(app(), ada).post(`${ARTICLES}/${ids.get('Porto notes 02')}/actions/publish?locale=en`, {});
    expect(pub.status, pub.text).to.equal(200);
    await page.reload();
    await countIs(30);
    for (const t of three) await page.getByRole('checkbox', { name: `Select ${t}` }).check();
    await page.getByText('3 entries selected').waitFor();
    await page.getByRole('region', { name: 'Selected entries' }).getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish 3 entries?' });
    await dialog.waitFor();
    const items = await dialog.getByRole('listitem').allInnerTexts();
    expect(items.map((i) => i.split(' — ')[0]).sort()).to.deep.equal([...three].sort());
    expect(items.find((i) => i.startsWith('Porto'))).to.equal('Porto notes 02 — already published: nothing changes');
    expect(await dialog.innerText()).to.include('2 of 3 entries will change');
    violations.push(...await seriousViolations(page, 'bulk publish dialog'));
    await dialog.getByRole('button', { name: 'Publish 3 entries' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('3 entries published').waitFor();
    for (const t of three) expect(await statusOf(t)).to.deep.equal(['published']);
    await table().getByRole('row', { name: /Madrid notes 03/ }).getByText('Published').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Select Lisbon notes 01' }).isChecked()).to.equal(false);
  });

  it('bulk unpublishes them', async () => {
    const three = ['Lisbon notes 01', 'Porto notes 02', 'Madrid notes 03'];
    for (const t of three) await page.getByRole('checkbox', { name: `Select ${t}` }).check();
    await page.getByRole('region', { name: 'Selected entries' }).getByRole('button', { name: 'Unpublish' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Unpublish 3 entries?' });
    expect((await dialog.getByRole('listitem').allInnerTexts()).sort()).to.deep.equal([...three].sort());
    await dialog.getByRole('button', { name: 'Unpublish 3 entries' }).click();
    await dialog.waitFor({ state: 'detached' });
    for (const t of three) expect(await statusOf(t)).to.deep.equal(['draft']);
  });

  it('closes a row menu with Escape, focus back on its button', async () => {
    const button = page.getByRole('button', { name: 'Actions for Rome notes 04' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Actions for Rome notes 04' });
    await menu.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    expect(await menu.getByRole('menuitem').allInnerTexts()).to.deep.equal(['Edit', 'Duplicate', 'Delete']);
    expect(await menu.getByRole('menuitem', { name: 'Edit' }).evaluate((el) => el === document.activeElement)).to.equal(true);
    violations.push(...await seriousViolations(page, 'row menu'));
    await page.keyboard.press('ArrowUp');
    expect(await menu.getByRole('menuitem', { name: 'Delete' }).evaluate((el) => el === document.activeElement)).to.equal(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === document.activeElement)).to.equal(true);
  });

  it('duplicates a row from its menu with the keyboard, opening the copy', async () => {
    const original = ids.get('Rome notes 04')!;
    await page.getByRole('button', { name: 'Actions for Rome notes 04' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Edit');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /\/api::article\.article\/[a-z0-9]{24}\?locale=en$/.test(u.pathname + u.search) && !u.pathname.endsWith(original));
    const res = await as(app(), ada).get(`${ARTICLES}?locale=en&filters[title][$eq]=Rome notes 04`);
    const copies = res.body.results.map((r: { documentId: string }) => r.documentId);
    expect(copies).to.have.length(2);
    expect(page.url()).to.include(copies.find((d: string) => d !== original));
    await page.getByRole('link', { name: '← Article' }).click();
    await countIs(31);
  });

  it('deletes a row after the confirmation', async () => {
    await page.getByLabel('Entries per page').selectOption('50');
    await page.waitForFunction(() => document.querySelectorAll('table.list tbody tr').length === 31);
    await page.getByRole('button', { name: 'Actions for Oslo notes 06' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Oslo notes 06?' });
    await dialog.waitFor();
    violations.push(...await seriousViolations(page, 'delete dialog'));
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await countIs(30);
    expect(await table().getByRole('row', { name: /Oslo notes 06/ }).count()).to.equal(0);
    expect(await statusOf('Oslo notes 06')).to.deep.equal([]);
  });

  it('has no serious axe violations on any of these states', () => {
    expect(violations).to.deep.equal([]);
  });
});
