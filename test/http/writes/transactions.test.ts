// Every write of a document, its relations, media and components runs in one transaction: a
// failure midway (an invalid reference found while writing a nested component, a database error
// raised by a trigger on a nested component table) leaves every table exactly as it was.
// Deleting a document removes its own rows, links and component rows (nested too) and nothing else.

import { expect } from 'chai';
import type { TestKernel } from '../../helpers/kernel.js';
import {
  counts, create, expectFieldError, expectUnchanged, insertFile, many, read, related, rowId, snapshot, TABLES,
  useKernel, type FileRef, type Json, type Table,
} from './helpers.js';

const MISSING = 'doesnotexist000000000000';

interface Seed { tags: string[]; topics: string[]; badges: string[]; notes: string[]; labels: string[]; img1: FileRef; img2: FileRef; video: FileRef }

async function seed(app: TestKernel): Promise<Seed> {
  return {
    tags: await many(app, 'tags', 8),
    topics: await many(app, 'topics', 2),
    badges: await many(app, 'badges', 4),
    notes: await many(app, 'notes', 6),
    labels: await many(app, 'labels', 3),
    img1: await insertFile(app, { name: 'one.png', mime: 'image/png', ext: '.png' }),
    img2: await insertFile(app, { name: 'two.png', mime: 'image/png', ext: '.png' }),
    video: await insertFile(app, { name: 'clip.mp4', mime: 'video/mp4', ext: '.mp4' }),
  };
}

/** A body that writes to every table of the fixture. `n` picks distinct one-to-one targets. */
function fullBody(s: Seed, n: 0 | 1, title = `full ${n}`): Json {
  return {
    title,
    topic: s.topics[n],
    badge: s.badges[n],
    notes: [s.notes[2 * n], s.notes[2 * n + 1]],
    labels: { connect: [s.labels[0], { documentId: s.labels[1], position: { start: true } }] },
    mainTag: s.tags[6 + n],
    pinnedTags: [s.tags[4 + n]],
    primaryTag: s.tags[0],
    tags: [s.tags[0], s.tags[1]],
    cover: s.img1.id,
    gallery: [s.video.id, s.img2.id],
    hero: { title: 'hero', tags: [s.tags[1]], image: s.img2.id, cta: { label: 'cta', target: s.tags[2], icon: s.img1.id } },
    sections: [
      { heading: 'sec 1', tags: [s.tags[0], s.tags[2]], image: s.img1.id, items: [{ label: 'i1', tag: s.tags[3] }] },
      { heading: 'sec 2', items: [{ label: 'i2' }, { label: 'i3', tag: s.tags[1] }] },
    ],
    steps: [{ text: 'one' }, { text: 'two' }],
    body: [
      { __component: 'blocks.quote', text: 'quote' },
      { __component: 'blocks.figure', caption: 'figure', image: s.img2.id },
      { __component: 'blocks.cta', label: 'zone cta', target: s.tags[3], icon: s.img1.id },
    ],
  };
}

const TOUCHED_BY_FULL_BODY: Table[] = TABLES.filter((t) => !['wr_tags', 'wr_topics', 'wr_badges', 'wr_notes', 'wr_labels', 'files'].includes(t));

describe('transactions: an invalid reference found midway through the write keeps nothing', () => {
  const app = useKernel();
  let s: Seed;
  before(async () => { s = await seed(app()); });

  it('control: the full body writes rows in every link and component table (so the checks below can fail)', async () => {
    const before = await counts(app());
    const post = await create(app(), 'posts', fullBody(s, 0));
    const after = await counts(app());
    for (const table of TOUCHED_BY_FULL_BODY) expect(after[table], table).to.be.greaterThan(before[table]);
    const res = await app().del(`/api/posts/${post.documentId}`);
    expect(res.status, res.text).to.equal(204);
  });

  const failures: Array<[string, (body: Json) => void, string[]]> = [
    ['in the nested component of the single component (written after the relations and media)',
      (b) => { b.hero.cta.target = MISSING; }, ['hero', 'cta', 'target']],
    ['in a nested item of the second repeatable item',
      (b) => { b.sections[1].items[1].tag = MISSING; }, ['sections', '1', 'items', '1', 'tag']],
    ['in the last dynamic zone item (the last thing written)',
      (b) => { b.body[2].target = { connect: [s.tags[4], MISSING] }; }, ['body', '2', 'target']],
  ];

  for (const [where, breakIt, path] of failures) {
    it(`create: a missing documentId ${where}: 400, no row, link or component row remains`, async () => {
      const before = await snapshot(app());
      const body = fullBody(s, 1);
      breakIt(body);
      const res = await app().post('/api/posts', { data: body });
      expect(res.status, res.text).to.equal(400);
      await expectUnchanged(app(), before);
      expectFieldError(res, path, `Document with id "${MISSING}" not found`);
    });

    it(`update: a missing documentId ${where}: 400, the document and everything it links to unchanged`, async () => {
      const post = await create(app(), 'posts', fullBody(s, 0));
      const before = await snapshot(app());
      const body = fullBody(s, 1, 'changed title');
      breakIt(body);
      const res = await app().put(`/api/posts/${post.documentId}`, { data: body });
      expect(res.status, res.text).to.equal(400);
      await expectUnchanged(app(), before);
      expectFieldError(res, path, `Document with id "${MISSING}" not found`);
      await app().del(`/api/posts/${post.documentId}`);
    });
  }

  it('update: a position anchor that is not attached, after other relations were changed: 400 and nothing changed', async () => {
    const post = await create(app(), 'posts', fullBody(s, 0));
    const before = await snapshot(app());
    const res = await app().put(`/api/posts/${post.documentId}`, {
      data: { title: 'x', topic: s.topics[1], tags: { set: [s.tags[5]] }, labels: { connect: [{ documentId: s.labels[2], position: { after: s.labels[2] } }] } },
    });
    expect(res.status, res.text).to.equal(400);
    await expectUnchanged(app(), before);
    expectFieldError(res, ['labels'], /not attached/);
    await app().del(`/api/posts/${post.documentId}`);
  });

  it('inverse side: a missing documentId after a valid change of the topic: 400 and the posts keep their topic', async () => {
    const p = await create(app(), 'posts', { topic: s.topics[0] });
    const before = await snapshot(app());
    const res = await app().put(`/api/topics/${s.topics[1]}`, { data: { name: 'renamed', posts: { set: [p.documentId, MISSING] } } });
    expect(res.status, res.text).to.equal(400);
    await expectUnchanged(app(), before);
    expect(await related(app(), 'posts', p.documentId, 'topic')).to.equal(s.topics[0]);
  });
});

// ------------------------------------------------------------------- database error (trigger)

const BOOM = '__boom__';

/** A trigger refusing any wr_cmp_items row labelled __boom__, on the kernel's own database. */
async function installTrigger(app: TestKernel): Promise<void> {
  const db = app.kernel.db;
  switch (app.kernel.dialect) {
    case 'sqlite':
      await db.raw(`CREATE TRIGGER wr_items_boom BEFORE INSERT ON wr_cmp_items FOR EACH ROW WHEN NEW.label = '${BOOM}' BEGIN SELECT RAISE(ABORT, 'boom'); END`);
      return;
    case 'mysql':
      await db.raw(`CREATE TRIGGER wr_items_boom BEFORE INSERT ON wr_cmp_items FOR EACH ROW BEGIN IF NEW.label = '${BOOM}' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'boom'; END IF; END`);
      return;
    case 'postgres': {
      const schema = (app.db.database as { schema?: string }).schema;
      const fn = schema ? `"${schema}".wr_items_boom` : 'wr_items_boom';
      await db.raw(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $body$ BEGIN IF NEW.label = '${BOOM}' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $body$`);
      await db.raw(`CREATE TRIGGER wr_items_boom BEFORE INSERT ON wr_cmp_items FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
      return;
    }
  }
}

describe('transactions: a database error midway through the write keeps nothing', () => {
  const app = useKernel();
  let s: Seed;
  before(async () => {
    s = await seed(app());
    await installTrigger(app());
  });

  /** The full body whose last nested item the trigger refuses. */
  function boomBody(n: 0 | 1, title?: string): Json {
    const body = fullBody(s, n, title);
    body.sections[1].items.push({ label: BOOM });
    return body;
  }

  it('the trigger refuses the row (checked with a direct insert)', async () => {
    const err = await app().kernel.db('wr_cmp_items').insert({ label: BOOM }).then(() => null, (e: unknown) => e);
    expect(err).to.be.instanceOf(Error);
    expect(String((err as Error).message)).to.match(/boom/);
  });

  it('create: 500 InternalServerError, no row, link or component row remains', async () => {
    const before = await snapshot(app());
    const res = await app().post('/api/posts', { data: boomBody(1) });
    expect(res.status, res.text).to.equal(500);
    expect(res.body).to.deep.equal({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } });
    await expectUnchanged(app(), before);
  });

  it('update: 500, the document and everything it links to unchanged', async () => {
    const post = await create(app(), 'posts', fullBody(s, 0));
    const before = await snapshot(app());
    const res = await app().put(`/api/posts/${post.documentId}`, { data: boomBody(1, 'changed title') });
    expect(res.status, res.text).to.equal(500);
    await expectUnchanged(app(), before);
    expect((await read(app(), 'posts', post.documentId)).title).to.equal('full 0');
  });

  it('writes succeed again after the failed ones (no transaction or connection left broken)', async () => {
    const post = await create(app(), 'posts', fullBody(s, 1, 'after the failures'));
    expect((await read(app(), 'posts', post.documentId, { populate: { sections: { populate: ['items'] } } })).sections[1].items.map((i: Json) => i.label)).to.deep.equal(['i2', 'i3']);
  });
});

// ------------------------------------------------------------------------------------- delete

const COMPONENT_TABLE: Record<string, Table> = {
  'blocks.hero': 'wr_cmp_heroes', 'blocks.cta': 'wr_cmp_ctas', 'blocks.section': 'wr_cmp_sections', 'blocks.item': 'wr_cmp_items',
  'blocks.step': 'wr_cmp_steps', 'blocks.quote': 'wr_cmp_quotes', 'blocks.figure': 'wr_cmp_figures',
};
const CMPS_TABLE: Record<string, Table> = { 'api::post.post': 'wr_posts_cmps', 'blocks.hero': 'wr_cmp_heroes_cmps', 'blocks.section': 'wr_cmp_sections_cmps' };
const RELATION_TABLES: Record<string, Table[]> = {
  'api::post.post': ['wr_posts_topic_lnk', 'wr_posts_badge_lnk', 'wr_posts_notes_lnk', 'wr_posts_labels_lnk', 'wr_posts_main_tag_lnk', 'wr_posts_pinned_tags_lnk', 'wr_posts_primary_tag_lnk', 'wr_posts_tags_lnk'],
  'blocks.hero': ['wr_cmp_heroes_tags_lnk'], 'blocks.cta': ['wr_cmp_ctas_target_lnk'], 'blocks.section': ['wr_cmp_sections_tags_lnk'], 'blocks.item': ['wr_cmp_items_tag_lnk'],
};
const TABLE_UID: Record<string, string> = { wr_posts: 'api::post.post', ...Object.fromEntries(Object.entries(COMPONENT_TABLE).map(([uid, t]) => [t, uid])) };

/** Every row a post owns, by table: its row, component rows (nested too), their links and media links. */
async function ownedRows(app: TestKernel, postRow: number): Promise<Record<string, number[]>> {
  const db = app.kernel.db;
  const owned: Record<string, number[]> = Object.fromEntries(TABLES.map((t) => [t, []]));
  const queue: Array<{ table: Table; id: number }> = [{ table: 'wr_posts', id: postRow }];
  while (queue.length) {
    const { table, id } = queue.shift()!;
    owned[table]!.push(id);
    const uid = TABLE_UID[table]!;
    const cmps = CMPS_TABLE[uid];
    if (cmps) {
      for (const l of await db(cmps).where('entity_id', id) as Json[]) {
        owned[cmps]!.push(Number(l.id));
        queue.push({ table: COMPONENT_TABLE[l.component_type as string]!, id: Number(l.cmp_id) });
      }
    }
    for (const rel of RELATION_TABLES[uid] ?? []) {
      for (const l of await db(rel).where('source_id', id).select('id') as Json[]) owned[rel]!.push(Number(l.id));
    }
    for (const l of await db('files_related_mph').where({ related_type: uid, related_id: id }).select('id') as Json[]) owned['files_related_mph']!.push(Number(l.id));
  }
  return owned;
}

describe('delete: removes what the document owns and nothing else', () => {
  const app = useKernel();
  let s: Seed;
  before(async () => { s = await seed(app()); });

  it('deleting a post removes its row, its link rows, its component rows (nested too) and their links; other posts keep theirs', async () => {
    const p1 = await create(app(), 'posts', fullBody(s, 0));
    const p2 = await create(app(), 'posts', fullBody(s, 1));
    const owned = await ownedRows(app(), await rowId(app(), 'wr_posts', p1.documentId));
    for (const table of TOUCHED_BY_FULL_BODY) expect(owned[table], `p1 owns rows in ${table}`).to.not.be.empty;
    const before = await snapshot(app());

    const res = await app().del(`/api/posts/${p1.documentId}`);
    expect(res.status, res.text).to.equal(204);

    const after = await snapshot(app());
    for (const table of TABLES) {
      const gone = new Set(owned[table]);
      const expected = before.rows[table]!.filter((r) => !gone.has(Number((r as Json).id)));
      expect(after.rows[table], `rows of ${table}`).to.deep.equal(expected);
      expect(after.counts[table], `count of ${table}`).to.equal(before.counts[table] - gone.size);
    }
    expect((await app().get(`/api/posts/${p1.documentId}`)).status).to.equal(404);
    // the other side of p1's bidirectional relations no longer lists it; p2 is intact
    expect(await related(app(), 'topics', s.topics[0]!, 'posts')).to.deep.equal([]);
    expect(await related(app(), 'badges', s.badges[0]!, 'post')).to.equal(null);
    expect(await related(app(), 'notes', s.notes[0]!, 'post')).to.equal(null);
    expect(await related(app(), 'labels', s.labels[0]!, 'posts')).to.deep.equal([p2.documentId]);
    expect(await related(app(), 'topics', s.topics[1]!, 'posts')).to.deep.equal([p2.documentId]);
    await app().del(`/api/posts/${p2.documentId}`);
  });

  it('deleting a target removes the links pointing at it (from documents and components) and nothing else', async () => {
    const target = (await create(app(), 'tags')).documentId;
    const body = fullBody(s, 0);
    body.tags = [s.tags[0], target];
    body.hero.tags = [target];
    body.sections[1].items[1].tag = target;
    const p = await create(app(), 'posts', body);
    const before = await snapshot(app());
    const incoming: Record<string, number[]> = {};
    for (const table of TABLES.filter((t) => t.endsWith('_lnk'))) {
      incoming[table] = (await app().kernel.db(table).where('target_document_id', target).select('id') as Json[]).map((r) => Number(r.id));
    }
    expect(incoming['wr_posts_tags_lnk']).to.have.length(1);
    expect(incoming['wr_cmp_heroes_tags_lnk']).to.have.length(1);
    expect(incoming['wr_cmp_items_tag_lnk']).to.have.length(1);

    expect((await app().del(`/api/tags/${target}`)).status).to.equal(204);

    const after = await snapshot(app());
    for (const table of TABLES) {
      const gone = new Set([...(incoming[table] ?? []), ...(table === 'wr_tags' ? [await idOf(before.rows[table]!, target)] : [])]);
      expect(after.rows[table], `rows of ${table}`).to.deep.equal(before.rows[table]!.filter((r) => !gone.has(Number((r as Json).id))));
    }
    const doc = await read(app(), 'posts', p.documentId, { populate: { tags: true, hero: { populate: ['tags'] } } });
    expect(doc.tags.map((t: Json) => t.documentId)).to.deep.equal([s.tags[0]]);
    expect(doc.hero.tags).to.deep.equal([]);
    await app().del(`/api/posts/${p.documentId}`);
  });

  it('deleting the inverse side (a topic, a label) removes only the owners\' links to it', async () => {
    const p = await create(app(), 'posts', fullBody(s, 0));
    const topic = s.topics[0]!;
    const label = s.labels[1]!;
    const topicLinks = await app().kernel.db('wr_posts_topic_lnk').count({ n: '*' }).first() as Json;
    expect((await app().del(`/api/topics/${topic}`)).status).to.equal(204);
    expect((await app().del(`/api/labels/${label}`)).status).to.equal(204);
    expect(await related(app(), 'posts', p.documentId, 'topic')).to.equal(null);
    expect(await related(app(), 'posts', p.documentId, 'labels')).to.deep.equal([s.labels[0]]);
    const left = await app().kernel.db('wr_posts_topic_lnk').count({ n: '*' }).first() as Json;
    expect(Number(left.n)).to.equal(Number(topicLinks.n) - 1);
    expect(await app().kernel.db('wr_posts_labels_lnk').where('target_document_id', label).first()).to.equal(undefined);
    expect((await read(app(), 'posts', p.documentId)).title).to.equal('full 0');
  });

  async function idOf(rows: unknown[], documentId: string): Promise<number> {
    const row = rows.find((r) => (r as Json).document_id === documentId) as Json | undefined;
    expect(row, documentId).to.not.equal(undefined);
    return Number(row!.id);
  }
});
