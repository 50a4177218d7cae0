// The panel's page and files as the kernel serves them: at /admin with its own strict CSP and no
// inline script, its files by content hash, any panel URL a browser opens (so a reload lands on
// the same screen), while the admin API under /admin still answers JSON. The path can change and
// the panel can be turned off.

import { expect } from 'chai';
import { PANEL_CSP } from '../../../../plugins/admin/panel-page.js';
import { ensurePanelBuilt } from '../../../helpers/panel.js';
import { useKernel } from '../../../helpers/suite.js';
import { adminOptions } from '../helpers.js';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('admin panel: serving', () => {
  before(ensurePanelBuilt);

  describe('at /admin', () => {
    const app = useKernel(adminOptions());

    it('answers a browser with the page, its own CSP and module scripts from its own files only', async () => {
      const res = await fetch(`${app().url}/admin`, { headers: html });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-security-policy')).to.equal(PANEL_CSP);
      expect(PANEL_CSP).to.match(/script-src 'self';/).and.not.match(/unsafe|https?:/);
      const page = await res.text();
      expect(page).to.not.match(/<script>|<script [^>]*>[^<]|https?:\/\/|style="/);
      const assets = [...page.matchAll(/(?:src|href)="(\/admin\/assets\/[^"]+)"/g)].map((m) => m[1]!);
      expect(assets.map((a) => a.replace(/\.[0-9a-f]{12}\./, '.'))).to.deep.equal(['/admin/assets/main.css', '/admin/assets/main.js']);
      expect(page).to.contain('<script type="module" src="/admin/assets/main.');
      for (const path of assets) {
        const file = await fetch(`${app().url}${path}`);
        expect(file.status, path).to.equal(200);
        expect(file.headers.get('cache-control')).to.contain('immutable');
        expect(Number(file.headers.get('content-length') ?? (await file.arrayBuffer()).byteLength)).to.be.greaterThan(1000);
      }
      expect((await fetch(`${app().url}/admin/assets/main.js`)).status).to.equal(404);
      // Escaped, so that fetch sends the dots as they are rather than resolving them
      for (const path of ['/admin/assets/%2e%2e/%2e%2e/package.json', '/admin/assets/..%2f..%2fpackage.json', '/admin/assets/main.css%00.js']) {
        expect((await fetch(`${app().url}${path}`)).status, path).to.equal(404);
      }
    });

    it('serves the page at every panel URL a browser opens, and JSON to the API clients', async () => {
      for (const path of ['/admin/', '/admin/auth/login', '/admin/content-manager/collection-types/api::article.article/abc?locale=fr']) {
        const res = await fetch(`${app().url}${path}`, { headers: html });
        expect(res.status, path).to.equal(200);
        expect(await res.text(), path).to.contain('<div id="app" data-base="/admin">');
      }
      const init = await fetch(`${app().url}/admin/init`, { headers: { accept: 'application/json' } });
      expect(init.status).to.equal(200);
      expect((await init.json()).data.hasAdmin).to.equal(false);
      // fetch's default Accept (*/*) is an API client too
      expect((await (await fetch(`${app().url}/admin/init`)).json()).data).to.have.property('hasAdmin');
      // A write is never the page
      const post = await fetch(`${app().url}/admin/auth/login`, { method: 'POST', headers: html });
      expect(post.status).to.equal(404);
    });
  });

  describe('at another path', () => {
    const app = useKernel(adminOptions({ panel: { path: '/dashboard' } }));

    it('serves the page and its files there, and the admin API where it was', async () => {
      const res = await fetch(`${app().url}/dashboard/content-manager`, { headers: html });
      expect(res.status).to.equal(200);
      const page = await res.text();
      expect(page).to.contain('data-base="/dashboard"').and.contain('src="/dashboard/assets/main.');
      expect((await fetch(`${app().url}/admin`, { headers: html })).status).to.equal(404);
      expect((await fetch(`${app().url}/admin/init`)).status).to.equal(200);
    });
  });

  describe('turned off', () => {
    const app = useKernel(adminOptions({ panel: { enabled: false } }));

    it('serves no page and no file; the admin API still answers', async () => {
      expect((await fetch(`${app().url}/admin`, { headers: html })).status).to.equal(404);
      expect((await fetch(`${app().url}/admin/assets/main.js`)).status).to.equal(404);
      expect((await fetch(`${app().url}/admin/init`)).status).to.equal(200);
    });
  });
});
