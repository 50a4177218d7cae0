// REST `fields` and `populate`: every form of the spec's populate table, the shapes of populated
// values (to-one: object or null; to-many: array in link order; components with id; dynamic zone
// items with __component; media: the spec's media object), fields/filters/sort/count inside a
// populated relation, and the rejected forms. Data: fixtures/seed.ts. Expected values by hand.

import { expect } from 'chai';
import {
  COVER_FORMATS, docs, errorCases, FILE_TIME, keyOf, keysOf, resolve, useSeeded, type ErrorCase,
} from './fixtures/seed.js';

type AnyDoc = Record<string, any>;
type Api = 'articles' | 'authors' | 'categories';

// The scalar keys every document of each type has (no private or password field, ever)
const ARTICLE_SCALARS = [
  'id', 'documentId', 'title', 'slug', 'description', 'body', 'content', 'readingTime', 'views', 'rating', 'price',
  'featured', 'publishDate', 'metadata', 'reviewState', 'createdAt', 'updatedAt',
];
const AUTHOR_SCALARS = [
  'id', 'documentId', 'name', 'email', 'bio', 'website', 'joinedAt', 'lastSeen', 'preferredTime', 'createdAt', 'updatedAt',
];
const CATEGORY_SCALARS = ['id', 'documentId', 'name', 'slug', 'description', 'createdAt', 'updatedAt'];
const SCALARS: Record<Api, string[]> = { articles: ARTICLE_SCALARS, authors: AUTHOR_SCALARS, categories: CATEGORY_SCALARS };

// The spec's media object, in the spec's key order
const MEDIA_KEYS = [
  'id', 'documentId', 'name', 'alternativeText', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size',
  'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt',
];

const sorted = (keys: string[]): string[] => [...keys].sort();
const withoutId = (obj: AnyDoc | null | undefined): AnyDoc | null | undefined => {
  if (!obj) return obj;
  const { id: _id, ...rest } = obj;
  return rest;
};
const names = (list: AnyDoc[] | undefined): unknown => list?.map(keyOf);
/** A dynamic zone item as [component, its populated relation/media name | null | '-' when not populated]. */
const zoneItem = (b: AnyDoc): [string, string | null] => [
  b.__component,
  'person' in b ? (b.person?.name ?? null) : 'file' in b ? (b.file?.name ?? null) : '-',
];
/** Category names following parent links: undefined parent (not populated) ends the list. */
const chain = (c: AnyDoc | null | undefined): Array<string | null> =>
  (c === undefined ? [] : c === null ? [null] : [c.name, ...chain(c.parent)]);

describe('REST query: fields and populate', () => {
  const get = useSeeded();

  describe('fields', () => {
    const cases: Array<{ q: string; api?: Api; keys: string[] }> = [
      { q: 'fields[0]=title&fields[1]=readingTime', keys: ['id', 'documentId', 'title', 'readingTime'] },
      { q: 'fields=title', keys: ['id', 'documentId', 'title'] },
      { q: 'fields[0]=id', keys: ['id', 'documentId'] },
      { q: 'fields[0]=documentId&fields[1]=price&fields[2]=price', keys: ['id', 'documentId', 'price'] },
      { q: 'fields[0]=featured&fields[1]=metadata&fields[2]=createdAt', keys: ['id', 'documentId', 'featured', 'metadata', 'createdAt'] },
      { q: 'fields=*', keys: ARTICLE_SCALARS },
      { q: '', keys: ARTICLE_SCALARS },
      { q: '', api: 'authors', keys: AUTHOR_SCALARS },
      { q: 'fields=*', api: 'authors', keys: AUTHOR_SCALARS },
      { q: 'fields[0]=email&fields[1]=joinedAt', api: 'authors', keys: ['id', 'documentId', 'email', 'joinedAt'] },
    ];
    for (const c of cases) {
      const api = c.api ?? 'articles';
      it(`${api}?${c.q} -> every document has exactly ${c.keys.join(', ')}`, async () => {
        const found = await docs(get().app, api, c.q);
        expect(found).to.have.length(api === 'articles' ? 8 : 4);
        for (const d of found) expect(sorted(Object.keys(d)), JSON.stringify(d)).to.deep.equal(sorted(c.keys));
      });
    }

    it('fields=title returns the values of the selected field', async () => {
      const found = await docs(get().app, 'articles', 'fields[0]=title&fields[1]=views');
      expect(found.map((d) => [d.title, d.views])).to.deep.equal([
        ['Alpha 100% Pure', '9007199254740993'], ['Bravo snake_case', '250'], ['Charlie QUANTUM Leap', '1000'],
        ['Delta quantum tunnel', null], ['Echo Café déjà vu', '42'], ['Foxtrot plain', '7'],
        ['Golf UPPER lower', '9007199254740992'], ['Hotel last one', '0'],
      ]);
      expect(found.map((d) => d.id)).to.deep.equal(['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'].map((k) => get().id[k]));
    });

    it('fields inside populate: the root and the relation have exactly their selected fields', async () => {
      const found = await docs(get().app, 'articles', 'fields[0]=title&populate[category][fields][0]=name&populate[authors][fields][0]=email');
      const alpha = found[0]!;
      expect(sorted(Object.keys(alpha))).to.deep.equal(sorted(['id', 'documentId', 'title', 'category', 'authors']));
      expect(alpha.category).to.deep.equal({ id: get().id.physics, documentId: get().doc.physics, name: 'Physics' });
      expect(alpha.authors).to.deep.equal([
        { id: get().id.ada, documentId: get().doc.ada, email: 'ada@example.com' },
        { id: get().id.grace, documentId: get().doc.grace, email: 'grace@example.com' },
      ]);
      expect(found[3]!.category).to.equal(null);
      expect(found[3]!.authors).to.deep.equal([]);
    });

    it('fields inside a media, component and dynamic-zone populate', async () => {
      const { files } = get();
      const [alpha] = await docs(get().app, 'articles',
        'filters[title][$startsWith]=Alpha&populate[cover][fields][0]=name&populate[cover][fields][1]=url'
        + '&populate[seo][fields][0]=metaTitle&populate[blocks][on][shared.quote][fields][0]=title');
      expect(alpha!.cover).to.deep.equal({ id: files.cover.id, documentId: files.cover.documentId, name: 'cover.png', url: '/uploads/cover_h4sh.png' });
      expect(alpha!.seo.id).to.be.a('number');
      expect(withoutId(alpha!.seo)).to.deep.equal({ metaTitle: 'Alpha SEO Title' });
      expect(alpha!.blocks).to.have.length(1);
      expect(alpha!.blocks[0].id).to.be.a('number');
      expect(withoutId(alpha!.blocks[0])).to.deep.equal({ title: 'Q-alpha', __component: 'shared.quote' });
    });

    const rejected: ErrorCase[] = [
      { q: 'fields[0]=category', message: 'Invalid key category' },
      { q: 'fields=seo', message: 'Invalid key seo' },
      { q: 'fields[0]=blocks', message: 'Invalid key blocks' },
      { q: 'fields=cover', message: 'Invalid key cover' },
      { q: 'fields[0]=title&fields[1]=nope', message: 'Invalid key nope' },
      { q: 'fields[0]=secretNote', api: 'authors', message: 'Invalid key secretNote' },
      { q: 'fields=passcode', api: 'authors', message: 'Invalid key passcode' },
      { q: 'fields[0]=links', api: 'authors', message: 'Invalid key links' },
      { q: 'fields[0][x]=1', message: 'Invalid value for fields.0: expected a field name' },
      { q: 'populate[authors][fields][0]=secretNote', message: 'Invalid key secretNote' },
      { q: 'populate[authors][fields][0]=passcode', message: 'Invalid key passcode' },
      { q: 'populate[category][fields][0]=parent', message: 'Invalid key parent' },
      { q: 'populate[cover][fields][0]=nope', message: 'Invalid key nope' },
    ];
    errorCases(get, rejected);
  });

  describe('populate forms', () => {
    interface PopulateCase {
      q: string;
      api?: Api;
      /** The keys each document has besides its scalars. */
      extra: string[];
      pick: (d: AnyDoc) => unknown;
      /** pick() of every document, keyed by document, in id order. */
      expect: Record<string, unknown>;
    }
    const AUTHORS_IN_LINK_ORDER = {
      alpha: ['ada', 'grace'], bravo: ['grace'], charlie: ['emile', 'ada', 'grace'], delta: [], echo: ['alan'],
      foxtrot: ['ada'], golf: ['grace', 'ada'], hotel: [],
    };
    const CATEGORY_AND_AUTHORS = {
      alpha: ['Physics', ['ada', 'grace']], bravo: ['Quantum Physics', ['grace']], charlie: ['Science', ['emile', 'ada', 'grace']],
      delta: [null, []], echo: ['Cooking', ['alan']], foxtrot: ['Physics', ['ada']], golf: ['Quantum Physics', ['grace', 'ada']],
      hotel: [null, []],
    };
    const pickCategoryAndAuthors = (d: AnyDoc) => [d.category?.name ?? null, names(d.authors)];
    const SEO_OG = {
      alpha: ['Alpha SEO Title', { ogTitle: 'Alpha OG', ogDescription: null, ogType: 'website' }, false],
      bravo: ['bravo seo', null, false], charlie: null,
      delta: ['Delta Meta', { ogTitle: 'Delta OG', ogDescription: null, ogType: 'article' }, false],
      echo: null, foxtrot: null, golf: null, hotel: null,
    };
    const pickSeoOg = (d: AnyDoc) => (d.seo ? [d.seo.metaTitle, withoutId(d.seo.openGraph), 'shareImage' in d.seo] : d.seo);
    /** Dynamic-zone expectations: articles not named have no items. */
    const zone = (items: Record<string, unknown>): Record<string, unknown> =>
      Object.fromEntries(['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'].map((k) => [k, items[k] ?? []]));

    const cases: PopulateCase[] = [
      {
        q: 'populate=category', extra: ['category'], pick: (d) => d.category?.name ?? d.category,
        expect: { alpha: 'Physics', bravo: 'Quantum Physics', charlie: 'Science', delta: null, echo: 'Cooking', foxtrot: 'Physics', golf: 'Quantum Physics', hotel: null },
      },
      { q: 'populate[0]=category&populate[1]=authors', extra: ['category', 'authors'], pick: pickCategoryAndAuthors, expect: CATEGORY_AND_AUTHORS },
      { q: 'populate=category,authors', extra: ['category', 'authors'], pick: pickCategoryAndAuthors, expect: CATEGORY_AND_AUTHORS },
      { q: 'populate[category]=true&populate[authors]=true', extra: ['category', 'authors'], pick: pickCategoryAndAuthors, expect: CATEGORY_AND_AUTHORS },
      { q: 'populate[category]=true&populate[authors]=false', extra: ['category'], pick: (d) => 'authors' in d, expect: { alpha: false, bravo: false, charlie: false, delta: false, echo: false, foxtrot: false, golf: false, hotel: false } },
      { q: 'populate=authors', extra: ['authors'], pick: (d) => names(d.authors), expect: AUTHORS_IN_LINK_ORDER },
      {
        q: 'populate[category][populate][0]=parent', extra: ['category'], pick: (d) => chain(d.category),
        expect: {
          alpha: ['Physics', 'Science'], bravo: ['Quantum Physics', 'Physics'], charlie: ['Science', null], delta: [null],
          echo: ['Cooking', null], foxtrot: ['Physics', 'Science'], golf: ['Quantum Physics', 'Physics'], hotel: [null],
        },
      },
      {
        q: 'populate[category][populate][parent][populate][0]=parent', extra: ['category'], pick: (d) => chain(d.category),
        expect: {
          alpha: ['Physics', 'Science', null], bravo: ['Quantum Physics', 'Physics', 'Science'], charlie: ['Science', null],
          delta: [null], echo: ['Cooking', null], foxtrot: ['Physics', 'Science', null],
          golf: ['Quantum Physics', 'Physics', 'Science'], hotel: [null],
        },
      },
      {
        q: 'populate[authors][sort]=email:desc', extra: ['authors'], pick: (d) => names(d.authors),
        expect: { alpha: ['grace', 'ada'], bravo: ['grace'], charlie: ['grace', 'emile', 'ada'], delta: [], echo: ['alan'], foxtrot: ['ada'], golf: ['grace', 'ada'], hotel: [] },
      },
      {
        q: 'populate[authors][sort][0]=joinedAt:asc', extra: ['authors'], pick: (d) => names(d.authors),
        expect: { alpha: ['ada', 'grace'], bravo: ['grace'], charlie: ['emile', 'ada', 'grace'], delta: [], echo: ['alan'], foxtrot: ['ada'], golf: ['ada', 'grace'], hotel: [] },
      },
      {
        // A page per parent, in the relation's sort: charlie's three authors sorted by email are grace, emile, ada
        q: 'populate[authors][sort]=email:desc&populate[authors][pagination][pageSize]=1&populate[authors][pagination][page]=2',
        extra: ['authors'], pick: (d) => names(d.authors),
        expect: { alpha: ['ada'], bravo: [], charlie: ['emile'], delta: [], echo: [], foxtrot: [], golf: ['ada'], hotel: [] },
      },
      {
        q: 'populate[authors][pagination][start]=1&populate[authors][pagination][limit]=5', extra: ['authors'], pick: (d) => names(d.authors),
        // In connect order (no sort): golf's authors were connected grace first, then ada
        expect: { alpha: ['grace'], bravo: [], charlie: ['ada', 'grace'], delta: [], echo: [], foxtrot: [], golf: ['ada'], hotel: [] },
      },
      {
        q: 'populate[authors][filters][name][$startsWith]=G', extra: ['authors'], pick: (d) => names(d.authors),
        expect: { alpha: ['grace'], bravo: ['grace'], charlie: ['grace'], delta: [], echo: [], foxtrot: [], golf: ['grace'], hotel: [] },
      },
      {
        q: 'populate[authors][filters][$or][0][email][$startsWith]=ada&populate[authors][filters][$or][1][email][$startsWith]=alan&populate[authors][sort]=email:desc',
        extra: ['authors'], pick: (d) => names(d.authors),
        expect: { alpha: ['ada'], bravo: [], charlie: ['ada'], delta: [], echo: ['alan'], foxtrot: ['ada'], golf: ['ada'], hotel: [] },
      },
      {
        q: 'populate[category][filters][name][$eq]=Physics', extra: ['category'], pick: (d) => d.category?.name ?? d.category,
        expect: { alpha: 'Physics', bravo: null, charlie: null, delta: null, echo: null, foxtrot: 'Physics', golf: null, hotel: null },
      },
      {
        q: 'populate[authors][count]=true', extra: ['authors'], pick: (d) => d.authors,
        expect: {
          alpha: { count: 2 }, bravo: { count: 1 }, charlie: { count: 3 }, delta: { count: 0 }, echo: { count: 1 },
          foxtrot: { count: 1 }, golf: { count: 2 }, hotel: { count: 0 },
        },
      },
      {
        q: 'populate[related][count]=1&populate[category]=true', extra: ['related', 'category'], pick: (d) => [d.related, d.category?.name ?? null],
        expect: {
          alpha: [{ count: 0 }, 'Physics'], bravo: [{ count: 0 }, 'Quantum Physics'], charlie: [{ count: 2 }, 'Science'], delta: [{ count: 0 }, null],
          echo: [{ count: 0 }, 'Cooking'], foxtrot: [{ count: 0 }, 'Physics'], golf: [{ count: 0 }, 'Quantum Physics'], hotel: [{ count: 0 }, null],
        },
      },
      {
        q: 'populate[related]=true', extra: ['related'], pick: (d) => names(d.related),
        expect: { alpha: [], bravo: [], charlie: ['alpha', 'echo'], delta: [], echo: [], foxtrot: [], golf: [], hotel: [] },
      },
      {
        q: 'populate=spotlightOf', extra: ['spotlightOf'], pick: (d) => (d.spotlightOf ? keyOf(d.spotlightOf) : d.spotlightOf),
        expect: { alpha: 'grace', bravo: null, charlie: 'ada', delta: null, echo: null, foxtrot: null, golf: null, hotel: null },
      },
      {
        q: 'populate[category][populate][articles][fields][0]=title&populate[category][populate][articles][sort]=title:desc',
        extra: ['category'], pick: (d) => (d.category ? names(d.category.articles) : d.category),
        expect: {
          alpha: ['foxtrot', 'alpha'], bravo: ['golf', 'bravo'], charlie: ['charlie'], delta: null, echo: ['echo'],
          foxtrot: ['foxtrot', 'alpha'], golf: ['golf', 'bravo'], hotel: null,
        },
      },
      {
        q: 'populate=seo', extra: ['seo'], pick: (d) => (d.seo ? withoutId(d.seo) : d.seo),
        expect: {
          alpha: { metaTitle: 'Alpha SEO Title', metaDescription: 'all about alpha', keywords: null },
          bravo: { metaTitle: 'bravo seo', metaDescription: null, keywords: null }, charlie: null,
          delta: { metaTitle: 'Delta Meta', metaDescription: null, keywords: null }, echo: null, foxtrot: null, golf: null, hotel: null,
        },
      },
      { q: 'populate[0]=seo&populate[1]=seo.openGraph', extra: ['seo'], pick: pickSeoOg, expect: SEO_OG },
      { q: 'populate=seo.openGraph', extra: ['seo'], pick: pickSeoOg, expect: SEO_OG },
      { q: 'populate[seo][populate][openGraph]=true', extra: ['seo'], pick: pickSeoOg, expect: SEO_OG },
      { q: 'populate[seo][populate][0]=openGraph', extra: ['seo'], pick: pickSeoOg, expect: SEO_OG },
      {
        q: 'populate[seo][populate]=*', extra: ['seo'], pick: (d) => (d.seo ? [d.seo.shareImage?.name ?? d.seo.shareImage, d.seo.openGraph?.ogTitle ?? d.seo.openGraph] : d.seo),
        expect: { alpha: ['cover.png', 'Alpha OG'], bravo: [null, null], charlie: null, delta: [null, 'Delta OG'], echo: null, foxtrot: null, golf: null, hotel: null },
      },
      {
        q: 'populate=blocks', extra: ['blocks'], pick: (d) => d.blocks.map(zoneItem),
        expect: zone({ alpha: [['shared.quote', '-'], ['shared.rich-text', '-']], bravo: [['shared.media', '-']],
          echo: [['shared.rich-text', '-'], ['shared.quote', '-']] }),
      },
      {
        q: 'populate[blocks][populate]=*', extra: ['blocks'], pick: (d) => d.blocks.map(zoneItem),
        expect: zone({ alpha: [['shared.quote', 'Grace Hopper'], ['shared.rich-text', '-']], bravo: [['shared.media', 'clip.mp4']],
          echo: [['shared.rich-text', '-'], ['shared.quote', null]] }),
      },
      {
        q: 'populate[blocks][on][shared.quote][populate][person][fields][0]=name', extra: ['blocks'], pick: (d) => d.blocks.map(zoneItem),
        expect: zone({ alpha: [['shared.quote', 'Grace Hopper']], bravo: [], echo: [['shared.quote', null]] }),
      },
      {
        q: 'populate[blocks][on][shared.quote][populate]=*', extra: ['blocks'], pick: (d) => d.blocks.map(zoneItem),
        expect: zone({ alpha: [['shared.quote', 'Grace Hopper']], bravo: [], echo: [['shared.quote', null]] }),
      },
      {
        q: 'populate[blocks][on][shared.media][populate]=*&populate[blocks][on][shared.rich-text]=true', extra: ['blocks'], pick: (d) => d.blocks.map(zoneItem),
        expect: zone({ alpha: [['shared.rich-text', '-']], bravo: [['shared.media', 'clip.mp4']], echo: [['shared.rich-text', '-']] }),
      },
      {
        q: 'populate[blocks][on][shared.rich-text]=true', extra: ['blocks'], pick: (d) => d.blocks.map((b: AnyDoc) => withoutId(b)),
        expect: zone({ alpha: [{ body: 'alpha body', __component: 'shared.rich-text' }], bravo: [],
          echo: [{ body: 'echo rich', __component: 'shared.rich-text' }] }),
      },
      {
        q: 'populate=cover', extra: ['cover'], pick: (d) => d.cover?.name ?? d.cover,
        expect: { alpha: 'cover.png', bravo: null, charlie: null, delta: null, echo: null, foxtrot: null, golf: null, hotel: null },
      },
      {
        q: 'populate=gallery', extra: ['gallery'], pick: (d) => d.gallery.map((f: AnyDoc) => f.name),
        expect: { alpha: ['gallery.jpg', 'cover.png'], bravo: [], charlie: [], delta: [], echo: [], foxtrot: [], golf: [], hotel: [] },
      },
      {
        q: 'populate=articles', api: 'categories', extra: ['articles'], pick: (d) => names(d.articles),
        expect: { science: ['charlie'], physics: ['alpha', 'foxtrot'], quantum: ['bravo', 'golf'], cooking: ['echo'] },
      },
      {
        q: 'populate[articles][count]=true', api: 'categories', extra: ['articles'], pick: (d) => d.articles,
        expect: { science: { count: 1 }, physics: { count: 2 }, quantum: { count: 2 }, cooking: { count: 1 } },
      },
      {
        q: 'populate[articles][count]=true&populate[articles][filters][featured][$eq]=true', api: 'categories', extra: ['articles'], pick: (d) => d.articles,
        expect: { science: { count: 1 }, physics: { count: 1 }, quantum: { count: 1 }, cooking: { count: 1 } },
      },
      {
        q: 'populate=*', api: 'categories', extra: ['articles', 'parent', 'featuredArticle'],
        pick: (d) => [d.parent?.name ?? d.parent, d.featuredArticle ? keyOf(d.featuredArticle) : d.featuredArticle, names(d.articles), 'parent' in (d.parent ?? {})],
        expect: {
          science: [null, 'charlie', ['charlie'], false], physics: ['Science', null, ['alpha', 'foxtrot'], false],
          quantum: ['Physics', null, ['bravo', 'golf'], false], cooking: [null, null, ['echo'], false],
        },
      },
      {
        q: 'populate=links', api: 'authors', extra: ['links'], pick: (d) => d.links.map(withoutId),
        expect: {
          ada: [{ label: 'Home', url: 'https://ada.example' }, { label: 'Notes', url: 'https://ada.example/notes' }],
          grace: [], emile: [], alan: [],
        },
      },
      {
        q: 'populate=articles', api: 'authors', extra: ['articles'], pick: (d) => names(d.articles),
        expect: { ada: ['alpha', 'charlie', 'foxtrot', 'golf'], grace: ['alpha', 'bravo', 'charlie', 'golf'], emile: ['charlie'], alan: ['echo'] },
      },
      {
        q: 'populate[articles][filters][featured][$eq]=true&populate[articles][sort]=publishDate:desc', api: 'authors', extra: ['articles'],
        pick: (d) => names(d.articles),
        expect: { ada: ['golf', 'alpha', 'charlie'], grace: ['golf', 'alpha', 'charlie'], emile: ['charlie'], alan: ['echo'] },
      },
      {
        q: 'populate[spotlight][populate][category][populate][0]=parent', api: 'authors', extra: ['spotlight'],
        pick: (d) => (d.spotlight ? [keyOf(d.spotlight), ...chain(d.spotlight.category)] : d.spotlight),
        expect: { ada: ['charlie', 'Science', null], grace: ['alpha', 'Physics', 'Science'], emile: null, alan: null },
      },
      {
        q: 'populate=avatar', api: 'authors', extra: ['avatar'], pick: (d) => d.avatar?.name ?? d.avatar,
        expect: { ada: 'gallery.jpg', grace: null, emile: null, alan: null },
      },
    ];

    for (const c of cases) {
      const api = c.api ?? 'articles';
      it(`${api}?${c.q}`, async () => {
        const found = await docs(get().app, api, c.q);
        for (const d of found) {
          expect(sorted(Object.keys(d)), `keys of ${keyOf(d)}`).to.deep.equal(sorted([...SCALARS[api], ...c.extra]));
        }
        expect(Object.fromEntries(found.map((d) => [keyOf(d), c.pick(d)]))).to.deep.equal(c.expect);
        // Object key order is not compared by deep equality: compare the document order too
        expect(keysOf(found)).to.deep.equal(Object.keys(c.expect));
      });
    }
  });

  describe('populated shapes', () => {
    it('populate=* populates every relation, media, component and dynamic zone one level deep', async () => {
      const { app, id, doc, files } = get();
      const found = await docs(app, 'articles', 'populate=*');
      const alpha = found[0]!;
      expect(sorted(Object.keys(alpha))).to.deep.equal(sorted([
        ...ARTICLE_SCALARS, 'cover', 'gallery', 'category', 'authors', 'related', 'spotlightOf', 'seo', 'blocks',
      ]));
      // to-one relation: an object with the target's scalars only (its own relations are not populated)
      expect(sorted(Object.keys(alpha.category))).to.deep.equal(sorted(CATEGORY_SCALARS));
      expect(alpha.category).to.include({ id: id.physics, documentId: doc.physics, name: 'Physics', slug: 'physics', description: 'Matter and energy' });
      // to-many: an array in link order, scalars only, no private or password fields
      expect(alpha.authors.map((a: AnyDoc) => a.documentId)).to.deep.equal([doc.ada, doc.grace]);
      for (const a of alpha.authors) expect(sorted(Object.keys(a))).to.deep.equal(sorted(AUTHOR_SCALARS));
      expect(alpha.authors[0]).to.include({
        name: 'Ada Lovelace', email: 'ada@example.com', joinedAt: '2021-03-04T05:06:07.000Z', preferredTime: '09:00:00.000',
      });
      expect(alpha.related).to.deep.equal([]);
      expect(alpha.spotlightOf).to.include({ id: id.grace, documentId: doc.grace, name: 'Grace Hopper' });
      // component: an object with id and its scalars; its nested component and media are not populated
      expect(alpha.seo.id).to.be.a('number');
      expect(withoutId(alpha.seo)).to.deep.equal({ metaTitle: 'Alpha SEO Title', metaDescription: 'all about alpha', keywords: null });
      // dynamic zone: items with id and __component, in order; relations inside not populated
      expect(alpha.blocks.map((b: AnyDoc) => typeof b.id)).to.deep.equal(['number', 'number']);
      expect(alpha.blocks.map(withoutId)).to.deep.equal([
        { title: 'Q-alpha', body: 'To be', __component: 'shared.quote' },
        { body: 'alpha body', __component: 'shared.rich-text' },
      ]);
      // media
      expect(alpha.cover.id).to.equal(files.cover.id);
      expect(alpha.gallery.map((f: AnyDoc) => f.id)).to.deep.equal([files.gallery.id, files.cover.id]);

      const charlie = found[2]!;
      expect(charlie.seo).to.equal(null);
      expect(charlie.cover).to.equal(null);
      expect(charlie.gallery).to.deep.equal([]);
      expect(charlie.blocks).to.deep.equal([]);
      expect(charlie.related.map((r: AnyDoc) => r.documentId)).to.deep.equal([doc.alpha, doc.echo]);
      for (const r of charlie.related) expect(sorted(Object.keys(r))).to.deep.equal(sorted(ARTICLE_SCALARS));
      expect(charlie.authors.map(keyOf)).to.deep.equal(['emile', 'ada', 'grace']);
      expect(charlie.spotlightOf).to.include({ name: 'Ada Lovelace' });

      const delta = found[3]!;
      expect([delta.category, delta.spotlightOf, delta.cover]).to.deep.equal([null, null, null]);
      expect([delta.authors, delta.related, delta.gallery, delta.blocks]).to.deep.equal([[], [], [], []]);
      expect(withoutId(delta.seo)).to.deep.equal({ metaTitle: 'Delta Meta', metaDescription: null, keywords: null });
    });

    it("media: the spec's media object, every key, in order", async () => {
      const { app, files } = get();
      const [alpha] = await docs(app, 'articles', 'filters[title][$startsWith]=Alpha&populate[0]=cover&populate[1]=gallery');
      expect(Object.keys(alpha!.cover)).to.deep.equal(MEDIA_KEYS);
      expect(alpha!.cover).to.deep.equal({
        id: files.cover.id, documentId: files.cover.documentId, name: 'cover.png', alternativeText: 'Alpha cover',
        caption: 'The cover', width: 800, height: 600, formats: COVER_FORMATS, hash: 'cover_h4sh', ext: '.png',
        mime: 'image/png', size: 45.67, url: '/uploads/cover_h4sh.png', previewUrl: null, provider: 'local',
        provider_metadata: null, createdAt: FILE_TIME, updatedAt: FILE_TIME,
      });
      expect(alpha!.gallery[0]).to.deep.equal({
        id: files.gallery.id, documentId: files.gallery.documentId, name: 'gallery.jpg', alternativeText: null,
        caption: null, width: 1024, height: 768, formats: null, hash: 'gallery_h4sh', ext: '.jpg', mime: 'image/jpeg',
        size: 120.5, url: '/uploads/gallery_h4sh.jpg', previewUrl: null, provider: 'local', provider_metadata: null,
        createdAt: null, updatedAt: null,
      });
    });

    it('a dynamic-zone media item and a component relation populated with fields', async () => {
      const { app, files, id, doc } = get();
      const found = await docs(app, 'articles', resolve(get(),
        'filters[id][$in][0]={id:alpha}&filters[id][$in][1]={id:bravo}'
        + '&populate[blocks][on][shared.media][populate][file][fields][0]=name&populate[blocks][on][shared.quote][populate][person][fields][0]=name'));
      expect(found[0]!.blocks.map(withoutId)).to.deep.equal([
        { title: 'Q-alpha', body: 'To be', __component: 'shared.quote', person: { id: id.grace, documentId: doc.grace, name: 'Grace Hopper' } },
      ]);
      expect(found[1]!.blocks.map(withoutId)).to.deep.equal([
        { __component: 'shared.media', file: { id: files.clip.id, documentId: files.clip.documentId, name: 'clip.mp4' } },
      ]);
    });

    it('relation order is the connect order (with positions), not id order', async () => {
      const { app, doc } = get();
      const [golf] = await docs(app, 'articles', 'filters[title][$startsWith]=Golf&populate=authors');
      expect(golf!.authors.map((a: AnyDoc) => a.documentId)).to.deep.equal([doc.grace, doc.ada]);
      const [charlie] = await docs(app, 'articles', 'filters[title][$startsWith]=Charlie&populate=authors');
      expect(charlie!.authors.map((a: AnyDoc) => a.documentId)).to.deep.equal([doc.emile, doc.ada, doc.grace]);
    });

    it('populate on a single document (findOne) takes the same forms', async () => {
      const { app, doc } = get();
      const res = await app.get(`/api/articles/${doc.bravo}?fields[0]=title&populate[category][populate][parent][fields][0]=name&populate[authors][count]=true`);
      expect(res.status, res.text).to.equal(200);
      expect(sorted(Object.keys(res.body.data))).to.deep.equal(sorted(['id', 'documentId', 'title', 'category', 'authors']));
      expect(res.body.data.category.name).to.equal('Quantum Physics');
      expect(res.body.data.category.parent).to.deep.equal({ id: get().id.physics, documentId: doc.physics, name: 'Physics' });
      expect(res.body.data.authors).to.deep.equal({ count: 1 });
    });

    it('authors never show secretNote or passcode, at the root or populated', async () => {
      const { app } = get();
      const res = await app.get('/api/articles?populate[authors]=true&populate[spotlightOf]=true&populate[blocks][populate]=*');
      expect(res.status, res.text).to.equal(200);
      const roots = await docs(app, 'authors', 'populate=*');
      for (const text of [res.text, JSON.stringify(roots)]) {
        expect(text).to.not.include('secretNote');
        expect(text).to.not.include('xyzzy');
        expect(text).to.not.include('passcode');
        expect(text).to.not.include('hunter22');
      }
    });
  });

  describe('rejected populate', () => {
    const cases: ErrorCase[] = [
      { q: 'populate=nope', message: 'Invalid key nope' },
      { q: 'populate[nope]=true', message: 'Invalid key nope' },
      { q: 'populate[0]=category&populate[1]=nope', message: 'Invalid key nope' },
      { q: 'populate=title', message: 'Invalid key title' },
      { q: 'populate[title]=true', message: 'Invalid key title' },
      { q: 'populate=category.name', message: 'Invalid key name' },
      { q: 'populate=seo.nope', message: 'Invalid key nope' },
      { q: 'populate=blocks.person', message: 'Invalid key person' },
      { q: 'populate[category][populate][0]=nope', message: 'Invalid key nope' },
      { q: 'populate[category][page]=1', message: 'Invalid key page' },
      { q: 'populate[category][pageSize]=1', message: 'Invalid key pageSize' },
      { q: 'populate[authors][start]=0', message: 'Invalid key start' },
      { q: 'populate[authors][limit]=1', message: 'Invalid key limit' },
      { q: 'populate[category][pagination][page]=1', message: 'Invalid key pagination' },
      { q: 'populate[authors][count]=true&populate[authors][pagination][limit]=1', message: 'Invalid key pagination' },
      { q: 'populate[authors][pagination][page]=0', message: 'Invalid value for populate.authors.pagination.page: expected an integer >= 1' },
      { q: 'populate[authors][pagination][page]=1&populate[authors][pagination][limit]=1', message: 'Invalid key pagination' },
      { q: 'populate[blocks][on][shared.quote][limit]=1', message: 'Invalid key limit' },
      { q: 'populate[category][on][shared.quote]=true', message: 'Using fragments is not permitted to populate "category" in "api::article.article"' },
      { q: 'populate[seo][on][shared.open-graph]=true', message: 'Using fragments is not permitted to populate "seo" in "api::article.article"' },
      { q: 'populate[blocks][on][shared.link]=true', message: 'Invalid key shared.link' },
      {
        q: 'populate[blocks][populate][0]=person',
        message: "Invalid nested population query detected. When using 'populate' within polymorphic structures, its value must be '*' "
          + 'to indicate all second level links. Specific field targeting is not supported here. Consider using the fragment API '
          + 'for more granular population control.',
      },
      { q: 'populate[category][foo]=1', message: 'Invalid key foo' },
      { q: 'populate[category]=maybe', message: 'Invalid value for populate.category: expected true, false or a populate object' },
      { q: 'populate[authors][count]=maybe', message: 'Invalid value for populate.authors.count: expected a boolean (true, false, 1, 0, t, f)' },
      { q: 'populate[category][count]=true', message: 'Invalid key count' },
      { q: 'populate[cover][populate]=*', message: 'Invalid key populate' },
      { q: 'populate[authors][filters][secretNote][$eq]=x', message: 'Invalid key secretNote' },
      { q: 'populate[authors][filters][nope][$eq]=1', message: 'Invalid key nope' },
      { q: 'populate[authors][sort]=secretNote', message: 'Invalid key secretNote' },
      { q: 'populate[category][sort]=nope', message: 'Invalid key nope' },
      { q: 'populate[articles][populate][authors][filters][passcode][$null]=true', api: 'categories', message: 'Invalid key passcode' },
    ];
    errorCases(get, cases);
  });
});
