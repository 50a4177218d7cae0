// A relation write may not reach a record the caller cannot read: on the example app (articles
// localized and under draft-and-publish, a dynamic zone whose quote links an author), a role that
// writes articles but may not `find` categories or authors is refused any link to them, in every
// form and at every depth, with Strapi's "Invalid key", and nothing is written. REST and GraphQL
// share the rule because the document service applies it.

import { expect } from 'chai';
import { tokenClient } from '../../helpers/api-tokens.js';
import { FIXTURE_CONTENT_TYPES, type TestKernel, type TestResponse } from '../../helpers/kernel.js';
import { expectStatus, useKernel, type Json } from '../../helpers/suite.js';
import { as, JWT_SECRET, register } from './helpers.js';

const A = 'api::article.article';
const C = 'api::category.category';
const AU = 'api::author.author';
const WRITER = [`${A}.find`, `${A}.findOne`, `${A}.create`, `${A}.update`, `${AU}.update`];

function config(graphql: boolean): Json {
  return {
    api: { rest: { strictParams: true } },
    plugins: {
      'draft-and-publish': true,
      i18n: { enabled: true, config: { locales: ['en', 'fr'], defaultLocale: 'en' } },
      graphql: { enabled: graphql },
      'users-permissions': {
        enabled: true,
        config: { jwt: { secret: JWT_SECRET }, ratelimit: { enabled: false }, permissions: { authenticated: WRITER } },
      },
    },
  };
}

/** A 400 whose only field error is "Invalid key <key>" at `path`. */
function expectInvalidKey(res: TestResponse, path: string[], what: string): void {
  expect(res.status, `${what}: ${res.text}`).to.equal(400);
  expect(res.body.error.name, what).to.equal('ValidationError');
  const errors = res.body.error.details.errors as Json[];
  expect(errors.map((e) => e.path), what).to.deep.equal([path]);
  const key = path[path.length - 1];
  expect(errors[0]!.message, what).to.equal(path.length > 1 ? `Invalid key ${key} at ${path.join('.')}` : `Invalid key ${key}`);
}

async function linkCount(app: TestKernel, table: string): Promise<number> {
  const [row] = await app.kernel.db(table).count({ n: '*' }) as Array<{ n: number | string }>;
  return Number(row!.n);
}

describe('Relation writes: a link to a type the caller cannot find', () => {
  const app = useKernel(() => ({ contentTypesDir: FIXTURE_CONTENT_TYPES, config: config(true) }));
  let jwt = '';
  let category = '';
  let author = '';
  let article = '';

  before(async () => {
    ({ jwt } = await register(app(), 'writer'));
    category = (await app().kernel.documents(C).create({ data: { name: 'Hidden category' } })).documentId;
    author = (await app().kernel.documents(AU).create({ data: { name: 'Hidden author', email: 'hidden@example.com' } })).documentId;
    article = (await app().kernel.documents(A).create({ data: { title: 'Existing' } })).documentId;
  });

  const forms: Array<[string, Json, string[]]> = [
    ['shorthand string', { category: '__C__' }, ['category']],
    ['shorthand array', { authors: ['__AU__'] }, ['authors']],
    ['connect', { category: { connect: ['__C__'] } }, ['category']],
    ['connect object with a locale', { authors: { connect: [{ documentId: '__AU__', locale: 'en' }] } }, ['authors']],
    ['set', { authors: { set: ['__AU__'] } }, ['authors']],
    ['disconnect', { authors: { disconnect: ['__AU__'] } }, ['authors']],
    ['positional connect', { authors: { connect: [{ documentId: '__AU__', position: { end: true } }] } }, ['authors']],
    ['null', { category: null }, ['category']],
    ['inverse side of a one-to-one', { spotlightOf: '__AU__' }, ['spotlightOf']],
    ['inside a dynamic zone entry', { blocks: [{ __component: 'shared.quote', title: 'q', person: '__AU__' }] }, ['blocks', '0', 'person']],
  ];
  const fill = (data: Json): Json => JSON.parse(JSON.stringify(data).replaceAll('__C__', category).replaceAll('__AU__', author)) as Json;

  it('refuses every form on create and writes nothing', async () => {
    const before = await app().kernel.documents(A).count({});
    for (const [what, data, path] of forms) {
      const res = await as(app(), jwt).post('/api/articles', { data: { title: `t ${what}`, ...fill(data) } });
      expectInvalidKey(res, path, what);
    }
    expect(await app().kernel.documents(A).count({})).to.equal(before);
  });

  it('refuses every form on update, in every locale, and changes nothing', async () => {
    const links = await linkCount(app(), 'articles_category_lnk') + await linkCount(app(), 'articles_authors_lnk');
    for (const locale of ['en', 'fr']) {
      for (const [what, data, path] of forms) {
        const res = await as(app(), jwt).put(`/api/articles/${article}?locale=${locale}`, { data: { title: 'changed', ...fill(data) } });
        expectInvalidKey(res, path, `${what} (${locale})`);
      }
    }
    expect(await linkCount(app(), 'articles_category_lnk') + await linkCount(app(), 'articles_authors_lnk')).to.equal(links);
    const doc = await app().kernel.documents(A).findOne({ documentId: article });
    expect(doc?.title).to.equal('Existing');
    expect(await app().kernel.documents(A).count({ locale: 'fr' })).to.equal(0);
  });

  it('is the same over GraphQL', async () => {
    const res = await fetch(`${app().url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify({ query: 'mutation($c: ID) { createArticle(data: { title: "g", category: $c }) { documentId } }', variables: { c: category } }),
    });
    const body = await res.json() as Json;
    expect(body.errors?.[0]?.extensions?.code, JSON.stringify(body)).to.equal('BAD_USER_INPUT');
    expect(body.errors[0].extensions.error.details.errors[0].message).to.equal('Invalid key category');
  });

  it('refuses a custom API token without the target find, and lets a full-access one link', async () => {
    const tokens = tokenClient(app());
    const custom = await tokens.secret({ type: 'custom', permissions: [`${A}.create`] });
    expectInvalidKey(await tokens.as(custom, 'POST', '/api/articles', { data: { title: 'by token', category } }), ['category'], 'custom token');
    // the inverse side, written from the other type
    const authorWriter = await tokens.secret({ type: 'custom', permissions: [`${AU}.update`] });
    expectInvalidKey(await tokens.as(authorWriter, 'PUT', `/api/authors/${author}`, { data: { articles: [article] } }), ['articles'], 'author.articles');
    const full = await tokens.secret({ type: 'full-access' });
    const res = await tokens.as(full, 'POST', '/api/articles?populate=category', { data: { title: 'by full token', category } });
    expectStatus(res, 201, 'full-access token');
    expect(res.body.data.category.documentId).to.equal(category);
  });
});

describe('Relation writes: a caller who may find the target', () => {
  const app = useKernel(() => {
    const base = config(false);
    base.plugins['users-permissions'].config.permissions.authenticated = [...WRITER, `${C}.find`, `${AU}.find`];
    return { contentTypesDir: FIXTURE_CONTENT_TYPES, config: base };
  });
  let jwt = '';
  let category = '';
  let author = '';

  before(async () => {
    ({ jwt } = await register(app(), 'linker'));
    category = (await app().kernel.documents(C).create({ data: { name: 'Open category' } })).documentId;
    author = (await app().kernel.documents(AU).create({ data: { name: 'Open author', email: 'open@example.com' } })).documentId;
  });

  it('links, in a dynamic zone too', async () => {
    const res = await as(app(), jwt).post('/api/articles?populate[category]=true&populate[blocks][on][shared.quote][populate]=person', {
      data: { title: 'linked', category, authors: { connect: [author] }, blocks: [{ __component: 'shared.quote', title: 'q', person: author }] },
    });
    expectStatus(res, 201, 'create');
    expect(res.body.data.category.documentId).to.equal(category);
    expect(res.body.data.blocks[0].person.documentId).to.equal(author);
  });

  it('names an unknown documentId and a locale that is not configured, and writes nothing of a refused write', async () => {
    const before = await app().kernel.documents(A).count({});
    const links = await linkCount(app(), 'articles_category_lnk');
    const unknown = await as(app(), jwt).post('/api/articles', { data: { title: 'x', category, authors: ['no-such-author'] } });
    expect(unknown.status, unknown.text).to.equal(400);
    expect(unknown.text).to.include('no-such-author');
    const locale = await as(app(), jwt).post('/api/articles', { data: { title: 'y', authors: [author], category: { connect: [{ documentId: category, locale: 'xx' }] } } });
    expect(locale.status, locale.text).to.equal(400);
    expect(locale.text).to.include('xx');
    expect(await app().kernel.documents(A).count({})).to.equal(before);
    expect(await linkCount(app(), 'articles_category_lnk')).to.equal(links);
  });
});
