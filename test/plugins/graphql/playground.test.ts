// The GraphiQL playground at the endpoint: the page and its allow-listed files over HTTP with the
// page's own CSP, GraphQL GETs untouched, production off unless playgroundAlways, and a real
// browser (Debian's chromium through playwright-core) that loads it offline with no CSP error,
// browses the schema, runs a query and sends an Authorization header set in the Headers tab.

import { expect } from 'chai';
import { existsSync, mkdirSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PLAYGROUND_CSP } from '../../../plugins/graphql/playground.js';
import { tokenClient } from '../../helpers/api-tokens.js';
import { ROOT, type TestKernel } from '../../helpers/kernel.js';
import { upPlugin, useGraphqlKernel } from './helpers.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Written under .tmp/ (ignored), never over the tracked docs/images/graphql-playground.png: copy it there to
// refresh the docs' picture
const SCREENSHOT = join(ROOT, '.tmp/screenshots/graphql-playground.png');
const PROD = { server: { environment: 'production' }, api: { tokens: { salt: 'test-salt-0123456789abcdef-0123456789' } } };

const openPage = (app: TestKernel, path = '/graphql') => fetch(`${app.url}${path}`, { headers: { accept: BROWSER_ACCEPT } });

/** The asset URLs the page links to. */
async function assetsOf(res: Response): Promise<string[]> {
  return [...(await res.text()).matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
}

/** A GET with the path sent as written (fetch would resolve the dots first). */
function rawGet(app: TestKernel, path: string): Promise<number> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    request({ host: hostname, port, path, method: 'GET' }, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', reject).end();
  });
}

describe('GraphQL: playground', () => {
  const get = useGraphqlKernel({}, {
    config: { api: { tokens: { salt: 'test-salt-for-api-tokens' } } },
    // Anonymous callers list articles; authors need a token
    pluginsConfig: upPlugin({ permissions: { public: ['api::article.article.find'], authenticated: [] } }),
  });

  it("serves the page to a browser with its own CSP in place of the kernel's", async () => {
    const res = await openPage(get());
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).to.equal(PLAYGROUND_CSP);
    expect(PLAYGROUND_CSP).to.match(/script-src 'self';/).and.not.match(/unsafe/);
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(res.headers.get('vary')).to.match(/\baccept\b/i);
    const html = await res.text();
    expect(html).to.contain('data-endpoint="/graphql"').and.not.match(/<script>|https?:\/\//);
  });

  it('serves each linked file with its type, and 404 for any other name under the prefix', async () => {
    const assets = await assetsOf(await openPage(get()));
    expect(assets.map((a) => a.replace(/\.[0-9a-f]{12}\./, '.'))).to.deep.equal([
      '/graphql/playground/graphiql.css', '/graphql/playground/react.js', '/graphql/playground/react-dom.js',
      '/graphql/playground/graphiql.js', '/graphql/playground/start.js',
    ]);
    for (const path of assets) {
      const res = await fetch(`${get().url}${path}`);
      expect(res.status, path).to.equal(200);
      expect(res.headers.get('content-type'), path).to.equal(path.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8');
      expect(res.headers.get('cache-control'), path).to.contain('immutable');
      expect((await res.arrayBuffer()).byteLength, path).to.be.greaterThan(100);
    }
    expect((await fetch(`${get().url}/graphql/playground/graphiql.js`)).status).to.equal(404);
    expect((await fetch(`${get().url}/graphql/playground/graphiql.min.js.map`)).status).to.equal(404);
    expect((await fetch(`${get().url}${assets[1]!}`, { method: 'POST' })).status).to.equal(404);
    for (const path of ['/graphql/playground/../../package.json', '/graphql/playground/..%2F..%2Fpackage.json', '/graphql/playground/%2e%2e/%2e%2e/package.json']) {
      expect(await rawGet(get(), path), path).to.equal(404);
    }
  });

  it('leaves GraphQL GETs and JSON clients to the endpoint', async () => {
    const res = await fetch(`${get().url}/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    expect(res.headers.get('content-security-policy')).to.equal("default-src 'none'; frame-ancestors 'none'");
    expect(await res.json()).to.deep.equal({ data: { __typename: 'Query' } });
    const json = await fetch(`${get().url}/graphql`, { headers: { accept: 'application/json' } });
    expect(json.headers.get('content-type')).to.match(/^application\/json/);
  });

  describe('in a browser (chromium)', () => {
    let browser: Browser | undefined;
    let page: Page;
    const problems: string[] = [];
    const authorizations: Array<string | undefined> = [];
    let secret = '';

    before(async function () {
      this.timeout(60_000);
      if (!existsSync(CHROMIUM)) {
        throw new Error(`no chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH)`);
      }
      const docs = (uid: string) => get().kernel.documents(uid);
      await docs('api::article.article').create({ data: { title: 'Playground article' }, status: 'published' });
      await docs('api::author.author').create({ data: { name: 'Token-only author', email: 'token-only@example.com' } });
      secret = await tokenClient(get()).secret({ type: 'read-only' });
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
      page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
      page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
      page.on('request', (r) => { if (r.method() === 'POST') authorizations.push(r.headers().authorization); });
      // Offline: anything not from the kernel fails
      await page.route((url) => !url.href.startsWith(get().url), (route) => route.abort());
      await page.goto(`${get().url}/graphql`);
      await page.locator('.graphiql-query-editor .CodeMirror').waitFor();
    });
    after(async () => { await browser?.close(); });

    /** Replaces an editor's text as typed text (insertText: no auto-closed brackets). */
    async function typeInto(editor: string, text: string): Promise<void> {
      await page.locator(`${editor} .CodeMirror`).click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.insertText(text);
    }

    it('opens the docs explorer on the Query type and its fields', async () => {
      await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
      const explorer = page.locator('.graphiql-doc-explorer');
      await explorer.getByText('Query', { exact: true }).click();
      await explorer.getByText('articles', { exact: true }).first().waitFor();
      expect(await explorer.textContent()).to.contain('articles_connection').and.contain('authors');
    });

    it('runs a typed query and shows its data', async () => {
      await typeInto('.graphiql-query-editor', '{ articles { title } }');
      await page.getByRole('button', { name: /Execute query/ }).click();
      await page.locator('.graphiql-response').getByText('"Playground article"').waitFor();
    });

    it('sends the Authorization header set in the Headers tab', async () => {
      await page.getByRole('button', { name: 'Headers' }).click();
      await typeInto('.graphiql-editor-tool .graphiql-editor:not(.hidden)', `{\n  "Authorization": "Bearer ${secret}"\n}`);
      await typeInto('.graphiql-query-editor', '{ authors { name } }');
      const sent = page.waitForRequest((r) => r.method() === 'POST' && (r.postData() ?? '').includes('authors'));
      await page.getByRole('button', { name: /Execute query/ }).click();
      expect((await sent).headers().authorization).to.equal(`Bearer ${secret}`);
      // Only the token's role may list authors: the answer shows the header reached the server
      await page.locator('.graphiql-response').getByText('"Token-only author"').waitFor();
      expect(authorizations.filter((a) => a !== undefined)).to.have.lengthOf(1);
      mkdirSync(dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
    });

    // A dialog adds react-remove-scroll's <style> element, which the CSP allows by its hash
    it("opens and closes GraphiQL's settings dialog", async () => {
      await page.getByRole('button', { name: 'Open settings dialog' }).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    });

    it('loaded with no failed request and no console error (CSP violations are console errors)', () => {
      expect(problems).to.deep.equal([]);
    });
  });

  describe('in production', () => {
    const prod = useGraphqlKernel({}, { config: PROD });
    const always = useGraphqlKernel({ playgroundAlways: true }, { config: PROD });

    it('is not served unless playgroundAlways', async () => {
      // The endpoint answers the browser's GET as any GET without a query: no page
      const res = await openPage(prod());
      expect(res.status).to.equal(400);
      expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      expect(await res.json()).to.deep.equal({ errors: [{ message: 'Missing query', extensions: { code: 'BAD_REQUEST' } }] });
      expect(res.headers.get('content-security-policy')).to.equal("default-src 'none'; frame-ancestors 'none'");
      const assets = await assetsOf(await openPage(always()));
      expect(assets).to.have.lengthOf(5);
      expect((await fetch(`${prod().url}${assets[0]!}`)).status).to.equal(404);
    });

    it('is served with playgroundAlways: true', async () => {
      const res = await openPage(always());
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).to.equal(PLAYGROUND_CSP);
      expect(await res.text()).to.contain('data-endpoint="/graphql"');
    });
  });
});
