// Relations and media in the panel, in chromium, offline: an article gets a category (to-one)
// found by a search, three authors put in order with the keyboard only, a cover uploaded on the
// spot and a gallery file picked from the library; what the API then holds is what was shown.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { BROWSER_RUN, type PanelBrowser, usePanel, whenSaved } from '../../../helpers/panel.js';
import { useKernel, type Json } from '../../../helpers/suite.js';
import { adminOptions, as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';

const CM = '/content-manager/collection-types';
const ARTICLE = 'api::article.article';

(BROWSER_RUN ? describe : describe.skip)('admin panel: relations and media (chromium)', function () {
  this.timeout(60_000);
  const appDir = mkdtempSync(join(tmpdir(), 'strata-panel-media-'));
  const app = useKernel(() => {
    const options = adminOptions();
    const plugins = (options.config!.plugins ?? {}) as Record<string, unknown>;
    return { ...options, appDir, config: { ...options.config, plugins: { ...plugins, upload: { enabled: true } } } };
  });
  const panel = usePanel(app);
  let b: PanelBrowser;
  let page: Page;
  let root: Session;
  let article: string;
  let png: Buffer;

  before(async () => {
    root = await registerFirstAdmin(app());
    const api = as(app(), root);
    for (const name of ['Travel', 'Food']) expect((await api.post(`${CM}/api::category.category?locale=en`, { name })).status).to.equal(201);
    for (const name of ['Ann Archer', 'Bob Brown', 'Cid Clark']) {
      const res = await api.post(`${CM}/api::author.author`, { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` });
      expect(res.status, res.text).to.equal(201);
    }
    const created = await api.post(`${CM}/${ARTICLE}?locale=en`, { title: 'Porto by the river' });
    expect(created.status, created.text).to.equal(201);
    article = created.body.data.documentId as string;
    png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
    // A file already in the library, for the gallery
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 220, g: 160, b: 40 } } }).png().toBuffer())], { type: 'image/png' }), 'harbour.png');
    const stored = await fetch(`${app().url}/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${root.token}` } });
    expect(stored.status).to.equal(201);
    b = await panel.open();
    page = b.page;
  });
  after(async () => {
    rmSync(appDir, { recursive: true, force: true });
  });

  const field = (name: string) => page.locator(`[data-field="${name}"]`);
  const linked = (name: string) => field(name).getByRole('list', { name: `${name}: linked entries` }).getByRole('listitem');

  it('signs in and opens the article', async () => {
    await page.goto(`${app().url}/admin/content-manager/collection-types/${ARTICLE}/${article}?locale=en`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Porto by the river' }).waitFor();
    await field('authors').getByText('No linked entries.').waitFor();
  });

  it('links a category by searching, with the keyboard', async () => {
    const combo = page.getByRole('combobox', { name: 'category' });
    await combo.fill('trav');
    const options = page.getByRole('listbox', { name: 'category' }).getByRole('option');
    await options.filter({ hasText: 'Travel' }).waitFor();
    expect(await combo.getAttribute('aria-expanded')).to.equal('true');
    expect(await options.allInnerTexts()).to.deep.equal(['Travel']);
    expect(await options.first().getAttribute('aria-selected')).to.equal('true');
    await combo.press('Enter');
    await linked('category').filter({ hasText: 'Travel' }).waitFor();
    expect(await combo.getAttribute('aria-expanded')).to.equal('false');
    expect(await linked('category').getByRole('link', { name: 'Travel' }).getAttribute('href')).to.match(/\/admin\/content-manager\/collection-types\/api::category\.category\/[a-z0-9]{24}\?locale=en$/);
  });

  it('links three authors and puts the last first with the keyboard only', async () => {
    const combo = page.getByRole('combobox', { name: 'authors' });
    for (const name of ['Ann', 'Bob', 'Cid']) {
      await combo.fill(name);
      await page.getByRole('listbox', { name: 'authors' }).getByRole('option', { name: new RegExp(name) }).waitFor();
      // The first option is active: down wraps around the single one
      await combo.press('ArrowDown');
      await combo.press('Enter');
      await linked('authors').filter({ hasText: name }).waitFor();
    }
    expect(await linked('authors').allInnerTexts()).to.have.length(3);
    const handle = field('authors').getByRole('button', { name: 'Reorder Cid Clark' });
    await handle.focus();
    await page.keyboard.press('Space');
    await field('authors').getByText(/Cid Clark picked up, position 3 of 3/).waitFor();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await field('authors').getByText('Cid Clark moved to position 1 of 3').waitFor();
    // Focus stayed on the handle while the item moved
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).to.equal('Reorder Cid Clark');
    await page.keyboard.press('Space');
    await field('authors').getByText('Cid Clark dropped at position 1 of 3').waitFor();
    expect((await linked('authors').allInnerTexts()).map((t) => t.replace(/[^A-Za-z ]/g, '').trim())).to.deep.equal(['Cid Clark', 'Ann Archer', 'Bob Brown']);
    // Escape puts an item back
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await field('authors').getByText(/Reordering cancelled/).waitFor();
    expect((await linked('authors').allInnerTexts()).map((t) => t.replace(/[^A-Za-z ]/g, '').trim())).to.deep.equal(['Cid Clark', 'Ann Archer', 'Bob Brown']);
  });

  it('uploads a cover on the spot and picks a gallery file from the library', async () => {
    const chooser = page.waitForEvent('filechooser');
    await field('cover').getByRole('button', { name: 'Upload' }).click();
    await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    await field('cover').getByRole('link', { name: 'cover.png' }).waitFor();
    expect(await field('cover').locator('img').getAttribute('src')).to.match(/^\/uploads\/thumbnail_cover_[0-9a-f]{10}\.png$/);

    await field('gallery').getByRole('button', { name: 'Add from the library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Media library' });
    await dialog.getByRole('checkbox', { name: /harbour\.png/ }).waitFor();
    await dialog.getByRole('searchbox', { name: 'Search files' }).fill('harb');
    await dialog.getByText('1 file').waitFor();
    await dialog.getByRole('checkbox', { name: /harbour\.png/ }).check();
    await dialog.getByRole('button', { name: 'Add the file' }).click();
    await dialog.waitFor({ state: 'detached' });
    await field('gallery').getByRole('link', { name: 'harbour.png' }).waitFor();
  });

  it('saves, and the API holds what the panel showed', async () => {
    await whenSaved(page, () => page.keyboard.press('Control+s'));
    const api = as(app(), root);
    const authors = await api.get(`/content-manager/relations/${ARTICLE}/${article}/authors?locale=en`);
    expect(authors.body.results.map((a: Json) => a.name)).to.deep.equal(['Cid Clark', 'Ann Archer', 'Bob Brown']);
    const category = await api.get(`/content-manager/relations/${ARTICLE}/${article}/category?locale=en`);
    expect(category.body.results.map((c: Json) => c.name)).to.deep.equal(['Travel']);
    const doc = (await api.get(`${CM}/${ARTICLE}/${article}?locale=en`)).body.data as Json;
    expect(doc.cover.name).to.equal('cover.png');
    expect(doc.gallery.map((f: Json) => f.name)).to.deep.equal(['harbour.png']);
    // The saved form shows the links again, loaded from the server
    await linked('authors').nth(2).waitFor();
    expect((await linked('authors').allInnerTexts()).map((t) => t.replace(/[^A-Za-z ]/g, '').trim())).to.deep.equal(['Cid Clark', 'Ann Archer', 'Bob Brown']);
  });

  it('loads every link before the first change of a long list, so none is lost', async () => {
    const api = as(app(), root);
    const ids: string[] = [];
    for (let i = 1; i <= 12; i++) {
      const res = await api.post(`${CM}/api::author.author`, { name: `Writer ${String(i).padStart(2, '0')}`, email: `writer${i}@example.com` });
      ids.push(res.body.data.documentId as string);
    }
    const created = await api.post(`${CM}/${ARTICLE}?locale=en`, { title: 'A long list', authors: ids });
    expect(created.status, created.text).to.equal(201);
    await page.goto(`${app().url}/admin/content-manager/collection-types/${ARTICLE}/${created.body.data.documentId as string}?locale=en`);
    await field('authors').getByRole('button', { name: 'Load more (10 of 12 shown)' }).waitFor();
    expect(await linked('authors').count()).to.equal(10);
    // Dragged with the mouse: the list is loaded whole first, then the move applied to it
    await linked('authors').nth(1).dragTo(linked('authors').nth(0));
    await linked('authors').nth(11).waitFor();
    expect(await field('authors').getByRole('button', { name: /Load more/ }).count()).to.equal(0);
    expect((await linked('authors').allInnerTexts()).slice(0, 3).map((t) => t.replace(/[^A-Za-z0-9 ]/g, '').trim())).to.deep.equal(['Writer 02', 'Writer 01', 'Writer 03']);
    await field('authors').getByRole('button', { name: 'Remove Writer 05' }).click();
    await whenSaved(page, () => page.keyboard.press('Control+s'));
    const saved = await api.get(`/content-manager/relations/${ARTICLE}/${created.body.data.documentId as string}/authors?locale=en&pageSize=20`);
    expect(saved.body.results.map((a: Json) => a.name)).to.deep.equal(['Writer 02', 'Writer 01', 'Writer 03', 'Writer 04', ...[6, 7, 8, 9, 10, 11, 12].map((i) => `Writer ${String(i).padStart(2, '0')}`)]);
  });
});
