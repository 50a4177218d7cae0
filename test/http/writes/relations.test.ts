// Relation writes over REST for every relation kind, one-directional and bidirectional, on create
// and update: the shorthand and detailed forms of connect, disconnect and set, the value itself
// meaning set, null and [] clearing; and both sides of bidirectional relations staying consistent.
// Every relation is checked twice: through ?populate and in the owner's link table.

import { expect } from 'chai';
import type { TestKernel } from '../../helpers/kernel.js';
import {
  count, create, linkTargets, many, read, related, rowId, update, useKernel,
  type Api, type Json, type Table,
} from './helpers.js';

interface RelField { field: string; target: Api; table: Table; kind: string }

const TO_MANY: RelField[] = [
  { field: 'tags', target: 'tags', table: 'wr_posts_tags_lnk', kind: 'manyToMany, one-directional' },
  { field: 'pinnedTags', target: 'tags', table: 'wr_posts_pinned_tags_lnk', kind: 'oneToMany, one-directional' },
  { field: 'labels', target: 'labels', table: 'wr_posts_labels_lnk', kind: 'manyToMany, bidirectional owner' },
  { field: 'notes', target: 'notes', table: 'wr_posts_notes_lnk', kind: 'oneToMany, bidirectional owner' },
];

const TO_ONE: RelField[] = [
  { field: 'mainTag', target: 'tags', table: 'wr_posts_main_tag_lnk', kind: 'oneToOne, one-directional' },
  { field: 'primaryTag', target: 'tags', table: 'wr_posts_primary_tag_lnk', kind: 'manyToOne, one-directional' },
  { field: 'topic', target: 'topics', table: 'wr_posts_topic_lnk', kind: 'manyToOne, bidirectional owner' },
  { field: 'badge', target: 'badges', table: 'wr_posts_badge_lnk', kind: 'oneToOne, bidirectional owner' },
];

/** The post's relation, read back through populate and through its link rows (same order). */
async function expectRelation(app: TestKernel, f: RelField, postId: string, expected: string[]): Promise<void> {
  const populated = await related(app, 'posts', postId, f.field);
  const links = await linkTargets(app, f.table, await rowId(app, 'wr_posts', postId));
  expect(links, `${f.field} link rows (by ord)`).to.deep.equal(expected);
  if (TO_ONE.includes(f)) expect(populated, `${f.field} populated`).to.equal(expected[0] ?? null);
  else expect(populated, `${f.field} populated`).to.deep.equal(expected);
}

for (const f of TO_MANY) {
  describe(`relation writes: posts.${f.field} (${f.kind})`, () => {
    const app = useKernel();
    const post = (data: Json = {}) => create(app(), 'posts', data);

    it('create: the array given as the value sets the relation, in that order (and the response populates it)', async () => {
      const [a, b, c] = await many(app(), f.target, 3);
      const res = await app().post(`/api/posts?populate=${f.field}`, { data: { title: 'array', [f.field]: [c, a, b] } });
      expect(res.status, res.text).to.equal(201);
      expect(res.body.meta).to.deep.equal({});
      expect(res.body.data).to.not.have.property('id'); // the create response shows documentId but no id
      expect(res.body.data[f.field].map((d: Json) => d.documentId)).to.deep.equal([c, a, b]);
      await expectRelation(app(), f, res.body.data.documentId, [c, a, b]);
    });

    it('create: connect, shorthand and detailed', async () => {
      const [a, b, c, d] = await many(app(), f.target, 4);
      const p1 = await post({ [f.field]: { connect: [b, a] } });
      const p2 = await post({ [f.field]: { connect: [{ documentId: d }, { documentId: c }] } });
      await expectRelation(app(), f, p1.documentId, [b, a]);
      await expectRelation(app(), f, p2.documentId, [d, c]);
    });

    it('create: set, shorthand and detailed', async () => {
      const [a, b, c, d] = await many(app(), f.target, 4);
      const p1 = await post({ [f.field]: { set: [a, b] } });
      const p2 = await post({ [f.field]: { set: [{ documentId: d }, { documentId: c }] } });
      await expectRelation(app(), f, p1.documentId, [a, b]);
      await expectRelation(app(), f, p2.documentId, [d, c]);
    });

    it('create: detailed objects given directly as the value mean set', async () => {
      const [a, b] = await many(app(), f.target, 2);
      const p = await post({ [f.field]: [{ documentId: b }, { documentId: a }] });
      await expectRelation(app(), f, p.documentId, [b, a]);
    });

    it('update: connect (shorthand) appends and keeps what was attached', async () => {
      const [a, b, c] = await many(app(), f.target, 3);
      const p = await post({ [f.field]: [a] });
      await update(app(), 'posts', p.documentId, { [f.field]: { connect: [c, b] } });
      await expectRelation(app(), f, p.documentId, [a, c, b]);
    });

    it('update: connect (detailed) appends and keeps what was attached', async () => {
      const [a, b] = await many(app(), f.target, 2);
      const p = await post({ [f.field]: [a] });
      await update(app(), 'posts', p.documentId, { [f.field]: { connect: [{ documentId: b }] } });
      await expectRelation(app(), f, p.documentId, [a, b]);
    });

    it('update: disconnect, shorthand then detailed, removes only those', async () => {
      const [a, b, c, d] = await many(app(), f.target, 4);
      const p = await post({ [f.field]: [a, b, c, d] });
      await update(app(), 'posts', p.documentId, { [f.field]: { disconnect: [b] } });
      await expectRelation(app(), f, p.documentId, [a, c, d]);
      await update(app(), 'posts', p.documentId, { [f.field]: { disconnect: [{ documentId: d }, { documentId: a }] } });
      await expectRelation(app(), f, p.documentId, [c]);
    });

    it('update: connect and disconnect in one request', async () => {
      const [a, b, c] = await many(app(), f.target, 3);
      const p = await post({ [f.field]: [a, b] });
      await update(app(), 'posts', p.documentId, { [f.field]: { connect: [c], disconnect: [a] } });
      await expectRelation(app(), f, p.documentId, [b, c]);
    });

    it('update: set replaces everything, in the given order', async () => {
      const [a, b, c, d] = await many(app(), f.target, 4);
      const p = await post({ [f.field]: [a, b, c] });
      await update(app(), 'posts', p.documentId, { [f.field]: { set: [d, c, a] } });
      await expectRelation(app(), f, p.documentId, [d, c, a]);
      await update(app(), 'posts', p.documentId, { [f.field]: { set: [{ documentId: b }, { documentId: d }] } });
      await expectRelation(app(), f, p.documentId, [b, d]);
    });

    it('update: an array given as the value replaces everything (set)', async () => {
      const [a, b, c] = await many(app(), f.target, 3);
      const p = await post({ [f.field]: [a, b] });
      await update(app(), 'posts', p.documentId, { [f.field]: [c, b] });
      await expectRelation(app(), f, p.documentId, [c, b]);
    });

    for (const [what, value] of [['null', null], ['[]', []], ['{ set: [] }', { set: [] }]] as const) {
      it(`update: ${what} clears the relation and deletes its link rows`, async () => {
        const [a, b] = await many(app(), f.target, 2);
        const p = await post({ [f.field]: [a, b] });
        const before = await count(app(), f.table);
        await update(app(), 'posts', p.documentId, { [f.field]: value });
        await expectRelation(app(), f, p.documentId, []);
        expect(await count(app(), f.table)).to.equal(before - 2);
        for (const target of [a, b]) await read(app(), f.target, target); // the targets still exist
      });
    }

    it('update: leaving the field out keeps the relation', async () => {
      const [a, b] = await many(app(), f.target, 2);
      const p = await post({ [f.field]: [b, a] });
      await update(app(), 'posts', p.documentId, { title: 'renamed' });
      await expectRelation(app(), f, p.documentId, [b, a]);
    });

    it('update: disconnecting a document that is not attached changes nothing', async () => {
      const [a, b, c] = await many(app(), f.target, 3);
      const p = await post({ [f.field]: [a, b] });
      await update(app(), 'posts', p.documentId, { [f.field]: { disconnect: [c] } });
      await expectRelation(app(), f, p.documentId, [a, b]);
    });

    it('writes of one post leave the same relation of another post alone', async () => {
      const [a, b, c] = await many(app(), f.target, 3);
      const p1 = await post({ [f.field]: [a] });
      const p2 = await post({ [f.field]: [b] });
      await update(app(), 'posts', p1.documentId, { [f.field]: { set: [c] } });
      await expectRelation(app(), f, p1.documentId, [c]);
      await expectRelation(app(), f, p2.documentId, [b]);
    });
  });
}

for (const f of TO_ONE) {
  describe(`relation writes: posts.${f.field} (${f.kind})`, () => {
    const app = useKernel();
    const post = (data: Json = {}) => create(app(), 'posts', data);

    it('create: a documentId string as the value sets it (and the response populates it)', async () => {
      const [a] = await many(app(), f.target, 1);
      const res = await app().post(`/api/posts?populate=${f.field}`, { data: { title: 'string', [f.field]: a } });
      expect(res.status, res.text).to.equal(201);
      expect(res.body.data[f.field]).to.include({ documentId: a });
      await expectRelation(app(), f, res.body.data.documentId, [a]);
    });

    const forms: Array<[string, (id: string) => unknown]> = [
      ['a one-item array', (id) => [id]],
      ['a detailed object', (id) => ({ documentId: id })],
      ['a one-item array of detailed objects', (id) => [{ documentId: id }]],
      ['connect shorthand', (id) => ({ connect: [id] })],
      ['connect detailed', (id) => ({ connect: [{ documentId: id }] })],
      ['set shorthand', (id) => ({ set: [id] })],
      ['set detailed', (id) => ({ set: [{ documentId: id }] })],
    ];
    for (const [what, value] of forms) {
      it(`create: ${what} sets it`, async () => {
        const [a] = await many(app(), f.target, 1);
        const p = await post({ [f.field]: value(a) });
        await expectRelation(app(), f, p.documentId, [a]);
      });
      it(`update: ${what} replaces the current target`, async () => {
        const [a, b] = await many(app(), f.target, 2);
        const p = await post({ [f.field]: a });
        await update(app(), 'posts', p.documentId, { [f.field]: value(b) });
        await expectRelation(app(), f, p.documentId, [b]);
      });
    }

    it('update: a documentId string replaces the current target; one link row remains', async () => {
      const [a, b] = await many(app(), f.target, 2);
      const p = await post({ [f.field]: a });
      const before = await count(app(), f.table);
      await update(app(), 'posts', p.documentId, { [f.field]: b });
      await expectRelation(app(), f, p.documentId, [b]);
      expect(await count(app(), f.table)).to.equal(before);
    });

    it('connect with several items keeps only the last one', async () => {
      const [a, b, c] = await many(app(), f.target, 3);
      const p = await post({ [f.field]: { connect: [a, b] } });
      await expectRelation(app(), f, p.documentId, [b]);
      await update(app(), 'posts', p.documentId, { [f.field]: { connect: [{ documentId: c }, { documentId: a }] } });
      await expectRelation(app(), f, p.documentId, [a]);
    });

    it('disconnect of the current target clears it; of another document changes nothing', async () => {
      const [a, b] = await many(app(), f.target, 2);
      const p = await post({ [f.field]: a });
      await update(app(), 'posts', p.documentId, { [f.field]: { disconnect: [b] } });
      await expectRelation(app(), f, p.documentId, [a]);
      await update(app(), 'posts', p.documentId, { [f.field]: { disconnect: [{ documentId: a }] } });
      await expectRelation(app(), f, p.documentId, []);
    });

    it('connect and disconnect in one request', async () => {
      const [a, b] = await many(app(), f.target, 2);
      const p = await post({ [f.field]: a });
      await update(app(), 'posts', p.documentId, { [f.field]: { disconnect: [a], connect: [b] } });
      await expectRelation(app(), f, p.documentId, [b]);
    });

    for (const [what, value] of [['null', null], ['[]', []], ['{ set: [] }', { set: [] }]] as const) {
      it(`update: ${what} clears it and deletes its link row`, async () => {
        const [a] = await many(app(), f.target, 1);
        const p = await post({ [f.field]: a });
        const before = await count(app(), f.table);
        await update(app(), 'posts', p.documentId, { [f.field]: value });
        await expectRelation(app(), f, p.documentId, []);
        expect(await count(app(), f.table)).to.equal(before - 1);
        await read(app(), f.target, a);
      });
    }

    it('update: leaving the field out keeps it', async () => {
      const [a] = await many(app(), f.target, 1);
      const p = await post({ [f.field]: a });
      await update(app(), 'posts', p.documentId, { title: 'renamed' });
      await expectRelation(app(), f, p.documentId, [a]);
    });
  });
}

// ------------------------------------------------------------------ both sides of bidirectional

describe('bidirectional manyToOne / oneToMany: posts.topic <-> topics.posts', () => {
  const app = useKernel();
  const topicPosts = (id: string) => related(app(), 'topics', id, 'posts');
  const postTopic = (id: string) => related(app(), 'posts', id, 'topic');

  it("setting a post's topic is seen from the topic, in the order the posts were attached", async () => {
    const [t] = await many(app(), 'topics', 1);
    const p1 = await create(app(), 'posts', { topic: t });
    const p2 = await create(app(), 'posts', { topic: { connect: [t] } });
    expect(await topicPosts(t)).to.deep.equal([p1.documentId, p2.documentId]);
  });

  it("moving a post to another topic removes it from the first topic's posts", async () => {
    const [t1, t2] = await many(app(), 'topics', 2);
    const p1 = await create(app(), 'posts', { topic: t1 });
    const p2 = await create(app(), 'posts', { topic: t1 });
    await update(app(), 'posts', p1.documentId, { topic: t2 });
    expect(await topicPosts(t1)).to.deep.equal([p2.documentId]);
    expect(await topicPosts(t2)).to.deep.equal([p1.documentId]);
    await update(app(), 'posts', p2.documentId, { topic: null });
    expect(await topicPosts(t1)).to.deep.equal([]);
  });

  it('writing topic.posts (set) points the posts at the topic and takes them from their old topic', async () => {
    const [t0, t] = await many(app(), 'topics', 2);
    const p1 = await create(app(), 'posts', { topic: t0 });
    const p2 = await create(app(), 'posts', { topic: t0 });
    const p3 = await create(app(), 'posts');
    const res = await app().put(`/api/topics/${t}?populate=posts`, { data: { posts: [p3.documentId, p1.documentId] } });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.meta).to.deep.equal({});
    expect(res.body.data.documentId).to.equal(t);
    expect(res.body.data.posts.map((d: Json) => d.documentId)).to.deep.equal([p3.documentId, p1.documentId]);
    expect(await topicPosts(t)).to.deep.equal([p3.documentId, p1.documentId]);
    expect(await postTopic(p1.documentId)).to.equal(t);
    expect(await postTopic(p3.documentId)).to.equal(t);
    expect(await postTopic(p2.documentId)).to.equal(t0);
    expect(await topicPosts(t0)).to.deep.equal([p2.documentId]);
    // each post still has exactly one topic link row
    const postRow = await rowId(app(), 'wr_posts', p1.documentId);
    expect(await linkTargets(app(), 'wr_posts_topic_lnk', postRow)).to.deep.equal([t]);
  });

  it('writing topic.posts with connect and disconnect updates what the posts point at', async () => {
    const [t] = await many(app(), 'topics', 1);
    const p1 = await create(app(), 'posts', { topic: t });
    const p2 = await create(app(), 'posts');
    await update(app(), 'topics', t, { posts: { connect: [{ documentId: p2.documentId }], disconnect: [p1.documentId] } });
    expect(await topicPosts(t)).to.deep.equal([p2.documentId]);
    expect(await postTopic(p1.documentId)).to.equal(null);
    expect(await postTopic(p2.documentId)).to.equal(t);
  });

  it('creating a topic with posts points them at it', async () => {
    const [t0] = await many(app(), 'topics', 1);
    const p1 = await create(app(), 'posts', { topic: t0 });
    const p2 = await create(app(), 'posts');
    const t = await create(app(), 'topics', { posts: { connect: [p2.documentId, p1.documentId] } });
    expect(await topicPosts(t.documentId)).to.deep.equal([p2.documentId, p1.documentId]);
    expect(await postTopic(p1.documentId)).to.equal(t.documentId);
    expect(await topicPosts(t0)).to.deep.equal([]);
  });

  it('clearing topic.posts (null) leaves the posts without a topic and deletes the link rows', async () => {
    const [t] = await many(app(), 'topics', 1);
    const p1 = await create(app(), 'posts', { topic: t });
    const p2 = await create(app(), 'posts', { topic: t });
    const before = await count(app(), 'wr_posts_topic_lnk');
    await update(app(), 'topics', t, { posts: null });
    expect(await topicPosts(t)).to.deep.equal([]);
    expect(await postTopic(p1.documentId)).to.equal(null);
    expect(await postTopic(p2.documentId)).to.equal(null);
    expect(await count(app(), 'wr_posts_topic_lnk')).to.equal(before - 2);
  });
});

describe('bidirectional oneToOne: posts.badge <-> badges.post', () => {
  const app = useKernel();
  const badgePost = (id: string) => related(app(), 'badges', id, 'post');
  const postBadge = (id: string) => related(app(), 'posts', id, 'badge');

  it("setting a post's badge is seen from the badge", async () => {
    const [b] = await many(app(), 'badges', 1);
    const p = await create(app(), 'posts', { badge: b });
    expect(await badgePost(b)).to.equal(p.documentId);
  });

  it('giving the badge to another post removes it from the first', async () => {
    const [b] = await many(app(), 'badges', 1);
    const p1 = await create(app(), 'posts', { badge: b });
    const p2 = await create(app(), 'posts');
    await update(app(), 'posts', p2.documentId, { badge: { connect: [b] } });
    expect(await postBadge(p1.documentId)).to.equal(null);
    expect(await postBadge(p2.documentId)).to.equal(b);
    expect(await badgePost(b)).to.equal(p2.documentId);
    expect(await app().kernel.db('wr_posts_badge_lnk').where('target_document_id', b).count({ n: '*' }).first().then((r) => Number((r as Json).n))).to.equal(1);
  });

  it('writing badge.post moves the post from its old badge to this one', async () => {
    const [b1, b2] = await many(app(), 'badges', 2);
    const p = await create(app(), 'posts', { badge: b1 });
    await update(app(), 'badges', b2, { post: p.documentId });
    expect(await postBadge(p.documentId)).to.equal(b2);
    expect(await badgePost(b2)).to.equal(p.documentId);
    expect(await badgePost(b1)).to.equal(null);
  });

  it('writing badge.post replaces the post that held the badge', async () => {
    const [b] = await many(app(), 'badges', 1);
    const p1 = await create(app(), 'posts', { badge: b });
    const p2 = await create(app(), 'posts');
    await update(app(), 'badges', b, { post: { connect: [{ documentId: p2.documentId }] } });
    expect(await badgePost(b)).to.equal(p2.documentId);
    expect(await postBadge(p1.documentId)).to.equal(null);
    expect(await postBadge(p2.documentId)).to.equal(b);
  });

  it('creating a badge with a post takes the post from its old badge', async () => {
    const [b1] = await many(app(), 'badges', 1);
    const p = await create(app(), 'posts', { badge: b1 });
    const b2 = await create(app(), 'badges', { post: p.documentId });
    expect(await postBadge(p.documentId)).to.equal(b2.documentId);
    expect(await badgePost(b1)).to.equal(null);
  });

  it('badge.post null clears both sides', async () => {
    const [b] = await many(app(), 'badges', 1);
    const p = await create(app(), 'posts', { badge: b });
    await update(app(), 'badges', b, { post: null });
    expect(await badgePost(b)).to.equal(null);
    expect(await postBadge(p.documentId)).to.equal(null);
  });
});

describe('bidirectional oneToMany / manyToOne: posts.notes <-> notes.post', () => {
  const app = useKernel();
  const postNotes = (id: string) => related(app(), 'posts', id, 'notes');
  const notePost = (id: string) => related(app(), 'notes', id, 'post');

  it("setting a post's notes is seen from each note", async () => {
    const [n1, n2] = await many(app(), 'notes', 2);
    const p = await create(app(), 'posts', { notes: [n1, n2] });
    expect(await notePost(n1)).to.equal(p.documentId);
    expect(await notePost(n2)).to.equal(p.documentId);
  });

  it('connecting a note to another post removes it from the first', async () => {
    const [n1, n2] = await many(app(), 'notes', 2);
    const p1 = await create(app(), 'posts', { notes: [n1, n2] });
    const p2 = await create(app(), 'posts');
    await update(app(), 'posts', p2.documentId, { notes: { connect: [n1] } });
    expect(await postNotes(p1.documentId)).to.deep.equal([n2]);
    expect(await postNotes(p2.documentId)).to.deep.equal([n1]);
    expect(await notePost(n1)).to.equal(p2.documentId);
  });

  it('writing note.post moves the note to that post (appended to its notes)', async () => {
    const [n1, n2, n3] = await many(app(), 'notes', 3);
    const p1 = await create(app(), 'posts', { notes: [n1, n2] });
    const p2 = await create(app(), 'posts', { notes: [n3] });
    await update(app(), 'notes', n1, { post: p2.documentId });
    expect(await notePost(n1)).to.equal(p2.documentId);
    expect(await postNotes(p1.documentId)).to.deep.equal([n2]);
    expect(await postNotes(p2.documentId)).to.deep.equal([n3, n1]);
    await update(app(), 'notes', n3, { post: null });
    expect(await postNotes(p2.documentId)).to.deep.equal([n1]);
  });

  it('creating a note with a post adds it to the post', async () => {
    const [n1] = await many(app(), 'notes', 1);
    const p = await create(app(), 'posts', { notes: [n1] });
    const n2 = await create(app(), 'notes', { post: { connect: [p.documentId] } });
    expect(await postNotes(p.documentId)).to.deep.equal([n1, n2.documentId]);
  });
});

describe('bidirectional manyToMany: posts.labels <-> labels.posts', () => {
  const app = useKernel();
  const postLabels = (id: string) => related(app(), 'posts', id, 'labels');
  const labelPosts = (id: string) => related(app(), 'labels', id, 'posts');

  it('labels set on posts are seen from the labels, in attachment order', async () => {
    const [l1, l2] = await many(app(), 'labels', 2);
    const p1 = await create(app(), 'posts', { labels: [l1, l2] });
    const p2 = await create(app(), 'posts', { labels: [l1] });
    expect(await labelPosts(l1)).to.deep.equal([p1.documentId, p2.documentId]);
    expect(await labelPosts(l2)).to.deep.equal([p1.documentId]);
    await update(app(), 'posts', p1.documentId, { labels: { disconnect: [l1] } });
    expect(await labelPosts(l1)).to.deep.equal([p2.documentId]);
  });

  it('connecting from the label side appends the label to the post', async () => {
    const [l1, l2] = await many(app(), 'labels', 2);
    const p = await create(app(), 'posts', { labels: [l1] });
    await update(app(), 'labels', l2, { posts: { connect: [p.documentId] } });
    expect(await postLabels(p.documentId)).to.deep.equal([l1, l2]);
    expect(await labelPosts(l2)).to.deep.equal([p.documentId]);
  });

  it('set from the label side detaches the posts left out, and only from this label', async () => {
    const [l1, l2] = await many(app(), 'labels', 2);
    const p1 = await create(app(), 'posts', { labels: [l1, l2] });
    const p2 = await create(app(), 'posts', { labels: [l1] });
    await update(app(), 'labels', l1, { posts: { set: [p2.documentId] } });
    expect(await labelPosts(l1)).to.deep.equal([p2.documentId]);
    expect(await postLabels(p1.documentId)).to.deep.equal([l2]);
    expect(await postLabels(p2.documentId)).to.deep.equal([l1]);
  });

  it('disconnect from the label side, and null, detach the posts', async () => {
    const [l] = await many(app(), 'labels', 1);
    const p1 = await create(app(), 'posts', { labels: [l] });
    const p2 = await create(app(), 'posts', { labels: [l] });
    await update(app(), 'labels', l, { posts: { disconnect: [{ documentId: p1.documentId }] } });
    expect(await postLabels(p1.documentId)).to.deep.equal([]);
    expect(await labelPosts(l)).to.deep.equal([p2.documentId]);
    await update(app(), 'labels', l, { posts: null });
    expect(await postLabels(p2.documentId)).to.deep.equal([]);
    expect(await app().kernel.db('wr_posts_labels_lnk').where('target_document_id', l).count({ n: '*' }).first().then((r) => Number((r as Json).n))).to.equal(0);
  });

  it('creating a label with posts attaches it to them', async () => {
    const p1 = await create(app(), 'posts');
    const p2 = await create(app(), 'posts');
    const l = await create(app(), 'labels', { posts: [p2.documentId, p1.documentId] });
    expect(await labelPosts(l.documentId)).to.deep.equal([p2.documentId, p1.documentId]);
    expect(await postLabels(p1.documentId)).to.deep.equal([l.documentId]);
  });
});
