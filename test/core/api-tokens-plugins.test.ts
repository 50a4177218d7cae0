// API tokens beside the first-party plugins: draft reads are their own permission (readDraft),
// and plugin routes' actions can be named in a custom token.

import { expect } from 'chai';
import { expectRefusal, TEST_SALT, tokenClient } from '../helpers/api-tokens.js';
import { expectStatus, useKernel } from '../helpers/suite.js';

describe('API tokens with draft-and-publish and i18n', function () {
  this.timeout(60_000);
  const app = useKernel({
    config: {
      api: { tokens: { salt: TEST_SALT } },
      plugins: { 'draft-and-publish': { enabled: true }, i18n: { enabled: true, config: { locales: ['en', 'fr'] } } },
    },
  });

  it('lets a read-only token read published content but not drafts', async () => {
    const { as, secret: make } = tokenClient(app());
    const secret = await make({ type: 'read-only' });
    expectStatus(await as(secret, 'GET', '/api/articles'), 200);
    expectStatus(await as(secret, 'GET', '/api/articles?locale=fr'), 200);
    expectRefusal(await as(secret, 'GET', '/api/articles?status=draft'), 403, 'You are not allowed to read draft content for this content type');
  });

  it('lets a custom token name readDraft, publish and a plugin route\'s action', async () => {
    const { as, secret: make } = tokenClient(app());
    const secret = await make({
      type: 'custom',
      permissions: ['api::article.article.find', 'api::article.article.readDraft', 'plugin::i18n.locales.listLocales'],
    });
    expectStatus(await as(secret, 'GET', '/api/articles?status=draft'), 200);
    const locales = await as(secret, 'GET', '/api/i18n/locales');
    expectStatus(locales, 200);
    expect(JSON.stringify(locales.body)).to.contain('"fr"');
    expectRefusal(await as(secret, 'POST', '/api/articles', { data: { title: 'No' } }), 403, 'Forbidden: api::article.article.create');
  });

  it('adds nothing of its own to the token table\'s routes', () => {
    expect(app().kernel.routes.all().map((r) => r.path).filter((p) => p.includes('token'))).to.deep.equal([]);
  });
});
