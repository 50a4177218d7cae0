// An editor's day in the panel, the way the issue states it, in one browser: first run, log in,
// create an article with a relation, a component, a dynamic zone and a cover uploaded on the
// spot, publish it, make its French version, find it with a filter in the list, and unpublish it
// in bulk. Each step is checked through the admin API; the docs' two pictures are taken here
// (written under .tmp/screenshots/, copied to docs/images/ by hand when the screens change).

import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { BROWSER_RUN, type PanelBrowser, usePanel } from '../../../helpers/panel.js';
import { ROOT } from '../../../helpers/kernel.js';
import { expectStatus, useKernel, type Json } from '../../../helpers/suite.js';
import { adminOptions, as, login, PASSWORD } from '../helpers.js';

const ARTICLES = '/content-manager/collection-types/api::article.article';
const SHOTS = join(ROOT, '.tmp', 'screenshots');

(BROWSER_RUN ? describe : describe.skip)('admin panel: an editor\'s journey, from the first run to a bulk unpublish (chromium)', function () {
  this.timeout(90_000);
  const appDir = mkdtempSync(join(tmpdir(), 'strata-panel-journey-'));
  const app = useKernel(() => {
    const options = adminOptions();
    return { ...options, appDir, config: { ...options.config, plugins: { ...(options.config!.plugins ?? {}), upload: { enabled: true } } } };
  });
  const panel = usePanel(app);
  let b: PanelBrowser;
  let page: Page;
  let documentId = '';
  const field = (name: string) => page.locator(`[data-field="${name}"]`);
  const api = async () => as(app(), await login(app(), 'ada@example.com'));

  before(async () => {
    b = await panel.open();
    page = b.page;
  });
  after(async () => {
    rmSync(appDir, { recursive: true, force: true });
  });

  it('registers the first administrator, then logs in', async () => {
    await page.goto(`${app().url}/admin`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the administrator' }).click();
    await page.getByRole('heading', { name: 'Hello Ada' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Hello Ada' }).waitFor();
    // A category to link, and other articles for the list
    const admin = await api();
    expectStatus(await admin.post('/content-manager/collection-types/api::category.category', { name: 'Travel' }), 201);
    for (const title of ['Porto by the river', 'Madrid at night', 'Rome in the rain']) expectStatus(await admin.post(ARTICLES, { title }), 201);
  });

  it('creates an article with a relation, a component, a dynamic zone and a cover uploaded on the spot', async () => {
    await page.getByRole('link', { name: 'Article', exact: true }).click();
    await page.getByRole('link', { name: 'Create new entry' }).click();
    await page.locator('#field-title').fill('Lisbon in a day');
    await page.getByLabel('description').fill('From Alfama to Belém on foot.');
    await page.getByLabel('readingTime').fill('7');
    const category = page.getByRole('combobox', { name: 'category' });
    await category.fill('trav');
    await page.getByRole('listbox', { name: 'category' }).getByRole('option', { name: /Travel/ }).waitFor();
    await category.press('Enter');
    await field('category').getByRole('link', { name: 'Travel' }).waitFor();
    await field('seo').getByRole('button', { name: '+ Add SEO' }).click();
    await page.getByLabel('metaTitle').fill('Lisbon in a day');
    await field('blocks').getByRole('button', { name: '+ Add a component to blocks' }).click();
    await field('blocks').getByRole('button', { name: 'Quote', exact: true }).click();
    await page.locator('#field-blocks-0-body').fill('Saudade is a word for it.');
    const png = await sharp({ create: { width: 480, height: 320, channels: 3, background: { r: 20, g: 110, b: 190 } } }).png().toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await field('cover').getByRole('button', { name: 'Upload' }).click();
    await (await chooser).setFiles({ name: 'tram-28.png', mimeType: 'image/png', buffer: png });
    await field('cover').getByRole('link', { name: 'tram-28.png' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/api::article\.article\/[a-z0-9]{24}\?locale=en$/);
    documentId = /\/([a-z0-9]{24})\?/.exec(page.url())![1]!;
    const doc = (await (await api()).get(`${ARTICLES}/${documentId}?locale=en`)).body.data as Json;
    // The slug left empty is made by the server from the title
    expect(doc).to.include({ title: 'Lisbon in a day', slug: 'lisbon-in-a-day', status: 'draft' });
    expect(doc.seo.metaTitle).to.equal('Lisbon in a day');
    expect(doc.blocks.map((e: Json) => [e.__component, e.body])).to.deep.equal([['shared.quote', 'Saudade is a word for it.']]);
    expect(doc.cover.name).to.equal('tram-28.png');
    const linked = await (await api()).get(`/content-manager/relations/api::article.article/${documentId}/category?locale=en`);
    expect(linked.body.results.map((c: Json) => c.name)).to.deep.equal(['Travel']);
  });

  it('publishes it', async () => {
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('tab', { name: 'Published' }).waitFor();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'admin-edit.png') });
    expect(((await (await api()).get(`${ARTICLES}/${documentId}?locale=en`)).body.data as Json).status).to.equal('published');
  });

  it('makes its French version', async () => {
    await page.getByLabel('Locale').selectOption('fr');
    await page.getByText('This entry has no fr version yet').waitFor();
    // The values every locale shares are shown, not the form's defaults (which would empty them)
    await page.waitForFunction(() => (document.getElementById('field-readingTime') as HTMLInputElement | null)?.value === '7');
    await page.getByLabel('Fill in from').selectOption('en');
    await page.waitForFunction(() => (document.getElementById('field-title') as HTMLInputElement | null)?.value === 'Lisbon in a day');
    await page.locator('#field-title').fill('Lisbonne en un jour');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('tab', { name: 'Published' }).waitFor();
    const fr = (await (await api()).get(`${ARTICLES}/${documentId}?locale=fr`)).body.data as Json;
    expect(fr).to.include({ title: 'Lisbonne en un jour', locale: 'fr', status: 'published' });
    expect(fr.seo.metaTitle).to.equal('Lisbon in a day');
    expect(fr.blocks.map((e: Json) => e.body)).to.deep.equal(['Saudade is a word for it.']);
    // The shared reading time is the same in both, and writing French left English published
    expect(fr.readingTime).to.equal(7);
    expect(((await (await api()).get(`${ARTICLES}/${documentId}?locale=en`)).body.data as Json)).to.include({ status: 'published', readingTime: 7 });
  });

  it('finds it with a filter in the list, and unpublishes it in bulk', async () => {
    await page.getByRole('link', { name: 'Article', exact: true }).click();
    await page.getByRole('table', { name: 'Article entries' }).waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    const group = dialog.getByRole('group', { name: 'Group 1' });
    await group.getByLabel('Condition 1 field').selectOption('title');
    await group.getByLabel('Condition 1 operator').selectOption('$containsi');
    await group.getByLabel('Condition 1 value').fill('lisbon');
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/filters/);
    const table = page.getByRole('table', { name: 'Article entries' });
    await table.getByRole('row', { name: /Lisbon in a day/ }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
    await page.getByRole('checkbox', { name: 'Select Lisbon in a day' }).check();
    await page.screenshot({ path: join(SHOTS, 'admin-list.png') });
    await page.getByRole('region', { name: 'Selected entries' }).getByRole('button', { name: 'Unpublish' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Unpublish 1 entry?' });
    expect(await confirm.getByRole('listitem').allInnerTexts()).to.deep.equal(['Lisbon in a day']);
    await confirm.getByRole('button', { name: /^Unpublish 1 entr/ }).click();
    await table.getByRole('row', { name: /Lisbon in a day/ }).getByText('Draft').waitFor();
    const admin = await api();
    expect(((await admin.get(`${ARTICLES}/${documentId}?locale=en`)).body.data as Json).status).to.equal('draft');
    // The French version was not in the English list: it stays published
    expect(((await admin.get(`${ARTICLES}/${documentId}?locale=fr`)).body.data as Json).status).to.equal('published');
  });
});
