// Content history as a rule of the document layer: every write through the admin API, REST,
// GraphQL or a plugin's document call keeps the state before it, with who made it, in the write's
// transaction; a version restores fields, components, zones and relations into the draft; the
// count and age limits prune; nothing of it shows on the content API; and an administrator whose
// role does not reach the type is refused.

import { expect } from 'chai';
import '../../../plugins/admin/index.js';
import { expectStatus, useKernel, type Json } from '../../helpers/suite.js';
import type { TestKernel } from '../../helpers/kernel.js';
import { adminOptions, as, login, PASSWORD, registerFirstAdmin, type Session } from './helpers.js';

const ARTICLE = 'api::article.article';
const ARTICLES = `/content-manager/collection-types/${ARTICLE}`;
const CATEGORIES = '/content-manager/collection-types/api::category.category';

const versionsOf = async (app: TestKernel, who: Session, documentId: string, locale = 'en', extra = ''): Promise<Json> => {
  const res = await as(app, who).get(`/content-manager/history-versions?contentType=${ARTICLE}&documentId=${documentId}&locale=${locale}${extra}`);
  expectStatus(res, 200);
  return res.body;
};

interface Grant { action: string; properties?: Json; conditions?: string[] }

/** An administrator whose one role grants these content-manager actions on articles. */
async function editorWith(app: TestKernel, grants: Array<string | Grant>, tag: string): Promise<Session> {
  const role = await app.kernel.documents('admin::role').create({ data: { name: `History ${tag}`, code: `history-${tag}` } });
  await app.kernel.documents('admin::permission').createMany({
    data: grants.map((g) => (typeof g === 'string' ? { action: g } : g)).map((g) => ({
      action: `plugin::content-manager.explorer.${g.action}`, subject: ARTICLE, properties: g.properties ?? {}, conditions: g.conditions ?? [], actionParameters: {}, role: role.documentId,
    })),
  });
  const email = `history-${tag}@example.com`;
  await app.kernel.documents('admin::user').create({ data: { email, password: PASSWORD, firstname: 'Hist', lastname: tag, isActive: true, roles: [role.documentId] } });
  return login(app, email);
}

describe('admin: content history', () => {
  const app = useKernel(adminOptions());
  let ada: Session;
  let travel: Json;
  let food: Json;
  let article: Json;

  before(async () => {
    ada = await registerFirstAdmin(app());
    travel = (await as(app(), ada).post(CATEGORIES, { name: 'Travel' })).body.data;
    food = (await as(app(), ada).post(CATEGORIES, { name: 'Food' })).body.data;
  });

  it('keeps the state before each write of the admin API, with the administrator who made it', async () => {
    const created = await as(app(), ada).post(ARTICLES, {
      title: 'Lisbon in a day', category: travel.documentId, seo: { metaTitle: 'Lisbon' },
      blocks: [{ __component: 'shared.quote', body: 'Saudade', title: 'Anon' }],
    });
    expectStatus(created, 201);
    article = created.body.data;
    let body = await versionsOf(app(), ada, article.documentId);
    expect(body.meta.pagination).to.deep.include({ page: 1, total: 1 });
    expect(body.data[0]).to.deep.include({ action: 'create', data: null, status: 'draft', relatedDocumentId: article.documentId, contentType: ARTICLE });
    expect(body.data[0].locale).to.deep.equal({ code: 'en', name: 'en' });
    expect(body.data[0].createdBy).to.deep.include({ id: ada.user.id, firstname: 'Ada', email: 'ada@example.com' });
    expect(body.data[0].actor).to.deep.equal({ kind: 'admin', id: String(ada.user.id), name: 'Ada Lovelace' });

    const saved = await as(app(), ada).put(`${ARTICLES}/${article.documentId}`, {
      title: 'Lisbon in two days', category: food.documentId, seo: { metaTitle: 'Lisbon, slowly' },
      blocks: [{ __component: 'shared.quote', body: 'Obrigado', title: 'A waiter' }],
    });
    expectStatus(saved, 200);
    body = await versionsOf(app(), ada, article.documentId);
    expect(body.meta.pagination.total).to.equal(2);
    const update = body.data[0];
    expect(update).to.deep.include({ action: 'update', status: 'draft' });
    expect(update.data).to.deep.include({ title: 'Lisbon in a day' });
    expect(update.data.seo).to.deep.include({ metaTitle: 'Lisbon' });
    expect(update.data.blocks[0]).to.deep.include({ __component: 'shared.quote', body: 'Saudade' });
    expect(update.data.category.meta).to.deep.equal({ missingCount: 0 });
    expect(update.data.category.results[0]).to.deep.include({ documentId: travel.documentId, name: 'Travel' });
    expect(update.data).to.not.have.any.keys('createdById', 'updatedById');

    expectStatus(await as(app(), ada).post(`${ARTICLES}/${article.documentId}/actions/publish`, {}), 200);
    expectStatus(await as(app(), ada).post(`${ARTICLES}/${article.documentId}/actions/unpublish`, {}), 200);
    body = await versionsOf(app(), ada, article.documentId);
    expect(body.data.map((v: Json) => v.action)).to.deep.equal(['unpublish', 'publish', 'update', 'create']);
    // A first publish replaced no published version; the unpublish kept the one it removed
    expect(body.data[1]).to.deep.include({ status: 'published', data: null });
    expect(body.data[0].status).to.equal('published');
    expect(body.data[0].data).to.deep.include({ title: 'Lisbon in two days' });

    // Discarding a draft keeps the draft it threw away
    expectStatus(await as(app(), ada).post(`${ARTICLES}/${article.documentId}/actions/publish`, {}), 200);
    expectStatus(await as(app(), ada).put(`${ARTICLES}/${article.documentId}`, { title: 'An idea to drop' }), 200);
    expectStatus(await as(app(), ada).post(`${ARTICLES}/${article.documentId}/actions/discard`, {}), 200);
    body = await versionsOf(app(), ada, article.documentId);
    expect(body.data[0]).to.deep.include({ action: 'discard', status: 'draft' });
    expect(body.data[0].data.title).to.equal('An idea to drop');
    expect(body.meta.pagination.total).to.equal(7);
  });

  it('records REST, GraphQL and plugin writes once each, with the API token or the system as the actor', async () => {
    const { secret } = await app().kernel.apiTokens.create({ name: 'history writer', type: 'full-access' });
    const auth = { authorization: `Bearer ${secret}` };
    const before = (await versionsOf(app(), ada, article.documentId)).meta.pagination.total as number;
    const rest = await app().request('PUT', `/api/articles/${article.documentId}?status=draft`, { data: { title: 'Through REST' } }, auth);
    expectStatus(rest, 200);
    const gql = await app().request('POST', '/graphql', {
      query: 'mutation($id: ID!) { updateArticle(documentId: $id, data: { title: "Through GraphQL" }, status: DRAFT) { title } }',
      variables: { id: article.documentId },
    }, { ...auth, 'content-type': 'application/json' });
    expectStatus(gql, 200);
    expect(gql.body.errors, JSON.stringify(gql.body.errors)).to.equal(undefined);
    await app().kernel.documents(ARTICLE).update({ documentId: article.documentId, locale: 'en', status: 'draft', data: { title: 'Through a plugin' } });
    const body = await versionsOf(app(), ada, article.documentId);
    expect(body.meta.pagination.total).to.equal(before + 3);
    const [plugin, graphql, restful] = body.data as Json[];
    expect(restful!.actor).to.deep.include({ kind: 'api-token', name: 'history writer' });
    expect(restful!.data.title).to.equal('Lisbon in two days');
    expect(graphql!.actor).to.deep.include({ kind: 'api-token', name: 'history writer' });
    expect(graphql!.data.title).to.equal('Through REST');
    expect(plugin!.actor).to.deep.equal({ kind: 'system', id: null, name: null });
    expect(plugin!.data.title).to.equal('Through GraphQL');
    expect(restful!.createdBy).to.equal(null);
    // A REST create publishes too: two versions written, two kept (the draft made, the first publish)
    const made = await app().request('POST', '/api/articles', { data: { title: 'Made and published' } }, auth);
    expectStatus(made, 201);
    const own = await versionsOf(app(), ada, made.body.data.documentId);
    expect((own.data as Json[]).map((v) => [v.action, v.status, v.actor.kind])).to.deep.equal([['publish', 'published', 'api-token'], ['create', 'draft', 'api-token']]);
    // A REST update publishes what it wrote: the published version it replaced is kept too
    expectStatus(await app().request('PUT', `/api/articles/${made.body.data.documentId}`, { data: { title: 'Made, changed' } }, auth), 200);
    const changed = await versionsOf(app(), ada, made.body.data.documentId);
    expect((changed.data as Json[]).slice(0, 2).map((v) => [v.action, v.status, v.data.title])).to.deep.equal([['publish', 'published', 'Made and published'], ['update', 'draft', 'Made and published']]);
    const audit = await as(app(), ada).get(`/admin/audit-logs?filters[action][$eq]=entry.publish&sort=id:asc`);
    expect((audit.body.results as Json[]).filter((e) => e.payload.documentId === made.body.data.documentId)).to.have.length(2);
  });

  it('keeps a version of each locale a shared field reaches, and of each item of a bulk create', async () => {
    const doc = (await as(app(), ada).post(ARTICLES, { title: 'Shared', readingTime: 3 })).body.data;
    expectStatus(await as(app(), ada).put(`${ARTICLES}/${doc.documentId}?locale=fr`, { title: 'Partagé' }), 200);
    expectStatus(await as(app(), ada).put(`${ARTICLES}/${doc.documentId}?locale=en`, { readingTime: 5 }), 200);
    const fr = await versionsOf(app(), ada, doc.documentId, 'fr');
    expect((fr.data as Json[]).map((v) => [v.action, v.data?.readingTime ?? null])).to.deep.equal([['update', 3], ['create', null]]);
    const { documentIds } = await app().kernel.documents(ARTICLE).createMany({ data: [{ title: 'Bulk one' }, { title: 'Bulk two' }] }) as { documentIds: string[] };
    for (const id of documentIds) {
      const body = await versionsOf(app(), ada, id);
      expect((body.data as Json[]).map((v) => [v.action, v.locale.code, v.actor.kind])).to.deep.equal([['create', 'en', 'system']]);
    }
  });

  it('leaves no version for a write that rolls back or is refused', async () => {
    const before = (await versionsOf(app(), ada, article.documentId)).meta.pagination.total as number;
    let failed = false;
    try {
      await app().kernel.transaction(async () => {
        await app().kernel.documents(ARTICLE).update({ documentId: article.documentId, locale: 'en', status: 'draft', data: { title: 'Rolled back' } });
        throw new Error('changed my mind');
      });
    } catch { failed = true; }
    expect(failed).to.equal(true);
    const refused = await as(app(), ada).put(`${ARTICLES}/${article.documentId}`, { title: 'x'.repeat(300), seo: { metaTitle: 'y'.repeat(100) } });
    expectStatus(refused, 400);
    const after = await versionsOf(app(), ada, article.documentId);
    expect(after.meta.pagination.total).to.equal(before);
    expect(after.data[0].data?.title).to.not.equal('Rolled back');
  });

  it('restores fields, components, zones and relations into the draft, reporting links to what is gone', async () => {
    const body = await versionsOf(app(), ada, article.documentId);
    const update = (body.data as Json[]).find((v) => v.action === 'update' && v.data?.title === 'Lisbon in a day')!;
    const gone = (await as(app(), ada).post(CATEGORIES, { name: 'Gone soon' })).body.data;
    // Travel is deleted: the version's link to it is reported, not silently dropped
    expectStatus(await as(app(), ada).del(`${CATEGORIES}/${travel.documentId}`), 200);
    const restored = await as(app(), ada).put(`/content-manager/history-versions/${update.id}/restore`, { contentType: ARTICLE });
    expectStatus(restored, 200);
    expect(restored.body.data).to.deep.include({ title: 'Lisbon in a day', documentId: article.documentId, status: 'modified' });
    expect(restored.body.data.seo).to.deep.include({ metaTitle: 'Lisbon' });
    expect(restored.body.data.blocks).to.have.length(1);
    expect(restored.body.data.blocks[0]).to.deep.include({ __component: 'shared.quote', body: 'Saudade', title: 'Anon' });
    expect(restored.body.data.category).to.equal(null);
    expect(restored.body.meta.missingRelations).to.deep.equal([{ attribute: 'category', documentId: travel.documentId }]);
    const after = await versionsOf(app(), ada, article.documentId);
    expect(after.data[0]).to.deep.include({ action: 'restore' });
    expect(after.data[0].data.title).to.equal('Through a plugin');
    expect(gone.documentId).to.be.a('string');
    // A relation that still exists comes back
    const withFood = (after.data as Json[]).find((v) => v.data?.category?.results?.[0]?.documentId === food.documentId)!;
    const again = await as(app(), ada).put(`/content-manager/history-versions/${withFood.id}/restore`, { contentType: ARTICLE });
    expectStatus(again, 200);
    expect(again.body.data.category).to.deep.include({ documentId: food.documentId });
    expect(again.body.meta.missingRelations).to.deep.equal([]);
  });

  it('brings a deleted document back from the version its delete kept', async () => {
    const made = (await as(app(), ada).post(ARTICLES, { title: 'Short-lived', seo: { metaTitle: 'Brief' } })).body.data;
    expectStatus(await as(app(), ada).del(`${ARTICLES}/${made.documentId}?locale=en`), 200);
    const body = await versionsOf(app(), ada, made.documentId);
    expect(body.data[0]).to.deep.include({ action: 'delete' });
    expect(body.data[0].data.title).to.equal('Short-lived');
    const back = await as(app(), ada).put(`/content-manager/history-versions/${body.data[0].id}/restore`, { contentType: ARTICLE });
    expectStatus(back, 200);
    expect(back.body.data).to.deep.include({ documentId: made.documentId, title: 'Short-lived' });
    const create = await versionsOf(app(), ada, made.documentId);
    const restoreOfCreate = await as(app(), ada).put(`/content-manager/history-versions/${(create.data as Json[]).at(-1)!.id}/restore`, { contentType: ARTICLE });
    expectStatus(restoreOfCreate, 400);
  });

  it('keeps and restores a single type without drafts', async () => {
    const GLOBAL = '/content-manager/single-types/api::global.global';
    const first = await as(app(), ada).put(GLOBAL, { siteName: 'Strata news' });
    expectStatus(first, 200);
    expectStatus(await as(app(), ada).put(GLOBAL, { siteName: 'Strata daily' }), 200);
    const documentId = first.body.data.documentId as string;
    const res = await as(app(), ada).get(`/content-manager/history-versions?contentType=api::global.global&documentId=${documentId}`);
    expectStatus(res, 200);
    expect((res.body.data as Json[]).map((v) => [v.action, v.status, v.locale, v.data?.siteName ?? null])).to.deep.equal([['update', null, null, 'Strata news'], ['create', null, null, null]]);
    const restored = await as(app(), ada).put(`/content-manager/history-versions/${res.body.data[0].id}/restore`, { contentType: 'api::global.global' });
    expectStatus(restored, 200);
    expect(restored.body.data.siteName).to.equal('Strata news');
  });

  it('shows nothing of history on the content API', async () => {
    const { secret } = await app().kernel.apiTokens.create({ name: 'history reader', type: 'full-access' });
    const auth = { authorization: `Bearer ${secret}` };
    expectStatus(await app().request('GET', '/api/history-versions', undefined, auth), 404);
    expectStatus(await app().request('GET', '/api/audit-logs', undefined, auth), 404);
    const gql = await app().request('POST', '/graphql', { query: '{ __schema { types { name } } }' }, { ...auth, 'content-type': 'application/json' });
    const names = (gql.body.data.__schema.types as Json[]).map((t) => t.name as string);
    expect(names.filter((n) => /history|audit/i.test(n))).to.deep.equal([]);
    // The content-manager route with an API token: another realm
    expectStatus(await app().request('GET', `/content-manager/history-versions?contentType=${ARTICLE}&documentId=${article.documentId}`, undefined, auth), 401);
  });

  it('shows a role only the fields and related documents it may read, and restores only what it may write', async () => {
    const narrow = await editorWith(app(), [{ action: 'read', properties: { fields: ['title', 'category'] } }, { action: 'update', properties: { fields: ['title'] } }], 'narrow');
    const linked = ((await versionsOf(app(), ada, article.documentId, 'en', '&pageSize=100')).data as Json[]).find((v) => v.data?.category?.results?.length === 1)!;
    const body = await versionsOf(app(), narrow, article.documentId, 'en', '&pageSize=100');
    const withCategory = (body.data as Json[]).find((v) => v.id === linked.id)!;
    expect(Object.keys(withCategory.data).sort()).to.deep.equal(['category', 'createdAt', 'documentId', 'locale', 'publishedAt', 'title', 'updatedAt']);
    // No read on categories: how many, never which
    expect(withCategory.data.category.results).to.deep.equal([]);
    expect(withCategory.data.category.meta.missingCount).to.equal(1);
    const restored = await as(app(), narrow).put(`/content-manager/history-versions/${withCategory.id}/restore`, { contentType: ARTICLE });
    expectStatus(restored, 200);
    expect(restored.body.data.title).to.equal(withCategory.data.title);
    expect(restored.body.meta.notRestored).to.include.members(['seo', 'blocks', 'category']);
  });

  it('keeps a deleted document\'s history from a role narrowed to its own documents', async () => {
    const mine = await editorWith(app(), [{ action: 'read', conditions: ['admin::is-creator'] }, { action: 'create', conditions: ['admin::is-creator'] }, { action: 'update', conditions: ['admin::is-creator'] }], 'creator');
    const other = (await as(app(), ada).post(ARTICLES, { title: 'Ada\'s' })).body.data;
    expectStatus(await as(app(), ada).del(`${ARTICLES}/${other.documentId}?locale=en`), 200);
    const url = `/content-manager/history-versions?contentType=${ARTICLE}&documentId=${other.documentId}&locale=en`;
    expectStatus(await as(app(), mine).get(url), 404);
    const id = (await versionsOf(app(), ada, other.documentId)).data[0].id;
    expectStatus(await as(app(), mine).put(`/content-manager/history-versions/${id}/restore`, { contentType: ARTICLE }), 404);
    expectStatus(await as(app(), ada).get(`${url}&locale[0]=fr`), 400);
  });

  it('refuses an administrator without read (listing) or update (restoring) on the type', async () => {
    const nobody = await editorWith(app(), ['create'], 'none');
    const reader = await editorWith(app(), ['read'], 'reader');
    const url = `/content-manager/history-versions?contentType=${ARTICLE}&documentId=${article.documentId}&locale=en`;
    expectStatus(await as(app(), nobody).get(url), 403);
    const listed = await as(app(), reader).get(url);
    expectStatus(listed, 200);
    const id = listed.body.data[0].id;
    expectStatus(await as(app(), reader).put(`/content-manager/history-versions/${id}/restore`, { contentType: ARTICLE }), 403);
    expectStatus(await as(app(), ada).put('/content-manager/history-versions/999999/restore', { contentType: ARTICLE }), 404);
    expectStatus(await as(app(), ada).get(`/content-manager/history-versions?contentType=${ARTICLE}`), 400);
    expectStatus(await as(app(), ada).get(`/content-manager/history-versions?contentType=api::nope.nope&documentId=x`), 404);
  });
});

describe('admin: history retention', () => {
  const app = useKernel(adminOptions({ history: { maxVersions: 2, retentionDays: 30 }, auditLogs: { retentionDays: 7 } }));

  it('keeps at most maxVersions per document and locale, and prunes by age', async () => {
    await registerFirstAdmin(app());
    // The registration and a sign-in: the audit log's two entries
    const ada = await login(app(), 'ada@example.com');
    const doc = (await as(app(), ada).post(ARTICLES, { title: 'v1' })).body.data;
    for (const title of ['v2', 'v3', 'v4']) expectStatus(await as(app(), ada).put(`${ARTICLES}/${doc.documentId}`, { title }), 200);
    const body = await versionsOf(app(), ada, doc.documentId);
    expect(body.meta.pagination.total).to.equal(2);
    expect((body.data as Json[]).map((v) => v.data.title)).to.deep.equal(['v3', 'v2']);
    // More old versions than one batch takes
    await app().kernel.documents(ARTICLE).createMany({ data: Array.from({ length: 130 }, (_, i) => ({ title: `Old ${i}` })) });
    const retention = app().kernel.services.get('admin.retention');
    expect(await retention.prune(new Date(Date.now() + 8 * 86_400_000))).to.deep.equal({ versions: 0, auditEntries: 2 });
    expect(await retention.prune(new Date(Date.now() + 31 * 86_400_000))).to.deep.equal({ versions: 132, auditEntries: 0 });
    expect((await versionsOf(app(), ada, doc.documentId)).meta.pagination.total).to.equal(0);
  });
});
