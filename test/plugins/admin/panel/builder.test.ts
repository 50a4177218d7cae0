// The Content-Type Builder screen in chromium, on a kernel in a temporary app folder running as
// `strata develop` runs it (autoReload): a collection type created with a text, a number and a
// relation field, saved in one request; the test starts the kernel again on the written files,
// on the same port, as develop does, while the page polls until it answers. An entry is written
// through the content-manager API; then the text field is renamed and the number deleted (the
// server's 409 names the row in a confirmation); after the second restart the entry's value is
// under the new name. Then a field of a localized type made one for every locale, with a default
// and a pattern, and the i18n and draft-and-publish switches of existing types, read back from the
// builder's API; the type renamed on the screen (the dialog names what follows) with a kind
// change that keeps values, its entries there after the restart; a kind change the column refuses
// while rows hold values, shown with their count; a relation linked to another type, confirmed
// with the links it leaves. axe-clean on the screen and its dialogs. Outside development the
// screen is read-only and says why.

import { expect } from 'chai';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { seriousViolations } from '../../../helpers/axe.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/database.js';
import { startKernel, type StartOptions, type TestKernel } from '../../../helpers/kernel.js';
import { BROWSER_RUN, type PanelBrowser, signIn, usePanel } from '../../../helpers/panel.js';
import { as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';

const BOOK = 'api::book.book';
const NOVEL = 'api::novel.novel';

(BROWSER_RUN ? describe : describe.skip)('admin panel: the content-type builder (chromium)', function () {
  this.timeout(90_000);
  const dir = mkdtempSync(join(tmpdir(), 'strata-panel-ctb-'));
  let db: TestDatabase;
  let k: TestKernel | undefined;
  let port = 0;
  const panel = usePanel(() => k!);
  let b: PanelBrowser;
  let page: Page;
  let ada: Session;
  /** The entry written in the second test, read again after the type's rename. */
  let dune = '';

  const options = (server: Record<string, unknown>): StartOptions => ({
    appDir: dir, contentTypesDir: join(dir, 'content-types'), db,
    config: {
      server: { ...server, ...(port ? { port } : {}) },
      plugins: {
        'draft-and-publish': { enabled: true },
        i18n: { enabled: true, config: { locales: ['en', 'fr'], defaultLocale: 'en' } },
        admin: { enabled: true, config: { auth: { secret: 'an admin test secret, long enough' }, rateLimit: { enabled: false } } },
      },
    },
  });
  /** Starts the kernel again on the files, on the same port, as develop does after a write. */
  const restart = async (server: Record<string, unknown> = { autoReload: true }) => {
    await k?.stop();
    k = await startKernel(options(server));
    port = Number(new URL(k.url).port);
  };
  /** The page polled the stopped server meanwhile: those refused connections are expected. */
  const SAVED = 'Saved. The server is restarting on the new schema files';
  const BACK = 'The server is back with the new schema';
  const forgetRestartNoise = () => {
    const kept = b.problems.filter((p) => !/ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|Failed to fetch/.test(p));
    b.problems.splice(0, b.problems.length, ...kept);
  };
  /** Clicks Save (or a confirmation), waits for the update-schema answer, restarts the kernel as
   *  develop would, and waits for the screen to say the server is back. */
  const saveAndRestart = async (act: () => Promise<unknown>): Promise<Response> => {
    // A notice of the previous save lasts 4 s: waited out, so the ones below are this save's
    for (const text of [SAVED, BACK]) await page.getByText(text).first().waitFor({ state: 'detached', timeout: 10_000 });
    const answer = page.waitForResponse((r) => r.url().endsWith('/content-type-builder/update-schema') && r.request().method() === 'POST');
    await act();
    const res = await answer;
    if (res.status() !== 200) return res;
    await page.getByText(SAVED).waitFor();
    const back = page.waitForResponse((r) => r.url().endsWith('/content-type-builder/schema') && r.status() === 200, { timeout: 30_000 });
    await restart();
    await back;
    await page.getByText(BACK).waitFor();
    forgetRestartNoise();
    return res;
  };

  before(async () => {
    db = await createTestDatabase({ persistent: true });
    mkdirSync(join(dir, 'content-types'), { recursive: true });
    writeFileSync(join(dir, 'content-types', 'category.json'), JSON.stringify({
      kind: 'collectionType', collectionName: 'categories', info: { singularName: 'category', pluralName: 'categories', displayName: 'Category' },
      options: { draftAndPublish: false }, attributes: { name: { type: 'string' } },
    }));
    await restart();
    ada = await registerFirstAdmin(k!);
    b = await panel.open();
    page = b.page;
  });
  after(async () => {
    await k?.stop();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a collection type with a text, a number and a relation field, in one request', async () => {
    await signIn(page, k!, 'ada@example.com', PASSWORD);
    await page.getByRole('link', { name: 'Content-Type Builder' }).click();
    await page.getByRole('heading', { name: 'Content-Type Builder', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Content-Type Builder' }).getByRole('link', { name: 'Category' }).waitFor();
    expect(await seriousViolations(page, 'builder')).to.deep.equal([]);

    await page.getByRole('button', { name: '+ Create new collection type' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create a collection type' });
    await dialog.getByLabel('Display name').fill('Book');
    expect(await dialog.getByLabel('Singular name').inputValue()).to.equal('book');
    expect(await dialog.getByLabel('Plural name').inputValue()).to.equal('books');
    expect(await seriousViolations(page, 'create a type')).to.deep.equal([]);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Book', level: 1 }).waitFor();

    // Keyboard only: the button, the type's radio group, the fields
    await page.getByRole('button', { name: 'Add another field' }).focus();
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: 'Add a field to Book' });
    // The focus is in the type picker, a radio group the arrow keys move in
    // (the dialog moves the focus a moment after it opens: waited for, not read at once)
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.value === 'string', undefined, { timeout: 5000 });
    await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('radio', { name: /^Long text/ }).isChecked()).to.equal(true);
    await page.keyboard.press('ArrowLeft');
    await dialog.getByLabel('Name', { exact: true }).fill('title');
    await dialog.getByLabel('Required').press('Space');
    await dialog.getByLabel('Name', { exact: true }).press('Enter');
    await page.getByRole('row', { name: /title New Text \(short\)/ }).waitFor();

    await page.getByRole('button', { name: 'Add another field' }).click();
    await dialog.getByRole('radio', { name: /^Number/ }).check();
    await dialog.getByLabel('Name', { exact: true }).fill('pages');
    await dialog.getByLabel('Number format').selectOption('integer');
    await dialog.getByLabel('Minimum value').fill('1');
    await dialog.getByRole('button', { name: 'Add field' }).click();

    await page.getByRole('button', { name: 'Add another field' }).click();
    await dialog.getByRole('radio', { name: /^Relation/ }).check();
    await dialog.getByLabel('Name', { exact: true }).fill('category');
    await dialog.getByLabel('Relation', { exact: true }).selectOption('manyToOne');
    await dialog.getByLabel('Linked type', { exact: true }).selectOption(`api::category.category`);
    await dialog.getByLabel('Field name on the linked type').fill('books');
    expect(await seriousViolations(page, 'add a field')).to.deep.equal([]);
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('row', { name: /category New Relation/ }).waitFor();

    const res = await saveAndRestart(() => page.getByRole('button', { name: 'Save' }).click());
    expect(res.status(), await res.text()).to.equal(200);
    expect(JSON.parse(res.request().postData() ?? '{}').data.contentTypes).to.have.length(1);
    const written = JSON.parse(readFileSync(join(dir, 'content-types', 'book.json'), 'utf8'));
    expect(written.attributes).to.deep.equal({
      title: { type: 'string', required: true },
      pages: { type: 'integer', min: 1 },
      category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category', inversedBy: 'books' },
    });
    // The new kernel loaded it: the content manager's menu lists it, the category has its side
    await page.getByRole('navigation', { name: 'Content', exact: true }).getByRole('link', { name: 'Book', exact: true }).waitFor();
    await page.getByRole('row', { name: /^title/ }).waitFor();
    expect(JSON.parse(readFileSync(join(dir, 'content-types', 'category.json'), 'utf8')).attributes.books)
      .to.deep.include({ type: 'relation', target: BOOK, mappedBy: 'category' });
  });

  it('renames a field keeping its value, and deletes one after a confirmation naming the rows', async () => {
    const created = await as(k!, ada).post(`/content-manager/collection-types/${BOOK}`, { title: 'Dune', pages: 412 });
    expect(created.status, created.text).to.be.within(200, 201);
    const documentId = (created.body as { data: { documentId: string } }).data.documentId;
    dune = documentId;

    await page.getByRole('button', { name: 'Edit title' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the field title' });
    await page.waitForFunction(() => document.activeElement?.id === 'attr-name', undefined, { timeout: 5000 });
    await dialog.getByLabel('Name', { exact: true }).fill('name');
    await dialog.getByText('Renamed from title: sent as a rename, so the values stored under title are kept under name.').waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Renamed from title: its values are kept').waitFor();
    await page.getByRole('button', { name: 'Delete pages' }).click();
    await page.getByRole('row', { name: /pages Deleted on save/ }).waitFor();

    // The deletion leaves a row behind: the server says so, the screen asks
    const refused = await saveAndRestart(() => page.getByRole('button', { name: 'Save' }).click());
    expect(refused.status()).to.equal(409);
    const confirm = page.getByRole('alertdialog', { name: 'Delete data?' });
    await confirm.getByText('delete attribute: Book.pages, 1 row').waitFor();
    expect(await seriousViolations(page, 'confirm the deletion')).to.deep.equal([]);
    const res = await saveAndRestart(() => confirm.getByRole('button', { name: 'Save and leave 1 row behind' }).click());
    expect(res.status(), await res.text()).to.equal(200);
    const sent = JSON.parse(res.request().postData() ?? '{}');
    expect(sent.confirm).to.equal(true);
    expect(sent.data.contentTypes[0].attributes).to.deep.include({ action: 'update', name: 'name', renamedFrom: 'title', properties: { type: 'string', required: true } });

    // After the restart: the field is `name`, and the entry's value is there
    await page.getByRole('row', { name: /^name Text/ }).waitFor();
    expect(await page.getByRole('row', { name: /^pages/ }).count()).to.equal(0);
    const entry = await as(k!, ada).get(`/content-manager/collection-types/${BOOK}/${documentId}`);
    expect(entry.status, entry.text).to.equal(200);
    expect((entry.body as { data: Record<string, unknown> }).data).to.include({ name: 'Dune' }).and.not.have.property('title');
    await page.getByRole('navigation', { name: 'Content', exact: true }).getByRole('link', { name: 'Book', exact: true }).click();
    await page.getByRole('cell', { name: 'Dune', exact: true }).waitFor();
  });

  it('creates a component, and adds a field of every other type with its main options', async () => {
    await page.getByRole('link', { name: 'Content-Type Builder' }).click();
    await page.getByRole('button', { name: '+ Create new component' }).click();
    const create = page.getByRole('dialog', { name: 'Create a component' });
    await create.getByLabel('Display name').fill('Pull Quote');
    await create.getByLabel('Category').fill('shared');
    expect(await create.getByLabel('Name', { exact: true }).inputValue()).to.equal('pull-quote');
    await create.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Pull Quote', level: 1 }).waitFor();
    const dialog = page.getByRole('dialog');
    const add = async (family: RegExp, name: string, fill: () => Promise<unknown> = async () => undefined) => {
      await page.getByRole('button', { name: 'Add another field' }).click();
      await dialog.getByRole('radio', { name: family }).check();
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      await fill();
      await dialog.getByRole('button', { name: 'Add field' }).click();
      await page.getByRole('row', { name: new RegExp(`^${name} New`) }).waitFor();
    };
    // A component offers no dynamic zone
    await page.getByRole('button', { name: 'Add another field' }).click();
    expect(await dialog.getByRole('radio', { name: /^Dynamic zone/ }).count()).to.equal(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await add(/^Long text/, 'body', () => dialog.getByLabel('Maximum length').fill('500'));

    await page.getByRole('navigation', { name: 'Content-Type Builder' }).getByRole('link', { name: 'Book' }).click();
    await page.getByRole('heading', { name: 'Book', level: 1 }).waitFor();
    await add(/^Rich text \(Markdown\)/, 'summary');
    await add(/^Rich text \(Blocks\)/, 'content');
    await add(/^Email/, 'contact', () => dialog.getByLabel('Unique', { exact: true }).check());
    await add(/^Password/, 'secret', () => dialog.getByLabel('Minimum length').fill('8'));
    await add(/^UID/, 'slug', () => dialog.getByLabel('Generated from').selectOption('name'));
    await add(/^Enumeration/, 'format', () => dialog.getByLabel('Values (one a line)').fill('paperback\nhardcover'));
    await add(/^Date/, 'released', () => dialog.getByLabel('Date format').selectOption('datetime'));
    await add(/^Boolean/, 'inPrint', () => dialog.getByLabel('Private (not returned by the API)').check());
    await add(/^JSON/, 'extra');
    await add(/^Media/, 'cover', () => dialog.getByLabel('images', { exact: true }).check());
    await add(/^Component/, 'quotes', async () => {
      await dialog.getByLabel('Component', { exact: true }).selectOption('shared.pull-quote');
      await dialog.getByLabel('Repeatable component').check();
    });
    await add(/^Dynamic zone/, 'sections', () => dialog.getByLabel('shared: Pull Quote').check());

    // A single type, localized, without drafts, in the same request
    await page.getByRole('button', { name: '+ Create new single type' }).click();
    const single = page.getByRole('dialog', { name: 'Create a single type' });
    await single.getByLabel('Display name').fill('Home Page');
    expect([await single.getByLabel('Singular name').inputValue(), await single.getByLabel('Plural name').inputValue()]).to.deep.equal(['home-page', 'home-pages']);
    await single.getByLabel('Draft and publish').uncheck();
    await single.getByLabel('Internationalization: a version per locale').check();
    await single.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Home Page', level: 1 }).waitFor();
    await add(/^Text/, 'headline');
    const res = await saveAndRestart(() => page.getByRole('button', { name: 'Save' }).click());
    expect(res.status(), await res.text()).to.equal(200);
    const sent = JSON.parse(res.request().postData() ?? '{}');
    expect(sent.data.components).to.deep.equal([{ action: 'create', uid: 'shared.pull-quote', displayName: 'Pull Quote', attributes: [{ action: 'create', name: 'body', properties: { type: 'text', maxLength: 500 } }] }]);
    const written = JSON.parse(readFileSync(join(dir, 'content-types', 'book.json'), 'utf8')).attributes;
    expect(written).to.deep.include({
      summary: { type: 'richtext' }, content: { type: 'blocks' }, contact: { type: 'email', unique: true }, secret: { type: 'password', minLength: 8 },
      slug: { type: 'uid', targetField: 'name' }, format: { type: 'enumeration', enum: ['paperback', 'hardcover'] }, released: { type: 'datetime' },
      inPrint: { type: 'boolean', private: true }, extra: { type: 'json' }, cover: { type: 'media', multiple: false, allowedTypes: ['images'] },
      quotes: { type: 'component', component: 'shared.pull-quote', repeatable: true }, sections: { type: 'dynamiczone', components: ['shared.pull-quote'] },
    });
    expect(JSON.parse(readFileSync(join(dir, 'content-types', 'home-page.json'), 'utf8'))).to.deep.include({
      kind: 'singleType', options: { draftAndPublish: false }, pluginOptions: { i18n: { localized: true } }, attributes: { headline: { type: 'string' } },
    });
    await page.getByRole('row', { name: /^headline Text/ }).waitFor();
    await page.getByRole('navigation', { name: 'Content-Type Builder' }).getByRole('link', { name: 'Book' }).click();
    await page.getByRole('row', { name: /^sections Dynamic zone/ }).waitFor();
  });

  it('shares a field across locales with a default and a pattern, and switches i18n and draft and publish on existing types', async () => {
    const nav = page.getByRole('navigation', { name: 'Content-Type Builder' });
    await nav.getByRole('link', { name: 'Home Page' }).click();
    await page.getByRole('heading', { name: 'Home Page', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit headline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the field headline' });
    await page.waitForFunction(() => document.activeElement?.id === 'attr-name', undefined, { timeout: 5000 });
    // On a localized type a field has a value per locale unless unchecked
    expect(await dialog.getByLabel('Localized: a value per locale').isChecked()).to.equal(true);
    await dialog.getByLabel('Localized: a value per locale').uncheck();
    await dialog.getByLabel('Default value').fill('Welcome');
    // A pattern the browser cannot compile is refused here, with the focus on it
    await dialog.getByLabel('Regular expression pattern').fill('^[A-Z');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText(/^Not a valid regular expression/).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'attr-regex', undefined, { timeout: 5000 });
    expect(await seriousViolations(page, 'field advanced settings')).to.deep.equal([]);
    await dialog.getByLabel('Regular expression pattern').fill('^[A-Z]');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('row', { name: /^headline Changed/ }).getByText('pattern /^[A-Z]/').waitFor();
    // A typed default: a number, stored as one
    await page.getByRole('button', { name: 'Add another field' }).click();
    const add = page.getByRole('dialog', { name: 'Add a field to Home Page' });
    await add.getByRole('radio', { name: /^Number/ }).check();
    await add.getByLabel('Name', { exact: true }).fill('visits');
    await add.getByLabel('Default value').fill('10');
    await add.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('row', { name: /^visits New/ }).waitFor();
    // The type's own switches, on types the server has
    await page.getByRole('button', { name: 'Edit type settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings of Home Page' });
    await settings.getByLabel('Draft and publish').check();
    await settings.getByRole('button', { name: 'Apply' }).click();
    await nav.getByRole('link', { name: 'Category' }).click();
    await page.getByRole('button', { name: 'Edit type settings' }).click();
    await page.getByRole('dialog', { name: 'Settings of Category' }).getByLabel('Internationalization: a version per locale').check();
    await page.getByRole('dialog', { name: 'Settings of Category' }).getByRole('button', { name: 'Apply' }).click();
    // A type for a relation to link to later
    await page.getByRole('button', { name: '+ Create new collection type' }).click();
    const create = page.getByRole('dialog', { name: 'Create a collection type' });
    await create.getByLabel('Display name').fill('Author');
    await create.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Author', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add another field' }).click();
    await page.getByRole('dialog', { name: 'Add a field to Author' }).getByLabel('Name', { exact: true }).fill('name');
    await page.getByRole('dialog', { name: 'Add a field to Author' }).getByRole('button', { name: 'Add field' }).click();

    const res = await saveAndRestart(() => page.getByRole('button', { name: 'Save' }).click());
    expect(res.status(), await res.text()).to.equal(200);
    const sent = JSON.parse(res.request().postData() ?? '{}').data.contentTypes as Array<Record<string, unknown>>;
    expect(sent.find((c) => c.uid === 'api::category.category')).to.deep.include({ pluginOptions: { i18n: { localized: true } } });
    expect(sent.find((c) => c.uid === 'api::home-page.home-page')).to.deep.include({ draftAndPublish: true });
    // Read back as the builder's API answers it
    const schema = await as(k!, ada).get('/content-type-builder/schema');
    const types = (schema.body as { data: { contentTypes: Record<string, { options: object; pluginOptions: object; attributes: Array<{ name: string }> }> } }).data.contentTypes;
    const home = types['api::home-page.home-page']!;
    expect(home.attributes.find((a) => a.name === 'headline')).to.deep.equal({ name: 'headline', type: 'string', default: 'Welcome', regex: '^[A-Z]', pluginOptions: { i18n: { localized: false } } });
    expect(home.attributes.find((a) => a.name === 'visits')).to.deep.equal({ name: 'visits', type: 'integer', default: 10 });
    expect(home.options).to.deep.include({ draftAndPublish: true });
    expect(types['api::category.category']!.pluginOptions).to.deep.equal({ i18n: { localized: true } });
    // And the dialog shows them again
    await nav.getByRole('link', { name: 'Home Page' }).click();
    await page.getByRole('button', { name: 'Edit headline' }).click();
    expect(await dialog.getByLabel('Localized: a value per locale').isChecked()).to.equal(false);
    expect([await dialog.getByLabel('Default value').inputValue(), await dialog.getByLabel('Regular expression pattern').inputValue()]).to.deep.equal(['Welcome', '^[A-Z]']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('renames a type and a component on the screen, naming what follows; the entries are there after the restart, and a kind change that keeps values goes with them', async () => {
    const created = await as(k!, ada).post(`/content-manager/collection-types/${BOOK}`, { name: 'Hyperion' });
    expect(created.status, created.text).to.be.within(200, 201);
    const documentId = (created.body as { data: { documentId: string } }).data.documentId;
    const nav = page.getByRole('navigation', { name: 'Content-Type Builder' });
    await nav.getByRole('link', { name: 'Pull Quote' }).click();
    await page.getByRole('button', { name: 'Edit component settings' }).click();
    const component = page.getByRole('dialog', { name: 'Settings of Pull Quote' });
    await component.getByLabel('Name', { exact: true }).fill('quote');
    await component.getByRole('note').getByText('the fields using it follow: Book.quotes, Book.sections', { exact: false }).waitFor();
    await component.getByRole('button', { name: 'Apply the rename' }).click();
    await page.waitForURL(/components\/shared\.quote$/);
    await nav.getByRole('link', { name: 'Book' }).click();
    await page.getByRole('button', { name: 'Edit type settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings of Book' });
    await settings.getByLabel('Display name').fill('Novel');
    await settings.getByLabel('Singular name').fill('novel');
    await settings.getByLabel('Plural name').fill('novels');
    const note = settings.getByRole('note');
    await note.getByText(`Renamed from ${BOOK} to ${NOVEL}`).waitFor();
    for (const text of ['its table becomes novels', 'its REST path /api/books becomes /api/novels', 'the relations to it follow: Category.books', 'config/permissions.ts']) {
      expect(await note.textContent(), text).to.include(text);
    }
    expect(await seriousViolations(page, 'rename a type')).to.deep.equal([]);
    await settings.getByRole('button', { name: 'Apply the rename' }).click();
    await page.getByRole('heading', { name: 'Novel', level: 1 }).waitFor();
    expect(page.url()).to.match(/content-types\/api::novel\.novel$/);

    // Text (short) to Text (long): the column widens, the values stay
    await page.getByRole('button', { name: 'Edit name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the field name' });
    await dialog.getByLabel('Type', { exact: true }).selectOption('text');
    await dialog.getByText('Text (long) holds every value a Text (short) field holds: the values are kept.').waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('row', { name: /^name Changed Text \(long\)/ }).waitFor();

    const res = await saveAndRestart(() => page.getByRole('button', { name: 'Save' }).click());
    expect(res.status(), await res.text()).to.equal(200);
    const sent = JSON.parse(res.request().postData() ?? '{}');
    expect(sent.data.contentTypes[0]).to.deep.include({ action: 'update', uid: NOVEL, renamedFrom: BOOK, singularName: 'novel', pluralName: 'novels', displayName: 'Novel' });
    expect(sent.data.contentTypes[0].attributes).to.deep.equal([{ action: 'update', name: 'name', properties: { type: 'text', required: true } }]);
    expect(sent.data.components).to.deep.equal([{ action: 'update', uid: 'shared.quote', renamedFrom: 'shared.pull-quote', displayName: 'Pull Quote', attributes: [] }]);
    expect(existsSync(join(dir, 'content-types', 'book.json'))).to.equal(false);
    expect(existsSync(join(dir, 'content-types', 'components', 'shared', 'pull-quote.json'))).to.equal(false);
    expect(JSON.parse(readFileSync(join(dir, 'content-types', 'novel.json'), 'utf8')).attributes).to.deep.include({
      quotes: { type: 'component', component: 'shared.quote', repeatable: true }, sections: { type: 'dynamiczone', components: ['shared.quote'] },
    });
    expect(JSON.parse(readFileSync(join(dir, 'content-types', 'category.json'), 'utf8')).attributes.books).to.deep.include({ target: NOVEL });
    // The restarted server has the entries under the new uid
    await page.getByRole('row', { name: /^name Text \(long\)/ }).waitFor();
    for (const [id, name] of [[documentId, 'Hyperion'], [dune, 'Dune']] as const) {
      const entry = await as(k!, ada).get(`/content-manager/collection-types/${NOVEL}/${id}`);
      expect(entry.status, entry.text).to.equal(200);
      expect((entry.body as { data: Record<string, unknown> }).data).to.include({ name });
    }
    await page.getByRole('navigation', { name: 'Content', exact: true }).getByRole('link', { name: 'Novel', exact: true }).waitFor();
  });

  it('shows a kind change the column refuses, and asks before a relation linked elsewhere leaves its links behind', async () => {
    // Text (long) to a number while a row holds text: refused, naming the rows, confirmed or not
    await page.getByRole('button', { name: 'Edit name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the field name' });
    await dialog.getByLabel('Type', { exact: true }).selectOption('integer');
    await dialog.getByText(/the server refuses the change while an entry holds a value/).waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const refused = await saveAndRestart(() => page.getByRole('button', { name: 'Save' }).click());
    expect(refused.status()).to.be.within(400, 409);
    await page.getByRole('alert').filter({ hasText: /2 row/ }).waitFor();
    expect(await page.getByRole('alertdialog').count()).to.equal(0);
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('row', { name: /^name Text \(long\)/ }).waitFor();

    // A relation linked to another type: its links stay behind, its other side goes, and a new
    // other side is written on the new type
    const category = await as(k!, ada).post('/content-manager/collection-types/api::category.category', { name: 'Science fiction' });
    expect(category.status, category.text).to.be.within(200, 201);
    const linked = await as(k!, ada).put(`/content-manager/collection-types/${NOVEL}/${dune}`, { category: { connect: [(category.body as { data: { documentId: string } }).data.documentId] } });
    expect(linked.status, linked.text).to.equal(200);
    await page.getByRole('button', { name: 'Edit category' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the field category' });
    await edit.getByLabel('Linked type', { exact: true }).selectOption('api::author.author');
    await edit.getByText('Its other side, Category.books, goes with the change.', { exact: false }).waitFor();
    await edit.getByLabel('Field name on the linked type').fill('novels');
    await edit.getByRole('button', { name: 'Apply' }).click();
    const asked = await saveAndRestart(() => page.getByRole('button', { name: 'Save' }).click());
    expect(asked.status()).to.equal(409);
    const confirm = page.getByRole('alertdialog', { name: 'Leave data behind?' });
    await confirm.getByText(/Novel\.category, 1 row$/).waitFor();
    const res = await saveAndRestart(() => confirm.getByRole('button', { name: 'Save and leave 1 row behind' }).click());
    expect(res.status(), await res.text()).to.equal(200);
    const sent = JSON.parse(res.request().postData() ?? '{}');
    expect(sent.confirm).to.equal(true);
    const items = (sent.data.contentTypes as Array<{ uid: string; attributes: unknown[] }>).map((c) => [c.uid, c.attributes]);
    // The old other side goes last: the server would take the owning side with it otherwise
    expect(items.at(-1)).to.deep.equal(['api::category.category', [{ action: 'delete', name: 'books' }]]);
    expect(items.slice(0, -1)).to.have.deep.members([
      [NOVEL, [{ action: 'update', name: 'category', properties: { type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'novels' } }]],
      ['api::author.author', [{ action: 'create', name: 'novels', properties: { type: 'relation', relation: 'oneToMany', target: NOVEL, mappedBy: 'category' } }]],
    ]);
    const file = (name: string) => JSON.parse(readFileSync(join(dir, 'content-types', `${name}.json`), 'utf8')).attributes;
    expect(file('novel').category).to.deep.equal({ type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'novels' });
    expect(file('author').novels).to.deep.equal({ type: 'relation', relation: 'oneToMany', target: NOVEL, mappedBy: 'category' });
    expect(file('category')).to.not.have.property('books');
    await page.getByRole('row', { name: /^category Relation/ }).getByText('(linked back by its field novels)', { exact: false }).waitFor();
  });

  it('is read-only outside development, and says why', async () => {
    await restart({});
    await page.goto(`${k!.url}/admin/plugins/content-type-builder/content-types/${NOVEL}`);
    await page.getByRole('heading', { name: 'Novel', level: 1 }).waitFor();
    await page.getByText(/^Read-only: this server does not write schema files/).waitFor();
    expect(await page.getByRole('button', { name: 'Add another field' }).count()).to.equal(0);
    expect(await page.getByRole('button', { name: /Create new/ }).count()).to.equal(0);
    expect(await seriousViolations(page, 'read-only builder')).to.deep.equal([]);
  });
});
