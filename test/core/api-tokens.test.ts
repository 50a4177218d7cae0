// API tokens over HTTP, with no plugin enabled: what each token type may do, how the bearer is
// parsed, and the 401s for unknown, revoked and expired tokens.

import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { Plugin } from '../../core/index.js';
import { expectRefusal, stamp, TEST_SALT, tokenClient } from '../helpers/api-tokens.js';
import { startKernel } from '../helpers/kernel.js';
import { create, expectStatus, fresh, useKernel, type Json } from '../helpers/suite.js';

describe('API tokens over HTTP', function () {
  this.timeout(60_000);
  const app = useKernel({ config: { api: { tokens: { salt: TEST_SALT } } } });
  let category: Json;
  let article: Json;

  before(async () => {
    category = await create(app(), 'categories', { name: 'Tech' });
    article = await create(app(), 'articles', { title: 'Hello', category: category.documentId });
  });

  describe('read-only', () => {
    let secret: string;
    before(async () => { secret = await tokenClient(app()).secret({ type: 'read-only' }); });

    it('lists and reads one document', async () => {
      const { as } = tokenClient(app());
      const list = await as(secret, 'GET', '/api/articles');
      expectStatus(list, 200);
      expect(list.body.data.map((a: Json) => a.title)).to.include('Hello');
      expectStatus(await as(secret, 'GET', `/api/articles/${article.documentId}`), 200);
      const populated = await as(secret, 'GET', `/api/articles/${article.documentId}?populate=category`);
      expect(populated.body.data.category.name).to.equal('Tech');
    });

    it('is refused every write with 403 Forbidden', async () => {
      const { as } = tokenClient(app());
      expectRefusal(await as(secret, 'POST', '/api/articles', { data: { title: 'No' } }), 403, 'Forbidden: api::article.article.create');
      expectRefusal(await as(secret, 'PUT', `/api/articles/${article.documentId}`, { data: { title: 'No' } }), 403, 'Forbidden: api::article.article.update');
      expectRefusal(await as(secret, 'DELETE', `/api/articles/${article.documentId}`), 403, 'Forbidden: api::article.article.delete');
      expectRefusal(await as(secret, 'PUT', '/api/global', { data: { siteName: 'No' } }), 403, 'Forbidden: api::global.global.update');
      expectStatus(await app().get(`/api/articles/${article.documentId}`), 200, 'the article is untouched');
    });
  });

  describe('full-access', () => {
    it('creates, updates and deletes', async () => {
      const { as, secret: make } = tokenClient(app());
      const secret = await make({ type: 'full-access' });
      const created = await as(secret, 'POST', '/api/categories', { data: { name: 'Made by a token' } });
      expectStatus(created, 201);
      const id = created.body.data.documentId as string;
      expectStatus(await as(secret, 'PUT', `/api/categories/${id}`, { data: { name: 'Renamed' } }), 200);
      expectStatus(await as(secret, 'DELETE', `/api/categories/${id}`), 204);
    });
  });

  describe('custom', () => {
    let secret: string;
    before(async () => {
      secret = await tokenClient(app()).secret({ type: 'custom', permissions: ['api::article.article.find', 'api::article.article.findOne'] });
    });

    it('allows exactly its list', async () => {
      const { as } = tokenClient(app());
      expectStatus(await as(secret, 'GET', '/api/articles'), 200);
      expectStatus(await as(secret, 'GET', `/api/articles/${article.documentId}`), 200);
      expectRefusal(await as(secret, 'GET', '/api/categories'), 403, 'Forbidden: api::category.category.find');
      expectRefusal(await as(secret, 'GET', `/api/categories/${category.documentId}`), 403, 'Forbidden: api::category.category.findOne');
      expectRefusal(await as(secret, 'POST', '/api/articles', { data: { title: 'No' } }), 403, 'Forbidden: api::article.article.create');
      expectRefusal(await as(secret, 'GET', '/api/global'), 403, 'Forbidden: api::global.global.find');
    });

    it('drops populate of a relation whose target it cannot find', async () => {
      const res = await tokenClient(app()).as(secret, 'GET', `/api/articles/${article.documentId}?populate=category`);
      expectStatus(res, 200);
      expect(res.body.data.title).to.equal('Hello');
      expect(res.body.data).to.not.have.property('category');
    });

    it('answers 400 to filters or sort through that relation', async () => {
      const { as } = tokenClient(app());
      for (const query of ['filters[category][name][$eq]=x', 'sort=category.name']) {
        const res = await as(secret, 'GET', `/api/articles?${query}`);
        expect(res.status, `${query} -> ${res.text}`).to.equal(400);
        expect(res.body.error.name).to.equal('ValidationError');
        expect(res.body.error.details.key).to.equal('category');
      }
    });
  });

  describe('credentials that are not a live token', () => {
    const refused = (headers: string) => app().request('GET', '/api/articles', undefined, { authorization: headers });

    it('answers 401 to an unknown token, a garbage bearer and other schemes', async () => {
      for (const header of [
        `Bearer ${randomBytes(128).toString('hex')}`, 'Bearer garbage', 'Bearer', 'Bearer a b', 'Basic dXNlcjpwYXNz', 'token',
      ]) {
        expectRefusal(await refused(header), 401, 'Missing or invalid credentials');
      }
    });

    it('reads the scheme case-insensitively and splits on any whitespace', async () => {
      const secret = await tokenClient(app()).secret({ type: 'read-only' });
      expectStatus(await refused(`bearer ${secret}`), 200);
      expectStatus(await refused(`BEARER \t ${secret}  `), 200);
      expectRefusal(await refused(`Bearer ${secret.toUpperCase()}`), 401, 'Missing or invalid credentials');
    });

    it('still serves anonymous requests when no plugin closes the API', async () => {
      expectStatus(await app().get('/api/articles'), 200);
    });

    it('answers 401 once the token is revoked', async () => {
      const { as } = tokenClient(app());
      const { token, secret } = await app().kernel.apiTokens.create({ name: fresh('revoked'), type: 'full-access' });
      expectStatus(await as(secret, 'GET', '/api/articles'), 200);
      expect((await app().kernel.apiTokens.revoke({ id: token.id }))?.name).to.equal(token.name);
      expectRefusal(await as(secret, 'GET', '/api/articles'), 401, 'Missing or invalid credentials');
    });

    it('answers 401 Token expired after expiresAt', async () => {
      const { as } = tokenClient(app());
      const { token, secret } = await app().kernel.apiTokens.create({ name: fresh('expiring'), type: 'read-only', lifespan: 7 });
      expectStatus(await as(secret, 'GET', '/api/articles'), 200);
      await app().kernel.db('strapi_api_tokens').where({ id: token.id }).update({ expires_at: stamp(app(), new Date(Date.now() - 1000)) });
      expectRefusal(await as(secret, 'GET', '/api/articles'), 401, 'Token expired');
    });
  });

  describe('the token table', () => {
    it('has no REST routes, even for a full-access token', async () => {
      const secret = await tokenClient(app()).secret({ type: 'full-access' });
      expect(app().kernel.routes.all().filter((r) => r.contentType === 'admin::api-token')).to.deep.equal([]);
      for (const path of ['/api/api-tokens', '/api/api-token', '/api/strapi-api-tokens']) {
        expect((await tokenClient(app()).as(secret, 'GET', path)).status, path).to.equal(404);
      }
    });

    it('cannot be named in a permission', async () => {
      const err = await app().kernel.apiTokens.create({ name: fresh('sneaky'), type: 'custom', permissions: ['admin::api-token.find'] })
        .then(() => null, (e: unknown) => e as Error);
      expect(err?.message).to.match(/admin::api-token has no content-API routes/);
    });
  });
});

// A type that relates to the tokens: a schema file cannot declare one (admin:: is no content-API
// target), a plugin can add one in registerModels. The relation then reaches a token's row, and
// its name shows; the access key never does, nor can a filter or sort probe it.
const NOTE = {
  kind: 'collectionType', collectionName: 'notes', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  attributes: { title: { type: 'string' } },
};
const TOKEN_RELATION = { type: 'relation', relation: 'manyToOne', target: 'admin::api-token' } as const;

describe('API tokens through a relation', function () {
  this.timeout(60_000);
  const relating: Plugin = {
    name: 'token-notes',
    register(kernel) {
      kernel.hooks.registerModels.tap('token-notes', (r) => r.addAttribute('api::note.note', 'token', TOKEN_RELATION, { owner: 'token-notes' }));
    },
  };
  const notes = { contentTypes: [{ file: 'note.json', schema: NOTE }], components: [] };
  const app = useKernel({ contentTypesDir: false, schemas: notes, plugins: [relating], config: { api: { tokens: { salt: TEST_SALT } } } });

  it('cannot be declared in a schema file', async () => {
    const withRelation = { contentTypes: [{ file: 'note.json', schema: { ...NOTE, attributes: { ...NOTE.attributes, token: TOKEN_RELATION } } }], components: [] };
    const err = await startKernel({ contentTypesDir: false, schemas: withRelation }).then((a) => a.stop().then(() => null), (e: unknown) => e as Error);
    expect(err?.message).to.contain('note.json: attributes.token.target: unknown content type "admin::api-token"');
  });

  it('populates the token but never its access key, and refuses probes of the key', async () => {
    const { token, secret } = await app().kernel.apiTokens.create({ name: fresh('related'), type: 'full-access' });
    const [row] = await app().kernel.db('strapi_api_tokens').where({ id: token.id }).select('document_id', 'access_key') as Array<{ document_id: string; access_key: string }>;
    await app().kernel.documents('api::note.note').create({ data: { title: 'Holds a token', token: row!.document_id } });
    const { as } = tokenClient(app());
    const populated = await as(secret, 'GET', '/api/notes?populate=*');
    expectStatus(populated, 200);
    const [note] = populated.body.data as Json[];
    // The relation reaches the row: the probes below are refused for the key, not for want of a link
    expect(note!.token).to.include({ name: token.name, documentId: row!.document_id });
    expect(note!.token).to.not.have.any.keys('accessKey', 'access_key');
    expect(populated.text).to.not.contain(row!.access_key);
    const probes = [
      `populate[token][fields][0]=accessKey`, `filters[token][accessKey][$eq]=${row!.access_key}`, 'filters[token][accessKey][$null]=false',
      'sort=token.accessKey', 'populate[token][sort]=accessKey',
    ];
    for (const probe of probes) {
      const res = await as(secret, 'GET', `/api/notes?${probe}`);
      expect(res.status, `${probe} -> ${res.text}`).to.equal(400);
      expect(res.body.error.details.key, probe).to.equal('accessKey');
      expect(res.text, probe).to.not.contain(row!.access_key);
    }
  });
});
