// The scenarios: for request number i, what to send to our server and (reads) to the floor.
// Requests vary with i (documentIds, filter values) so that no two in a row are identical.

import type { Fixture } from './fixture.js';
import type { ServerKind } from './startup.js';
import { FIRST_NAMES, WORDS } from './words.js';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface Scenario {
  id: string;
  name: string;
  description: string;
  kind: 'read' | 'write';
  /** Which of our servers answers it (startup.ts); 'core' (plugins off) when absent. */
  server?: ServerKind;
  /** Request number i against our server. */
  ours(i: number): RequestSpec;
  /** The same response from the floor (bench/floor/), for reads. */
  floor?(i: number): RequestSpec;
}

/** Scenarios that plugins will add, kept here so results and reports show the gap. */
export const PENDING_SCENARIOS: ReadonlyArray<{ id: string; name: string; needs: string }> = [];

/** (i): the fields (c) answers with, in the flat GraphQL shape, in the floor's key order. */
export const GRAPHQL_LIST_POPULATE = `query($page: Int) { articles_connection(pagination: { page: $page, pageSize: 25 }) {
  nodes {
    documentId title slug description body content readingTime views rating price featured publishDate metadata reviewState createdAt updatedAt
    category { documentId name slug description createdAt updatedAt }
    authors { documentId name email bio website joinedAt lastSeen preferredTime createdAt updatedAt }
    seo { id metaTitle metaDescription keywords }
  }
  pageInfo { page pageSize pageCount total }
} }`;

/** The JWT of the user (h) authenticates as: registered once per run through
 *  POST /api/auth/local/register, before any scenario runs (statements.ts). */
export interface AuthSession { jwt?: string }

function bearer(session: AuthSession): Record<string, string> {
  if (!session.jwt) throw new Error('(h) needs a JWT: the bench user is registered before the scenarios run');
  return { authorization: `Bearer ${session.jwt}` };
}

const at = <T>(items: readonly T[], i: number): T => items[i % items.length]!;
const get = (path: string): RequestSpec => ({ method: 'GET', path });
const json = (method: 'POST' | 'PUT', path: string, body: unknown): RequestSpec => ({
  method, path, body: JSON.stringify(body), headers: { 'content-type': 'application/json' },
});
const enc = encodeURIComponent;

export const DEEP_POPULATE = [
  'populate[category][populate][parent]=true',
  'populate[authors][populate][avatar]=true',
  'populate[authors][populate][links]=true',
  'populate[seo][populate][openGraph]=true',
  'populate[seo][populate][shareImage]=true',
  'populate[blocks][on][shared.quote][populate][person]=true',
  'populate[blocks][on][shared.rich-text]=true',
  'populate[blocks][on][shared.media][populate][file]=true',
  'populate[cover]=true',
  'populate[gallery]=true',
  'populate[related][fields][0]=title',
  'populate[spotlightOf]=true',
].join('&');

export function scenarios(fx: Fixture, runTag: string, session: AuthSession = {}): Scenario[] {
  // (b): ids above a tenth-step of the range, a word of the title, two sort keys
  const lowerBound = (i: number) => Math.floor((fx.maxArticleId * ((i * 7) % 6)) / 10);
  // (c): one of the first pages
  const pages = Math.max(1, Math.min(20, Math.floor(fx.articleCount / 25)));
  return [
    {
      id: 'a', name: 'list', kind: 'read', description: 'GET /api/articles (default page: 25, with count)',
      ours: () => get('/api/articles'),
      floor: () => get('/a'),
    },
    {
      id: 'b', name: 'list-filter-sort', kind: 'read',
      description: 'filters[id][$gt] (primary key) + filters[title][$containsi] + sort rating:desc,publishDate:asc, pageSize 50',
      ours: (i) => get(`/api/articles?filters[id][$gt]=${lowerBound(i)}&filters[title][$containsi]=${enc(at(WORDS, i))}`
        + '&sort[0]=rating:desc&sort[1]=publishDate:asc&pagination[pageSize]=50'),
      floor: (i) => get(`/b?gt=${lowerBound(i)}&q=${enc(at(WORDS, i))}`),
    },
    {
      id: 'c', name: 'list-populate', kind: 'read',
      description: 'populate category (to-one), authors (to-many), seo (component); pages 1..20',
      ours: (i) => get(`/api/articles?populate[category]=true&populate[authors]=true&populate[seo]=true&pagination[page]=${1 + (i % pages)}`),
      floor: (i) => get(`/c?page=${1 + (i % pages)}`),
    },
    {
      id: 'd', name: 'one-deep', kind: 'read',
      description: 'GET /api/articles/:documentId, relations 2 levels, nested components, dynamic zone with `on`, media',
      ours: (i) => get(`/api/articles/${at(fx.articles, i)}?${DEEP_POPULATE}`),
      floor: (i) => get(`/d/${at(fx.articles, i)}`),
    },
    {
      id: 'e', name: 'deep-filter', kind: 'read',
      description: 'filters[category][parent][name][$eq] + filters[authors][name][$startsWith]',
      ours: (i) => get(`/api/articles?filters[category][parent][name][$eq]=${enc(at(fx.rootCategories, i))}`
        + `&filters[authors][name][$startsWith]=${enc(at(FIRST_NAMES, i))}`),
      floor: (i) => get(`/e?root=${enc(at(fx.rootCategories, i))}&author=${enc(at(FIRST_NAMES, i))}`),
    },
    {
      id: 'i', name: 'graphql-list-populate', kind: 'read',
      description: 'POST /graphql: the query of (c) (articles_connection, the same fields, category, authors, seo, the count); pages 1..20',
      ours: (i) => json('POST', '/graphql', { query: GRAPHQL_LIST_POPULATE, variables: { page: 1 + (i % pages) } }),
      floor: (i) => get(`/i?page=${1 + (i % pages)}`),
    },
    {
      id: 'f', name: 'create', kind: 'write',
      description: 'POST /api/articles: scalars, category, 2 authors, seo with openGraph, 2-block dynamic zone',
      ours: (i) => json('POST', '/api/articles', { data: {
        title: `Bench ${runTag} ${i} ${at(WORDS, i)}`,
        description: `Created by the benchmark, request ${i}.`,
        readingTime: i % 30, featured: i % 2 === 0, reviewState: 'approved',
        category: at(fx.categories, i),
        authors: [at(fx.authors, i), at(fx.authors, i + 1)],
        seo: { metaTitle: `Bench ${i}`, openGraph: { ogTitle: `Bench ${i}` } },
        blocks: [
          { __component: 'shared.quote', title: 'Quote', body: 'Quoted text', person: at(fx.authors, i + 2) },
          { __component: 'shared.rich-text', body: `## Bench ${i}\n\nBody text.` },
        ],
      } }),
    },
    {
      id: 'g', name: 'update-connect', kind: 'write',
      description: 'PUT /api/articles/:documentId with authors: { connect: [documentId] }',
      ours: (i) => json('PUT', `/api/articles/${at(fx.articles, i)}`, {
        data: { authors: { connect: [at(fx.authors, Math.floor(i / fx.articles.length) + i * 7)] } },
      }),
    },
    {
      id: 'h', name: 'list-authenticated', kind: 'read', server: 'users-permissions',
      description: '(a) with `Authorization: Bearer <jwt>` of a registered user, on our server with users-permissions on '
        + '(authenticated role: api::article.article.find); the floor looks the user up, verifies the JWT (HS256) and checks a cached permission',
      ours: () => ({ ...get('/api/articles'), headers: bearer(session) }),
      floor: () => ({ ...get('/h'), headers: bearer(session) }),
    },
  ];
}
