// draft-and-publish over REST: the two versions of a document, the `status` rules on reads and
// writes, hasPublishedVersion, the publish / unpublish / discard-draft actions (collection and
// single types), and required/unique checked when a version is published. Issue #5, items 1-6, 8.

import { expect } from 'chai';
import { startKernel, type TestKernel } from '../../helpers/kernel.js';
import {
  action, create, expectFieldError, FIXTURES, insertFile, expectStatus, fresh, ISO, list, readOne, rowsOf, update, useKernel, type Json,
} from './helpers.js';

describe('draft-and-publish: reads and the status parameter', () => {
  const app = useKernel();
  let pubA: Json; let pubB: Json; let draftOnly: Json;

  before(async () => {
    pubA = await create(app(), 'articles', { title: fresh('Read A') });
    pubB = await create(app(), 'articles', { title: fresh('Read B') });
    draftOnly = await create(app(), 'articles', { title: fresh('Read draft') }, { status: 'draft' });
    // B gets a newer draft than its published version
    await update(app(), 'articles', pubB.documentId, { title: `${pubB.title} (edited)` }, { status: 'draft' });
  });

  it('content types with draftAndPublish get publishedAt: a date on the published version, null on the draft', async () => {
    expect(pubA.publishedAt).to.match(ISO);
    expect(draftOnly.publishedAt).to.equal(null);
    const draftOfA = await readOne(app(), 'articles', pubA.documentId, { status: 'draft' });
    expect(draftOfA!.publishedAt).to.equal(null);
    expect(draftOfA!.title).to.equal(pubA.title);
  });

  it('content types without draftAndPublish always return a publishedAt date, whatever the status asked', async () => {
    const writer = await create(app(), 'writers', { name: fresh('Writer') });
    expect(writer.publishedAt).to.match(ISO);
    for (const status of [undefined, 'draft', 'published']) {
      const doc = await readOne(app(), 'writers', writer.documentId, status ? { status } : undefined);
      expect(doc, `status=${status}`).to.not.equal(null);
      expect(doc!.publishedAt, `status=${status}`).to.match(ISO);
      const { data } = await list(app(), 'writers', { status, filters: { documentId: writer.documentId } });
      expect(data.map((d) => d.publishedAt), `list status=${status}`).to.have.length(1).and.to.satisfy((v: unknown[]) => v.every((x) => typeof x === 'string' && ISO.test(x)));
    }
    const updated = await update(app(), 'writers', writer.documentId, { name: fresh('Writer renamed') });
    expect(updated.publishedAt).to.match(ISO);
  });

  it('status=published is the default: lists, totals and findOne see published versions only', async () => {
    const mine = [pubA.documentId, pubB.documentId, draftOnly.documentId];
    for (const query of [{}, { status: 'published' }]) {
      const { data, total } = await list(app(), 'articles', { ...query, filters: { documentId: { $in: mine } }, sort: 'id' });
      expect(data.map((d) => d.documentId).sort(), JSON.stringify(query)).to.deep.equal([pubA.documentId, pubB.documentId].sort());
      expect(total).to.equal(2);
      expect(data.every((d) => ISO.test(d.publishedAt))).to.equal(true);
      expect(data.find((d) => d.documentId === pubB.documentId)!.title, 'the published title, not the newer draft').to.equal(pubB.title);
      expect(await readOne(app(), 'articles', draftOnly.documentId, query), 'a draft-only document is 404 for published reads').to.equal(null);
      expect((await readOne(app(), 'articles', pubB.documentId, query))!.title).to.equal(pubB.title);
    }
  });

  it('status=draft returns the draft of every document (publishedAt null even when a published version exists)', async () => {
    const mine = [pubA.documentId, pubB.documentId, draftOnly.documentId];
    const { data, total } = await list(app(), 'articles', { status: 'draft', filters: { documentId: { $in: mine } } });
    expect(data.map((d) => d.documentId).sort()).to.deep.equal([...mine].sort());
    expect(total, 'total counts documents, not rows').to.equal(3);
    expect(data.map((d) => d.publishedAt)).to.deep.equal([null, null, null]);
    expect(data.find((d) => d.documentId === pubB.documentId)!.title).to.equal(`${pubB.title} (edited)`);
    const one = await readOne(app(), 'articles', draftOnly.documentId, { status: 'draft' });
    expect(one).to.include({ documentId: draftOnly.documentId, title: draftOnly.title, publishedAt: null });
  });

  it('the draft and the published version are two rows with different ids', async () => {
    const rows = await rowsOf(app(), 'dp_articles', pubA.documentId);
    expect(rows.map((r) => r.published).sort()).to.deep.equal([false, true]);
    const draft = await readOne(app(), 'articles', pubA.documentId, { status: 'draft' });
    const published = await readOne(app(), 'articles', pubA.documentId);
    expect(draft!.id).to.equal(rows.find((r) => !r.published)!.id);
    expect(published!.id).to.equal(rows.find((r) => r.published)!.id);
  });

  it('any other status value is a 400, on every route', async () => {
    const id = pubA.documentId;
    const cases: Array<[string, string, unknown?]> = [
      ['GET', '/api/articles?status=drafts'], ['GET', '/api/articles?status=PUBLISHED'], ['GET', '/api/articles?status='],
      ['GET', '/api/articles?status[0]=draft'], ['GET', `/api/articles/${id}?status=all`], ['GET', '/api/writers?status=nope'],
      ['POST', '/api/articles?status=maybe', { data: { title: 'x' } }], ['PUT', `/api/articles/${id}?status=x`, { data: { title: 'x' } }],
      ['DELETE', `/api/articles/${id}?status=x`], ['GET', '/api/homepage?status=x'],
    ];
    for (const [method, path, body] of cases) {
      const res = await app().request(method, path, body);
      expect(res.status, `${method} ${path}: ${res.text}`).to.equal(400);
      expect(res.body.error.name).to.equal('ValidationError');
    }
    expect((await readOne(app(), 'articles', id, { status: 'draft' }))!.title, 'nothing was written').to.equal(pubA.title);
  });

  it('hasPublishedVersion=true|false with status=draft lists drafts that have / never had a published version', async () => {
    const mine = [pubA.documentId, pubB.documentId, draftOnly.documentId];
    const withPub = await list(app(), 'articles', { status: 'draft', hasPublishedVersion: 'true', filters: { documentId: { $in: mine } } });
    expect(withPub.data.map((d) => d.documentId).sort()).to.deep.equal([pubA.documentId, pubB.documentId].sort());
    expect(withPub.total).to.equal(2);
    expect(withPub.data.map((d) => d.publishedAt)).to.deep.equal([null, null]);
    const without = await list(app(), 'articles', { status: 'draft', hasPublishedVersion: 'false', filters: { documentId: { $in: mine } } });
    expect(without.data.map((d) => d.documentId)).to.deep.equal([draftOnly.documentId]);
    expect(without.total).to.equal(1);
  });

  it('hasPublishedVersion follows unpublish and publish', async () => {
    const doc = await create(app(), 'articles', { title: fresh('HPV') });
    const q = (v: string) => ({ status: 'draft', hasPublishedVersion: v, filters: { documentId: doc.documentId } });
    expect((await list(app(), 'articles', q('true'))).total).to.equal(1);
    expectStatus(await action(app(), 'articles', doc.documentId, 'unpublish'), 200);
    expect((await list(app(), 'articles', q('true'))).total).to.equal(0);
    expect((await list(app(), 'articles', q('false'))).total).to.equal(1);
    expectStatus(await action(app(), 'articles', doc.documentId, 'publish'), 200);
    expect((await list(app(), 'articles', q('false'))).total).to.equal(0);
  });

  it('hasPublishedVersion with another value is a 400', async () => {
    for (const v of ['yes', '1', '', 'TRUE', 'null']) {
      const res = await app().get(`/api/articles?status=draft&hasPublishedVersion=${v}`);
      expect(res.status, `hasPublishedVersion=${v}: ${res.text}`).to.equal(400);
      expect(res.body.error.name).to.equal('ValidationError');
    }
  });
});

describe('draft-and-publish: writes and the status parameter', () => {
  const app = useKernel();

  it('POST without status creates the draft and publishes it (201, two rows)', async () => {
    const title = fresh('Created');
    const res = await app().post('/api/articles', { data: { title, views: 3 } });
    expectStatus(res, 201);
    expect(res.body.data).to.not.have.property('id');
    expect(res.body.data).to.include({ title, views: 3 });
    expect(res.body.data.publishedAt).to.match(ISO);
    const id = res.body.data.documentId as string;
    expect((await readOne(app(), 'articles', id))!).to.include({ title, views: 3 });
    expect((await readOne(app(), 'articles', id, { status: 'draft' }))!).to.include({ title, views: 3, publishedAt: null });
    expect((await rowsOf(app(), 'dp_articles', id)).map((r) => r.published)).to.deep.equal([false, true]);
  });

  it('POST ?status=published does the same as no status', async () => {
    const res = await app().post('/api/articles?status=published', { data: { title: fresh('Explicit') } });
    expectStatus(res, 201);
    expect(res.body.data.publishedAt).to.match(ISO);
    expect((await rowsOf(app(), 'dp_articles', res.body.data.documentId)).map((r) => r.published)).to.deep.equal([false, true]);
  });

  it('POST ?status=draft creates only the draft', async () => {
    const title = fresh('Draft only');
    const res = await app().post('/api/articles?status=draft', { data: { title } });
    expectStatus(res, 201);
    expect(res.body.data).to.include({ title, publishedAt: null });
    const id = res.body.data.documentId as string;
    expect(await readOne(app(), 'articles', id)).to.equal(null);
    expect((await readOne(app(), 'articles', id, { status: 'draft' }))!.title).to.equal(title);
    expect((await rowsOf(app(), 'dp_articles', id)).map((r) => r.published)).to.deep.equal([false]);
  });

  it('PUT ?status=draft updates only the draft; the published version is untouched', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Put draft'), views: 1 });
    const before = await readOne(app(), 'articles', doc.documentId);
    const res = await app().put(`/api/articles/${doc.documentId}?status=draft`, { data: { title: 'Edited draft', views: 2 } });
    expectStatus(res, 200);
    expect(res.body.data).to.include({ title: 'Edited draft', views: 2, publishedAt: null });
    expect(await readOne(app(), 'articles', doc.documentId), 'published version unchanged (values, id, timestamps)').to.deep.equal(before);
    expect((await readOne(app(), 'articles', doc.documentId, { status: 'draft' }))!).to.include({ title: 'Edited draft', views: 2 });
  });

  it('PUT without status updates the draft and publishes it', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Put'), views: 1, body: 'keep' });
    await update(app(), 'articles', doc.documentId, { views: 5 }, { status: 'draft' });
    const res = await app().put(`/api/articles/${doc.documentId}`, { data: { title: 'Put and publish' } });
    expectStatus(res, 200);
    expect(res.body.data).to.include({ title: 'Put and publish', views: 5, body: 'keep' });
    expect(res.body.data.publishedAt).to.match(ISO);
    const published = await readOne(app(), 'articles', doc.documentId);
    const draft = await readOne(app(), 'articles', doc.documentId, { status: 'draft' });
    expect(published!).to.include({ title: 'Put and publish', views: 5, body: 'keep' });
    expect(draft!).to.include({ title: 'Put and publish', views: 5, body: 'keep', publishedAt: null });
  });

  it('PUT without status on a draft-only document publishes it', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Never published') }, { status: 'draft' });
    const res = await app().put(`/api/articles/${doc.documentId}`, { data: { views: 9 } });
    expectStatus(res, 200);
    expect(res.body.data.publishedAt).to.match(ISO);
    expect((await readOne(app(), 'articles', doc.documentId))!).to.include({ title: doc.title, views: 9 });
  });

  it('PUT on an unknown documentId is a 404 with and without status', async () => {
    expectStatus(await app().put('/api/articles/nosuchdocumentid0000000', { data: { title: 'x' } }), 404);
    expectStatus(await app().put('/api/articles/nosuchdocumentid0000000?status=draft', { data: { title: 'x' } }), 404);
  });

  it('a body that carries publishedAt is a 400 that says to use status (POST and PUT, any status, with or without D&P)', async () => {
    const doc = await create(app(), 'articles', { title: fresh('No publishedAt') });
    const writer = await create(app(), 'writers', { name: fresh('W') });
    const attempts: Array<[string, string, Json]> = [
      ['POST', '/api/articles', { title: 'x' }], ['POST', '/api/articles?status=draft', { title: 'x' }],
      ['PUT', `/api/articles/${doc.documentId}`, { title: 'x' }], ['PUT', `/api/articles/${doc.documentId}?status=draft`, { title: 'x' }],
      ['POST', '/api/writers', { name: 'x' }], ['PUT', `/api/writers/${writer.documentId}`, { name: 'x' }], ['PUT', '/api/homepage', { headline: 'x' }],
    ];
    for (const [method, path, data] of attempts) {
      for (const publishedAt of [null, '2024-01-01T00:00:00.000Z']) {
        const res = await app().request(method, path, { data: { ...data, publishedAt } });
        expect(res.status, `${method} ${path} publishedAt=${publishedAt}: ${res.text}`).to.equal(400);
        expect(res.body.error.name).to.equal('ValidationError');
        expect(res.body.error.message, `${method} ${path}`).to.match(/\bstatus\b/);
        expect(JSON.stringify(res.body.error.details), `${method} ${path}`).to.contain('publishedAt');
      }
    }
    expect((await readOne(app(), 'articles', doc.documentId))!.title).to.equal(doc.title);
  });

  it('DELETE removes both versions (204); the document is gone for every status', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Delete me') });
    await update(app(), 'articles', doc.documentId, { title: 'newer draft' }, { status: 'draft' });
    const res = await app().del(`/api/articles/${doc.documentId}`);
    expectStatus(res, 204);
    expect(res.text).to.equal('');
    expect(await readOne(app(), 'articles', doc.documentId)).to.equal(null);
    expect(await readOne(app(), 'articles', doc.documentId, { status: 'draft' })).to.equal(null);
    expect(await rowsOf(app(), 'dp_articles', doc.documentId)).to.deep.equal([]);
    expectStatus(await app().del(`/api/articles/${doc.documentId}`), 404);
  });

  it('DELETE removes a draft-only document too', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Delete draft') }, { status: 'draft' });
    expectStatus(await app().del(`/api/articles/${doc.documentId}`), 204);
    expect(await rowsOf(app(), 'dp_articles', doc.documentId)).to.deep.equal([]);
  });

  it('DELETE ?status=draft is a 400 and deletes nothing', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Keep me') });
    const res = await app().del(`/api/articles/${doc.documentId}?status=draft`);
    expectStatus(res, 400);
    expect(res.body.error.name).to.equal('ValidationError');
    expect((await rowsOf(app(), 'dp_articles', doc.documentId)).length).to.equal(2);
  });
});

describe('draft-and-publish: publish, unpublish and discard-draft routes', () => {
  const app = useKernel();

  it('publish updates the published row in place: its id is stable over several publishes', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Stable') });
    const firstId = (await readOne(app(), 'articles', doc.documentId))!.id as number;
    const draftId = (await readOne(app(), 'articles', doc.documentId, { status: 'draft' }))!.id as number;
    expect(firstId).to.not.equal(draftId);
    for (let i = 1; i <= 4; i++) {
      await update(app(), 'articles', doc.documentId, { title: `Stable v${i}` }, { status: 'draft' });
      const res = await action(app(), 'articles', doc.documentId, 'publish');
      expectStatus(res, 200, `publish #${i}`);
      expect(res.body.data).to.include({ documentId: doc.documentId, title: `Stable v${i}`, id: firstId });
      expect(res.body.data.publishedAt).to.match(ISO);
      const published = await readOne(app(), 'articles', doc.documentId);
      expect(published!).to.include({ id: firstId, title: `Stable v${i}` });
      // PUT without status publishes too, in place
      await update(app(), 'articles', doc.documentId, { views: i });
      expect((await readOne(app(), 'articles', doc.documentId))!).to.include({ id: firstId, views: i });
    }
    const rows = await rowsOf(app(), 'dp_articles', doc.documentId);
    expect(rows).to.deep.equal([{ id: draftId, published: false }, { id: firstId, published: true }]);
  });

  it('concurrent publishes and PUTs of a never-published document leave one published version', async function () {
    this.timeout(120_000);
    for (let round = 0; round < 3; round++) {
      const a = await create(app(), 'articles', { title: fresh('Race publish') }, { status: 'draft' });
      const published = await Promise.all(Array.from({ length: 6 }, () => action(app(), 'articles', a.documentId, 'publish')));
      expect(published.map((r) => r.status), `round ${round}: publish`).to.deep.equal([200, 200, 200, 200, 200, 200]);
      expect((await rowsOf(app(), 'dp_articles', a.documentId)).map((r) => r.published), `round ${round}: rows after concurrent publishes`).to.deep.equal([false, true]);
      expect((await list(app(), 'articles', { filters: { documentId: a.documentId } })).total, 'the document is listed once').to.equal(1);

      const b = await create(app(), 'articles', { title: fresh('Race put') }, { status: 'draft' });
      const put = await Promise.all(Array.from({ length: 6 }, (_, i) => app().put(`/api/articles/${b.documentId}`, { data: { views: i } })));
      expect(put.map((r) => r.status), `round ${round}: put`).to.deep.equal([200, 200, 200, 200, 200, 200]);
      expect((await rowsOf(app(), 'dp_articles', b.documentId)).map((r) => r.published), `round ${round}: rows after concurrent PUTs`).to.deep.equal([false, true]);
    }
  });

  it('publish refreshes publishedAt and answers with the published version (fields and populate apply)', async () => {
    const tag = await create(app(), 'tags', { name: fresh('Tag') });
    const doc = await create(app(), 'articles', { title: fresh('Publish response'), tags: [tag.documentId] });
    const res = await action(app(), 'articles', doc.documentId, 'publish', { fields: ['title'], populate: { tags: { fields: ['name'] } } });
    expectStatus(res, 200);
    expect(res.body.data).to.have.all.keys('id', 'documentId', 'title', 'tags');
    expect(res.body.data.tags.map((t: Json) => t.name)).to.deep.equal([tag.name]);
    const after = await readOne(app(), 'articles', doc.documentId);
    expect(Date.parse(after!.publishedAt)).to.be.at.least(Date.parse(doc.publishedAt));
  });

  it('publish of a draft-only document creates its published version', async () => {
    const doc = await create(app(), 'articles', { title: fresh('First publish') }, { status: 'draft' });
    const res = await action(app(), 'articles', doc.documentId, 'publish');
    expectStatus(res, 200);
    expect(res.body.data.publishedAt).to.match(ISO);
    expect((await readOne(app(), 'articles', doc.documentId))!.title).to.equal(doc.title);
  });

  it('unpublish removes the published version and keeps the draft', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Unpublish') });
    await update(app(), 'articles', doc.documentId, { title: 'draft edit' }, { status: 'draft' });
    const res = await action(app(), 'articles', doc.documentId, 'unpublish');
    expectStatus(res, 200);
    expect(res.body.data.documentId).to.equal(doc.documentId);
    expect(await readOne(app(), 'articles', doc.documentId)).to.equal(null);
    expect((await readOne(app(), 'articles', doc.documentId, { status: 'draft' }))!).to.include({ title: 'draft edit', publishedAt: null });
    expect((await rowsOf(app(), 'dp_articles', doc.documentId)).map((r) => r.published)).to.deep.equal([false]);
  });

  it('discard-draft resets the draft from the published version', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Discard'), views: 1, body: 'published body' });
    const draftId = (await readOne(app(), 'articles', doc.documentId, { status: 'draft' }))!.id;
    await update(app(), 'articles', doc.documentId, { title: 'scrap this', views: 99, body: null }, { status: 'draft' });
    const res = await action(app(), 'articles', doc.documentId, 'discard-draft');
    expectStatus(res, 200);
    expect(res.body.data).to.include({ title: doc.title, views: 1, body: 'published body', publishedAt: null });
    const draft = await readOne(app(), 'articles', doc.documentId, { status: 'draft' });
    expect(draft!).to.include({ title: doc.title, views: 1, body: 'published body', publishedAt: null, id: draftId });
    expect((await readOne(app(), 'articles', doc.documentId))!.title).to.equal(doc.title);
  });

  it('discard-draft on a never-published document is a 400 and changes nothing', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Never') }, { status: 'draft' });
    const res = await action(app(), 'articles', doc.documentId, 'discard-draft');
    expectStatus(res, 400);
    expect(res.body.error.name).to.equal('ValidationError');
    expect((await readOne(app(), 'articles', doc.documentId, { status: 'draft' }))!.title).to.equal(doc.title);
  });

  it('every action on an unknown documentId is a 404', async () => {
    for (const name of ['publish', 'unpublish', 'discard-draft'] as const) {
      const res = await action(app(), 'articles', 'nosuchdocumentid0000000', name);
      expect(res.status, `${name}: ${res.text}`).to.equal(404);
      expect(res.body.error.name).to.equal('NotFoundError');
    }
  });

  it('actions are routes of D&P content types only', async () => {
    const writer = await create(app(), 'writers', { name: fresh('No actions') });
    for (const name of ['publish', 'unpublish', 'discard-draft'] as const) {
      expectStatus(await action(app(), 'writers', writer.documentId, name), 404, `writers ${name}`);
    }
  });

  it('the same actions on the document service: kernel.documents(uid).action(...)', async () => {
    const { kernel } = app();
    const docs = kernel.documents('api::article.article');
    const created = await docs.create({ data: { title: fresh('Service') }, status: 'draft' }) as Json;
    expect(created.publishedAt).to.equal(null);
    const published = await docs.action('publish', { documentId: created.documentId }) as Json;
    expect(published.publishedAt).to.match(ISO);
    expect(await docs.count({ status: 'published', filters: { documentId: created.documentId } })).to.equal(1);
    await docs.update({ documentId: created.documentId, data: { title: 'service draft' }, status: 'draft' });
    const discarded = await docs.action('discardDraft', { documentId: created.documentId }) as Json;
    expect(discarded).to.include({ title: created.title, publishedAt: null });
    await docs.action('unpublish', { documentId: created.documentId });
    expect(await docs.count({ status: 'published', filters: { documentId: created.documentId } })).to.equal(0);
    expect(await docs.count({ status: 'draft', filters: { documentId: created.documentId } })).to.equal(1);
    expect(await docs.action('publish', { documentId: 'nosuchdocumentid0000000' })).to.equal(null);
    let error: unknown;
    try { await docs.action('discardDraft', { documentId: created.documentId }); } catch (err) { error = err; }
    expect((error as Error | undefined)?.name, 'discardDraft of a never-published document').to.equal('ValidationError');
    expect(docs.hasAction('publish') && docs.hasAction('unpublish') && docs.hasAction('discardDraft')).to.equal(true);
    expect(kernel.documents('api::writer.writer').hasAction('publish'), 'no publish on a type without D&P').to.equal(false);
  });
});

describe('draft-and-publish: required and unique are checked when a version is published', () => {
  const app = useKernel();

  it('a draft may miss a required field (201 with ?status=draft); publishing it is a 400 naming the field', async () => {
    const res = await app().post('/api/articles?status=draft', { data: { body: 'no title yet' } });
    expectStatus(res, 201);
    expect(res.body.data).to.include({ title: null, publishedAt: null });
    const id = res.body.data.documentId as string;
    const pub = await action(app(), 'articles', id, 'publish');
    expectFieldError(pub, ['title'], /title/);
    expect(await readOne(app(), 'articles', id)).to.equal(null);
    await update(app(), 'articles', id, { title: fresh('Now complete') }, { status: 'draft' });
    expectStatus(await action(app(), 'articles', id, 'publish'), 200);
  });

  it('required relations, components and media are checked on publish, not on the draft', async () => {
    const draft = await create(app(), 'notices', { label: 'incomplete' }, { status: 'draft' });
    const res = await action(app(), 'notices', draft.documentId, 'publish');
    expectFieldError(res, ['tag']);
    expectFieldError(res, ['banner']);
    expectFieldError(res, ['image']);
    const tag = await create(app(), 'tags', { name: fresh('Notice tag') });
    const file = await insertFile(app(), 'notice.png');
    await update(app(), 'notices', draft.documentId, { tag: tag.documentId, banner: { text: 'Hello' }, image: file }, { status: 'draft' });
    expectStatus(await action(app(), 'notices', draft.documentId, 'publish'), 200);
    expect((await readOne(app(), 'notices', draft.documentId, { populate: '*' }))!.banner.text).to.equal('Hello');
  });

  it('required fields inside a component are checked on publish', async () => {
    const tag = await create(app(), 'tags', { name: fresh('Notice tag') });
    const file = await insertFile(app(), 'notice2.png');
    const draft = await create(app(), 'notices', { tag: tag.documentId, image: file, banner: { text: null } }, { status: 'draft' });
    expectFieldError(await action(app(), 'notices', draft.documentId, 'publish'), ['banner', 'text']);
    expect(await readOne(app(), 'notices', draft.documentId)).to.equal(null);
  });

  it('an empty string does not satisfy required on publish', async () => {
    const doc = await create(app(), 'articles', { title: '' }, { status: 'draft' });
    expectFieldError(await action(app(), 'articles', doc.documentId, 'publish'), ['title']);
  });

  it('POST without status and a missing required field is a 400 and creates nothing (not even the draft)', async () => {
    const body = fresh('orphan body');
    const res = await app().post('/api/articles', { data: { body } });
    expectFieldError(res, ['title']);
    const { total } = await list(app(), 'articles', { status: 'draft', filters: { body } });
    expect(total).to.equal(0);
  });

  it('PUT without status that would publish a missing required field is a 400 and writes neither version', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Required'), views: 1 });
    const res = await app().put(`/api/articles/${doc.documentId}`, { data: { title: null, views: 2 } });
    expectFieldError(res, ['title']);
    expect((await readOne(app(), 'articles', doc.documentId))!).to.include({ title: doc.title, views: 1 });
    expect((await readOne(app(), 'articles', doc.documentId, { status: 'draft' }))!).to.include({ title: doc.title, views: 1 });
  });

  it('unique is checked among published versions: drafts may share a value, publishing the second is a 400', async () => {
    const code = fresh('CODE');
    const a = await create(app(), 'articles', { title: fresh('U a'), code });
    const b = await create(app(), 'articles', { title: fresh('U b'), code }, { status: 'draft' });
    const c = await create(app(), 'articles', { title: fresh('U c'), code }, { status: 'draft' });
    expect(b.code).to.equal(code);
    expectFieldError(await action(app(), 'articles', b.documentId, 'publish'), ['code'], /unique/);
    expectFieldError(await app().post('/api/articles', { data: { title: fresh('U d'), code } }), ['code'], /unique/);
    expect(await readOne(app(), 'articles', b.documentId)).to.equal(null);

    // a's draft moves away from the code, but its published version still holds it
    await update(app(), 'articles', a.documentId, { code: `${code}-moved` }, { status: 'draft' });
    expectFieldError(await action(app(), 'articles', b.documentId, 'publish'), ['code'], /unique/);
    // once a's new value is published, the code is free
    expectStatus(await action(app(), 'articles', a.documentId, 'publish'), 200);
    expectStatus(await action(app(), 'articles', b.documentId, 'publish'), 200);
    expectFieldError(await action(app(), 'articles', c.documentId, 'publish'), ['code'], /unique/);
  });

  it('a document never clashes with its own published version; an unpublished value is free', async () => {
    const code = fresh('SELF');
    const a = await create(app(), 'articles', { title: fresh('Self'), code });
    for (let i = 0; i < 2; i++) expectStatus(await action(app(), 'articles', a.documentId, 'publish'), 200);
    await update(app(), 'articles', a.documentId, { views: 1 });
    const b = await create(app(), 'articles', { title: fresh('Other'), code }, { status: 'draft' });
    expectStatus(await action(app(), 'articles', a.documentId, 'unpublish'), 200);
    expectStatus(await action(app(), 'articles', b.documentId, 'publish'), 200, 'the code is free after unpublish');
  });
});

describe('draft-and-publish: single types', () => {
  const app = useKernel();

  it('PUT ?status=draft creates only the draft; GET answers 404 until it is published', async () => {
    const res = await app().put('/api/homepage?status=draft', { data: { headline: 'Draft home' } });
    expectStatus(res, 200);
    expect(res.body.data).to.include({ headline: 'Draft home', publishedAt: null });
    expectStatus(await app().get('/api/homepage'), 404);
    const draft = await app().get('/api/homepage?status=draft');
    expectStatus(draft, 200);
    expect(draft.body.data).to.include({ headline: 'Draft home', publishedAt: null });
  });

  it('POST /api/homepage/actions/publish publishes it', async () => {
    const res = await app().request('POST', '/api/homepage/actions/publish');
    expectStatus(res, 200);
    expect(res.body.data.headline).to.equal('Draft home');
    expect(res.body.data.publishedAt).to.match(ISO);
    const read = await app().get('/api/homepage');
    expectStatus(read, 200);
    expect(read.body.data.headline).to.equal('Draft home');
  });

  it('PUT ?status=draft then discard-draft; PUT without status publishes; the published id is stable', async () => {
    const publishedId = (await app().get('/api/homepage')).body.data.id;
    await app().put('/api/homepage?status=draft', { data: { headline: 'Scrap' } });
    expect((await app().get('/api/homepage')).body.data.headline).to.equal('Draft home');
    const discarded = await app().request('POST', '/api/homepage/actions/discard-draft');
    expectStatus(discarded, 200);
    expect(discarded.body.data).to.include({ headline: 'Draft home', publishedAt: null });
    const put = await app().put('/api/homepage', { data: { headline: 'Live home' } });
    expectStatus(put, 200);
    expect(put.body.data.publishedAt).to.match(ISO);
    const read = (await app().get('/api/homepage')).body.data;
    expect(read).to.include({ headline: 'Live home', id: publishedId });
    expect((await app().get('/api/homepage?status=draft')).body.data.headline).to.equal('Live home');
  });

  it('unpublish keeps the draft; publishing a draft that misses the required field is a 400', async () => {
    expectStatus(await app().request('POST', '/api/homepage/actions/unpublish'), 200);
    expectStatus(await app().get('/api/homepage'), 404);
    expect((await app().get('/api/homepage?status=draft')).body.data.headline).to.equal('Live home');
    await app().put('/api/homepage?status=draft', { data: { headline: null } });
    expectFieldError(await app().request('POST', '/api/homepage/actions/publish'), ['headline']);
    expectStatus(await app().request('POST', '/api/homepage/actions/discard-draft'), 400, 'never published (since unpublish)');
  });

  it('DELETE removes both versions; afterwards the actions are 404', async () => {
    await app().put('/api/homepage', { data: { headline: 'Again' } });
    expectStatus(await app().del('/api/homepage'), 204);
    expectStatus(await app().get('/api/homepage?status=draft'), 404);
    expect(await app().kernel.db('dp_homepages').count({ n: '*' }).first().then((r) => Number((r as Json).n))).to.equal(0);
    for (const name of ['publish', 'unpublish', 'discard-draft']) {
      expectStatus(await app().request('POST', `/api/homepage/actions/${name}`), 404, name);
    }
  });
});

describe('draft-and-publish: strict parameters', () => {
  const app = useKernel();

  it('status is a known parameter on every core route, hasPublishedVersion and publicationFilter only on reads', async () => {
    const doc = await create(app(), 'articles', { title: fresh('Strict') });
    const writer = await create(app(), 'writers', { name: fresh('Strict writer') });
    for (const path of [
      '/api/articles?status=draft', `/api/articles/${doc.documentId}?status=draft`, '/api/writers?status=draft', `/api/writers/${writer.documentId}?status=draft`,
      '/api/articles?status=draft&hasPublishedVersion=true', `/api/articles/${doc.documentId}?status=draft&hasPublishedVersion=true&publicationFilter=has-published-version`,
    ]) {
      expectStatus(await app().get(path), 200, path);
    }
    const res = await app().request('PUT', `/api/articles/${doc.documentId}?status=draft&hasPublishedVersion=true`, { data: { title: fresh('Strict') } });
    expectStatus(res, 400);
    expect(res.body.error.message).to.equal('Invalid key hasPublishedVersion');
  });
});

describe('without the draft-and-publish plugin, on the same schemas', () => {
  let strict: TestKernel; let lax: TestKernel;
  before(async function () {
    this.timeout(120_000);
    strict = await startKernel({ contentTypesDir: FIXTURES, config: { api: { rest: { strictParams: true } } } });
    lax = await startKernel({ contentTypesDir: FIXTURES, config: { api: { rest: { strictParams: false } } } });
  });
  after(async () => { await strict?.stop(); await lax?.stop(); });

  it('documents have no publishedAt field, and a D&P schema has one row per document', async () => {
    const doc = await create(strict, 'articles', { title: 'Plain' });
    expect(doc).to.not.have.property('publishedAt');
    const read = await readOne(strict, 'articles', doc.documentId);
    expect(read).to.not.have.property('publishedAt');
    expect((await list(strict, 'articles')).data.every((d) => !('publishedAt' in d))).to.equal(true);
    const rows = await strict.kernel.db('dp_articles').where('document_id', doc.documentId).count({ n: '*' }).first() as Json;
    expect(Number(rows.n)).to.equal(1);
    const columns = await strict.kernel.db('dp_articles').columnInfo();
    expect(columns).to.not.have.property('published_at');
  });

  it('with strictParams, ?status=draft is a 400 Invalid key status', async () => {
    const doc = await create(strict, 'articles', { title: 'Strict plain' });
    for (const path of ['/api/articles?status=draft', `/api/articles/${doc.documentId}?status=draft`, '/api/homepage?status=draft']) {
      const res = await strict.get(path);
      expect(res.status, path).to.equal(400);
      expect(res.body.error.message, path).to.equal('Invalid key status');
    }
    const post = await strict.post('/api/articles?status=draft', { data: { title: 'x' } });
    expect(post.status).to.equal(400);
    expect(post.body.error.message).to.equal('Invalid key status');
  });

  it('without strictParams, status is ignored', async () => {
    const doc = await create(lax, 'articles', { title: 'Lax plain' });
    const plain = await lax.get('/api/articles');
    const withStatus = await lax.get('/api/articles?status=draft');
    expectStatus(withStatus, 200);
    expect(withStatus.body).to.deep.equal(plain.body);
    expect((await readOne(lax, 'articles', doc.documentId, { status: 'draft' }))!.title).to.equal('Lax plain');
    const created = await lax.post('/api/articles?status=draft', { data: { title: 'Lax created' } });
    expectStatus(created, 201);
    expect(created.body.data).to.not.have.property('publishedAt');
  });

  it('there are no /actions routes (404)', async () => {
    const doc = await create(lax, 'articles', { title: 'No actions' });
    for (const app of [strict, lax]) {
      for (const name of ['publish', 'unpublish', 'discard-draft'] as const) {
        expectStatus(await action(app, 'articles', doc.documentId, name), 404, name);
        expectStatus(await app.request('POST', `/api/homepage/actions/${name}`), 404, `homepage ${name}`);
      }
    }
  });
});
