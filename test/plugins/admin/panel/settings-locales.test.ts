// Settings > Internationalization in chromium: a locale added from the known codes, made the
// default, then (English the default again) deleted; the content manager's locale picker follows.

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../../../helpers/axe.js';
import { BROWSER_RUN, type PanelBrowser, signIn, usePanel } from '../../../helpers/panel.js';
import { useKernel } from '../../../helpers/suite.js';
import { adminOptions, as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';
import { answered } from './settings-panel.js';

type Locale = { code: string; name: string; isDefault: boolean };

(BROWSER_RUN ? describe : describe.skip)('admin panel: settings, locales (chromium)', function () {
  this.timeout(60_000);
  const app = useKernel(adminOptions());
  const panel = usePanel(app);
  let ada: Session;
  let b: PanelBrowser;
  let page: Page;
  const locales = async () => ((await as(app(), ada).get('/i18n/locales')).body as Locale[]).map((l) => [l.code, l.name, l.isDefault]);

  before(async () => {
    ada = await registerFirstAdmin(app());
    b = await panel.open();
    page = b.page;
    await signIn(page, app(), 'ada@example.com', PASSWORD, '/admin/settings/locales');
    await page.getByRole('heading', { name: 'Internationalization', level: 1 }).waitFor();
  });

  it('adds a locale from the known codes, named for it', async () => {
    await page.getByRole('cell', { name: 'fr', exact: true }).waitFor();
    expect(await seriousViolations(page, 'locales')).to.deep.equal([]);
    await page.getByRole('button', { name: 'Add new locale' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a locale' });
    // Those there already are not offered
    expect(await dialog.getByLabel('Locale', { exact: true }).locator('option[value="fr"]').count()).to.equal(0);
    await dialog.getByLabel('Locale', { exact: true }).selectOption('es');
    expect(await dialog.getByLabel('Display name').inputValue()).to.equal('Spanish');
    expect(await seriousViolations(page, 'add a locale')).to.deep.equal([]);
    await answered(page, 'POST', /^\/i18n\/locales$/, () => dialog.getByRole('button', { name: 'Save' }).click());
    await page.getByRole('row', { name: /Spanish es/ }).waitFor();
    expect(await locales()).to.deep.include(['es', 'Spanish', false]);
  });

  it('makes it the default, then English again, and deletes it', async () => {
    await answered(page, 'PUT', /^\/i18n\/locales\/\d+$/, () => page.getByRole('button', { name: 'Set as default: Spanish' }).click());
    await page.getByRole('row', { name: /Spanish es Default/ }).waitFor();
    expect(await locales()).to.deep.include(['es', 'Spanish', true]);
    // The default locale is neither deleted nor made the default again
    expect(await page.getByRole('button', { name: 'Delete Spanish' }).count()).to.equal(0);
    const en = ((await as(app(), ada).get('/i18n/locales')).body as Locale[]).find((l) => l.code === 'en')!;
    await answered(page, 'PUT', /^\/i18n\/locales\/\d+$/, () => page.getByRole('button', { name: `Set as default: ${en.name}` }).click());
    await page.getByRole('button', { name: 'Delete Spanish' }).click();
    await answered(page, 'DELETE', /^\/i18n\/locales\/\d+$/, () => page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click());
    await page.getByRole('row', { name: /Spanish/ }).waitFor({ state: 'detached' });
    expect((await locales()).map(([code]) => code)).to.deep.equal(['en', 'fr', 'de']);
  });
});
