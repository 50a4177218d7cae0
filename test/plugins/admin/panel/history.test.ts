// Content history in the edit view: an editor saves an article twice, opens History from the
// keyboard, sees the versions (what, who, when), compares the newest with the current draft (the
// title shown as changed, and a linked author deleted since shown as missing) and with another
// version, restores it after a confirmation, and the form shows the old title while the panel
// names the link it left out. The panel and its confirmation are checked with axe; Escape closes
// the panel and the focus goes back to the History button.

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../../../helpers/axe.js';
import { BROWSER_RUN, type PanelBrowser, signIn, usePanel, whenSaved } from '../../../helpers/panel.js';
import { expectStatus, useKernel, type Json } from '../../../helpers/suite.js';
import { adminOptions, as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';

const ARTICLES = '/content-manager/collection-types/api::article.article';

/** Presses Tab until the focused element matches the CSS selector (at most `limit` times). */
async function tabTo(page: Page, selector: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
  }
  throw new Error(`${selector}: not reached with Tab in ${limit} presses`);
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

(BROWSER_RUN ? describe : describe.skip)('admin panel: content history in the edit view (chromium)', function () {
  this.timeout(60_000);
  const app = useKernel(adminOptions());
  const panel = usePanel(app);
  let ada: Session;
  let b: PanelBrowser;
  let page: Page;
  let documentId: string;
  let author: string;

  before(async () => {
    ada = await registerFirstAdmin(app());
    const linked = await as(app(), ada).post('/content-manager/collection-types/api::author.author', { name: 'Gone Author', email: 'gone@example.com' });
    expectStatus(linked, 201);
    author = (linked.body.data as Json).documentId as string;
    const created = await as(app(), ada).post(ARTICLES, { title: 'First title', description: 'Kept as it is', authors: { set: [{ documentId: author }] } });
    expectStatus(created, 201);
    documentId = (created.body.data as Json).documentId as string;
    b = await panel.open();
    page = b.page;
    await signIn(page, app(), 'ada@example.com', PASSWORD);
  });

  const dialog = () => page.getByRole('dialog', { name: 'History' });
  /** The comparison's rows of changed fields: the field, then each side's text. */
  const changedRows = async () => Promise.all((await dialog().locator('tr.changed').all()).map(async (row) => [
    (await row.locator('th').innerText()).split('\n')[0]!, ...(await row.locator('td').allInnerTexts()),
  ]));

  it('lists the versions two saves made, newest first, with who and when', async () => {
    await page.goto(`${app().url}/admin/content-manager/collection-types/api::article.article/${documentId}?locale=en`);
    await page.locator('#field-title').fill('Second title');
    await whenSaved(page, () => page.keyboard.press('Control+s'));
    await page.locator('#field-title').fill('Third title');
    await whenSaved(page, () => page.keyboard.press('Control+s'));
    // The versions link an author that is then deleted
    expectStatus(await as(app(), ada).del(`/content-manager/collection-types/api::author.author/${author}`), 200);

    const listed = page.waitForResponse((r) => r.url().includes('/content-manager/history-versions?') && r.request().method() === 'GET');
    await page.getByRole('button', { name: 'History' }).focus();
    await page.keyboard.press('Enter');
    const res = await listed;
    expect(res.status(), await res.text()).to.equal(200);
    expect(res.url()).to.contain(`documentId=${documentId}`).and.contain('locale=en');

    const items = dialog().locator('.history-version');
    await items.first().waitFor();
    const texts = await items.allInnerTexts();
    expect(texts.map((t) => t.split('\n')[0])).to.deep.equal(['Updated', 'Updated', 'Created']);
    for (const t of texts) expect(t).to.contain('Ada Lovelace').and.match(/just now|second|minute/);
    // The absolute time on hover, the exact one for machines
    const time = items.first().locator('time');
    expect(await time.getAttribute('title')).to.equal(await time.evaluate((el) => new Date(el.getAttribute('datetime')!).toLocaleString()));
    // The newest version is shown, and has the focus
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-current') === 'true');
    expect(await items.first().getAttribute('aria-current')).to.equal('true');
  });

  it('compares the newest version with the current draft: the title changed, the author missing, the rest folded', async () => {
    await dialog().locator('tr.changed').first().waitFor();
    expect(await changedRows()).to.deep.equal([
      ['title', 'Second title', 'Third title'],
      ['authors', '1 missing (the entry no longer exists)', '(empty)'],
    ]);
    const same = dialog().locator('details.history-same');
    expect(await same.getAttribute('open')).to.equal(null);
    await same.locator('summary').click();
    expect(await same.locator('tbody th').allInnerTexts()).to.include('description');
    expect(await seriousViolations(page, 'history')).to.deep.equal([]);
  });

  it('compares two versions when another is chosen, by keyboard', async () => {
    await tabTo(page, '.history-tools select');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.querySelector('tr.changed td:last-child')?.textContent === 'First title');
    expect(await changedRows()).to.deep.equal([['title', 'Second title', 'First title']]);
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => document.querySelector('tr.changed td:last-child')?.textContent === 'Third title');
  });

  it('restores the version after a confirmation, and the form shows the old title', async () => {
    await tabTo(page, '.history-tools .btn-primary');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Restore this version?' });
    await confirm.waitFor();
    expect(await confirm.innerText()).to.contain('The draft\'s content is replaced');
    expect(await seriousViolations(page, 'restore confirmation')).to.deep.equal([]);
    // The focus is on Cancel: the next button restores
    expect(await focused(page)).to.equal('Cancel');
    const restored = page.waitForResponse((r) => /\/content-manager\/history-versions\/\d+\/restore$/.test(r.url()) && r.request().method() === 'PUT');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const res = await restored;
    expect(res.status(), await res.text()).to.equal(200);
    const restoredNote = dialog().getByRole('status').filter({ hasText: 'Restored: the draft now holds this version\'s content.' });
    await restoredNote.waitFor();
    expect(await restoredNote.innerText()).to.contain(`authors: ${author}`);
    // The restore is itself a version; the form shows the restored content
    await dialog().locator('.history-version').first().filter({ hasText: 'Restored' }).waitFor();
    expect(await page.locator('#field-title').inputValue()).to.equal('Second title');
    expect(await focused(page)).to.equal('Restore this version');

    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    // The focus goes back to the button that opened the panel (once the dialog's effect is cleaned up)
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'History');
    expect(await page.locator('#field-title').inputValue()).to.equal('Second title');
    expect(await page.getByText('Unsaved changes').count()).to.equal(0);
    const draft = await as(app(), ada).get(`${ARTICLES}/${documentId}?locale=en`);
    expect((draft.body.data as Json).title).to.equal('Second title');
    expect((draft.body.data as Json).description).to.equal('Kept as it is');
  });
});
