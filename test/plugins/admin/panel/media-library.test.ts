// The Media Library screen in chromium, offline: a folder made, two files dropped into it with
// their progress seen to the end, an alternative text written, search and the type filter, a
// file moved to the root, a file an article uses deleted (the confirmation names the article),
// and the folder deleted with what it holds; the grid/list choice kept; then folders and files
// selected (all on the page, one unticked by keyboard), moved into a folder together and deleted
// together (the confirmation counts them and names the article using one); axe-clean throughout.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { seriousViolations } from '../../../helpers/axe.js';
import { BROWSER_RUN, type PanelBrowser, signIn, usePanel } from '../../../helpers/panel.js';
import { useKernel, type Json } from '../../../helpers/suite.js';
import { adminOptions, as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';

const ARTICLE = 'api::article.article';

(BROWSER_RUN ? describe : describe.skip)('admin panel: the media library (chromium)', function () {
  this.timeout(60_000);
  const appDir = mkdtempSync(join(tmpdir(), 'strata-panel-library-'));
  const app = useKernel(() => {
    const options = adminOptions();
    const plugins = (options.config!.plugins ?? {}) as Record<string, unknown>;
    return { ...options, appDir, config: { ...options.config, plugins: { ...plugins, upload: { enabled: true } } } };
  });
  const panel = usePanel(app);
  let b: PanelBrowser;
  let page: Page;
  let root: Session;
  let red: Buffer;
  let blue: Buffer;
  const violations: string[] = [];

  before(async () => {
    root = await registerFirstAdmin(app());
    red = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
    blue = await sharp({ create: { width: 90, height: 90, channels: 3, background: { r: 30, g: 30, b: 200 } } }).png().toBuffer();
    b = await panel.open();
    page = b.page;
  });
  after(() => rmSync(appDir, { recursive: true, force: true }));

  const files = () => page.getByRole('list', { name: 'Media library: files' });
  const folders = () => page.getByRole('list', { name: 'Media library: subfolders' });
  /** Waits for the library's next GET /upload/files answer after `act`. */
  const listed = async (act: () => Promise<unknown>) => {
    const answer = page.waitForResponse((r) => r.url().includes('/upload/files?') && r.request().method() === 'GET');
    await act();
    expect((await answer).status()).to.equal(200);
  };

  it('opens the Media Library from the menu and makes a folder', async () => {
    await signIn(page, app(), 'ada@example.com', PASSWORD);
    await page.getByRole('link', { name: 'Media Library' }).click();
    await page.getByRole('heading', { name: 'Media Library', level: 1 }).waitFor();
    await page.getByText('No files in this folder.').waitFor();
    await page.getByRole('button', { name: 'New folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'New folder' });
    await dialog.getByLabel('Name').fill('Harbour');
    violations.push(...await seriousViolations(page, 'new folder'));
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    await listed(() => folders().getByRole('button', { name: /^Harbour/ }).click());
    await page.getByRole('navigation', { name: 'Media library: folders' }).getByText('Harbour').waitFor();
    expect(page.url()).to.match(/\/admin\/media-library\?folder=\d+$/);
  });

  it('uploads two files into it by drag and drop, with their progress to the end', async () => {
    const dataTransfer = await page.evaluateHandle(([r, b]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(r)], 'red-boat.png', { type: 'image/png' }));
      dt.items.add(new File([new Uint8Array(b)], 'blue-sea.png', { type: 'image/png' }));
      return dt;
    }, [[...red], [...blue]] as const);
    const zone = page.getByTestId('media-dropzone');
    await zone.dispatchEvent('dragover', { dataTransfer });
    await listed(() => zone.dispatchEvent('drop', { dataTransfer }));
    const uploads = page.getByRole('region', { name: 'Uploads' });
    for (const name of ['red-boat.png', 'blue-sea.png']) {
      const bar = uploads.getByRole('progressbar', { name: `Uploading ${name}` });
      expect(await bar.getAttribute('aria-valuenow') ?? await bar.getAttribute('value')).to.equal('100');
      await uploads.getByRole('listitem').filter({ hasText: name }).getByText('Done').waitFor();
    }
    await files().getByRole('button', { name: /^red-boat\.png/ }).waitFor();
    await files().getByRole('button', { name: /^blue-sea\.png/ }).waitFor();
    const stored = await as(app(), root).get('/upload/files?_q=boat');
    expect(stored.body.results[0].folder.name).to.equal('Harbour');
    violations.push(...await seriousViolations(page, 'library with uploads'));
  });

  it('writes a file\'s alternative text', async () => {
    await files().getByRole('button', { name: /^red-boat\.png/ }).click();
    const dialog = page.getByRole('dialog', { name: 'File: red-boat.png' });
    await dialog.getByLabel('Alternative text').fill('A red boat at the quay');
    violations.push(...await seriousViolations(page, 'file details'));
    await listed(() => dialog.getByRole('button', { name: 'Save' }).click());
    await dialog.waitFor({ state: 'detached' });
    const stored = await as(app(), root).get('/upload/files?_q=red-boat');
    expect(stored.body.results[0].alternativeText).to.equal('A red boat at the quay');
  });

  it('searches, filters by type, sorts and switches to the list (kept on reload)', async () => {
    await listed(() => page.getByRole('searchbox', { name: 'Search files' }).fill('blue'));
    await page.getByRole('status').filter({ hasText: '1 file' }).waitFor();
    expect(await files().getByRole('listitem').count()).to.equal(1);
    await listed(() => page.getByRole('searchbox', { name: 'Search files' }).fill(''));
    await listed(() => page.getByLabel('Type').selectOption('videos'));
    await page.getByText('No file matches.').waitFor();
    await listed(() => page.getByLabel('Type').selectOption('images'));
    await listed(() => page.getByLabel('Sort').selectOption('az'));
    expect(await files().getByRole('button').allInnerTexts()).to.have.length(2);
    expect((await files().getByRole('button').allInnerTexts())[0]).to.match(/^blue-sea\.png/);
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await page.getByRole('table', { name: 'Media library: files' }).waitFor();
    await listed(() => page.reload());
    await page.getByRole('table', { name: 'Media library: files' }).waitFor();
    expect(await page.getByRole('button', { name: 'List', exact: true }).getAttribute('aria-pressed')).to.equal('true');
    violations.push(...await seriousViolations(page, 'library as a list'));
    await page.getByRole('button', { name: 'Grid', exact: true }).click();
    await files().waitFor();
  });

  it('moves a file to the root', async () => {
    await files().getByRole('button', { name: /^blue-sea\.png/ }).click();
    const dialog = page.getByRole('dialog', { name: 'File: blue-sea.png' });
    await dialog.getByLabel('Folder').selectOption({ label: 'Media Library (the root)' });
    await listed(() => dialog.getByRole('button', { name: 'Save' }).click());
    await dialog.waitFor({ state: 'detached' });
    await files().getByRole('button', { name: /^red-boat\.png/ }).waitFor();
    expect(await files().getByRole('listitem').count()).to.equal(1);
    const stored = await as(app(), root).get('/upload/files?_q=blue-sea');
    expect(stored.body.results[0]).to.include({ folderPath: '/' });
  });

  it('deletes a file an article uses: the confirmation names the article', async () => {
    const blueFile = (await as(app(), root).get('/upload/files?_q=blue-sea')).body.results[0] as Json;
    const article = await as(app(), root).post(`/content-manager/collection-types/${ARTICLE}?locale=en`, { title: 'The blue harbour', cover: blueFile.id });
    expect(article.status, article.text).to.equal(201);
    await listed(() => page.getByRole('navigation', { name: 'Media library: folders' }).getByRole('button', { name: 'Media Library' }).click());
    await files().getByRole('button', { name: /^blue-sea\.png/ }).click();
    await page.getByRole('dialog', { name: 'File: blue-sea.png' }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete blue-sea.png?' });
    await confirm.getByText('This entry uses the file and will lose it:').waitFor();
    expect(await confirm.getByRole('link', { name: 'The blue harbour' }).getAttribute('href')).to.match(/\/admin\/content-manager\/collection-types\/api::article\.article\/[a-z0-9]+\?locale=en$/);
    violations.push(...await seriousViolations(page, 'delete a used file'));
    await listed(() => confirm.getByRole('button', { name: 'Delete the file' }).click());
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No file matches.').waitFor();
    const doc = await as(app(), root).get(`/content-manager/collection-types/${ARTICLE}/${article.body.data.documentId as string}?locale=en`);
    expect(doc.body.data.cover).to.equal(null);
  });

  it('deletes the folder with what it holds, after saying how much', async () => {
    await folders().getByRole('button', { name: 'Delete Harbour' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Harbour?' });
    await confirm.getByText(/is deleted with 0 folders and 1 file in it/).waitFor();
    await listed(() => confirm.getByRole('button', { name: 'Delete the folder' }).click());
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: /^0 files$/ }).waitFor();
    expect(await folders().count()).to.equal(0);
    expect((await as(app(), root).get('/upload/files')).body.pagination.total).to.equal(0);
    expect((await as(app(), root).get('/upload/folders')).body.data).to.deep.equal([]);
    violations.push(...await seriousViolations(page, 'empty library'));
    expect(violations).to.deep.equal([]);
  });

  it('selects folders and files, moves them into a folder together, then deletes them together', async () => {
    const admin = as(app(), root);
    const made: Json[] = [];
    for (const name of ['Boats', 'Quay']) made.push((await admin.post('/upload/folders', { name, parent: null })).body.data as Json);
    const [boats, quay] = made as [Json, Json];
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(red)], { type: 'image/png' }), 'anchor.png');
    form.append('files', new Blob([new Uint8Array(blue)], { type: 'image/png' }), 'buoy.png');
    const stored = await (await fetch(`${app().url}/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${root.token}` } })).json() as Json[];
    const anchor = stored.find((f) => f.name === 'anchor.png')!;
    expect((await admin.post(`/content-manager/collection-types/${ARTICLE}?locale=en`, { title: 'At the quay', cover: anchor.id })).status).to.equal(201);
    await listed(() => page.reload());
    await files().getByRole('button', { name: /^buoy\.png/ }).waitFor();

    await page.getByLabel('Select all on this page').check();
    const bar = page.getByRole('region', { name: 'Selected items' });
    await bar.getByText('2 folders and 2 files selected').waitFor();
    // Unticked from the keyboard
    await folders().getByLabel('Select folder Quay').focus();
    await page.keyboard.press('Space');
    await bar.getByText('1 folder and 2 files selected').waitFor();
    expect(await page.getByLabel('Select all on this page').evaluate((el) => (el as HTMLInputElement).indeterminate)).to.equal(true);

    await bar.getByRole('button', { name: 'Move' }).click();
    const move = page.getByRole('dialog', { name: 'Move 1 folder and 2 files' });
    const into = move.getByLabel('Into');
    await page.waitForFunction(() => document.activeElement?.tagName === 'SELECT');
    // Not into a folder it moves
    await move.locator('select[aria-busy="false"]').waitFor();
    expect(await into.locator('option').allInnerTexts()).to.deep.equal(['Media Library (the root)', 'Quay']);
    await into.selectOption({ label: 'Quay' });
    await listed(() => move.getByRole('button', { name: 'Move' }).click());
    await move.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    // (the type filter chosen above still applies)
    await page.getByRole('status').filter({ hasText: /^1 folder, 0 files$/ }).waitFor();
    expect(await bar.count()).to.equal(0);
    expect((await admin.get(`/upload/files?filters[folder][id]=${quay.id as number}`)).body.pagination.total).to.equal(2);
    expect((await admin.get(`/upload/folders/${boats.id as number}`)).body.data.parent.id).to.equal(quay.id);

    await listed(() => folders().getByRole('button', { name: /^Quay/ }).click());
    await page.getByLabel('Select all on this page').check();
    await bar.getByText('1 folder and 2 files selected').waitFor();
    await bar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 1 folder and 2 files?' });
    await confirm.getByText('1 folder and 2 files are deleted. This cannot be undone.').waitFor();
    await confirm.getByText('This entry uses the files selected and will lose them:').waitFor();
    await confirm.getByRole('link', { name: 'At the quay' }).waitFor();
    violations.push(...await seriousViolations(page, 'bulk delete'));
    await listed(() => confirm.getByRole('button', { name: 'Delete 1 folder and 2 files' }).click());
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: /^0 files$/ }).waitFor();
    expect(await folders().count()).to.equal(0);
    expect((await admin.get('/upload/files')).body.pagination.total).to.equal(0);
    expect((await admin.get('/upload/folders')).body.data.map((f: Json) => f.name)).to.deep.equal(['Quay']);
    expect(violations).to.deep.equal([]);
  });
});
