// A front-end's calls to the example app, typed by the app's OpenAPI document: api.d.ts is what
// `npx openapi-typescript docs/openapi.json -o api.d.ts` writes, and openapi-fetch checks every
// path, parameter and body against it at compile time. Query strings are built by qs, in the
// bracket notation Strapi reads (docs/openapi.md).
//
//   API_URL=http://localhost:1337 API_TOKEN=<a full-access token> npx tsx examples/openapi-client/client.ts

import createClient from 'openapi-fetch';
import qs from 'qs';
import type { components, paths } from './api.js';

type Article = components['schemas']['Article'];
/** What a route's query string takes. openapi-fetch infers its arguments, and TypeScript checks
 *  an inferred object's keys only where no known key stands beside them: `satisfies` this type
 *  gets every misspelt key reported. */
type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;
type Body<P extends keyof paths, M extends 'post' | 'put'> =
  paths[P] extends Record<M, { requestBody?: { content: { 'application/json': infer B } } }> ? B : never;

export async function tour(baseUrl: string, token: string) {
  const api = createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${token}` },
    querySerializer: (query) => qs.stringify(query, { encodeValuesOnly: true }),
  });

  // Create with relations: a category by documentId, authors connected at a position
  const category = await api.POST('/api/categories', { body: { data: { name: 'Tea', slug: 'tea' } } });
  const author = await api.POST('/api/authors', { body: { data: { name: 'Ada', email: 'ada@example.com' } } });
  if (!category.data || !author.data) throw new Error('create failed');
  const article = {
    data: {
      title: 'Green tea', category: category.data.data.documentId,
      authors: { connect: [{ documentId: author.data.data.documentId, position: { end: true } }] },
      blocks: [{ __component: 'shared.quote', title: 'Proverb', body: 'Tea is a cup of life' }],
    },
  } satisfies Body<'/api/articles', 'post'>;
  const created = await api.POST('/api/articles', { params: { query: { status: 'published' } }, body: article });
  if (!created.data) throw new Error(`create failed: ${created.error?.error.message ?? ''}`);

  // List with typed filters, populate, sort and pagination
  const query = {
    filters: { title: { $containsi: 'tea' }, category: { slug: { $eq: 'tea' } } },
    populate: { category: { fields: ['name'] }, authors: true },
    sort: ['title:asc'],
    pagination: { page: 1, pageSize: 10 },
  } satisfies Query<'/api/articles'>;
  const list = await api.GET('/api/articles', { params: { query } });
  if (!list.data) throw new Error('list failed');
  const articles: Article[] = list.data.data;
  const first = articles[0];
  // A to-many relation is its documents, or { count } when populated with count: true
  const authors = first?.authors;

  // An error answers in the envelope, typed too
  const missing = await api.GET('/api/articles/{documentId}', { params: { path: { documentId: 'no-such-document' } } });

  return {
    titles: articles.map((a) => a.title),
    category: first?.category?.name,
    authors: Array.isArray(authors) ? authors.map((a) => a.name) : authors?.count,
    total: list.data.meta.pagination.total,
    error: missing.error ? { status: missing.error.error.status, name: missing.error.error.name } : undefined,
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const { API_URL, API_TOKEN } = process.env;
  if (!API_URL || !API_TOKEN) throw new Error('set API_URL and API_TOKEN');
  console.log(JSON.stringify(await tour(API_URL, API_TOKEN)));
}
