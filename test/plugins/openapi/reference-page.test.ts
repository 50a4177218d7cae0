// The API reference page: Swagger UI's files from node_modules with the page's own CSP, off in
// production unless turned on, and a real browser (Debian's chromium through playwright-core)
// that opens it offline, finds a content type's operation, and sends requests from it, one with
// a token typed into its Authorize dialog.

import { expect } from 'chai';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PAGE_CSP } from '../../../plugins/openapi/page.js';
import { tokenClient } from '../../helpers/api-tokens.js';
import { ROOT, type TestKernel } from '../../helpers/kernel.js';
import { useKernel } from '../../helpers/suite.js';
import { useExampleApp } from './helpers.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Written under .tmp/ (ignored), never over the tracked docs/images/api-reference.png: copy it there to
// refresh the docs' picture
const SCREENSHOT = join(ROOT, '.tmp/screenshots/api-reference.png');
const PROD_SECRETS = { api: { tokens: { salt: 'test-salt-0123456789abcdef-0123456789' } } };

const assetsOf = async (app: TestKernel): Promise<string[]> =>
  [...(await (await fetch(`${app.url}/api/docs`)).text()).matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);

describe('OpenAPI: the API reference page', () => {
  const get = useExampleApp();

  it("serves the page with its own CSP in place of the kernel's, and its allow-listed files", async () => {
    const res = await fetch(`${get().url}/api/docs`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).to.equal(PAGE_CSP);
    expect(PAGE_CSP).to.match(/script-src 'self';/).and.not.match(/unsafe/);
    expect(await res.text()).to.contain('data-document="/api/openapi.json"').and.not.match(/<script>|https?:\/\//);
    const assets = await assetsOf(get());
    expect(assets.map((a) => a.replace(/\.[0-9a-f]{12}\./, '.'))).to.deep.equal([
      '/api/docs/assets/swagger-ui.css', '/api/docs/assets/swagger-ui-bundle.js', '/api/docs/assets/start.js',
    ]);
    for (const path of assets) expect((await fetch(`${get().url}${path}`)).status, path).to.equal(200);
    expect((await fetch(`${get().url}/api/docs/assets/swagger-ui-bundle.js`)).status).to.equal(404);
    expect((await fetch(`${get().url}/api/docs/assets/index.html`)).status).to.equal(404);
  });

  // What the browser does depends on the page, not on the database: once, on the default (SQLite) run
  (process.env.DATABASE_CLIENT ?? 'sqlite') === 'sqlite' ? describe('in a browser (chromium)', browserTests) : describe.skip('in a browser (chromium)', browserTests);

  function browserTests(): void {
    let browser: Browser | undefined;
    let page: Page;
    const problems: string[] = [];
    let secret = '';

    before(async function () {
      this.timeout(60_000);
      if (!existsSync(CHROMIUM)) {
        throw new Error(`no chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH)`);
      }
      await get().kernel.documents('api::article.article').create({ data: { title: 'Reference article' }, status: 'published' });
      secret = await tokenClient(get()).secret({ type: 'full-access' });
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
      page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.on('console', (m) => { if (m.type() === 'error') problems.push(`console ${m.type()}: ${m.text()}`); });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
      // Offline: anything not from the kernel fails
      await page.route((url) => !url.href.startsWith(get().url), (route) => route.abort());
      await page.goto(`${get().url}/api/docs`);
      await page.locator('.opblock-tag-section').first().waitFor();
    });
    after(async () => { await browser?.close(); });

    const operation = (method: string, path: string) => page.locator(`.opblock-${method}`).filter({
      has: page.locator(`.opblock-summary-path[data-path="${path}"]`),
    });

    it('lists a content type\'s operations under its name, with the permission each needs', async () => {
      const list = operation('get', '/api/articles');
      await list.waitFor();
      await list.locator('.opblock-summary').click();
      await list.getByText('Permission:').waitFor();
      expect(await list.textContent()).to.contain('api::article.article.find');
    });

    it('sends a request from the page and shows the answer', async () => {
      const list = operation('get', '/api/articles');
      await list.getByRole('button', { name: 'Try it out' }).click();
      await list.getByRole('button', { name: 'Execute' }).click();
      const answer = list.locator('.live-responses-table');
      await answer.getByText('Reference article').first().waitFor();
      expect(await answer.locator('tbody .response-col_status').first().textContent()).to.contain('200');
    });

    it('sends the token typed into its Authorize dialog', async () => {
      await page.getByRole('button', { name: /Authorize/ }).first().click();
      const dialog = page.locator('.modal-ux');
      await dialog.locator('input').first().fill(secret);
      await dialog.getByRole('button', { name: 'Apply credentials' }).click();
      await dialog.getByRole('button', { name: 'Close' }).click();
      const create = operation('post', '/api/categories');
      await create.locator('.opblock-summary').click();
      await create.getByRole('button', { name: 'Try it out' }).click();
      await create.locator('textarea.body-param__text').fill(JSON.stringify({ data: { name: 'From the reference', slug: 'from-the-reference' } }));
      const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/categories'));
      await create.getByRole('button', { name: 'Execute' }).click();
      expect((await sent).headers().authorization).to.equal(`Bearer ${secret}`);
      const answer = create.locator('.live-responses-table');
      await answer.getByText('From the reference').first().waitFor();
      expect(await answer.locator('tbody .response-col_status').first().textContent()).to.contain('201');
      await answer.scrollIntoViewIfNeeded();
      mkdirSync(dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
    });

    it('loaded with no failed request and no console error (CSP violations are console errors)', () => {
      expect(problems).to.deep.equal([]);
    });
  }

  describe('beside a content type whose route is its path', () => {
    const doc = { kind: 'collectionType', collectionName: 'docs', info: { singularName: 'doc', pluralName: 'docs', displayName: 'Doc' }, attributes: { title: { type: 'string' } } };
    const app = useKernel({ contentTypesDir: false, schemas: { contentTypes: [{ file: 'doc.json', schema: doc }], components: [] }, config: { plugins: { openapi: {} } } });

    it('leaves GET /api/docs to the content type, and says so', async () => {
      const res = await fetch(`${app().url}/api/docs`);
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.include({ data: [] });
      expect(app().logs.map((l) => l.message)).to.include('openapi: /api/docs is a route of the app; the API reference is not served (set pagePath in config/plugins.ts)');
      expect((await fetch(`${app().url}/api/openapi.json`)).status).to.equal(200);
    });
  });

  describe('in production', () => {
    const prod = useExampleApp((config) => { Object.assign(config, { server: { environment: 'production' }, ...PROD_SECRETS }); withUp(config); });
    const on = useExampleApp((config) => {
      Object.assign(config, { server: { environment: 'production' }, ...PROD_SECRETS });
      withUp(config);
      config.plugins.openapi = { enabled: true, config: { serveDocument: true, servePage: true } };
    });

    it('serves neither the document nor the page unless turned on', async () => {
      expect((await fetch(`${prod().url}/api/openapi.json`)).status).to.equal(404);
      expect((await fetch(`${prod().url}/api/docs`)).status).to.equal(404);
      const assets = await assetsOf(on());
      expect(assets).to.have.lengthOf(3);
      expect((await fetch(`${prod().url}${assets[0]!}`)).status).to.equal(404);
    });

    it('serves both with serveDocument and servePage', async () => {
      expect((await fetch(`${on().url}/api/openapi.json`)).status).to.equal(200);
      expect((await fetch(`${on().url}/api/docs`)).status).to.equal(200);
    });
  });
});

/** Production needs a JWT secret for users-permissions. */
function withUp(config: { plugins: Record<string, unknown> }): void {
  const up = config.plugins['users-permissions'] as { config: { jwt: Record<string, unknown> } };
  up.config.jwt = { ...up.config.jwt, secret: 'test-jwt-secret-0123456789abcdef' };
}
