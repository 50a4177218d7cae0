// Positions in detailed connect (before, after, start, end; { end: true } by default), items
// processed in array order, the order persisted in the link table and returned in that order by
// populate; on owning sides (ord) and inverse sides (inv_ord). To-one relations keep only the last
// connected item, whatever its position.

import { expect } from 'chai';
import type { TestKernel } from '../../helpers/kernel.js';
import { count, create, linkTargets, many, related, rowId, update, useKernel, type Api, type Json, type Table } from './helpers.js';

interface OrderedRelation {
  name: string;
  source: Api;
  field: string;
  target: Api;
  table: Table;
  /** The stored order: link rows of the source by ord (owning side) or by inv_ord (inverse side). */
  stored(app: TestKernel, sourceId: string): Promise<string[]>;
}

const owning = (field: string, target: Api, table: Table, kind: string): OrderedRelation => ({
  name: `posts.${field} (${kind})`, source: 'posts', field, target, table,
  stored: async (app, sourceId) => linkTargets(app, table, await rowId(app, 'wr_posts', sourceId)),
});

const inverse = (source: Api, field: string, table: Table, kind: string): OrderedRelation => ({
  name: `${source}.${field} (${kind})`, source, field, target: 'posts', table,
  stored: async (app, sourceId) => {
    const rows = await app.kernel.db({ l: table }).join({ s: 'wr_posts' }, 's.id', 'l.source_id')
      .where('l.target_document_id', sourceId).orderBy('l.inv_ord').orderBy('l.id').select('s.document_id') as Json[];
    return rows.map((r) => r.document_id as string);
  },
});

const RELATIONS: OrderedRelation[] = [
  owning('tags', 'tags', 'wr_posts_tags_lnk', 'manyToMany, one-directional'),
  owning('pinnedTags', 'tags', 'wr_posts_pinned_tags_lnk', 'oneToMany, one-directional'),
  owning('labels', 'labels', 'wr_posts_labels_lnk', 'manyToMany, bidirectional owner'),
  owning('notes', 'notes', 'wr_posts_notes_lnk', 'oneToMany, bidirectional owner'),
  inverse('labels', 'posts', 'wr_posts_labels_lnk', 'manyToMany, inverse side'),
  inverse('topics', 'posts', 'wr_posts_topic_lnk', 'oneToMany, inverse side'),
];

const at = (documentId: string, position?: Json): Json => (position ? { documentId, position } : { documentId });

for (const rel of RELATIONS) {
  describe(`connect positions: ${rel.name}`, () => {
    const app = useKernel();

    /** A source document related to three fresh targets [a, b, c], and three more fresh targets. */
    async function setup(): Promise<{ src: string; a: string; b: string; c: string; d: string; e: string; f: string }> {
      const [a, b, c, d, e, f] = await many(app(), rel.target, 6);
      const src = (await create(app(), rel.source, { [rel.field]: [a, b, c] })).documentId;
      return { src, a: a!, b: b!, c: c!, d: d!, e: e!, f: f! };
    }

    async function connect(src: string, items: unknown[], extra: Json = {}): Promise<void> {
      await update(app(), rel.source, src, { [rel.field]: { connect: items, ...extra } });
    }

    /** Populate returns `expected`, and the link table stores that order. */
    async function expectOrder(src: string, expected: string[]): Promise<void> {
      expect(await related(app(), rel.source, src, rel.field), 'populated order').to.deep.equal(expected);
      expect(await rel.stored(app(), src), 'stored order').to.deep.equal(expected);
    }

    it('without a position the item goes to the end ({ end: true } is the default)', async () => {
      const { src, a, b, c, d } = await setup();
      await connect(src, [at(d)]);
      await expectOrder(src, [a, b, c, d]);
    });

    it('{ end: true } appends', async () => {
      const { src, a, b, c, d } = await setup();
      await connect(src, [at(d, { end: true })]);
      await expectOrder(src, [a, b, c, d]);
    });

    it('{ start: true } prepends', async () => {
      const { src, a, b, c, d } = await setup();
      await connect(src, [at(d, { start: true })]);
      await expectOrder(src, [d, a, b, c]);
    });

    it('{ before } places the item just before that relation', async () => {
      const { src, a, b, c, d, e } = await setup();
      await connect(src, [at(d, { before: b })]);
      await expectOrder(src, [a, d, b, c]);
      await connect(src, [at(e, { before: a })]);
      await expectOrder(src, [e, a, d, b, c]);
    });

    it('{ after } places the item just after that relation', async () => {
      const { src, a, b, c, d, e } = await setup();
      await connect(src, [at(d, { after: b })]);
      await expectOrder(src, [a, b, d, c]);
      await connect(src, [at(e, { after: c })]);
      await expectOrder(src, [a, b, d, c, e]);
    });

    it('items are processed in array order', async () => {
      const { src, a, b, c, d, e } = await setup();
      await connect(src, [at(d, { start: true }), at(e, { start: true })]);
      await expectOrder(src, [e, d, a, b, c]);
    });

    it('a before/after chain may anchor on items connected earlier in the same request', async () => {
      const { src, a, b, c, d, e, f } = await setup();
      await connect(src, [at(d, { after: a }), at(e, { after: d }), at(f, { before: e })]);
      await expectOrder(src, [a, d, f, e, b, c]);
    });

    it('shorthand and detailed items mix; shorthand items go to the end', async () => {
      const { src, a, b, c, d, e } = await setup();
      await connect(src, [d, at(e, { start: true })]);
      await expectOrder(src, [e, a, b, c, d]);
    });

    it('a position moves a relation that is already attached, without adding a link row', async () => {
      const { src, a, b, c } = await setup();
      const rows = await count(app(), rel.table);
      await connect(src, [at(c, { start: true })]);
      await expectOrder(src, [c, a, b]);
      await connect(src, [at(c, { after: b })]);
      await expectOrder(src, [a, b, c]);
      await connect(src, [at(a, { before: c })]);
      await expectOrder(src, [b, a, c]);
      expect(await count(app(), rel.table)).to.equal(rows);
    });

    it('disconnect is applied, then the positioned connects', async () => {
      const { src, b, c, d, a } = await setup();
      await update(app(), rel.source, src, { [rel.field]: { disconnect: [a], connect: [at(d, { before: b })] } });
      await expectOrder(src, [d, b, c]);
    });

    it('positions apply on create too', async () => {
      const [a, b, c] = await many(app(), rel.target, 3);
      const src = (await create(app(), rel.source, { [rel.field]: { connect: [at(a), at(b, { start: true }), at(c, { after: b })] } })).documentId;
      await expectOrder(src, [b, c, a]);
    });

    it('the order is persisted: a later write of another field and a fresh read keep it', async () => {
      const { src, a, b, c, d } = await setup();
      await connect(src, [at(d, { before: a }), at(b, { start: true })]);
      await update(app(), rel.source, src, rel.source === 'posts' ? { title: 'renamed' } : { name: `renamed ${src}` });
      await expectOrder(src, [b, d, a, c]);
      const list = await app().get(`/api/${rel.source}?filters[documentId][$eq]=${src}&populate=${rel.field}`);
      expect(list.status, list.text).to.equal(200);
      expect(list.body.data[0][rel.field].map((x: Json) => x.documentId)).to.deep.equal([b, d, a, c]);
    });
  });
}

// ------------------------------------------------------------------------------------ to-one

const TO_ONE: Array<{ source: Api; field: string; target: Api; kind: string }> = [
  { source: 'posts', field: 'mainTag', target: 'tags', kind: 'oneToOne, one-directional' },
  { source: 'posts', field: 'primaryTag', target: 'tags', kind: 'manyToOne, one-directional' },
  { source: 'posts', field: 'topic', target: 'topics', kind: 'manyToOne, bidirectional owner' },
  { source: 'posts', field: 'badge', target: 'badges', kind: 'oneToOne, bidirectional owner' },
  { source: 'notes', field: 'post', target: 'posts', kind: 'manyToOne, inverse side' },
  { source: 'badges', field: 'post', target: 'posts', kind: 'oneToOne, inverse side' },
];

for (const rel of TO_ONE) {
  describe(`connect positions on a to-one relation: ${rel.source}.${rel.field} (${rel.kind})`, () => {
    const app = useKernel();
    const value = (src: string) => related(app(), rel.source, src, rel.field);

    it('connect with several items keeps the last one, whatever the positions', async () => {
      const [a, b] = await many(app(), rel.target, 2);
      const src = (await create(app(), rel.source, { [rel.field]: { connect: [at(a, { end: true }), at(b, { start: true })] } })).documentId;
      expect(await value(src)).to.equal(b);
    });

    it('connecting another item with { start: true } replaces the current one', async () => {
      const [a, b] = await many(app(), rel.target, 2);
      const src = (await create(app(), rel.source, { [rel.field]: a })).documentId;
      await update(app(), rel.source, src, { [rel.field]: { connect: [at(b, { start: true })] } });
      expect(await value(src)).to.equal(b);
    });

    it('connecting another item { before } the current one replaces it', async () => {
      const [a, b] = await many(app(), rel.target, 2);
      const src = (await create(app(), rel.source, { [rel.field]: a })).documentId;
      await update(app(), rel.source, src, { [rel.field]: { connect: [at(b, { before: a })] } });
      expect(await value(src)).to.equal(b);
    });

    it('connecting another item { after } the current one replaces it', async () => {
      const [a, b] = await many(app(), rel.target, 2);
      const src = (await create(app(), rel.source, { [rel.field]: a })).documentId;
      await update(app(), rel.source, src, { [rel.field]: { connect: [at(b, { after: a })] } });
      expect(await value(src)).to.equal(b);
    });
  });
}
