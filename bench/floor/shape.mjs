// Rows -> the JSON our server sends, written out by hand per table: same keys, same order,
// same value types (JSON columns parsed, booleans, bigints as strings).

const json = (v) => (v === null || v === undefined ? null : JSON.parse(v));
const bool = (v) => (v === null || v === undefined ? null : v === 1 || v === true);
const num = (v) => (v === null || v === undefined ? null : Number(v));

/** `a.id AS p_id, a.title AS p_title, ...`: a table's columns under a prefix, for joined rows. */
export function prefixed(alias, columns, prefix) {
  return columns.map((c) => `${alias}.${c} AS ${prefix}${c}`).join(', ');
}

/** The prefixed columns of a joined row as a plain row, or null when the join found nothing. */
export function unprefix(row, prefix) {
  if (row[`${prefix}id`] === null || row[`${prefix}id`] === undefined) return null;
  const out = {};
  for (const key in row) if (key.startsWith(prefix)) out[key.slice(prefix.length)] = row[key];
  return out;
}

export const ARTICLE_COLUMNS = ['id', 'document_id', 'title', 'slug', 'description', 'body', 'content', 'reading_time',
  'views', 'rating', 'price', 'featured', 'publish_date', 'metadata', 'review_state', 'created_at', 'updated_at'];
export const articleColumns = (alias) => ARTICLE_COLUMNS
  .map((c) => (c === 'views' ? `CAST(${alias}.views AS TEXT) AS views` : `${alias}.${c}`)).join(', ');

export const article = (r) => ({
  id: r.id, documentId: r.document_id, title: r.title, slug: r.slug, description: r.description, body: r.body,
  content: json(r.content), readingTime: r.reading_time, views: r.views, rating: r.rating, price: num(r.price),
  featured: bool(r.featured), publishDate: r.publish_date, metadata: json(r.metadata), reviewState: r.review_state,
  createdAt: r.created_at, updatedAt: r.updated_at,
});

export const CATEGORY_COLUMNS = ['id', 'document_id', 'name', 'slug', 'description', 'created_at', 'updated_at'];
export const category = (r) => ({
  id: r.id, documentId: r.document_id, name: r.name, slug: r.slug, description: r.description,
  createdAt: r.created_at, updatedAt: r.updated_at,
});

export const AUTHOR_COLUMNS = ['id', 'document_id', 'name', 'email', 'bio', 'website', 'joined_at', 'last_seen',
  'preferred_time', 'created_at', 'updated_at'];
export const author = (r) => ({
  id: r.id, documentId: r.document_id, name: r.name, email: r.email, bio: r.bio, website: r.website,
  joinedAt: r.joined_at, lastSeen: r.last_seen, preferredTime: r.preferred_time, createdAt: r.created_at, updatedAt: r.updated_at,
});

export const FILE_COLUMNS = ['id', 'document_id', 'name', 'alternative_text', 'caption', 'width', 'height', 'formats', 'hash',
  'ext', 'mime', 'size', 'url', 'preview_url', 'provider', 'provider_metadata', 'created_at', 'updated_at'];
export const file = (r) => ({
  id: r.id, documentId: r.document_id, name: r.name, alternativeText: r.alternative_text, caption: r.caption,
  width: r.width, height: r.height, formats: json(r.formats), hash: r.hash, ext: r.ext, mime: r.mime, size: num(r.size),
  url: r.url, previewUrl: r.preview_url, provider: r.provider, provider_metadata: json(r.provider_metadata),
  createdAt: r.created_at, updatedAt: r.updated_at,
});

export const SEO_COLUMNS = ['id', 'meta_title', 'meta_description', 'keywords'];
export const seo = (r) => ({ id: r.id, metaTitle: r.meta_title, metaDescription: r.meta_description, keywords: json(r.keywords) });

export const OPEN_GRAPH_COLUMNS = ['id', 'og_title', 'og_description', 'og_type'];
export const openGraph = (r) => ({ id: r.id, ogTitle: r.og_title, ogDescription: r.og_description, ogType: r.og_type });

export const link = (r) => ({ id: r.id, label: r.label, url: r.url });

export function page(data, pageNumber, pageSize, total) {
  return { data, meta: { pagination: { page: pageNumber, pageSize, pageCount: Math.ceil(total / pageSize), total } } };
}
