// Invalid relation parameters: each is a 400 ValidationError naming the path, and NOTHING is
// written, neither the document nor any relation, component or media link sent alongside (the
// whole database is compared before and after: row counts per table and every row's values).
// Bodies put valid changes to other fields first, so a write that is not rolled back shows.

import { expect } from 'chai';
import {
  create, expectFieldError, expectUnchanged, insertFile, many, related, snapshot, useKernel, type FileRef, type Json,
} from './helpers.js';

interface Ctx {
  tags: string[];
  labels: string[];
  topics: string[];
  image: FileRef;
  image2: FileRef;
  /** A documentId that exists in no collection. */
  missing: string;
}

interface ErrorCase {
  what: string;
  /** The failing part of the body, given the seeded documents (and, on update, the post under test). */
  data: (c: Ctx) => Json;
  path: string[];
  message: string | RegExp | ((c: Ctx) => string);
  /** Only meaningful on update (anchors must be attached to something first). */
  updateOnly?: boolean;
}

const CASES: ErrorCase[] = [
  // connecting the same document twice in one request
  { what: 'the same documentId twice in connect (shorthand)', data: (c) => ({ tags: { connect: [c.tags[2], c.tags[2]] } }),
    path: ['tags', 'connect', '1'], message: (c) => `tags.connect.1 cannot connect the same relation more than once (documentId "${c.tags[2]}")` },
  { what: 'the same documentId twice in connect (detailed, with positions)',
    data: (c) => ({ tags: { connect: [{ documentId: c.tags[2] }, { documentId: c.tags[2], position: { start: true } }] } }),
    path: ['tags', 'connect', '1'], message: /same relation more than once/ },
  { what: 'the same documentId twice in connect (shorthand then detailed)',
    data: (c) => ({ tags: { connect: [c.tags[3], c.tags[2], { documentId: c.tags[3] }] } }),
    path: ['tags', 'connect', '2'], message: /same relation more than once/ },
  { what: 'the same documentId twice in set', data: (c) => ({ tags: { set: [c.tags[2], c.tags[2]] } }),
    path: ['tags', 'set', '1'], message: /cannot set the same relation more than once/ },
  { what: 'the same documentId twice in an array value', data: (c) => ({ tags: [c.tags[2], c.tags[3], c.tags[2]] }),
    path: ['tags', '2'], message: /same relation more than once/ },
  { what: 'the same documentId twice in connect of a to-one relation', data: (c) => ({ primaryTag: { connect: [c.tags[2], c.tags[2]] } }),
    path: ['primaryTag', 'connect', '1'], message: /same relation more than once/ },
  { what: 'the same documentId twice in connect of a bidirectional relation', data: (c) => ({ labels: { connect: [c.labels[1], c.labels[1]] } }),
    path: ['labels', 'connect', '1'], message: /same relation more than once/ },
  { what: 'the same documentId twice in connect inside a component',
    data: (c) => ({ hero: { title: 'h', tags: { connect: [c.tags[1], c.tags[1]] } } }),
    path: ['hero', 'tags', 'connect', '1'], message: /same relation more than once/ },

  // set combined with connect / disconnect
  { what: 'set with connect', data: (c) => ({ tags: { set: [c.tags[0]], connect: [c.tags[1]] } }),
    path: ['tags'], message: 'tags: set cannot be combined with connect or disconnect' },
  { what: 'set with disconnect', data: (c) => ({ tags: { set: [c.tags[0]], disconnect: [c.tags[1]] } }),
    path: ['tags'], message: 'tags: set cannot be combined with connect or disconnect' },
  { what: 'set with connect and disconnect on a to-one relation', data: (c) => ({ primaryTag: { set: c.tags[0], connect: [c.tags[1]], disconnect: [] } }),
    path: ['primaryTag'], message: 'primaryTag: set cannot be combined with connect or disconnect' },

  // documentIds that do not exist
  { what: 'a missing documentId in connect', data: (c) => ({ tags: { connect: [c.tags[2], c.missing] } }),
    path: ['tags'], message: (c) => `Document with id "${c.missing}" not found` },
  { what: 'a missing documentId in detailed connect with a position', data: (c) => ({ tags: { connect: [{ documentId: c.missing, position: { start: true } }] } }),
    path: ['tags'], message: (c) => `Document with id "${c.missing}" not found` },
  { what: 'a missing documentId in set', data: (c) => ({ tags: { set: [c.missing] } }),
    path: ['tags'], message: (c) => `Document with id "${c.missing}" not found` },
  { what: 'a missing documentId as a to-one value', data: (c) => ({ primaryTag: c.missing }),
    path: ['primaryTag'], message: (c) => `Document with id "${c.missing}" not found` },
  { what: 'a documentId of another collection (a label given to tags)', data: (c) => ({ tags: [c.labels[0]] }),
    path: ['tags'], message: (c) => `Document with id "${c.labels[0]}" not found` },
  { what: 'a missing documentId on a bidirectional relation', data: (c) => ({ badge: { connect: [c.missing] } }),
    path: ['badge'], message: (c) => `Document with id "${c.missing}" not found` },
  { what: 'a missing documentId inside a single component', data: (c) => ({ hero: { title: 'h', tags: [c.tags[0], c.missing] } }),
    path: ['hero', 'tags'], message: (c) => `Document with id "${c.missing}" not found` },
  { what: 'a missing documentId inside a nested component', data: (c) => ({ hero: { title: 'h', tags: [c.tags[0]], cta: { label: 'go', target: c.missing } } }),
    path: ['hero', 'cta', 'target'], message: (c) => `Document with id "${c.missing}" not found` },
  { what: 'a missing documentId inside the second item of a repeatable component',
    data: (c) => ({ sections: [{ heading: 's1', tags: [c.tags[0]] }, { heading: 's2', tags: { connect: [c.missing] } }] }),
    path: ['sections', '1', 'tags'], message: (c) => `Document with id "${c.missing}" not found` },
  { what: 'a missing documentId inside a dynamic zone item',
    data: (c) => ({ body: [{ __component: 'blocks.quote', text: 'q' }, { __component: 'blocks.cta', label: 'go', target: c.missing }] }),
    path: ['body', '1', 'target'], message: (c) => `Document with id "${c.missing}" not found` },

  // positions pointing at relations that are not attached
  { what: 'a position before a document that exists but is not attached', data: (c) => ({ tags: { connect: [{ documentId: c.tags[2], position: { before: c.tags[3] } }] } }),
    path: ['tags'], message: /not attached/ },
  { what: 'a position after a documentId that does not exist', data: (c) => ({ tags: { connect: [{ documentId: c.tags[2], position: { after: c.missing } }] } }),
    path: ['tags'], message: /not attached/ },
  { what: 'a position anchored on a document disconnected in the same request', updateOnly: true,
    data: (c) => ({ tags: { disconnect: [c.tags[0]], connect: [{ documentId: c.tags[2], position: { after: c.tags[0] } }] } }),
    path: ['tags'], message: /not attached/ },
  { what: 'a position anchored on an item connected later in the same request',
    data: (c) => ({ tags: { connect: [{ documentId: c.tags[2], position: { before: c.tags[3] } }, { documentId: c.tags[3] }] } }),
    path: ['tags'], message: /not attached/ },
  { what: 'a position on a bidirectional relation before a label that is not attached',
    data: (c) => ({ labels: { connect: [{ documentId: c.labels[1], position: { before: c.labels[2] } }] } }),
    path: ['labels'], message: /not attached/ },

  // malformed positions
  { what: 'a position with before and after', data: (c) => ({ tags: { connect: [{ documentId: c.tags[2], position: { before: c.tags[0], after: c.tags[1] } }] } }),
    path: ['tags', 'connect', '0', 'position'], message: 'tags.connect.0.position must have exactly one of before, after, start, end' },
  { what: 'a position with start and end', data: (c) => ({ tags: { connect: [{ documentId: c.tags[2], position: { start: true, end: true } }] } }),
    path: ['tags', 'connect', '0', 'position'], message: 'tags.connect.0.position must have exactly one of before, after, start, end' },
  { what: 'a position with start and before on the second item', data: (c) => ({ tags: { connect: [c.tags[2], { documentId: c.tags[3], position: { start: true, before: c.tags[0] } }] } }),
    path: ['tags', 'connect', '1', 'position'], message: 'tags.connect.1.position must have exactly one of before, after, start, end' },

  // relation operations on media attributes
  { what: 'connect on a single media attribute', data: (c) => ({ cover: { connect: [c.image.id] } }),
    path: ['cover'], message: 'cover: connect cannot be used on media attributes' },
  { what: 'connect on a multiple media attribute', data: (c) => ({ gallery: { connect: [{ id: c.image2.id }] } }),
    path: ['gallery'], message: 'gallery: connect cannot be used on media attributes' },
  { what: 'set on a multiple media attribute', data: (c) => ({ gallery: { set: [c.image.id] } }),
    path: ['gallery'], message: 'gallery: set cannot be used on media attributes' },
  { what: 'disconnect on a multiple media attribute', data: (c) => ({ gallery: { disconnect: [c.image.id] } }),
    path: ['gallery'], message: 'gallery: disconnect cannot be used on media attributes' },
  { what: 'connect on a media attribute inside a component', data: (c) => ({ hero: { title: 'h', image: { connect: [c.image.id] } } }),
    path: ['hero', 'image'], message: 'hero.image: connect cannot be used on media attributes' },
];

/** Valid changes sent before the failing field, touching several tables. */
function validChanges(c: Ctx, except: string[]): Json {
  const all: Json = {
    title: 'changed by a request that must fail',
    topic: c.topics[1],
    labels: { connect: [c.labels[3]] },
    mainTag: c.tags[3],
    notes: [],
    cover: c.image2.id,
    steps: [{ text: 'x' }, { text: 'y' }],
  };
  for (const key of except) delete all[key];
  return all;
}

function messageOf(m: ErrorCase['message'], c: Ctx): string | RegExp {
  return typeof m === 'function' ? m(c) : m;
}

describe('invalid relation parameters: 400, nothing written', () => {
  const app = useKernel();
  const c = {} as Ctx;

  before(async () => {
    c.tags = await many(app(), 'tags', 4);
    c.labels = await many(app(), 'labels', 4);
    c.topics = await many(app(), 'topics', 2);
    c.image = await insertFile(app(), { name: 'a.png', mime: 'image/png', ext: '.png' });
    c.image2 = await insertFile(app(), { name: 'b.png', mime: 'image/png', ext: '.png' });
    c.missing = 'doesnotexist000000000000';
  });

  /** A post with relations, components and media on every table the failing requests touch. */
  async function seedPost(): Promise<Json> {
    return create(app(), 'posts', {
      topic: c.topics[0], labels: [c.labels[0]], tags: [c.tags[0], c.tags[1]], primaryTag: c.tags[0], badge: null,
      cover: c.image.id, gallery: [c.image.id],
      hero: { title: 'seed hero', tags: [c.tags[0]], cta: { label: 'seed', target: c.tags[1] } },
      sections: [{ heading: 'seed section', tags: [c.tags[1]], items: [{ label: 'i', tag: c.tags[0] }] }],
      steps: [{ text: 'a' }, { text: 'b' }],
      body: [{ __component: 'blocks.quote', text: 'seed quote' }],
    });
  }

  for (const k of CASES) {
    if (!k.updateOnly) {
      it(`create: ${k.what}`, async () => {
        await seedPost();
        const before = await snapshot(app());
        const data = k.data(c);
        const res = await app().post('/api/posts', { data: { ...validChanges(c, Object.keys(data)), ...data } });
        expect(res.status, res.text).to.equal(400);
        await expectUnchanged(app(), before);
        expectFieldError(res, k.path, messageOf(k.message, c));
      });
    }

    it(`update: ${k.what}`, async () => {
      const post = await seedPost();
      const before = await snapshot(app());
      const data = k.data(c);
      const res = await app().put(`/api/posts/${post.documentId}`, { data: { ...validChanges(c, Object.keys(data)), ...data } });
      expect(res.status, res.text).to.equal(400);
      await expectUnchanged(app(), before);
      expectFieldError(res, k.path, messageOf(k.message, c));
    });
  }

  it('the valid changes used above are accepted on their own (so the comparisons above can fail)', async () => {
    const post = await seedPost();
    const before = await snapshot(app());
    const res = await app().put(`/api/posts/${post.documentId}`, { data: validChanges(c, []) });
    expect(res.status, res.text).to.equal(200);
    const after = await snapshot(app());
    expect(after.rows['wr_posts']).to.not.deep.equal(before.rows['wr_posts']);
    expect(after.rows['wr_posts_topic_lnk']).to.not.deep.equal(before.rows['wr_posts_topic_lnk']);
    expect(after.counts['wr_posts_labels_lnk']).to.equal(before.counts['wr_posts_labels_lnk'] + 1);
    expect(after.counts['wr_posts_main_tag_lnk']).to.equal(before.counts['wr_posts_main_tag_lnk'] + 1);
  });
});

describe('invalid relation parameters on the inverse side: 400, nothing written', () => {
  const app = useKernel();

  it('a missing documentId in topics.posts: 400 at posts, the topic and the posts unchanged', async () => {
    const [t0, t] = await many(app(), 'topics', 2);
    const p = await create(app(), 'posts', { topic: t0 });
    const before = await snapshot(app());
    const res = await app().put(`/api/topics/${t}`, { data: { name: 'renamed', posts: { connect: [p.documentId, 'doesnotexist000000000000'] } } });
    expectFieldError(res, ['posts'], 'Document with id "doesnotexist000000000000" not found');
    await expectUnchanged(app(), before);
    expect(await related(app(), 'posts', p.documentId, 'topic')).to.equal(t0);
  });

  it('the same post twice in labels.posts connect: 400 at posts.connect.1', async () => {
    const [l] = await many(app(), 'labels', 1);
    const p = await create(app(), 'posts');
    const before = await snapshot(app());
    const res = await app().put(`/api/labels/${l}`, { data: { posts: { connect: [p.documentId, { documentId: p.documentId }] } } });
    expectFieldError(res, ['posts', 'connect', '1'], /same relation more than once/);
    await expectUnchanged(app(), before);
  });

  it('a position on labels.posts before a post that is not attached: 400, the earlier set of another field is rolled back', async () => {
    const [l] = await many(app(), 'labels', 1);
    const [p1, p2, p3] = [await create(app(), 'posts', { labels: [l] }), await create(app(), 'posts'), await create(app(), 'posts')];
    const before = await snapshot(app());
    const res = await app().put(`/api/labels/${l}`, {
      data: { name: 'renamed', posts: { connect: [{ documentId: p2.documentId, position: { before: p3.documentId } }] } },
    });
    expectFieldError(res, ['posts'], /not attached/);
    await expectUnchanged(app(), before);
    expect(await related(app(), 'labels', l, 'posts')).to.deep.equal([p1.documentId]);
  });

  it('set with connect on badges.post: 400 at post', async () => {
    const p = await create(app(), 'posts');
    const before = await snapshot(app());
    const res = await app().post('/api/badges', { data: { name: 'x', post: { set: [p.documentId], connect: [p.documentId] } } });
    expectFieldError(res, ['post'], 'post: set cannot be combined with connect or disconnect');
    await expectUnchanged(app(), before);
  });
});
