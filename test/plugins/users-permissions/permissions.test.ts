// The permission matrix (each content action x public / authenticated), and the rules for
// relations: populate of a target the caller cannot find is dropped, filters or sort through it
// are a 400.

import { expect } from 'chai';
import { ARTICLE, as, CATEGORY, expectStatus, qstring, register, useKernel, type Json } from './helpers.js';

const ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;
type Action = (typeof ACTIONS)[number];

describe('users-permissions: permission matrix', () => {
  // public may list articles; authenticated may do everything but delete
  const app = useKernel({
    permissions: {
      public: [`${ARTICLE}.find`],
      authenticated: [`${ARTICLE}.find`, `${ARTICLE}.findOne`, `${ARTICLE}.create`, `${ARTICLE}.update`],
    },
  });
  let documentId = '';

  before(async () => {
    const doc = await app().kernel.documents(ARTICLE).create({ data: { title: 'Matrix' } });
    documentId = doc.documentId;
  });

  async function call(action: Action, jwt: string | undefined): Promise<number> {
    const client = as(app(), jwt);
    switch (action) {
      case 'find': return (await client.get('/api/articles')).status;
      case 'findOne': return (await client.get(`/api/articles/${documentId}`)).status;
      case 'create': return (await client.post('/api/articles', { data: { title: 'New' } })).status;
      case 'update': return (await client.put(`/api/articles/${documentId}`, { data: { title: 'Matrix' } })).status;
      case 'delete': {
        const victim = await app().kernel.documents(ARTICLE).create({ data: { title: 'Victim' } });
        return (await client.del(`/api/articles/${victim.documentId}`)).status;
      }
    }
  }

  it('each action answers as the role allows: 403 anonymous or authenticated, when not granted', async () => {
    const { jwt } = await register(app());
    const seen: Record<string, Record<Action, number>> = { public: {} as Record<Action, number>, authenticated: {} as Record<Action, number> };
    for (const action of ACTIONS) {
      seen.public![action] = await call(action, undefined);
      seen.authenticated![action] = await call(action, jwt);
    }
    expect(seen).to.deep.equal({
      public: { find: 200, findOne: 403, create: 403, update: 403, delete: 403 },
      authenticated: { find: 200, findOne: 200, create: 201, update: 200, delete: 403 },
    });
  });

  it('refusals are in the error envelope', async () => {
    const { jwt } = await register(app());
    const anonymous = await app().post('/api/articles', { data: { title: 'x' } });
    expect(anonymous.body).to.deep.equal({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } });
    const forbidden = await as(app(), jwt).del(`/api/articles/${documentId}`);
    expect(forbidden.body).to.deep.equal({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden: api::article.article.delete', details: {} } });
  });

  it('no content permission exists by default: a role not in config has none', async () => {
    const bare = await app().kernel.documents('plugin::users-permissions.permission').findMany({
      filters: { role: { type: 'authenticated' } }, fields: ['action'], source: 'internal',
    });
    expect(bare.map((p) => p.action).sort()).to.deep.equal([
      `${ARTICLE}.create`, `${ARTICLE}.find`, `${ARTICLE}.findOne`, `${ARTICLE}.update`,
      'plugin::users-permissions.auth.changePassword', 'plugin::users-permissions.user.me',
    ]);
  });
});

describe('users-permissions: relations need find on their target', () => {
  const app = useKernel({
    permissions: {
      public: [`${ARTICLE}.find`, `${ARTICLE}.findOne`],
      authenticated: [`${ARTICLE}.find`, `${CATEGORY}.find`, 'plugin::users-permissions.user.find'],
      editor: [`${ARTICLE}.find`, `${CATEGORY}.find`],
    },
  });
  let article: Json;

  before(async () => {
    const category = await app().kernel.documents(CATEGORY).create({ data: { name: 'Hidden' } });
    const { user } = await register(app(), 'owner');
    article = await app().kernel.documents(ARTICLE).create({
      data: { title: 'With relations', category: category.documentId, owner: user.documentId, meta: { label: 'm', reviewer: user.documentId } },
    });
  });

  const get = (jwt: string | undefined, query: Json) => as(app(), jwt).get(`/api/articles${qstring(query)}`);

  it('populate of a target the caller cannot find is silently dropped, at every depth', async () => {
    // [populate, whether it asks for the meta component]: the component itself is readable and
    // stays, only the relation inside it goes
    const cases: Array<[unknown, boolean]> = [
      [['category'], false], ['*', true], [['owner'], false], [{ category: { fields: ['name'] } }, false], [{ meta: { populate: ['reviewer'] } }, true],
    ];
    for (const [populate, withMeta] of cases) {
      const res = await get(undefined, { populate, filters: { id: article.id } });
      expectStatus(res, 200, JSON.stringify(populate));
      const [doc] = res.body.data as Json[];
      expect(doc, JSON.stringify(populate)).to.include({ title: 'With relations' });
      expect(doc, JSON.stringify(populate)).to.not.have.any.keys('category', 'owner');
      if (withMeta) {
        expect(doc!.meta, JSON.stringify(populate)).to.include({ label: 'm' });
        expect(doc!.meta, JSON.stringify(populate)).to.not.have.any.keys('reviewer');
      } else {
        expect(doc, JSON.stringify(populate)).to.not.have.any.keys('meta');
      }
    }
  });

  it('the same populate works for a role with find on the target', async () => {
    const { jwt } = await register(app());
    const res = await get(jwt, { populate: { category: { fields: ['name'] }, owner: { fields: ['username'] }, meta: { populate: ['reviewer'] } }, filters: { id: article.id } });
    expectStatus(res, 200);
    const [doc] = res.body.data as Json[];
    expect(doc!.category.name).to.equal('Hidden');
    expect(doc!.owner).to.have.keys('id', 'documentId', 'username');
    expect(doc!.meta.reviewer).to.include.keys('username', 'email');
    expect(doc!.meta.reviewer).to.not.have.any.keys('password', 'tokenVersion', 'resetPasswordToken', 'confirmationToken');
  });

  it('filters and sort through a target the caller cannot find are a 400 naming the key, whatever matches', async () => {
    const cases: Json[] = [
      { filters: { category: { name: { $eq: 'Hidden' } } } },
      { filters: { category: { name: { $eq: 'no such name' } } } },
      { filters: { $or: [{ title: 'x' }, { category: { id: { $gt: 0 } } }] } },
      { filters: { meta: { reviewer: { username: { $startsWith: 'o' } } } } },
      { sort: 'category.name' },
      { sort: ['title:asc', 'owner.username:desc'] },
    ];
    const bodies = new Set<string>();
    for (const query of cases) {
      const res = await get(undefined, query);
      expect(res.status, JSON.stringify(query)).to.equal(400);
      expect(res.body.data).to.equal(null);
      expect(res.body.error.name).to.equal('ValidationError');
      expect(res.body.error.message).to.match(/^Invalid key (category|reviewer|owner)$/);
      if (JSON.stringify(query).includes('category')) bodies.add(JSON.stringify(res.body.error.message));
    }
    expect(bodies.size, 'matching and non-matching filters answer alike').to.equal(1);
  });

  it('filters inside an allowed populate are checked too', async () => {
    const { jwt } = await register(app());
    const ok = await get(jwt, { populate: { category: { filters: { name: { $eq: 'Hidden' } } } } });
    expectStatus(ok, 200);
    const deep = await get(jwt, { populate: { category: { populate: { articles: { filters: { owner: { username: 'x' } } } } } } });
    expectStatus(deep, 200, 'articles.find and user.find are both granted to authenticated: allowed');
    const editor = await register(app(), 'editor');
    const role = await app().kernel.documents('plugin::users-permissions.role').findFirst({ filters: { type: 'editor' }, source: 'internal' });
    await app().kernel.documents('plugin::users-permissions.user').update({ documentId: editor.user.documentId, data: { role: role!.documentId }, source: 'internal' });
    const denied = await get(editor.jwt, { populate: { category: { populate: { articles: { filters: { owner: { username: 'x' } } } } } } });
    expect(denied.status, denied.text).to.equal(400);
    expect(denied.body.error.details).to.include({ key: 'owner', path: 'populate.category.populate.articles.filters.owner' });
    const publicDenied = await as(app(), undefined).get(`/api/articles/${article.documentId}${qstring({ populate: { category: { filters: { name: 'Hidden' } } } })}`);
    expectStatus(publicDenied, 200, 'the populate is dropped before its filters matter');
    expect(publicDenied.body.data).to.not.have.any.keys('category');
  });
});
