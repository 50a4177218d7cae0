// What a role allows is what the panel shows: a translator limited to the titles and descriptions
// of articles, writing French only, sees one type in the menu, only those two fields, no Publish
// or Delete, and an English version read-only; they create the French version by filling it in
// from English. The server refuses the rest anyway (tested in permissions.test.ts): here, the
// screen does not offer it.

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { BROWSER_RUN, type PanelBrowser, signIn, usePanel } from '../../../helpers/panel.js';
import { expectStatus, useKernel, type Json } from '../../../helpers/suite.js';
import { adminOptions, as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';

const ARTICLES = '/content-manager/collection-types/api::article.article';
const EXPLORER = 'plugin::content-manager.explorer';

(BROWSER_RUN ? describe : describe.skip)('admin panel: a role\'s limits on screen, and a French version (chromium)', function () {
  this.timeout(60_000);
  const app = useKernel(adminOptions());
  const panel = usePanel(app);
  let ada: Session;
  let lisbon: Json;
  let b: PanelBrowser;
  let page: Page;

  before(async () => {
    ada = await registerFirstAdmin(app());
    const role = await as(app(), ada).post('/admin/roles', { name: 'Translator', description: 'French titles and descriptions' });
    expectStatus(role, 201);
    const fields = ['title', 'description'];
    expectStatus(await as(app(), ada).put(`/admin/roles/${role.body.data.id}/permissions`, {
      permissions: [
        { action: `${EXPLORER}.read`, subject: 'api::article.article', properties: { fields, locales: ['en', 'fr'] } },
        { action: `${EXPLORER}.create`, subject: 'api::article.article', properties: { fields, locales: ['fr'] } },
        { action: `${EXPLORER}.update`, subject: 'api::article.article', properties: { fields, locales: ['fr'] } },
      ],
    }), 200);
    const invited = await as(app(), ada).post('/admin/users', { email: 'tom@example.com', firstname: 'Tom', roles: [role.body.data.id] });
    expectStatus(invited, 201);
    expectStatus(await app().post('/admin/register', { registrationToken: invited.body.data.registrationToken, userInfo: { firstname: 'Tom', password: PASSWORD } }), 200);
    const created = await as(app(), ada).post(ARTICLES, { title: 'Lisbon in a day', description: 'A walk from Alfama to Belém.', readingTime: 7, seo: { metaTitle: 'Lisbon' } });
    expectStatus(created, 201);
    lisbon = created.body.data;
    expectStatus(await as(app(), ada).post(`${ARTICLES}/${lisbon.documentId}/actions/publish`), 200);

    b = await panel.open();
    page = b.page;
    await signIn(page, app(), 'tom@example.com', PASSWORD);
  });

  it('shows only the types the role reads, and no Create where it may not create', async () => {
    const menu = await page.getByRole('navigation', { name: 'Content' }).getByRole('link').allInnerTexts();
    expect(menu.filter((t) => t !== 'Strata')).to.deep.equal(['Article']);
    await page.getByRole('link', { name: 'Article', exact: true }).click();
    await page.getByRole('row', { name: /Lisbon in a day/ }).waitFor();
    // English: read only
    expect(await page.getByRole('link', { name: 'Create new entry' }).count()).to.equal(0);
  });

  it('shows the English version read-only, with only the fields the role reads', async () => {
    await page.getByRole('link', { name: 'Lisbon in a day' }).click();
    await page.getByLabel('title').waitFor();
    expect(await page.getByLabel('title').isDisabled()).to.equal(true);
    expect(await page.getByLabel('description').isDisabled()).to.equal(true);
    for (const hidden of ['readingTime', 'slug', 'body', 'seo']) expect(await page.locator(`[data-field="${hidden}"]`).count(), hidden).to.equal(0);
    for (const button of ['Save', 'Publish', 'Unpublish']) expect(await page.getByRole('button', { name: button, exact: true }).count(), button).to.equal(0);
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).to.equal(0);
  });

  it('creates the French version by filling it in from English, writing only its fields', async () => {
    await page.getByLabel('Locale').selectOption('fr');
    await page.getByText('This entry has no fr version yet').waitFor();
    await page.getByLabel('Fill in from').selectOption('en');
    await page.waitForFunction(() => (document.getElementById('field-title') as HTMLInputElement | null)?.value === 'Lisbon in a day');
    await page.getByLabel('title').fill('Lisbonne en un jour');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Publish' }).count()).to.equal(0);
    const fr = await as(app(), ada).get(`${ARTICLES}/${lisbon.documentId}?locale=fr`);
    expectStatus(fr, 200);
    expect(fr.body.data).to.include({ title: 'Lisbonne en un jour', description: 'A walk from Alfama to Belém.', locale: 'fr', status: 'draft' });
    // Not the role's fields: the French version did not get them from the panel
    expect(fr.body.data.seo).to.equal(null);
    // The English version is as it was
    const en = await as(app(), ada).get(`${ARTICLES}/${lisbon.documentId}?locale=en`);
    expect(en.body.data).to.include({ title: 'Lisbon in a day', status: 'published' });
  });
});

(BROWSER_RUN ? describe : describe.skip)('admin panel: an Author sees and edits only their own entries (chromium)', function () {
  this.timeout(60_000);
  const app = useKernel(adminOptions());
  const panel = usePanel(app);
  let ada: Session;
  let adas: Json;
  let b: PanelBrowser;
  let page: Page;

  before(async () => {
    ada = await registerFirstAdmin(app());
    const roles = (await as(app(), ada).get('/admin/roles')).body.data as Json[];
    const author = roles.find((r) => r.code === 'strapi-author')!;
    const invited = await as(app(), ada).post('/admin/users', { email: 'amy@example.com', firstname: 'Amy', roles: [author.id] });
    expectStatus(invited, 201);
    expectStatus(await app().post('/admin/register', { registrationToken: invited.body.data.registrationToken, userInfo: { firstname: 'Amy', password: PASSWORD } }), 200);
    const created = await as(app(), ada).post(ARTICLES, { title: 'Written by Ada' });
    expectStatus(created, 201);
    adas = created.body.data;
    b = await panel.open();
    page = b.page;
    await signIn(page, app(), 'amy@example.com', PASSWORD);
  });

  it('lists none of the others\' entries, and shows one opened by its address as not found', async () => {
    await page.getByRole('link', { name: 'Article', exact: true }).click();
    await page.getByText('No entries yet.').waitFor();
    await page.goto(`${app().url}/admin/content-manager/collection-types/api::article.article/${adas.documentId as string}?locale=en`);
    await page.getByRole('heading', { name: 'Entry not found' }).waitFor();
  });

  it('creates, publishes and lists an entry of their own', async () => {
    await page.goto(`${app().url}/admin/content-manager/collection-types/api::article.article`);
    await page.getByRole('link', { name: 'Create new entry' }).click();
    await page.locator('#field-title').fill('Written by Amy');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('tab', { name: 'Published' }).waitFor();
    await page.getByRole('link', { name: '← Article' }).click();
    await page.getByRole('row', { name: /Written by Amy/ }).waitFor();
    expect(await page.getByRole('row', { name: /Written by Ada/ }).count()).to.equal(0);
    const list = await as(app(), ada).get(`${ARTICLES}?sort=title:ASC`);
    expect(list.body.results.map((d: Json) => [d.title, d.status])).to.deep.equal([['Written by Ada', 'draft'], ['Written by Amy', 'published']]);
  });
});
