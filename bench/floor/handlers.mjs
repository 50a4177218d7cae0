// The floor's handlers: the fewest SQL statements a hand-written endpoint needs for each read
// scenario's response, with no parsing, validation, hooks or generic planning.

import {
  article, articleColumns, author, AUTHOR_COLUMNS, category, CATEGORY_COLUMNS, file, FILE_COLUMNS, link,
  openGraph, OPEN_GRAPH_COLUMNS, page, prefixed, seo, SEO_COLUMNS, unprefix,
} from './shape.mjs';

const ARTICLE = 'api::article.article';
const marks = (values) => values.map(() => '?').join(', ');
const cols = (alias, columns) => columns.map((c) => `${alias}.${c}`).join(', ');
const total = async (db, sql, bindings) => Number((await db.raw(sql, bindings))[0].n);

/** (a) GET /api/articles */
export async function list(db) {
  const rows = await db.raw(`SELECT ${articleColumns('a')} FROM articles a ORDER BY a.id LIMIT 25`);
  return page(rows.map(article), 1, 25, await total(db, 'SELECT COUNT(*) AS n FROM articles'));
}

/** (b) id range + title contains + two sort keys, pageSize 50 */
export async function listFilterSort(db, q) {
  const where = "a.id > ? AND a.title LIKE ? ESCAPE '\\'";
  const bindings = [Number(q.get('gt')), `%${q.get('q').replace(/[\\%_]/g, (c) => `\\${c}`)}%`];
  const rows = await db.raw(`SELECT ${articleColumns('a')} FROM articles a WHERE ${where}
    ORDER BY a.rating DESC, a.publish_date ASC, a.id ASC LIMIT 50`, bindings);
  return page(rows.map(article), 1, 50, await total(db, `SELECT COUNT(*) AS n FROM articles a WHERE ${where}`, bindings));
}

/** (c) page of 25 with category (joined), seo (joined) and authors (one batched query) */
export async function listPopulate(db, q) {
  const pageNumber = Number(q.get('page') ?? 1);
  const { rows, authors, total } = await populatedPage(db, pageNumber);
  const data = rows.map((r) => {
    const doc = article(r);
    const c = unprefix(r, 'c_');
    const s = unprefix(r, 's_');
    doc.category = c && category(c);
    doc.authors = (authors.get(r.id) ?? []).map(author);
    doc.seo = s && seo(s);
    return doc;
  });
  return page(data, pageNumber, 25, total);
}

/** (i) the GraphQL query of (c): articles_connection with the same fields, in the flat shape
 *  (no numeric ids, Long as a number, enum values as GraphQL names, a component's id as ID) */
export async function listPopulateGraphql(db, q) {
  const pageNumber = Number(q.get('page') ?? 1);
  const { rows, authors, total } = await populatedPage(db, pageNumber);
  const nodes = rows.map((r) => {
    const doc = withoutId(article(r));
    doc.views = long(r.views);
    doc.reviewState = r.review_state === null ? null : r.review_state.replace(/[^_0-9A-Za-z]/g, '_');
    const c = unprefix(r, 'c_');
    const s = unprefix(r, 's_');
    doc.category = c && withoutId(category(c));
    doc.authors = (authors.get(r.id) ?? []).map((a) => withoutId(author(a)));
    doc.seo = s && { ...seo(s), id: String(s.id) };
    return doc;
  });
  const pageInfo = { page: pageNumber, pageSize: 25, pageCount: Math.ceil(total / 25), total };
  return { data: { articles_connection: { nodes, pageInfo } } };
}

const withoutId = ({ id: _id, ...rest }) => rest;
const long = (v) => {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : String(v);
};

async function populatedPage(db, pageNumber) {
  const rows = await db.raw(`SELECT ${articleColumns('a')}, ${prefixed('c', CATEGORY_COLUMNS, 'c_')}, ${prefixed('s', SEO_COLUMNS, 's_')}
    FROM articles a
    LEFT JOIN articles_category_lnk cl ON cl.source_id = a.id
    LEFT JOIN categories c ON c.document_id = cl.target_document_id
    LEFT JOIN articles_cmps sc ON sc.entity_id = a.id AND sc.field = 'seo' AND sc.component_type = 'shared.seo'
    LEFT JOIN components_shared_seos s ON s.id = sc.cmp_id
    ORDER BY a.id LIMIT 25 OFFSET ?`, [(pageNumber - 1) * 25]);
  const authors = new Map();
  if (rows.length) {
    const ids = rows.map((r) => r.id);
    const found = await db.raw(`SELECT l.source_id AS k, ${cols('au', AUTHOR_COLUMNS)} FROM articles_authors_lnk l
      JOIN authors au ON au.document_id = l.target_document_id WHERE l.source_id IN (${marks(ids)}) ORDER BY l.ord, l.id`, ids);
    for (const r of found) authors.set(r.k, [...(authors.get(r.k) ?? []), r]);
  }
  return { rows, authors, total: await total(db, 'SELECT COUNT(*) AS n FROM articles') };
}

/** (e) through category.parent.name and authors.name */
export async function deepFilter(db, q) {
  const where = `a.id IN (SELECT cl.source_id FROM articles_category_lnk cl
      JOIN categories c ON c.document_id = cl.target_document_id
      JOIN categories_parent_lnk pl ON pl.source_id = c.id
      JOIN categories p ON p.document_id = pl.target_document_id WHERE p.name = ?)
    AND a.id IN (SELECT al.source_id FROM articles_authors_lnk al
      JOIN authors au ON au.document_id = al.target_document_id WHERE au.name GLOB ?)`;
  const glob = `${q.get('author').replace(/[*?[\]]/g, (c) => `[${c}]`)}*`;
  const bindings = [q.get('root'), glob];
  const rows = await db.raw(`SELECT ${articleColumns('a')} FROM articles a WHERE ${where} ORDER BY a.id LIMIT 25`, bindings);
  return page(rows.map(article), 1, 25, await total(db, `SELECT COUNT(*) AS n FROM articles a WHERE ${where}`, bindings));
}

/** (d) one article, deep: 10 statements, to-one chains joined */
export async function oneDeep(db, documentId) {
  const [r] = await db.raw(`SELECT ${articleColumns('a')}, ${prefixed('c', CATEGORY_COLUMNS, 'c_')}, ${prefixed('p', CATEGORY_COLUMNS, 'p_')},
      ${prefixed('s', SEO_COLUMNS, 's_')}, ${prefixed('og', OPEN_GRAPH_COLUMNS, 'og_')}
    FROM articles a
    LEFT JOIN articles_category_lnk cl ON cl.source_id = a.id
    LEFT JOIN categories c ON c.document_id = cl.target_document_id
    LEFT JOIN categories_parent_lnk pl ON pl.source_id = c.id
    LEFT JOIN categories p ON p.document_id = pl.target_document_id
    LEFT JOIN articles_cmps sc ON sc.entity_id = a.id AND sc.field = 'seo' AND sc.component_type = 'shared.seo'
    LEFT JOIN components_shared_seos s ON s.id = sc.cmp_id
    LEFT JOIN components_shared_seos_cmps oc ON oc.entity_id = s.id AND oc.field = 'openGraph' AND oc.component_type = 'shared.open-graph'
    LEFT JOIN components_shared_open_graphs og ON og.id = oc.cmp_id
    WHERE a.document_id = ? ORDER BY a.id LIMIT 1`, [documentId]);
  if (!r) return undefined;
  const doc = article(r);
  const c = unprefix(r, 'c_');
  if (c) {
    const p = unprefix(r, 'p_');
    doc.category = { ...category(c), parent: p && category(p) };
  } else doc.category = null;

  const authorRows = await db.raw(`SELECT ${cols('au', AUTHOR_COLUMNS)}, ${prefixed('f', FILE_COLUMNS, 'f_')}
    FROM articles_authors_lnk l JOIN authors au ON au.document_id = l.target_document_id
    LEFT JOIN files_related_mph m ON m.related_id = au.id AND m.related_type = 'api::author.author' AND m.field = 'avatar'
    LEFT JOIN files f ON f.id = m.file_id
    WHERE l.source_id = ? ORDER BY l.ord, l.id`, [r.id]);
  const links = new Map();
  if (authorRows.length) {
    const ids = authorRows.map((a) => a.id);
    const linkRows = await db.raw(`SELECT ac.entity_id AS k, lk.id, lk.label, lk.url FROM authors_cmps ac
      JOIN components_shared_links lk ON lk.id = ac.cmp_id
      WHERE ac.entity_id IN (${marks(ids)}) AND ac.field = 'links' AND ac.component_type = 'shared.link' ORDER BY ac.ord, ac.id`, ids);
    for (const l of linkRows) links.set(l.k, [...(links.get(l.k) ?? []), link(l)]);
  }
  doc.authors = authorRows.map((a) => {
    const f = unprefix(a, 'f_');
    return { ...author(a), avatar: f && file(f), links: links.get(a.id) ?? [] };
  });

  // cover, gallery and the seo's shareImage in one statement
  const s = unprefix(r, 's_');
  const media = await db.raw(`SELECT m.related_type AS owner, m.field, ${cols('f', FILE_COLUMNS)} FROM files_related_mph m
    JOIN files f ON f.id = m.file_id
    WHERE (m.related_type = ? AND m.related_id = ? AND m.field IN ('cover', 'gallery'))
       OR (m.related_type = 'shared.seo' AND m.related_id = ? AND m.field = 'shareImage')
    ORDER BY m.ord, m.id`, [ARTICLE, r.id, s ? s.id : -1]);
  const og = unprefix(r, 'og_');
  const shareImage = media.find((m) => m.owner === 'shared.seo');
  doc.seo = s && { ...seo(s), openGraph: og && openGraph(og), shareImage: shareImage ? file(shareImage) : null };

  doc.blocks = await zone(db, r.id);
  const cover = media.find((m) => m.owner === ARTICLE && m.field === 'cover');
  doc.cover = cover ? file(cover) : null;
  doc.gallery = media.filter((m) => m.owner === ARTICLE && m.field === 'gallery').map(file);
  doc.related = await db.raw(`SELECT ra.id, ra.document_id AS documentId, ra.title FROM articles_related_lnk l
    JOIN articles ra ON ra.document_id = l.target_document_id WHERE l.source_id = ? ORDER BY l.ord, l.id`, [r.id]);
  const spotlight = await db.raw(`SELECT ${cols('au', AUTHOR_COLUMNS)} FROM authors_spotlight_lnk l
    JOIN authors au ON au.id = l.source_id WHERE l.target_document_id = ? ORDER BY l.inv_ord, l.id`, [documentId]);
  doc.spotlightOf = spotlight.length ? author(spotlight[spotlight.length - 1]) : null;
  return { data: doc, meta: {} };
}

/** The dynamic zone: one statement per component type, each joined to its relation or file. */
async function zone(db, articleId) {
  const link = (type) => `FROM articles_cmps z JOIN ${type} t ON t.id = z.cmp_id WHERE z.entity_id = ? AND z.field = 'blocks' AND z.component_type = ?`;
  const quotes = await db.raw(`SELECT z.ord, z.id AS link_id, t.id, t.title, t.body, ${prefixed('au', AUTHOR_COLUMNS, 'au_')}
    FROM articles_cmps z JOIN components_shared_quotes t ON t.id = z.cmp_id
    LEFT JOIN components_shared_quotes_person_lnk pl ON pl.source_id = t.id
    LEFT JOIN authors au ON au.document_id = pl.target_document_id
    WHERE z.entity_id = ? AND z.field = 'blocks' AND z.component_type = 'shared.quote'`, [articleId]);
  const texts = await db.raw(`SELECT z.ord, z.id AS link_id, t.id, t.body ${link('components_shared_rich_texts')}`, [articleId, 'shared.rich-text']);
  const media = await db.raw(`SELECT z.ord, z.id AS link_id, t.id, ${prefixed('f', FILE_COLUMNS, 'f_')}
    FROM articles_cmps z JOIN components_shared_media t ON t.id = z.cmp_id
    LEFT JOIN files_related_mph m ON m.related_id = t.id AND m.related_type = 'shared.media' AND m.field = 'file'
    LEFT JOIN files f ON f.id = m.file_id
    WHERE z.entity_id = ? AND z.field = 'blocks' AND z.component_type = 'shared.media'`, [articleId]);
  const items = [
    ...quotes.map((q) => {
      const person = unprefix(q, 'au_');
      return { q, doc: { id: q.id, title: q.title, body: q.body, __component: 'shared.quote', person: person && author(person) } };
    }),
    ...texts.map((q) => ({ q, doc: { id: q.id, body: q.body, __component: 'shared.rich-text' } })),
    ...media.map((q) => {
      const f = unprefix(q, 'f_');
      return { q, doc: { id: q.id, __component: 'shared.media', file: f && file(f) } };
    }),
  ];
  return items.sort((x, y) => x.q.ord - y.q.ord || x.q.link_id - y.q.link_id).map((i) => i.doc);
}
