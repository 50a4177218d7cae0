// The OpenAPI document of the example app, over HTTP: valid by a maintained validator, equal to
// the checked-in docs/openapi.json, one operation per route with its permission, typed query
// parameters per content type, no private attribute anywhere, and answers that fit it.

import { validate } from '@readme/openapi-parser';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import qs from 'qs';
import { tokenClient } from '../../helpers/api-tokens.js';
import { ROOT } from '../../helpers/kernel.js';
import { at, useExampleApp, type OpenApi } from './helpers.js';
import { validatorFor } from './validate.js';

const CHECKED_IN = join(ROOT, 'docs/openapi.json');

describe('OpenAPI: the document of the example app', () => {
  const get = useExampleApp();
  let doc: OpenApi;
  before(async () => {
    const res = await fetch(`${get().url}/api/openapi.json`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    doc = await res.json() as OpenApi;
  });

  it('is an OpenAPI 3.1 document without errors or warnings (@readme/openapi-parser)', async () => {
    expect(doc.openapi).to.equal('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, JSON.stringify(result)).to.equal(true);
    expect(result.warnings).to.deep.equal([]);
  });

  it('is the checked-in docs/openapi.json (regenerate: npm run generate -- openapi --output docs/openapi.json)', () => {
    const checkedIn = JSON.parse(readFileSync(CHECKED_IN, 'utf8')) as unknown;
    expect(doc).to.deep.equal(checkedIn);
  });

  it('has one operation per route, the document\'s own excepted, each naming its permission', () => {
    const routes = get().kernel.routes.all().filter((r) => r.config.owner !== 'openapi');
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations).to.have.lengthOf(routes.length);
    for (const route of routes) {
      const op = at(doc, route.path.replace(/:(\w+)/g, '{$1}'), route.method.toLowerCase());
      if (route.config.auth) {
        expect(op['x-strata-permission'], route.path).to.equal(route.action);
        expect(op.description, route.path).to.contain(`Permission: \`${route.action}\``);
        expect(op.security).to.deep.equal([{ bearerAuth: [] }, {}]);
      } else {
        expect(op.security, route.path).to.deep.equal([]);
      }
    }
    expect(Object.keys(doc.paths)).to.include.members([
      '/api/articles/{documentId}/actions/publish', '/api/i18n/locales', '/api/upload', '/api/auth/local', '/api/users/me', '/api/webhooks',
    ]);
    expect(doc.components.securitySchemes).to.have.key('bearerAuth');
  });

  it('types the query parameters of a list per content type, in deepObject style', () => {
    const params = at(doc, '/api/articles', 'get').parameters as Array<Record<string, unknown>>;
    const byName = Object.fromEntries(params.map((p) => [p.name, p]));
    expect(Object.keys(byName)).to.include.members(['filters', 'sort', 'fields', 'populate', 'pagination', 'status', 'locale']);
    expect(byName.filters).to.deep.include({ in: 'query', style: 'deepObject', explode: true, schema: { $ref: '#/components/schemas/ArticleFilters' } });
    expect(byName.status!.schema).to.deep.equal({ type: 'string', enum: ['draft', 'published'] });
    const filters = doc.components.schemas.ArticleFilters as { properties: Record<string, unknown>; additionalProperties: boolean };
    expect(filters.additionalProperties).to.equal(false);
    expect(filters.properties.title).to.deep.equal({ anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { $ref: '#/components/schemas/StringOperators' }] });
    const presence = { type: 'object', additionalProperties: false, properties: { $null: { type: 'boolean' }, $notNull: { type: 'boolean' } } };
    expect(filters.properties.category).to.deep.equal({ anyOf: [{ $ref: '#/components/schemas/CategoryFilters' }, presence] });
    expect(filters.properties.seo).to.deep.equal({ anyOf: [{ $ref: '#/components/schemas/ComponentSharedSeoFilters' }, presence] });
    expect(filters.properties.$or).to.deep.equal({ type: 'array', items: { $ref: '#/components/schemas/ArticleFilters' } });
    // Filtering on media and dynamic zones is refused by the query engine: not offered
    expect(filters.properties).to.not.have.any.keys('cover', 'gallery', 'blocks');
    const sortKeys = ((doc.components.schemas.ArticleSort as { anyOf: Array<{ items?: { anyOf: Array<{ enum?: string[] }> } }> }).anyOf[1]!.items!.anyOf[0]!.enum)!;
    expect(sortKeys).to.include.members(['title', 'title:asc', 'title:desc']).and.not.include('metadata');
    expect(at(doc, '/api/global', 'get').parameters).to.satisfy((ps: Array<{ name: string }>) => !ps.some((p) => p.name === 'filters'));
  });

  it('describes a dynamic zone as oneOf its components, told apart by __component', () => {
    const blocks = (doc.components.schemas.ArticleInput as { properties: Record<string, { items: Record<string, unknown> }> }).properties.blocks!.items;
    expect(blocks.discriminator).to.deep.equal({
      propertyName: '__component',
      mapping: {
        'shared.quote': '#/components/schemas/ComponentSharedQuoteInputEntry',
        'shared.rich-text': '#/components/schemas/ComponentSharedRichTextInputEntry',
        'shared.media': '#/components/schemas/ComponentSharedMediaInputEntry',
      },
    });
    expect(doc.components.schemas.ComponentSharedQuoteInputEntry).to.deep.include({ required: ['__component'], properties: { __component: { const: 'shared.quote' } } });
  });

  it('leaves out private attributes everywhere: answers, writes, filters, sort, fields, populate', () => {
    const text = JSON.stringify(doc);
    for (const name of ['resetPasswordToken', 'confirmationToken', 'tokenVersion', 'resetPasswordExpiresAt']) expect(text, name).to.not.contain(`"${name}"`);
    const user = doc.components.schemas.UsersPermissionsUser as { properties: Record<string, unknown> };
    expect(user.properties).to.include.keys('username', 'email').and.not.have.any.keys('password');
    expect((doc.components.schemas.UsersPermissionsUserFilters as { properties: object }).properties).to.not.have.any.keys('password');
  });

  describe('answers fit it', () => {
    let secret = '';
    const validator = () => validatorFor(doc);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await tokenClient(get()).as(secret, method, path, body);
      const url = new URL(path, 'http://x');
      const problems = [...validator().request(method, path, body), ...validator().response(method, url.pathname, res.status, res.body)];
      expect(problems, `${method} ${path} -> ${res.status} ${res.text.slice(0, 300)}`).to.deep.equal([]);
      return res;
    };
    before(async () => { secret = await tokenClient(get()).secret({ type: 'full-access' }); });

    it('for writes and reads of documents with relations, components and a dynamic zone', async () => {
      const category = await call('POST', '/api/categories', { data: { name: 'Tea', slug: 'tea' } });
      expect(category.status).to.equal(201);
      const author = await call('POST', '/api/authors', { data: { name: 'Ada', email: 'ada@example.com' } });
      const created = await call('POST', '/api/articles?status=published', {
        data: {
          title: 'Green tea', category: category.body.data.documentId, authors: { connect: [{ documentId: author.body.data.documentId, position: { end: true } }] },
          seo: { metaTitle: 'Green tea', metaDescription: 'All about green tea, brewed at 80 degrees' },
          blocks: [{ __component: 'shared.quote', title: 'Proverb', body: 'Tea is a cup of life' }],
          views: '9007199254740993', price: 4.5, reviewState: 'approved', publishDate: '2026-11-28',
        },
      });
      expect(created.status).to.equal(201);
      const query = qs.stringify({
        filters: { title: { $containsi: 'tea' }, category: { slug: { $eq: 'tea' } } },
        populate: { category: { fields: ['name'] }, authors: true, seo: true, blocks: true, cover: true },
        sort: ['title:asc'], pagination: { page: 1, pageSize: 5 },
      }, { encodeValuesOnly: true });
      const list = await call('GET', `/api/articles?${query}`);
      expect(list.body.data).to.have.lengthOf(1);
      await call('GET', `/api/articles/${String(created.body.data.documentId)}?populate=*`);
      await call('PUT', `/api/articles/${String(created.body.data.documentId)}`, { data: { title: 'Green tea, brewed' } });
      await call('GET', '/api/articles?pagination[start]=0&pagination[limit]=1');
      await call('POST', `/api/articles/${String(created.body.data.documentId)}/actions/unpublish`);
      await call('GET', '/api/global');
      await call('GET', '/api/i18n/locales');
      await call('GET', '/api/upload/files');
      await call('GET', '/api/webhooks');
      await call('GET', '/api/users-permissions/roles');
    });

    it('for the less common query forms the server accepts (presence, lists, dotted sort, id fields, zones)', async () => {
      for (const query of [
        { filters: { category: { $null: true } } },
        { filters: { title: ['Green tea', 'Black tea'], reviewState: { $or: [{ $eq: 'approved' }, { $eq: 'archived' }] } } },
        { sort: ['category.name:DESC', 'title:ASC'], fields: ['id', 'documentId', 'title'] },
        { populate: { blocks: { on: { 'shared.quote': true, 'shared.media': { populate: '*' } } } } },
        { populate: { blocks: { populate: '*' } } },
      ]) {
        const res = await call('GET', `/api/articles?${qs.stringify(query, { encodeValuesOnly: true })}`);
        expect(res.status, JSON.stringify(query)).to.equal(200);
        // And the query object itself fits the parameters' schemas
        const params = at(doc, '/api/articles', 'get').parameters as Array<{ name: string; schema: Record<string, unknown> }>;
        for (const [name, value] of Object.entries(query)) {
          expect(validator().value(params.find((p) => p.name === name)!.schema, value), `${name} ${JSON.stringify(value)}`).to.deep.equal([]);
        }
      }
    });

    it('for errors, in the error envelope', async () => {
      expect((await call('GET', '/api/articles/nope')).status).to.equal(404);
      expect((await call('GET', '/api/articles?filters[nope][$eq]=1')).status).to.equal(400);
      const anonymous = await fetch(`${get().url}/api/webhooks`);
      expect(validator().response('GET', '/api/webhooks', anonymous.status, await anonymous.json())).to.deep.equal([]);
      expect(anonymous.status).to.equal(403);
    });

    it('for the auth flows and users', async () => {
      const registered = await call('POST', '/api/auth/local/register', { username: 'reader', email: 'reader@example.com', password: 'correct horse' });
      expect(registered.body).to.have.keys('jwt', 'user');
      await call('POST', '/api/auth/local', { identifier: 'reader', password: 'correct horse' });
      await call('GET', '/api/users?populate=role');
      await call('GET', '/api/users/count');
    });
  });
});
