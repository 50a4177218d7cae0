// Private values never leave the server and cannot be probed: passwords, reset and confirmation
// tokens, the token version and `private: true` attributes cannot be filtered, sorted, searched,
// selected or populated through any relation path, even by a role that may read users.

import { expect } from 'chai';
import { until } from '../../helpers/poll.js';
import { ARTICLE, as, CATEGORY, expectStatus, qstring, register, useKernel, UP, type Json } from './helpers.js';

const PRIVATE_USER_FIELDS = ['password', 'resetPasswordToken', 'resetPasswordExpiresAt', 'confirmationToken', 'confirmationExpiresAt', 'tokenVersion'];

describe('users-permissions: private fields', () => {
  const app = useKernel({
    permissions: {
      authenticated: [`${ARTICLE}.find`, `${ARTICLE}.findOne`, `${CATEGORY}.find`, `${UP}.user.find`, `${UP}.user.findOne`],
    },
  });
  let jwt = '';
  let caller: Json;
  let owner: Json;

  before(async () => {
    ({ jwt, user: caller } = await register(app()));
    ({ user: owner } = await register(app(), 'owner'));
    await app().post('/api/auth/forgot-password', { email: owner.email });
    // The reset token is stored just after the answer: the probes below need a value to find
    await until('the reset token to be stored', async () => {
      const [row] = await app().kernel.db('up_users').where({ id: owner.id }).select('reset_password_token') as Array<{ reset_password_token: string | null }>;
      return row?.reset_password_token;
    });
    const category = await app().kernel.documents(CATEGORY).create({ data: { name: 'Sec' } });
    await app().kernel.documents(ARTICLE).create({
      data: { title: 'Secret holder', secretNote: 'the-secret-note', category: category.documentId, owner: owner.documentId, meta: { label: 'l', reviewer: owner.documentId } },
    });
  });

  const get = (path: string, query: Json) => as(app(), jwt).get(`${path}${qstring(query)}`);

  it('filtering, sorting or selecting a private field through any path is a 400 that reveals nothing', async () => {
    const probes: Array<[string, Json]> = [];
    for (const field of PRIVATE_USER_FIELDS) {
      probes.push(
        ['/api/articles', { filters: { owner: { [field]: { $notNull: true } } } }],
        ['/api/articles', { filters: { owner: { [field]: { $startsWith: '$2' } } } }],
        ['/api/articles', { filters: { meta: { reviewer: { [field]: { $null: false } } } } }],
        ['/api/articles', { filters: { category: { articles: { owner: { [field]: { $eq: 'x' } } } } } }],
        ['/api/articles', { sort: `owner.${field}` }],
        ['/api/articles', { populate: { owner: { fields: [field] } } }],
        ['/api/articles', { populate: { owner: { filters: { [field]: { $null: true } } } } }],
        ['/api/articles', { populate: { owner: { sort: [field] } } }],
        ['/api/users', { filters: { [field]: { $notNull: true } } }],
        ['/api/users', { sort: field }],
        ['/api/users', { fields: [field] }],
      );
    }
    probes.push(['/api/articles', { filters: { secretNote: { $eq: 'the-secret-note' } } }], ['/api/articles', { sort: 'secretNote' }], ['/api/articles', { fields: ['secretNote'] }]);
    for (const [path, query] of probes) {
      const res = await get(path, query);
      expect(res.status, `${path} ${JSON.stringify(query)} -> ${res.text}`).to.equal(400);
      expect(res.body.data).to.equal(null);
      expect(res.text).to.not.match(/\$2[aby]\$|the-secret-note/);
    }
  });

  it('a matching and a non-matching private filter answer byte for byte the same', async () => {
    const hit = await get('/api/articles', { filters: { owner: { password: { $startsWith: '$2' } } } });
    const miss = await get('/api/articles', { filters: { owner: { password: { $startsWith: 'zz' } } } });
    expect(hit.status).to.equal(400);
    expect(hit.text.replace(/\$2/g, 'zz')).to.equal(miss.text);
  });

  it('_q never searches private fields', async () => {
    const res = await get('/api/articles', { _q: 'the-secret-note' });
    expectStatus(res, 200);
    expect(res.body.data).to.deep.equal([]);
    // ...while it finds the same article by a public field
    const found = await get('/api/articles', { _q: 'Secret holder' });
    expectStatus(found, 200);
    expect((found.body.data as Json[]).map((a) => a.title)).to.deep.equal(['Secret holder']);
  });

  it('no answer carries a private value, at any depth', async () => {
    const everything = await get('/api/articles', { populate: { owner: true, category: { populate: '*' }, meta: { populate: '*' } } });
    expectStatus(everything, 200);
    const users = await get('/api/users', { populate: '*' });
    expectStatus(users, 200);
    expect((users.body as Json[]).map((u) => u.username)).to.include.members([caller.username, owner.username]);
    const me = await get('/api/users/me', {});
    expectStatus(me, 200);
    expect(me.body).to.include({ id: caller.id, username: caller.username, email: caller.email });
    for (const res of [everything, users, me]) {
      expect(res.text).to.not.match(/\$2[aby]\$|the-secret-note|secretNote/);
      for (const field of PRIVATE_USER_FIELDS) expect(res.text, field).to.not.include(`"${field}"`);
    }
    const [article] = everything.body.data as Json[];
    expect(article!.owner.username).to.equal(owner.username);
    expect(article!.meta.reviewer.username).to.equal(owner.username);
  });
});
