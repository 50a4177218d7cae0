// The panel by keyboard alone and checked by axe: an editor signs in, reaches a type from the
// menu, creates an entry, adds and reorders dynamic-zone entries, saves and publishes with the
// shortcuts, confirms a dialog, all without a mouse; on every screen on the way axe finds no
// serious or critical violation (WCAG 2.1 A and AA).

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../../../helpers/axe.js';
import { BROWSER_RUN, type PanelBrowser, usePanel } from '../../../helpers/panel.js';
import { expectStatus, useKernel } from '../../../helpers/suite.js';
import { adminOptions, as, login, PASSWORD } from '../helpers.js';

const ARTICLES = '/content-manager/collection-types/api::article.article';

interface Target { text?: string; id?: string; inDialog?: boolean }

/** Presses Tab until the focused element is the target (its text or aria-label, or its id), at
 *  most `limit` times; fails otherwise. */
async function tabTo(page: Page, target: Target, limit = 80, back = false): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const reached = await page.evaluate((t) => {
      const el = document.activeElement;
      if (!el || (t.inDialog && !el.closest('[role="dialog"], [role="alertdialog"]'))) return false;
      if (t.id) return el.id === t.id;
      return (el.textContent ?? '').trim() === t.text || el.getAttribute('aria-label') === t.text;
    }, target);
    if (reached) return;
  }
  throw new Error(`${JSON.stringify(target)}: not reached with ${back ? 'Shift+' : ''}Tab in ${limit} presses`);
}

(BROWSER_RUN ? describe : describe.skip)('admin panel: by keyboard alone, and axe on each screen (chromium)', function () {
  this.timeout(90_000);
  const app = useKernel(adminOptions());
  const panel = usePanel(app);
  let b: PanelBrowser;
  let page: Page;
  const violations: string[] = [];

  before(async () => {
    b = await panel.open();
    page = b.page;
  });

  it('registers the first administrator with the keyboard (axe: the first-run screen)', async () => {
    await page.goto(`${app().url}/admin`);
    await page.getByRole('heading', { name: /create the first administrator/i }).waitFor();
    violations.push(...await seriousViolations(page, 'first run'));
    // The first field has the focus already
    await page.keyboard.type('Ada');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Lovelace');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ada@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Hello Ada' }).waitFor();
    violations.push(...await seriousViolations(page, 'home'));
  });

  it('reaches the articles from the menu, then the create button (axe: the list)', async () => {
    await tabTo(page, { text: 'Article' });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Article' }).waitFor();
    violations.push(...await seriousViolations(page, 'list'));
    await tabTo(page, { text: 'Create new entry' });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Create an entry' }).waitFor();
    violations.push(...await seriousViolations(page, 'edit (new)'));
  });

  it('fills in an entry, adds and reorders dynamic-zone entries, saves with Ctrl+S', async () => {
    await tabTo(page, { id: 'field-title' });
    await page.keyboard.type('Keyboard only');
    await tabTo(page, { text: '+ Add a component to blocks' });
    await page.keyboard.press('Enter');
    await tabTo(page, { text: 'Quote' }, 5);
    await page.keyboard.press('Enter');
    // The new entry's title button has the focus; its first field is next
    await tabTo(page, { id: 'field-blocks-0-title' }, 10);
    await page.keyboard.type('First');
    await tabTo(page, { text: '+ Add a component to blocks' });
    await page.keyboard.press('Enter');
    await tabTo(page, { text: 'Quote' }, 5);
    await page.keyboard.press('Enter');
    await tabTo(page, { id: 'field-blocks-1-title' }, 10);
    await page.keyboard.type('Second');
    await tabTo(page, { text: 'Move Quote 2: Second up' }, 20, true);
    await page.keyboard.press('Enter');
    violations.push(...await seriousViolations(page, 'edit (dynamic zone)'));
    await page.keyboard.press('Control+s');
    await page.getByText('Saved', { exact: true }).waitFor();
    const ada = await login(app(), 'ada@example.com');
    const list = await as(app(), ada).get(`${ARTICLES}?filters[title][$eq]=Keyboard only`);
    expect(list.body.results).to.have.length(1);
    const doc = await as(app(), ada).get(`${ARTICLES}/${list.body.results[0].documentId}`);
    expect(doc.body.data.blocks.map((e: { title: string }) => e.title)).to.deep.equal(['Second', 'First']);
  });

  it('publishes with Ctrl+Enter and unpublishes through the confirmation dialog (axe: the dialog)', async () => {
    await page.keyboard.press('Control+Enter');
    await page.getByText('Published', { exact: true }).first().waitFor();
    await tabTo(page, { text: 'Unpublish' });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Unpublish this entry?' });
    await dialog.waitFor();
    violations.push(...await seriousViolations(page, 'confirmation dialog'));
    // Focus is in the dialog and stays there
    await tabTo(page, { text: 'Unpublish', inDialog: true }, 6);
    await page.keyboard.press('Enter');
    await page.getByText('Unpublished', { exact: true }).waitFor();
    const ada = await login(app(), 'ada@example.com');
    const list = await as(app(), ada).get(`${ARTICLES}?filters[title][$eq]=Keyboard only`);
    expectStatus(list, 200);
    expect(list.body.results[0].status).to.equal('draft');
  });

  it('logs out and shows the login and forgotten-password screens (axe)', async () => {
    await tabTo(page, { text: 'Log out' });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    violations.push(...await seriousViolations(page, 'login'));
    await tabTo(page, { text: 'Forgot your password?' });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    violations.push(...await seriousViolations(page, 'forgot password'));
  });

  it('axe found no serious or critical violation on any screen visited', () => {
    expect(violations).to.deep.equal([]);
  });
});
