// The grown dataset's scenarios (--dataset grown), issue #43's (a)-(g): what a restaurant guide's
// front-end asks of a server whose data arrived through its API. Request i varies the document
// and the page where the request leaves room for it.

import type { GrownFixture } from './grown-fill.js';
import { CITIES, SEARCH_WORD, type GrownPools } from './grown-records.js';
import { restaurantData } from './grown-records.js';
import { Prng } from './prng.js';
import type { RequestSpec, Scenario } from './scenarios.js';

const at = <T>(items: readonly T[], i: number): T => items[i % items.length]!;
const get = (path: string): RequestSpec => ({ method: 'GET', path });
const json = (path: string, body: unknown): RequestSpec => ({ method: 'POST', path, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** (d): a component with a relation and a repeatable component in it, a repeatable component,
 *  every type of the dynamic zone, both relations and the photo. */
export const GROWN_DEEP_POPULATE = [
  'populate[details][populate][manager]=true',
  'populate[details][populate][links]=true',
  'populate[dishes]=true',
  'populate[sections][populate]=*',
  'populate[city]=true',
  'populate[chefs]=true',
  'populate[photo]=true',
].join('&');

/** (g) */
export const GROWN_GRAPHQL = 'query { restaurants(pagination: { pageSize: 25 }) { documentId name city { name } chefs { fullName } } }';

export function grownScenarios(fx: GrownFixture, runTag: string): Scenario[] {
  const pools: GrownPools = { files: fx.files, chefs: fx.chefs, cities: fx.cities };
  const pages = Math.max(1, Math.min(20, Math.floor(fx.restaurants.length / 25)));
  return [
    {
      id: 'a', name: 'list', kind: 'read', description: 'GET /api/restaurants (published, English, 25 a page, with the count)',
      ours: () => get('/api/restaurants'),
    },
    {
      id: 'b', name: 'populate-all', kind: 'read', description: 'GET /api/restaurants?populate=* (pages 1..20)',
      ours: (i) => get(`/api/restaurants?populate=*&pagination[page]=${1 + (i % pages)}`),
    },
    {
      id: 'c', name: 'relation-filter', kind: 'read',
      description: `populate[city]=true&populate[chefs]=true&filters[city][name][$eq]=${CITIES[0]}`,
      ours: () => get(`/api/restaurants?populate[city]=true&populate[chefs]=true&filters[city][name][$eq]=${CITIES[0]}`),
    },
    {
      id: 'd', name: 'one-deep', kind: 'read',
      description: 'GET /api/restaurants/:documentId: details with its manager and links, dishes, sections populate=*, city, chefs, photo',
      ours: (i) => get(`/api/restaurants/${at(fx.restaurants, i * 7919)}?${GROWN_DEEP_POPULATE}`),
    },
    {
      id: 'e', name: 'search-sort', kind: 'read',
      description: `filters[name][$containsi]=${SEARCH_WORD}&sort=rating:desc&pagination[pageSize]=50`,
      ours: () => get(`/api/restaurants?filters[name][$containsi]=${SEARCH_WORD}&sort=rating:desc&pagination[pageSize]=50`),
    },
    {
      id: 'g', name: 'graphql', kind: 'read', description: `POST /graphql: ${GROWN_GRAPHQL}`,
      ours: () => json('/graphql', { query: GROWN_GRAPHQL }),
    },
    {
      id: 'f', name: 'create', kind: 'write',
      description: 'POST /api/restaurants (published): a restaurant as the fill writes them (relations, components, dynamic zone, blocks, JSON, media)',
      ours: (i) => {
        const data = restaurantData(new Prng(i + 1), fx.restaurants.length + i, pools);
        return json('/api/restaurants', { data: { ...data, name: `${String(data.name)} ${runTag}`, slug: `${String(data.slug)}-${runTag}` } });
      },
    },
  ];
}
