// The site dataset's scenarios (--dataset site): the reads a front-end of a real site makes, with
// draft-and-publish and i18n on, against absolute targets (issue #18) rather than a floor, which
// knows neither versions nor locales. Request i varies the documentId, category and search word.

import type { Fixture } from './fixture.js';
import { DEEP_POPULATE, type RequestSpec, type Scenario } from './scenarios.js';
import { WORDS } from './words.js';

/** A scenario with the throughput it should reach on the bench machine (2 cores, one worker,
 *  10 connections, SQLite, 10k documents). */
export interface SiteScenario extends Scenario { targetRps: number }

/** Idle RSS of the site server after start-up, MB. */
export const IDLE_RSS_TARGET_MB = 120;

const at = <T>(items: readonly T[], i: number): T => items[i % items.length]!;
const get = (path: string): RequestSpec => ({ method: 'GET', path });
const enc = encodeURIComponent;

export function siteScenarios(fx: Fixture, runTag: string): SiteScenario[] {
  return [
    {
      id: 's1', name: 'list', kind: 'read', server: 'site', targetRps: 1500,
      description: 'GET /api/articles: the default page of published English articles, with its count',
      ours: () => get('/api/articles'),
    },
    {
      id: 's2', name: 'populate-all', kind: 'read', server: 'site', targetRps: 300,
      description: 'GET /api/articles?populate=*: every relation, media, component and dynamic zone one level deep',
      ours: (i) => get(`/api/articles?populate=*&pagination[page]=${1 + (i % 20)}`),
    },
    {
      id: 's3', name: 'one-deep', kind: 'read', server: 'site', targetRps: 1500,
      description: "GET /api/articles/:documentId with (d)'s deep populate",
      ours: (i) => get(`/api/articles/${at(fx.articles, i)}?${DEEP_POPULATE}`),
    },
    {
      id: 's4', name: 'relation-filter', kind: 'read', server: 'site', targetRps: 800,
      description: 'filters[category][documentId][$eq] with category and authors populated',
      ours: (i) => get(`/api/articles?filters[category][documentId][$eq]=${at(fx.categories, i)}&populate[category]=true&populate[authors]=true`),
    },
    {
      id: 's5', name: 'search-sort', kind: 'read', server: 'site', targetRps: 500,
      description: 'filters[title][$containsi] + sort publishDate:desc, 50 per page',
      ours: (i) => get(`/api/articles?filters[title][$containsi]=${enc(at(WORDS, i))}&sort=publishDate:desc&pagination[pageSize]=50`),
    },
    {
      id: 's6', name: 'create', kind: 'write', server: 'site', targetRps: 1500,
      description: 'POST /api/articles (published): scalars, category, 2 authors, seo, a 2-block dynamic zone',
      ours: (i) => ({
        method: 'POST', path: '/api/articles', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: {
          title: `Site bench ${runTag} ${i} ${at(WORDS, i)}`, description: `Created by the benchmark, request ${i}.`,
          category: at(fx.categories, i), authors: [at(fx.authors, i), at(fx.authors, i + 1)],
          seo: { metaTitle: `Bench ${i}` },
          blocks: [{ __component: 'shared.quote', title: 'Quote', body: 'Quoted text' }, { __component: 'shared.rich-text', body: `Body ${i}` }],
        } }),
      }),
    },
  ];
}
