// draft-and-publish: document events (once per logical action, after commit), the permission
// actions the authorize hook is asked for (readDraft, publish, unpublish, discardDraft), and each
// action being one transaction. Issue #5, items 2, 4, 6 and 9.

import { expect } from 'chai';
import { definePlugin, QUERY_STAGE } from '../../../core/index.js';
import {
  action, ARTICLE, create, expectStatus, fresh, HOMEPAGE, readOne, recorder, TAG, update, useKernel, type Json,
} from './helpers.js';

describe('draft-and-publish: document events', () => {
  const rec = recorder();
  const app = useKernel({ plugins: [rec.plugin] });
  before(() => rec.attach(app()));

  /** The events recorded while `fn` ran, as [action, uid]. */
  async function eventsOf(fn: () => Promise<unknown>): Promise<Recorded[]> {
    const start = rec.recorded.events.length;
    await fn();
    return rec.recorded.events.slice(start);
  }
  type Recorded = typeof rec.recorded.events[number];
  const names = (events: Recorded[]) => events.map((e) => e.action);

  it('POST without status emits create then publish, after commit', async () => {
    let id = '';
    const events = await eventsOf(async () => { id = (await create(app(), 'articles', { title: fresh('Ev') })).documentId; });
    expect(names(events)).to.deep.equal(['create', 'publish']);
    expect(events.every((e) => e.uid === ARTICLE && e.documentId === id)).to.equal(true);
    // both fired after the transaction committed: another connection saw both rows
    expect(events.map((e) => [e.rowsVisible, e.publishedVisible])).to.deep.equal([[2, 1], [2, 1]]);
  });

  it('POST ?status=draft emits create only', async () => {
    const events = await eventsOf(() => create(app(), 'articles', { title: fresh('Ev draft') }, { status: 'draft' }));
    expect(names(events)).to.deep.equal(['create']);
    expect([events[0]!.rowsVisible, events[0]!.publishedVisible]).to.deep.equal([1, 0]);
  });

  it('PUT ?status=draft emits update; PUT without status emits update then publish', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Ev put') });
    expect(names(await eventsOf(() => update(app(), 'articles', doc.documentId, { views: 1 }, { status: 'draft' })))).to.deep.equal(['update']);
    expect(names(await eventsOf(() => update(app(), 'articles', doc.documentId, { views: 2 })))).to.deep.equal(['update', 'publish']);
  });

  it('publish, unpublish and discard-draft emit one event each', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Ev actions') });
    await update(app(), 'articles', doc.documentId, { views: 3 }, { status: 'draft' });
    const discard = await eventsOf(async () => expectStatus(await action(app(), 'articles', doc.documentId, 'discard-draft'), 200));
    expect(names(discard)).to.deep.equal(['discardDraft']);
    const publish = await eventsOf(async () => expectStatus(await action(app(), 'articles', doc.documentId, 'publish'), 200));
    expect(names(publish)).to.deep.equal(['publish']);
    const unpublish = await eventsOf(async () => expectStatus(await action(app(), 'articles', doc.documentId, 'unpublish'), 200));
    expect(names(unpublish)).to.deep.equal(['unpublish']);
    expect([unpublish[0]!.rowsVisible, unpublish[0]!.publishedVisible], 'after commit: the published row is gone').to.deep.equal([1, 0]);
    expect(unpublish[0]!.documentId).to.equal(doc.documentId);
  });

  it('DELETE emits one delete for the document, whatever the number of versions', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Ev delete') });
    const events = await eventsOf(async () => expectStatus(await app().del(`/api/articles/${doc.documentId}`), 204));
    expect(events.map((e) => [e.action, e.uid, e.documentId, e.rowsVisible])).to.deep.equal([['delete', ARTICLE, doc.documentId, 0]]);
  });

  it('failed writes and actions emit nothing', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Ev fail') }, { status: 'draft' });
    const none = await eventsOf(async () => {
      expectStatus(await app().post('/api/articles', { data: { body: 'no title' } }), 400);
      expectStatus(await action(app(), 'articles', doc.documentId, 'discard-draft'), 400);
      expectStatus(await action(app(), 'articles', 'nosuchdocumentid0000000', 'publish'), 404);
      expectStatus(await app().del(`/api/articles/${doc.documentId}?status=draft`), 400);
      await update(app(), 'articles', doc.documentId, { title: null }, { status: 'draft' });
    });
    expect(names(none)).to.deep.equal(['update']);
    const failed = await eventsOf(async () => expectStatus(await action(app(), 'articles', doc.documentId, 'publish'), 400));
    expect(failed).to.deep.equal([]);
  });

  it('single types emit the same events', async () => {
    const events = await eventsOf(async () => {
      expectStatus(await app().put('/api/homepage?status=draft', { data: { headline: 'Ev home' } }), 200);
      expectStatus(await app().request('POST', '/api/homepage/actions/publish'), 200);
      expectStatus(await app().put('/api/homepage', { data: { headline: 'Ev home 2' } }), 200);
    });
    expect(events.map((e) => [e.action, e.uid])).to.deep.equal([
      ['create', HOMEPAGE], ['publish', HOMEPAGE], ['update', HOMEPAGE], ['publish', HOMEPAGE],
    ]);
  });

  it('the document service emits the same events for its actions', async () => {
    const docs = app().kernel.documents(TAG);
    let id = '';
    const events = await eventsOf(async () => {
      id = (await docs.create({ data: { name: fresh('svc') }, status: 'published' }) as Json).documentId;
      await docs.update({ documentId: id, data: { name: fresh('svc2') }, status: 'draft' });
      await docs.action('discardDraft', { documentId: id });
      await docs.action('unpublish', { documentId: id });
      await docs.action('publish', { documentId: id });
      await docs.delete({ documentId: id });
    });
    expect(names(events)).to.deep.equal(['create', 'publish', 'update', 'discardDraft', 'unpublish', 'publish', 'delete']);
    expect(events.every((e) => e.uid === TAG && e.documentId === id)).to.equal(true);
  });
});

describe('draft-and-publish: permissions', () => {
  const rec = recorder();
  const app = useKernel({ plugins: [rec.plugin] });
  before(() => rec.attach(app()));
  const FORBIDDEN = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'You are not allowed to read draft content for this content type', details: {} } };
  let doc: Json;

  before(async () => {
    doc = await create(app(), 'articles', { title: fresh('Perm') });
    await update(app(), 'articles', doc.documentId, { title: 'draft title' }, { status: 'draft' });
  });

  async function asked(fn: () => Promise<unknown>): Promise<string[]> {
    const start = rec.recorded.authorize.length;
    await fn();
    return rec.recorded.authorize.slice(start);
  }

  it('status=draft on a GET asks authorize for <uid>.readDraft, besides the route\'s own action', async () => {
    expect(await asked(() => app().get(`/api/articles/${doc.documentId}?status=draft`))).to.deep.equal([`${ARTICLE}.findOne`, `${ARTICLE}.readDraft`]);
    expect(await asked(() => app().get('/api/articles?status=draft'))).to.deep.equal([`${ARTICLE}.find`, `${ARTICLE}.readDraft`]);
    expect(await asked(() => app().get('/api/homepage?status=draft'))).to.deep.equal([`${HOMEPAGE}.find`, `${HOMEPAGE}.readDraft`]);
    expect(await asked(() => app().get(`/api/articles/${doc.documentId}`)), 'published reads do not ask for readDraft').to.deep.equal([`${ARTICLE}.findOne`]);
    expect(await asked(() => app().get(`/api/articles/${doc.documentId}?status=published`))).to.deep.equal([`${ARTICLE}.findOne`]);
  });

  it('readDraft denied: draft reads are a 403 with the plugin\'s message; published reads still work', async () => {
    const deny = { 'x-deny': 'readDraft' };
    for (const path of [`/api/articles/${doc.documentId}?status=draft`, '/api/articles?status=draft', '/api/articles?status=draft&hasPublishedVersion=false', '/api/homepage?status=draft']) {
      const res = await app().request('GET', path, undefined, deny);
      expect(res.status, path).to.equal(403);
      expect(res.body, path).to.deep.equal(FORBIDDEN);
    }
    const published = await app().request('GET', `/api/articles/${doc.documentId}`, undefined, deny);
    expectStatus(published, 200);
    expect(published.body.data.title).to.equal(doc.title);
    expectStatus(await app().request('GET', '/api/articles?status=published', undefined, deny), 200);
    const allowed = await app().get(`/api/articles/${doc.documentId}?status=draft`);
    expectStatus(allowed, 200);
    expect(allowed.body.data.title).to.equal('draft title');
  });

  it('readDraft denied: draft content does not leak through a route of a type without D&P', async () => {
    const draftOnly = await create(app(), 'articles', { title: fresh('Secret draft') }, { status: 'draft' });
    const writer = await create(app(), 'writers', { name: fresh('Leak'), favorite: draftOnly.documentId });
    const res = await app().request('GET', `/api/writers/${writer.documentId}?status=draft&populate=favorite`, undefined, { 'x-deny': 'readDraft' });
    if (res.status === 200) expect(res.text, 'a draft article populated under status=draft without readDraft').to.not.contain(draftOnly.title);
    else expect(res.status).to.equal(403);
  });

  it('each action route asks for its own permission action', async () => {
    expect(await asked(() => action(app(), 'articles', doc.documentId, 'publish'))).to.deep.equal([`${ARTICLE}.publish`]);
    expect(await asked(() => action(app(), 'articles', doc.documentId, 'discard-draft'))).to.deep.equal([`${ARTICLE}.discardDraft`]);
    expect(await asked(() => action(app(), 'articles', doc.documentId, 'unpublish'))).to.deep.equal([`${ARTICLE}.unpublish`]);
    expect(await asked(() => app().request('POST', '/api/homepage/actions/publish'))).to.deep.equal([`${HOMEPAGE}.publish`]);
    expect(await asked(() => app().request('POST', '/api/homepage/actions/unpublish'))).to.deep.equal([`${HOMEPAGE}.unpublish`]);
    expect(await asked(() => app().request('POST', '/api/homepage/actions/discard-draft'))).to.deep.equal([`${HOMEPAGE}.discardDraft`]);
  });

  it('a denied action is a 403 and changes nothing', async () => {
    const d = await create(app(), 'articles', { title: fresh('Denied') });
    await update(app(), 'articles', d.documentId, { title: 'denied draft' }, { status: 'draft' });
    for (const [name, permission] of [['publish', 'publish'], ['unpublish', 'unpublish'], ['discard-draft', 'discardDraft']] as const) {
      const res = await action(app(), 'articles', d.documentId, name, undefined, { 'x-deny': permission });
      expect(res.status, name).to.equal(403);
      expect(res.body.error.name).to.equal('ForbiddenError');
      // only the named permission is denied
      const other = permission === 'publish' ? 'unpublish' : 'publish';
      expect((await action(app(), 'articles', 'nosuchdocumentid0000000', name, undefined, { 'x-deny': other })).status, `${name} with ${other} denied`).to.equal(404);
    }
    expect((await readOne(app(), 'articles', d.documentId))!.title).to.equal(d.title);
    expect((await readOne(app(), 'articles', d.documentId, { status: 'draft' }))!.title).to.equal('denied draft');
  });
});

describe('draft-and-publish: each action is one transaction', () => {
  // A test plugin that fails the read an action makes after it has written (publish and
  // discardDraft read the version they answer with), when the caller's state asks for it.
  const failing = definePlugin({
    name: 'dp-test-fail-late',
    register(kernel) {
      kernel.hooks.beforeQuery.tap({ name: 'dp-test-fail-late', stage: QUERY_STAGE.SCOPE }, (ctx) => {
        if (ctx.state.failAfterWrite === true && ctx.action === 'findOne') throw new Error('injected failure after the write');
        return ctx;
      });
    },
  });
  const rec = recorder();
  const app = useKernel({ plugins: [failing, rec.plugin] });
  before(() => rec.attach(app()));

  async function expectFails(fn: () => Promise<unknown>): Promise<void> {
    let error: unknown;
    try { await fn(); } catch (err) { error = err; }
    // The failing tap is named, with the hook, and the thrown error is kept as the cause
    expect((error as { code?: string } | undefined)?.code).to.equal('HOOK_ERR_TAP_FAILED');
    expect((error as Error).message).to.equal("dp-test-fail-late's beforeQuery tap failed: injected failure after the write");
    expect(((error as Error).cause as Error).message).to.equal('injected failure after the write');
  }

  it('publish: a failure after the copy rolls the published version back (values, relations, id) and emits nothing', async () => {
    const tag = await create(app(), 'tags', { name: fresh('Tx tag') });
    const doc = await create(app(), 'articles', { title: fresh('Tx publish') });
    const before = await readOne(app(), 'articles', doc.documentId, { populate: ['tags'] });
    await update(app(), 'articles', doc.documentId, { title: 'Tx new', tags: [tag.documentId] }, { status: 'draft' });
    const events = rec.recorded.events.length;
    await expectFails(() => app().kernel.documents(ARTICLE).action('publish', { documentId: doc.documentId, state: { failAfterWrite: true } }));
    expect(await readOne(app(), 'articles', doc.documentId, { populate: ['tags'] })).to.deep.equal(before);
    expect(rec.recorded.events.length).to.equal(events);
  });

  it('discardDraft: a failure after the copy leaves the draft as it was', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Tx discard') });
    await update(app(), 'articles', doc.documentId, { title: 'Tx keep this draft' }, { status: 'draft' });
    const before = await readOne(app(), 'articles', doc.documentId, { status: 'draft' });
    await expectFails(() => app().kernel.documents(ARTICLE).action('discardDraft', { documentId: doc.documentId, state: { failAfterWrite: true } }));
    expect(await readOne(app(), 'articles', doc.documentId, { status: 'draft' })).to.deep.equal(before);
  });

  it('create with status published: a failure while publishing leaves no draft behind', async () => {
    const title = fresh('Tx create');
    const events = rec.recorded.events.length;
    await expectFails(() => app().kernel.documents(ARTICLE).create({ data: { title }, status: 'published', state: { failAfterWrite: true } }));
    const count = await app().kernel.documents(ARTICLE).count({ status: 'draft', filters: { title } });
    expect(count).to.equal(0);
    expect(rec.recorded.events.length, 'no create event for a rolled-back create').to.equal(events);
  });

  it('update with status published: a failure while publishing leaves both versions as they were', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Tx update') });
    await expectFails(() => app().kernel.documents(ARTICLE).update({ documentId: doc.documentId, data: { title: 'Tx changed' }, status: 'published', state: { failAfterWrite: true } }));
    expect((await readOne(app(), 'articles', doc.documentId))!.title).to.equal(doc.title);
    expect((await readOne(app(), 'articles', doc.documentId, { status: 'draft' }))!.title).to.equal(doc.title);
  });
});
