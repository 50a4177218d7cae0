// Fills a running server through its REST API, as a site's editors and import scripts would: the
// images uploaded through POST /api/upload, then cities and chefs, then each restaurant created
// (published, in English), given its French version (PUT ?locale=fr) and, one in three, a draft
// that differs (PUT ?status=draft). A few clients at a time. Any non-2xx answer stops the fill.

import sharp from 'sharp';
import { Prng } from './prng.js';
import { progress } from './progress.js';
import {
  chefData, cityData, draftEdit, frenchData, grownCounts, restaurantData, type GrownCounts, type GrownPools,
} from './grown-records.js';

/** Where to send the requests: a base URL and the headers every request carries (a token). */
export interface ApiTarget { url: string; headers?: Record<string, string> }

export interface GrownFixture {
  counts: GrownCounts;
  /** Restaurant documentIds in creation order. */
  restaurants: string[];
  chefs: string[];
  cities: string[];
  files: number[];
  /** Requests sent and the time the fill took. */
  requests: number;
  fillMs: number;
}

/** Clients writing at once: an import script's few parallel requests, not a load test. */
const CLIENTS = 4;

export async function fillThroughApi(target: ApiTarget, restaurants: number, seed: number): Promise<GrownFixture> {
  const started = performance.now();
  const counts = grownCounts(restaurants);
  const rng = new Prng(seed);
  const api = client(target);
  const pools: GrownPools = { files: [], chefs: [], cities: [] };

  pools.files = await inOrder('files', counts.files, (i) => image(rng, i), async (img) => api.upload(img));
  pools.cities = await inOrder('cities', counts.cities, (i) => cityData(i), async (data) => (await api.send('POST', '/api/cities', data)).documentId);
  pools.chefs = await inOrder('chefs', counts.chefs, (i) => chefData(rng, i, pools), async (data) => (await api.send('POST', '/api/chefs', data)).documentId);
  const ids = await inOrder('restaurants', counts.restaurants, (i) => {
    const en = restaurantData(rng, i, pools);
    return { en, fr: frenchData(rng, i, en), draft: i % 3 === 0 ? draftEdit(rng, en) : undefined };
  }, async ({ en, fr, draft }) => {
    const { documentId } = await api.send('POST', '/api/restaurants', en);
    await api.send('PUT', `/api/restaurants/${documentId}?locale=fr`, fr);
    if (draft) await api.send('PUT', `/api/restaurants/${documentId}?status=draft`, draft);
    return documentId;
  });
  return { counts, restaurants: ids, chefs: pools.chefs, cities: pools.cities, files: pools.files, requests: api.requests(), fillMs: Math.round(performance.now() - started) };
}

interface Image { name: string; bytes: Buffer }

async function image(rng: Prng, i: number): Promise<Image> {
  const width = rng.int(400, 1200);
  const height = rng.int(300, 900);
  const background = { r: rng.int(0, 255), g: rng.int(0, 255), b: rng.int(0, 255) };
  const bytes = await sharp({ create: { width, height, channels: 3, background } }).jpeg({ quality: 80 }).toBuffer();
  return { name: `photo-${i}.jpg`, bytes };
}

function client(target: ApiTarget) {
  let requests = 0;
  const fail = async (what: string, res: Response): Promise<never> => {
    throw new Error(`fill: ${what} answered ${res.status}: ${(await res.text()).slice(0, 600)}`);
  };
  return {
    requests: () => requests,
    async send(method: 'POST' | 'PUT', path: string, data: Record<string, unknown>): Promise<{ documentId: string }> {
      requests++;
      const res = await fetch(`${target.url}${path}`, {
        method, body: JSON.stringify({ data }), headers: { 'content-type': 'application/json', ...target.headers },
      });
      if (!res.ok) return fail(`${method} ${path}`, res);
      const body = await res.json() as { data: { documentId: string } };
      return body.data;
    },
    async upload(img: Image): Promise<number> {
      requests++;
      const form = new FormData();
      form.append('files', new Blob([img.bytes], { type: 'image/jpeg' }), img.name);
      const res = await fetch(`${target.url}/api/upload`, { method: 'POST', body: form, headers: { ...target.headers } });
      if (!res.ok) return fail('POST /api/upload', res);
      const [file] = await res.json() as Array<{ id: number }>;
      return file!.id;
    },
  };
}

/**
 * Builds every record first, in index order (so the PRNG's sequence never depends on timing),
 * then writes them CLIENTS at a time; results come back in index order.
 */
async function inOrder<D, R>(label: string, total: number, build: (i: number) => D | Promise<D>, write: (record: D) => Promise<R>): Promise<R[]> {
  const records: D[] = [];
  for (let i = 0; i < total; i++) records.push(await build(i));
  const bar = progress(label, total);
  const out: R[] = new Array(total);
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      out[i] = await write(records[i]!);
      bar.tick();
    }
  };
  await Promise.all(Array.from({ length: Math.min(CLIENTS, total) }, worker));
  bar.done();
  return out;
}
