// A property-based test of draft-and-publish (fast-check, fixed seed): random sequences of
// create (draft | published), update (draft | published), publish, unpublish, discardDraft,
// connect and disconnect of relations, on articles and tags (both D&P, article.tags <-> tag.articles)
// and writers (no D&P, article.writer <-> writer.articles), all over REST. After every step the
// server must agree with a small in-memory model:
//   - the draft and the published version of every article and tag hold the model's scalars;
//   - their relation sets are the model's, read from both sides (article.tags, tag.articles,
//     article.writer, writer.articles), the published side showing published targets only;
//   - the published id of a document never changes while it has a published version;
//   - no draft-only tag ever appears in a published read (populate, filters, counts).
// Relations are written from their owning side (article), where the model is unambiguous.

import { expect } from 'chai';
import fc from 'fast-check';
import type { TestKernel } from '../../helpers/kernel.js';
import { expectStatus, qstring, useKernel, type Json } from './helpers.js';

const SEED = 20240605;
const RUNS = Math.max(1, Number(process.env.DP_MODEL_RUNS ?? 30) || 30);
const STEPS = 15;

type Status = 'default' | 'published' | 'draft';
type Kind = 'article' | 'tag';

interface ArticleVersion { title: string; views: number; tags: Set<string>; writer: string | null }
interface TagVersion { name: string }
interface Entry<V> { draft: V; published: V | null; publishedId: number | null }

type Act =
  | { op: 'createArticle'; status: Status; views: number; tags: number[]; writer: number | null }
  | { op: 'createTag'; status: Status }
  | { op: 'updateArticle'; pick: number; status: Status; views: number; retitle: boolean }
  | { op: 'updateTag'; pick: number; status: Status }
  | { op: 'publish' | 'unpublish' | 'discardDraft'; kind: Kind; pick: number }
  | { op: 'connect' | 'disconnect'; pick: number; tag: number; status: Status }
  | { op: 'setWriter'; pick: number; writer: number | null; status: Status };

const status = fc.constantFrom<Status>('default', 'published', 'draft');
const pick = fc.nat({ max: 50 });
const actArb: fc.Arbitrary<Act> = fc.oneof(
  fc.record({ op: fc.constant('createArticle' as const), status, views: fc.nat({ max: 1000 }), tags: fc.array(pick, { maxLength: 3 }), writer: fc.option(pick, { nil: null }) }),
  fc.record({ op: fc.constant('createTag' as const), status }),
  fc.record({ op: fc.constant('updateArticle' as const), pick, status, views: fc.nat({ max: 1000 }), retitle: fc.boolean() }),
  fc.record({ op: fc.constant('updateTag' as const), pick, status }),
  fc.record({ op: fc.constantFrom('publish' as const, 'unpublish' as const, 'discardDraft' as const), kind: fc.constantFrom<Kind>('article', 'tag'), pick }),
  fc.record({ op: fc.constantFrom('connect' as const, 'disconnect' as const), pick, tag: pick, status }),
  fc.record({ op: fc.constant('setWriter' as const), pick, writer: fc.option(pick, { nil: null }), status }),
);

const ROUTE = { publish: 'publish', unpublish: 'unpublish', discardDraft: 'discard-draft' } as const;
const sorted = (s: Iterable<string>): string[] => [...s].sort();
const copyArticle = (v: ArticleVersion): ArticleVersion => ({ ...v, tags: new Set(v.tags) });

describe('draft-and-publish: random action sequences agree with an in-memory model (fast-check)', () => {
  const app = useKernel();
  let runNo = 0;

  it(`${RUNS} runs of ${STEPS} random actions, checked after every step`, async function () {
    this.timeout(1_200_000);
    await fc.assert(fc.asyncProperty(fc.array(actArb, { minLength: STEPS, maxLength: STEPS }), async (acts) => {
      await new Run(app(), ++runNo).play(acts);
    }), { seed: SEED, numRuns: RUNS, endOnFailure: process.env.DP_MODEL_SHRINK !== '1' });
  });
});

class Run {
  readonly articles = new Map<string, Entry<ArticleVersion>>();
  readonly tags = new Map<string, Entry<TagVersion>>();
  readonly writers: string[] = [];
  readonly log: string[] = [];
  #n = 0;

  constructor(readonly app: TestKernel, readonly run: number) {}

  #label(prefix: string): string { return `r${this.run}-${prefix}${++this.#n}`; }
  #status(s: Status): string { return s === 'default' ? '' : `?status=${s}`; }
  #articleIds(): string[] { return [...this.articles.keys()]; }
  #tagIds(): string[] { return [...this.tags.keys()]; }
  #nth<T>(list: T[], n: number): T { return list[n % list.length]!; }

  async play(acts: Act[]): Promise<void> {
    // a fixed start: two writers, a published and a draft-only tag, a published article
    for (let i = 0; i < 2; i++) {
      const res = await this.app.post('/api/writers', { data: { name: this.#label('w') } });
      expectStatus(res, 201);
      this.writers.push(res.body.data.documentId);
    }
    await this.step({ op: 'createTag', status: 'default' });
    await this.step({ op: 'createTag', status: 'draft' });
    await this.step({ op: 'createArticle', status: 'default', views: 1, tags: [0, 1], writer: 0 });
    for (const act of acts) await this.step(act);
  }

  async step(act: Act): Promise<void> {
    this.log.push(JSON.stringify(act));
    try {
      await this.apply(act);
      await this.check();
    } catch (err) {
      (err as Error).message = `run ${this.run}, step ${this.log.length}: ${(err as Error).message}\nsteps:\n  ${this.log.join('\n  ')}`;
      throw err;
    }
  }

  async apply(act: Act): Promise<void> {
    const { app } = this;
    switch (act.op) {
      case 'createArticle': {
        const tags = [...new Set(act.tags.map((t) => this.#nth(this.#tagIds(), t)))];
        const writer = act.writer === null ? null : this.#nth(this.writers, act.writer);
        const draft: ArticleVersion = { title: this.#label('a'), views: act.views, tags: new Set(tags), writer };
        const res = await app.post(`/api/articles${this.#status(act.status)}`, { data: { title: draft.title, views: draft.views, tags, writer } });
        expectStatus(res, 201, 'create article');
        this.articles.set(res.body.data.documentId, { draft, published: act.status === 'draft' ? null : copyArticle(draft), publishedId: null });
        return;
      }
      case 'createTag': {
        const draft = { name: this.#label('t') };
        const res = await app.post(`/api/tags${this.#status(act.status)}`, { data: draft });
        expectStatus(res, 201, 'create tag');
        this.tags.set(res.body.data.documentId, { draft, published: act.status === 'draft' ? null : { ...draft }, publishedId: null });
        return;
      }
      case 'updateArticle': {
        const id = this.#nth(this.#articleIds(), act.pick);
        const entry = this.articles.get(id)!;
        const data: Json = { views: act.views };
        if (act.retitle) data.title = this.#label('a');
        expectStatus(await app.put(`/api/articles/${id}${this.#status(act.status)}`, { data }), 200, 'update article');
        entry.draft = { ...copyArticle(entry.draft), ...data };
        if (act.status !== 'draft') entry.published = copyArticle(entry.draft);
        return;
      }
      case 'updateTag': {
        const id = this.#nth(this.#tagIds(), act.pick);
        const entry = this.tags.get(id)!;
        const data = { name: this.#label('t') };
        expectStatus(await app.put(`/api/tags/${id}${this.#status(act.status)}`, { data }), 200, 'update tag');
        entry.draft = data;
        if (act.status !== 'draft') entry.published = { ...data };
        return;
      }
      case 'connect': case 'disconnect': case 'setWriter': {
        const id = this.#nth(this.#articleIds(), act.pick);
        const entry = this.articles.get(id)!;
        let data: Json;
        if (act.op === 'setWriter') {
          const writer = act.writer === null ? null : this.#nth(this.writers, act.writer);
          data = { writer };
          entry.draft = { ...copyArticle(entry.draft), writer };
        } else {
          const tag = this.#nth(this.#tagIds(), act.tag);
          data = { tags: { [act.op]: [tag] } };
          const tags = new Set(entry.draft.tags);
          if (act.op === 'connect') tags.add(tag); else tags.delete(tag);
          entry.draft = { ...entry.draft, tags };
        }
        expectStatus(await app.put(`/api/articles/${id}${this.#status(act.status)}`, { data }), 200, act.op);
        if (act.status !== 'draft') entry.published = copyArticle(entry.draft);
        return;
      }
      case 'publish': case 'unpublish': case 'discardDraft': {
        const isArticle = act.kind === 'article';
        const id = this.#nth(isArticle ? this.#articleIds() : this.#tagIds(), act.pick);
        const entry = (isArticle ? this.articles.get(id) : this.tags.get(id)) as Entry<ArticleVersion | TagVersion>;
        const copy = (v: ArticleVersion | TagVersion) => ('tags' in v ? copyArticle(v) : { ...v });
        const res = await app.request('POST', `/api/${isArticle ? 'articles' : 'tags'}/${id}/actions/${ROUTE[act.op]}`);
        if (act.op === 'publish') {
          expectStatus(res, 200, 'publish');
          entry.published = copy(entry.draft);
        } else if (entry.published === null) {
          // nothing to unpublish or to reset the draft from: refused, nothing changes
          expect(res.status, `${act.op} without a published version: ${res.text}`).to.be.oneOf(act.op === 'discardDraft' ? [400] : [400, 404]);
        } else if (act.op === 'unpublish') {
          expectStatus(res, 200, 'unpublish');
          entry.published = null;
          entry.publishedId = null;
        } else {
          expectStatus(res, 200, 'discard-draft');
          entry.draft = copy(entry.published);
        }
        return;
      }
    }
  }

  async #list(api: string, query: Json): Promise<Map<string, Json>> {
    const res = await this.app.get(`/api/${api}${qstring({ ...query, pagination: { pageSize: 100 } })}`);
    expectStatus(res, 200, `GET /api/${api}`);
    return new Map((res.body.data as Json[]).map((d) => [d.documentId as string, d]));
  }

  async check(): Promise<void> {
    const articleIds = this.#articleIds();
    const tagIds = this.#tagIds();
    const publishedTags = new Set(tagIds.filter((t) => this.tags.get(t)!.published));
    const draftOnlyTags = tagIds.filter((t) => !publishedTags.has(t));
    // (an empty $in would vanish from the query string: never send one)
    const inList = (list: string[]) => ({ documentId: { $in: list.length ? list : ['none'] } });
    const mineA = inList(articleIds);
    const mineT = inList(tagIds);
    const articlePopulate = { tags: { fields: ['name', 'publishedAt'] }, writer: { fields: ['name'] } };

    // articles: both versions, scalars and relations
    for (const st of ['draft', 'published'] as const) {
      const got = await this.#list('articles', { status: st, filters: mineA, populate: articlePopulate });
      const expected = articleIds.filter((id) => (st === 'draft' ? true : this.articles.get(id)!.published !== null));
      expect(sorted(got.keys()), `${st} articles`).to.deep.equal(sorted(expected));
      for (const id of expected) {
        const entry = this.articles.get(id)!;
        const model = st === 'draft' ? entry.draft : entry.published!;
        const doc = got.get(id)!;
        const visibleTags = [...model.tags].filter((t) => st === 'draft' || publishedTags.has(t));
        expect({ title: doc.title, views: doc.views, tags: sorted((doc.tags as Json[]).map((t) => t.documentId)), writer: doc.writer?.documentId ?? null }, `${st} article ${id}`)
          .to.deep.equal({ title: model.title, views: model.views, tags: sorted(visibleTags), writer: model.writer });
        expect((doc.tags as Json[]).every((t) => (st === 'draft' ? t.publishedAt === null : typeof t.publishedAt === 'string')), `${st} article ${id}: tags of the same status`).to.equal(true);
        if (st === 'published') {
          expect(doc.publishedAt).to.be.a('string');
          if (entry.publishedId === null) entry.publishedId = doc.id as number;
          else expect(doc.id, `published id of article ${id}`).to.equal(entry.publishedId);
        } else {
          expect(doc.publishedAt).to.equal(null);
        }
      }
    }

    // tags: both versions, scalars and the inverse side of article.tags
    for (const st of ['draft', 'published'] as const) {
      const got = await this.#list('tags', { status: st, filters: mineT, populate: { articles: { fields: ['title'] } } });
      const expected = tagIds.filter((id) => (st === 'draft' ? true : this.tags.get(id)!.published !== null));
      expect(sorted(got.keys()), `${st} tags`).to.deep.equal(sorted(expected));
      for (const id of expected) {
        const entry = this.tags.get(id)!;
        const doc = got.get(id)!;
        expect(doc.name, `${st} tag ${id}`).to.equal((st === 'draft' ? entry.draft : entry.published!).name);
        const linking = articleIds.filter((a) => {
          const e = this.articles.get(a)!;
          const v = st === 'draft' ? e.draft : e.published;
          return v !== null && v.tags.has(id);
        });
        expect(sorted((doc.articles as Json[]).map((a) => a.documentId)), `${st} tag ${id}: articles`).to.deep.equal(sorted(linking));
        if (st === 'published') {
          if (entry.publishedId === null) entry.publishedId = doc.id as number;
          else expect(doc.id, `published id of tag ${id}`).to.equal(entry.publishedId);
        }
      }
    }

    // writers: the inverse side of article.writer, from a type without D&P
    for (const st of ['draft', 'published'] as const) {
      const got = await this.#list('writers', { status: st, filters: { documentId: { $in: this.writers } }, populate: { articles: { fields: ['title'] } } });
      for (const w of this.writers) {
        const linking = articleIds.filter((a) => {
          const e = this.articles.get(a)!;
          const v = st === 'draft' ? e.draft : e.published;
          return v !== null && v.writer === w;
        });
        expect(sorted((got.get(w)!.articles as Json[]).map((a) => a.documentId)), `${st} writer ${w}: articles`).to.deep.equal(sorted(linking));
      }
    }

    // published reads never reveal a draft-only tag: not through filters, not through counts
    if (draftOnlyTags.length) {
      const leak = await this.#list('articles', { filters: { $and: [mineA, { tags: { documentId: { $in: draftOnlyTags } } }] } });
      expect([...leak.keys()], 'published articles matched through a draft-only tag').to.deep.equal([]);
    }
    const counts = await this.#list('articles', { filters: mineA, populate: { tags: { count: true } } });
    for (const [id, doc] of counts) {
      const model = this.articles.get(id)!.published!;
      expect(doc.tags, `published tag count of ${id}`).to.deep.equal({ count: [...model.tags].filter((t) => publishedTags.has(t)).length });
    }

    // hasPublishedVersion agrees with the model
    const withPublished = await this.#list('articles', { status: 'draft', hasPublishedVersion: 'true', filters: mineA });
    expect(sorted(withPublished.keys()), 'hasPublishedVersion=true').to.deep.equal(sorted(articleIds.filter((a) => this.articles.get(a)!.published)));
  }
}
