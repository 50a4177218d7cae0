// The audit log: sign-ins (and refused ones), sign-outs, API tokens, roles, webhooks, locales and
// the publishing and deleting of content are listed with who, when and from where, never with a
// secret; read through /admin/audit-logs with Strapi EE's filters and paging, under
// admin::audit-logs.read.

import { expect } from 'chai';
import { expectStatus, useKernel, type Json } from '../../helpers/suite.js';
import { adminOptions, as, login, PASSWORD, registerFirstAdmin, type Session } from './helpers.js';
import { adminWith } from './settings-helpers.js';

const ARTICLES = '/content-manager/collection-types/api::article.article';

describe('admin: the audit log', () => {
  const app = useKernel(adminOptions());
  let ada: Session;

  const entries = async (query = ''): Promise<Json> => {
    const res = await as(app(), ada).get(`/admin/audit-logs${query}`);
    expectStatus(res, 200);
    return res.body;
  };

  before(async () => {
    await registerFirstAdmin(app());
    expectStatus(await app().post('/admin/login', { email: 'ada@example.com', password: 'wrong-password-1' }), 400);
    expectStatus(await app().post('/admin/login', { email: 'nobody@example.com', password: PASSWORD }), 400);
    ada = await login(app(), 'ada@example.com');
  });

  it('lists sign-ins and refused sign-ins with the address, never the password tried', async () => {
    const body = await entries('?filters[action][$in][0]=admin.auth.success&filters[action][$in][1]=admin.auth.failure&sort=id:asc');
    expect((body.results as Json[]).map((e) => e.action)).to.deep.equal(['admin.auth.failure', 'admin.auth.failure', 'admin.auth.success']);
    const [wrong, unknown, success] = body.results as Json[];
    expect(wrong!.payload).to.deep.equal({ email: 'ada@example.com', reason: 'wrong password' });
    expect(unknown!.payload).to.deep.equal({ email: 'nobody@example.com', reason: 'no such administrator' });
    expect(success!.user).to.deep.equal({ id: ada.user.id, displayName: 'Ada Lovelace', email: 'ada@example.com' });
    expect(success!.ip).to.be.a('string').and.not.equal('');
    expect(JSON.stringify(body)).to.not.include('wrong-password-1');
  });

  it('lists settings changes (tokens, roles, webhooks, locales) without their secrets', async () => {
    const token = await as(app(), ada).post('/admin/api-tokens', { name: 'audited', type: 'read-only' });
    expectStatus(token, 201);
    expectStatus(await as(app(), ada).post(`/admin/api-tokens/${token.body.data.id}/regenerate`), 201);
    expectStatus(await as(app(), ada).del(`/admin/api-tokens/${token.body.data.id}`), 200);
    expectStatus(await as(app(), ada).post('/admin/roles', { name: 'Reviewer', description: 'reads' }), 201);
    expectStatus(await as(app(), ada).post('/admin/webhooks', { name: 'audit-hook', url: 'https://hooks.example.com/audit', events: ['entry.create'], headers: { Authorization: 'Bearer hook-secret' } }), 201);
    expectStatus(await as(app(), ada).post('/i18n/locales', { code: 'es', name: 'Spanish' }), 200);
    const body = await entries('?sort=id:asc&pageSize=100');
    const actions = (body.results as Json[]).map((e) => e.action);
    expect(actions).to.include.members(['api-token.create', 'api-token.regenerate', 'api-token.delete', 'role.create', 'webhook.create', 'locale.create']);
    const created = (body.results as Json[]).find((e) => e.action === 'api-token.create')!;
    expect(created.payload).to.deep.include({ name: 'audited', type: 'read-only' });
    expect(created.user.id).to.equal(ada.user.id);
    const text = JSON.stringify(body);
    expect(text).to.not.include(token.body.data.accessKey ?? 'no secret answered');
    expect(text).to.not.include('hook-secret');
  });

  it('lists content published, unpublished and deleted, by whoever did it', async () => {
    const doc = (await as(app(), ada).post(ARTICLES, { title: 'Audited' })).body.data;
    expectStatus(await as(app(), ada).post(`${ARTICLES}/${doc.documentId}/actions/publish`, {}), 200);
    const { secret } = await app().kernel.apiTokens.create({ name: 'audited writer', type: 'full-access' });
    expectStatus(await app().request('DELETE', `/api/articles/${doc.documentId}`, undefined, { authorization: `Bearer ${secret}` }), 204);
    const body = await entries('?filters[action][$in][0]=entry.publish&filters[action][$in][1]=entry.delete&sort=id:asc');
    const [published, deleted] = body.results as Json[];
    expect(published).to.deep.include({ action: 'entry.publish' });
    expect(published!.payload).to.deep.equal({ uid: 'api::article.article', documentId: doc.documentId, locale: 'en' });
    expect(published!.user.id).to.equal(ada.user.id);
    expect(published!.ip).to.be.a('string').and.not.equal('');
    expect(deleted!.user).to.equal(null);
    expect(deleted!.payload.actor).to.deep.include({ kind: 'api-token', name: 'audited writer' });
  });

  it('lists a sign-out, filters by administrator and date, pages, and answers one entry', async () => {
    const other = await login(app(), 'ada@example.com');
    expectStatus(await app().request('POST', '/admin/logout', {}, { cookie: other.cookie }), 200);
    const out = await entries('?filters[action][$eq]=admin.logout');
    expect(out.results).to.have.length(1);
    expect(out.results[0].user.id).to.equal(ada.user.id);
    const mine = await entries(`?filters[user][id][$eq]=${ada.user.id}&pageSize=2&page=2`);
    expect(mine.pagination).to.deep.include({ page: 2, pageSize: 2 });
    expect(mine.pagination.total).to.be.greaterThan(4);
    expect(mine.results).to.have.length(2);
    const future = await entries(`?filters[date][$gte]=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`);
    expect(future.pagination.total).to.equal(0);
    const one = await as(app(), ada).get(`/admin/audit-logs/${out.results[0].id}`);
    expectStatus(one, 200);
    expect(one.body.data).to.deep.equal(out.results[0]);
    expectStatus(await as(app(), ada).get('/admin/audit-logs/987654'), 404);
    expectStatus(await as(app(), ada).get('/admin/audit-logs?filters[payload][$eq]=x'), 400);
    expectStatus(await as(app(), ada).get('/admin/audit-logs?sort=payload:asc'), 400);
    expectStatus(await as(app(), ada).get('/admin/audit-logs?page=0'), 400);
  });

  it('is read only under admin::audit-logs.read, and never through the content API', async () => {
    const without = await adminWith(app(), ['admin::users.read']);
    const withIt = await adminWith(app(), ['admin::audit-logs.read']);
    expectStatus(await as(app(), without).get('/admin/audit-logs'), 403);
    expectStatus(await as(app(), without).get('/admin/audit-logs/1'), 403);
    expectStatus(await as(app(), withIt).get('/admin/audit-logs'), 200);
    const { secret } = await app().kernel.apiTokens.create({ name: 'audit outsider', type: 'full-access' });
    expectStatus(await app().request('GET', '/admin/audit-logs', undefined, { authorization: `Bearer ${secret}` }), 401);
  });
});
