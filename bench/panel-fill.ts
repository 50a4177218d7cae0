// Fills the panel bench's server through the admin API, as editors would: the first administrator
// registers (POST /admin/register-admin), then categories, authors and articles are created with
// the content manager's routes (relations, the seo component, a dynamic zone), a third of the
// articles published; and one article whose dynamic zone holds many entries, for the typing run.
// A few clients at a time; any non-2xx answer stops the fill.

import { Prng } from './prng.js';
import { progress } from './progress.js';
import { capitalize } from './records.js';
import { FIRST_NAMES, LAST_NAMES, WORDS } from './words.js';

export const ARTICLES_PATH = '/content-manager/collection-types/api::article.article';
const CATEGORIES_PATH = '/content-manager/collection-types/api::category.category';
const AUTHORS_PATH = '/content-manager/collection-types/api::author.author';
const CLIENTS = 4;
export const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = 'Bench-Password-9';

export interface Admin { token: string; cookie: { name: string; value: string; path: string } }
export interface Filled { articles: number; published: number; categories: number; authors: number; requests: number; fillMs: number }

export async function registerAdmin(url: string): Promise<Admin> {
  const res = await fetch(`${url}/admin/register-admin`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, firstname: 'Bench', lastname: 'Editor' }),
  });
  if (!res.ok) throw new Error(`POST /admin/register-admin answered ${res.status}: ${(await res.text()).slice(0, 400)}`);
  const body = await res.json() as { data: { token: string } };
  const set = res.headers.getSetCookie().find((c) => c.startsWith('strata_admin_refresh='));
  if (!set) throw new Error('POST /admin/register-admin set no refresh cookie');
  const [pair, ...attributes] = set.split(';').map((s) => s.trim());
  const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
  const eq = pair!.indexOf('=');
  return { token: body.data.token, cookie: { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), path } };
}

function client(url: string, admin: Admin) {
  let requests = 0;
  return {
    requests: () => requests,
    async post(path: string, data: Record<string, unknown>): Promise<string> {
      requests++;
      const res = await fetch(`${url}${path}?locale=en`, {
        method: 'POST', body: JSON.stringify(data), headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      });
      if (!res.ok) throw new Error(`fill: POST ${path} answered ${res.status}: ${(await res.text()).slice(0, 600)}`);
      return ((await res.json()) as { data: { documentId: string } }).data.documentId;
    },
  };
}

const title = (rng: Prng, i: number) => `${capitalize(rng.words(WORDS, 2, 6))} ${i}`;

/** A dynamic-zone entry: a quote, a rich text or a media entry (no file: the bench uploads none). */
function block(rng: Prng, kind: number, authors: string[]): Record<string, unknown> {
  if (kind === 0) return { __component: 'shared.quote', title: capitalize(rng.words(WORDS, 1, 4)), body: rng.words(WORDS, 8, 30), person: rng.pick(authors) };
  if (kind === 1) return { __component: 'shared.rich-text', body: `## ${capitalize(rng.words(WORDS, 2, 5))}\n\n${rng.words(WORDS, 30, 120)}` };
  return { __component: 'shared.media', file: null };
}

function article(rng: Prng, i: number, categories: string[], authors: string[]): Record<string, unknown> {
  const blocks = Array.from({ length: rng.int(0, 3) }, () => block(rng, rng.int(0, 2), authors));
  return {
    title: title(rng, i), description: rng.words(WORDS, 8, 40), body: rng.words(WORDS, 60, 300),
    category: rng.pick(categories), authors: { connect: rng.sample(authors, rng.int(1, 3)) },
    seo: { metaTitle: capitalize(rng.words(WORDS, 2, 5)), metaDescription: rng.words(WORDS, 6, 20) },
    blocks, readingTime: rng.int(1, 30), views: rng.int(0, 100_000), rating: Math.round(rng.next() * 50) / 10,
    price: Math.round(rng.next() * 10_000) / 100, featured: rng.chance(0.1),
    publishDate: new Date(Date.UTC(2024, 0, 1) + rng.int(0, 700) * 86_400_000).toISOString().slice(0, 10),
    reviewState: rng.pick(['draft-review', 'approved', 'archived']),
  };
}

export async function fillArticles(url: string, admin: Admin, articles: number, seed: number): Promise<Filled> {
  const started = performance.now();
  const rng = new Prng(seed);
  const api = client(url, admin);
  const categoryCount = Math.max(2, Math.min(20, Math.ceil(articles / 100)));
  const authorCount = Math.max(3, Math.min(50, Math.ceil(articles / 40)));
  const categories = await inTurn('categories', Array.from({ length: categoryCount }, (_, i) => ({ name: `${capitalize(rng.pick(WORDS))} ${i}`, description: rng.words(WORDS, 5, 15) })),
    (data) => api.post(CATEGORIES_PATH, data));
  const authors = await inTurn('authors', Array.from({ length: authorCount }, (_, i) => ({
    name: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`, email: `author-${i}@example.com`, bio: rng.words(WORDS, 10, 30),
  })), (data) => api.post(AUTHORS_PATH, data));
  const records = Array.from({ length: articles }, (_, i) => ({ data: article(rng, i, categories, authors), publish: i % 3 === 0 }));
  await inTurn('articles', records, async ({ data, publish }) => {
    const id = await api.post(ARTICLES_PATH, data);
    if (publish) await api.post(`${ARTICLES_PATH}/${id}/actions/publish`, {});
    return id;
  });
  return {
    articles, published: records.filter((r) => r.publish).length, categories: categoryCount, authors: authorCount,
    requests: api.requests(), fillMs: Math.round(performance.now() - started),
  };
}

/** One article whose dynamic zone holds `entries` entries, quote, rich text and media in turn (so
 *  entry 25, index 24, is a quote); its documentId. */
export async function longArticle(url: string, admin: Admin, entries: number, seed: number): Promise<string> {
  const rng = new Prng(seed + 1);
  const api = client(url, admin);
  const authors = [await api.post(AUTHORS_PATH, { name: 'Long Read', email: 'long-read@example.com' })];
  return api.post(ARTICLES_PATH, {
    title: `A long read of ${entries} blocks`, description: rng.words(WORDS, 10, 20),
    blocks: Array.from({ length: entries }, (_, i) => block(rng, i % 3, authors)),
  });
}

/** Writes the records CLIENTS at a time, in index order; their ids in the same order. */
async function inTurn<D>(label: string, records: D[], write: (record: D) => Promise<string>): Promise<string[]> {
  const bar = progress(label, records.length);
  const out: string[] = new Array(records.length);
  let next = 0;
  const worker = async () => {
    while (next < records.length) {
      const i = next++;
      out[i] = await write(records[i]!);
      bar.tick();
    }
  };
  await Promise.all(Array.from({ length: Math.min(CLIENTS, records.length) }, worker));
  bar.done();
  return out;
}
