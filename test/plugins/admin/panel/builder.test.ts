// The Content-Type Builder screen in chromium, on a kernel in a temporary app folder running as
// `strata develop` runs it (autoReload): a collection type created with a text, a number and a
// relation field, saved in one request; the test starts the kernel again on the written files,
// on the same port, as develop does, while the page polls until it answers. An entry is written
// through the content-manager API; then the text field is renamed and the number deleted (the
// server's 409 names the row in a confirmation); after the second restart the entry's value is
// under the new name. axe-clean on the screen and its dialogs. Outside development the screen is
// read-only and says why.

import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { seriousViolations } from '../../../helpers/axe.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/database.js';
import { startKernel, type StartOptions, type TestKernel } from '../../../helpers/kernel.js';
import { BROWSER_RUN, type PanelBrowser, signIn, usePanel } from '../../../helpers/panel.js';
import { as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';

const BOOK = 'api::book.book';

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
  const forgetRestartNoise = () => {
    const kept = b.problems.filter((p) => !/ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|Failed to fetch/.test(p));
    b.problems.splice(0, b.problems.length, ...kept);
  };
  /** Clicks Save (or a confirmation), waits for the update-schema answer, restarts the kernel as
   *  develop would, and waits for the screen to say the server is back. */
  const saveAndRestart = async (act: () => Promise<unknown>): Promise<Response> => {
    const answer = page.waitForResponse((r) => r.url().endsWith('/content-type-builder/update-schema') && r.request().method() === 'POST');
    await act();
    const res = await answer;
    if (res.status() !== 200) return res;
    await page.getByText('Saved. The server is restarting on the new schema files').waitFor();
    const back = page.waitForResponse((r) => r.url().endsWith('/content-type-builder/schema') && r.status() === 200, { timeout: 30_000 });
    await restart();
    await back;
    await page.getByText('The server is back with the new schema').waitFor();
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

  it('is read-only outside development, and says why', async () => {
    await restart({});
    await page.goto(`${k!.url}/admin/plugins/content-type-builder/content-types/${BOOK}`);
    await page.getByRole('heading', { name: 'Book', level: 1 }).waitFor();
    await page.getByText(/^Read-only: this server does not write schema files/).waitFor();
    expect(await page.getByRole('button', { name: 'Add another field' }).count()).to.equal(0);
    expect(await page.getByRole('button', { name: /Create new/ }).count()).to.equal(0);
    expect(await seriousViolations(page, 'read-only builder')).to.deep.equal([]);
  });
});
