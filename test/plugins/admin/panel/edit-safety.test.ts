// What keeps an editor's work in the edit view: a publish refused for a missing required field
// keeps the saved draft (no second entry on the next click) and shows the error at its field; a
// save that someone else's write overtook shows both versions, and either is kept on purpose; a
// form left unsaved is offered back after a reload; leaving with changes asks first.

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { BROWSER_RUN, type PanelBrowser, signIn, usePanel, whenSaved } from '../../../helpers/panel.js';
import { expectStatus, useKernel, type Json } from '../../../helpers/suite.js';
import { adminOptions, as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';

const ARTICLES = '/content-manager/collection-types/api::article.article';

(BROWSER_RUN ? describe : describe.skip)('admin panel: the edit view keeps the editor\'s work (chromium)', function () {
  this.timeout(60_000);
  const app = useKernel(adminOptions());
  const panel = usePanel(app);
  let ada: Session;
  let b: PanelBrowser;
  let page: Page;
  const titles = async () => ((await as(app(), ada).get(`${ARTICLES}?pageSize=100`)).body.results as Json[]).map((d) => d.title as string | null);

  before(async () => {
    ada = await registerFirstAdmin(app());
    b = await panel.open();
    page = b.page;
    await signIn(page, app(), 'ada@example.com', PASSWORD);
  });

  it('keeps the draft when a publish is refused for a missing required field, and shows the error there', async () => {
    await page.goto(`${app().url}/admin/content-manager/collection-types/api::article.article/create`);
    await page.getByLabel('description').fill('No title yet');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Saved as a draft; it was not published').waitFor();
    await page.waitForURL(/\/api::article\.article\/[a-z0-9]{24}\?locale=en$/);
    expect(await titles()).to.deep.equal([null]);
    await page.locator('#field-title').fill('Now with a title');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('tab', { name: 'Published' }).waitFor();
    expect(await titles()).to.deep.equal(['Now with a title']);
  });

  it('shows the error of a refused save at its field and in the list above the form', async () => {
    // A rating is at most 5: the server says so
    await page.locator('#field-rating').fill('9');
    await page.keyboard.press('Control+s');
    const summary = page.locator('#form-errors');
    await summary.waitFor();
    expect(await summary.innerText()).to.contain('rating');
    await page.locator('[data-field="rating"] .field-error').waitFor();
    expect(await page.locator('#field-rating').getAttribute('aria-invalid')).to.equal('true');
    await page.locator('#field-rating').fill('4.5');
    await whenSaved(page, () => page.keyboard.press('Control+s'));
    expect(await page.locator('#form-errors').count()).to.equal(0);
  });

  it('shows both versions when someone else saved meanwhile, and keeps theirs when asked', async () => {
    const [doc] = (await as(app(), ada).get(ARTICLES)).body.results as Json[];
    expectStatus(await as(app(), ada).put(`${ARTICLES}/${doc!.documentId}`, { description: 'Written elsewhere' }), 200);
    await page.getByLabel('description').fill('Written here');
    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('alertdialog', { name: 'Someone else changed this entry' });
    await dialog.waitFor();
    const row = dialog.getByRole('row', { name: /description/ });
    expect(await row.innerText()).to.contain('Written here').and.contain('Written elsewhere');
    await dialog.getByRole('button', { name: 'Use their version' }).click();
    await page.waitForFunction(() => (document.getElementById('field-description') as HTMLTextAreaElement | null)?.value === 'Written elsewhere');
    expect(((await as(app(), ada).get(`${ARTICLES}/${doc!.documentId}`)).body.data as Json).description).to.equal('Written elsewhere');
  });

  it('overwrites with the editor\'s version only when they choose it', async () => {
    const [doc] = (await as(app(), ada).get(ARTICLES)).body.results as Json[];
    expectStatus(await as(app(), ada).put(`${ARTICLES}/${doc!.documentId}`, { description: 'Elsewhere again' }), 200);
    await page.getByLabel('description').fill('Mine wins');
    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('alertdialog', { name: 'Someone else changed this entry' });
    // The refused save's answer has come (the dialog shows it): the next write is the overwrite
    await dialog.waitFor();
    await whenSaved(page, () => dialog.getByRole('button', { name: 'Overwrite with mine' }).click());
    expect(((await as(app(), ada).get(`${ARTICLES}/${doc!.documentId}`)).body.data as Json).description).to.equal('Mine wins');
  });

  it('offers an unsaved form back after a reload, and asks before leaving it', async () => {
    await page.getByLabel('description').fill('Typed, never saved');
    // The backup is written shortly after the last key
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('strata-admin:backup:') && localStorage.getItem(k)!.includes('Typed, never saved')));
    let asked = '';
    page.once('dialog', (d) => { asked = d.message(); void d.dismiss(); });
    await page.getByRole('link', { name: '← Article' }).click();
    expect(asked).to.contain('Leave without saving?');
    expect(new URL(page.url()).pathname).to.match(/\/api::article\.article\/[a-z0-9]{24}$/);
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await page.getByRole('button', { name: 'Restore them' }).click();
    await page.waitForFunction(() => (document.getElementById('field-description') as HTMLTextAreaElement | null)?.value === 'Typed, never saved');
    await page.getByText('Unsaved changes').waitFor();
  });
});
