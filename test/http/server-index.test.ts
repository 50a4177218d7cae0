// GET / outside production: the content types with their routes and the pages plugins serve
// (the API reference, GraphQL), as a page or as JSON; absent in production and when the app
// has a GET / route of its own.

import { expect } from 'chai';
import { definePlugin } from '../../core/index.js';
import { useKernel } from '../helpers/suite.js';
import { useExampleApp } from '../plugins/openapi/helpers.js';

const json = { accept: 'application/json' };

describe('GET / (the development index)', () => {
  const get = useExampleApp();

  it('lists the content types with their routes, the plugins\' pages and the docs, as JSON', async () => {
    const res = await fetch(`${get().url}/`, { headers: json });
    expect(res.status).to.equal(200);
    expect(res.headers.get('vary')).to.match(/accept/i);
    const index = await res.json() as { contentTypes: Array<{ uid: string; routes: string[] }>; links: Array<{ title: string; path: string }>; docs: string };
    const article = index.contentTypes.find((ct) => ct.uid === 'api::article.article');
    expect(article?.routes).to.include.members(['GET /api/articles', 'POST /api/articles', 'DELETE /api/articles/:documentId', 'POST /api/articles/:documentId/actions/publish']);
    expect(index.contentTypes.map((ct) => ct.uid)).to.not.include('plugin::users-permissions.user');
    expect(index.links.map((l) => `${l.title} ${l.path}`)).to.have.members(['GraphQL /graphql', 'API reference /api/docs', 'OpenAPI document /api/openapi.json']);
    // A file that is there (no registry page that may not exist yet): this checkout's docs
    expect(index.docs).to.equal('docs/README.md');
  });

  it('answers a browser with a page of links, scripts not allowed', async () => {
    const res = await fetch(`${get().url}/`, { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).to.not.contain('script-src');
    const html = await res.text();
    expect(html).to.contain('<a href="/api/docs">API reference</a>').and.contain('<code>GET /api/articles</code>').and.not.contain('<script');
    expect((await fetch(`${get().url}/`, { method: 'POST' })).status).to.equal(404);
  });

  describe('in production', () => {
    const prod = useKernel({ config: { server: { environment: 'production' }, api: { tokens: { salt: 'test-salt-0123456789abcdef-0123456789' } } } });
    it('is not served', async () => {
      expect((await fetch(`${prod().url}/`, { headers: json })).status).to.equal(404);
    });
  });

  describe('with a GET / route of the app', () => {
    const own = useKernel({
      plugins: [definePlugin({
        name: 'home',
        register(api) {
          api.hooks.buildRoutes.tap('home', (routes) => {
            routes.add({ method: 'GET', path: '/', action: 'home', query: [], config: { auth: false, owner: 'home' }, handler: async (ctx) => { ctx.body = { home: true }; } });
          });
        },
      })],
    });
    it('leaves it to that route', async () => {
      expect(await (await fetch(`${own().url}/`, { headers: json })).json()).to.deep.equal({ home: true });
    });
  });
});
