// The generated records: plain data for the document service, drawn from one PRNG in a fixed
// order so that the same seed gives the same content (document ids are the server's, random).

import type { Prng } from './prng.js';
import { FIRST_NAMES, LAST_NAMES, WORDS } from './words.js';

export interface FileRow {
  document_id: string; name: string; alternative_text: string; caption: string | null; width: number | null;
  height: number | null; formats: string | null; hash: string; ext: string; mime: string; size: number;
  url: string; preview_url: null; provider: string; provider_metadata: null; created_at: string; updated_at: string;
}

export interface Pools {
  images: number[];
  anyFiles: number[];
  authors: string[];
  categories: string[];
  articles: string[];
}

const EPOCH = Date.UTC(2024, 0, 1);
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

export const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const slugify = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/** A documentId-shaped string for rows written without the document service (files). */
export function fakeDocumentId(rng: Prng): string {
  let out = LETTERS[rng.int(0, 25)]!;
  for (let i = 1; i < 24; i++) out += ALNUM[rng.int(0, 35)]!;
  return out;
}

export function fileRow(rng: Prng, i: number): FileRow {
  const video = i % 10 === 9;
  const word = rng.pick(WORDS);
  const hash = `${word}_${i.toString(36)}`;
  const ext = video ? '.mp4' : '.jpg';
  const width = video ? null : rng.int(320, 2400);
  const height = video ? null : rng.int(240, 1600);
  const stamp = new Date(EPOCH + i * 60_000).toISOString();
  const formats = video ? null : JSON.stringify({
    thumbnail: { name: `thumbnail_${word}${ext}`, hash: `thumbnail_${hash}`, ext, mime: 'image/jpeg', width: 156, height: 156, size: 5.2, url: `/uploads/thumbnail_${hash}${ext}` },
  });
  return {
    document_id: fakeDocumentId(rng), name: `${word}-${i}${ext}`, alternative_text: `${capitalize(word)} picture`,
    caption: rng.chance(0.5) ? rng.words(WORDS, 3, 8) : null, width, height, formats, hash, ext,
    mime: video ? 'video/mp4' : 'image/jpeg', size: Math.round(rng.next() * 50_000) / 100,
    url: `/uploads/${hash}${ext}`, preview_url: null, provider: 'local', provider_metadata: null,
    created_at: stamp, updated_at: stamp,
  };
}

export function categoryData(rng: Prng, i: number, parent: string | undefined): Record<string, unknown> {
  const name = `${capitalize(rng.pick(WORDS))} ${capitalize(rng.pick(WORDS))} ${i}`;
  return { name, description: rng.words(WORDS, 6, 20), ...(parent ? { parent } : {}) };
}

export function authorData(rng: Prng, i: number, pools: Pools): Record<string, unknown> {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const links = Array.from({ length: rng.int(0, 3) }, () => {
    const word = rng.pick(WORDS);
    return { label: capitalize(word), url: `https://${word}.example.com/${i}` };
  });
  return {
    name: `${first} ${last}`,
    email: `${slugify(first)}.${slugify(last)}.${i}@example.com`,
    bio: rng.words(WORDS, 10, 40),
    avatar: rng.pick(pools.images),
    website: `https://${slugify(last)}-${i}.example.com`,
    secretNote: rng.words(WORDS, 2, 5),
    joinedAt: new Date(EPOCH - rng.int(0, 3000) * 86_400_000).toISOString(),
    lastSeen: new Date(EPOCH + rng.int(0, 86_400_000)).toISOString(),
    preferredTime: `${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00.000`,
    links,
  };
}

function paragraph(rng: Prng): string {
  return capitalize(`${rng.words(WORDS, 12, 40)}.`);
}

function block(rng: Prng, pools: Pools): Record<string, unknown> {
  const kind = rng.int(0, 2);
  if (kind === 0) {
    return { __component: 'shared.quote', title: capitalize(rng.words(WORDS, 2, 5)), body: paragraph(rng), person: rng.pick(pools.authors) };
  }
  if (kind === 1) return { __component: 'shared.rich-text', body: `## ${capitalize(rng.pick(WORDS))}\n\n${paragraph(rng)}\n\n${paragraph(rng)}` };
  return { __component: 'shared.media', file: rng.pick(pools.anyFiles) };
}

export function articleData(rng: Prng, i: number, pools: Pools): Record<string, unknown> {
  const title = `${capitalize(rng.words(WORDS, 3, 7))} ${i}`;
  const data: Record<string, unknown> = {
    title,
    // Given explicitly: the server's slug fill-in scans the table for taken slugs on every create.
    slug: slugify(title),
    description: paragraph(rng).slice(0, 500),
    body: `# ${title}\n\n${paragraph(rng)}\n\n${paragraph(rng)}\n\n- ${rng.pick(WORDS)}\n- ${rng.pick(WORDS)}`,
    content: [
      { type: 'heading', level: 2, children: [{ type: 'text', text: capitalize(rng.words(WORDS, 2, 4)) }] },
      { type: 'paragraph', children: [{ type: 'text', text: paragraph(rng) }, { type: 'text', text: ` ${rng.pick(WORDS)}`, bold: true }] },
    ],
    gallery: rng.sample(pools.anyFiles, rng.int(0, 4)),
    authors: rng.sample(pools.authors, rng.int(1, 3)),
    related: pools.articles.length ? rng.sample(pools.articles, rng.int(0, 2)) : [],
    seo: {
      metaTitle: title.slice(0, 60),
      metaDescription: paragraph(rng).slice(0, 160),
      keywords: rng.sample(WORDS, 3),
      openGraph: { ogTitle: title.slice(0, 90), ogDescription: paragraph(rng), ogType: rng.chance(0.8) ? 'article' : 'website' },
    },
    blocks: Array.from({ length: rng.int(1, 4) }, () => block(rng, pools)),
    readingTime: rng.int(1, 30),
    views: String(rng.int(0, 2_000_000_000)),
    rating: Math.round(rng.next() * 50) / 10,
    price: Math.round(rng.next() * 10_000) / 100,
    featured: rng.chance(0.1),
    publishDate: new Date(EPOCH - rng.int(0, 3650) * 86_400_000).toISOString().slice(0, 10),
    metadata: { source: rng.pick(WORDS), priority: rng.int(1, 5), tags: rng.sample(WORDS, 2) },
    reviewState: rng.pick(['draft-review', 'approved', 'archived']),
  };
  if (rng.chance(0.9)) data.cover = rng.pick(pools.images);
  if (rng.chance(0.95)) data.category = rng.pick(pools.categories);
  if (rng.chance(0.5)) (data.seo as Record<string, unknown>).shareImage = rng.pick(pools.images);
  return data;
}

/** What an article's French version changes: its localized text (shared fields stay). */
export function frenchVersion(rng: Prng, i: number): Record<string, unknown> {
  const title = `${capitalize(rng.words(WORDS, 3, 7))} ${i} (fr)`;
  return { title, slug: slugify(title), description: paragraph(rng).slice(0, 500) };
}
