// Populate, batched: one query per populated path and level (WHERE ... IN over every parent row),
// never one per row. Dynamic zones take one query per component type named.

import type { Knex } from 'knex';
import { componentLinkTable, FILES_LINK_TABLE, FILES_TABLE, relationTable } from '../database/naming.js';
import { selectRows, type SqlFragment } from '../database/raw-rows.js';
import type { Component, ContentType, Model, RelationAttribute } from '../registry/types.js';
import { attributeOf, type FilterNode, type PopulateMap, type PopulateNode } from './ast.js';
import { quoted, readableScalars, selectListSql } from './columns.js';
import { chargePopulate, populateRowLimit, type PlanContext } from './plan-context.js';
import { shapeRow, type DbRow } from './shape.js';
import { fileModel } from '../registry/media.js';
import { applyFilter, applyScopes, isCorrelated, scopeOf } from './sql-filters.js';
import { applySort, sortClauses } from './sort.js';
import { isToMany } from './compile-common.js';
import { foldsSql, joinable, joinFolds, planFolds, scopeSql, takeFolds, type FoldPlan, type Loaded } from './fold.js';

export type { Loaded };

/** An attribute to load, and the key its documents hold it under. */
interface Target { field: string; key: string }

const CHUNK = 2000;

export async function populate(model: Model, parents: Loaded[], map: PopulateMap, ctx: PlanContext): Promise<void> {
  if (parents.length === 0) return;
  for (const [key, node] of Object.entries(map)) {
    // The attribute loaded, and the key each document holds it under (the same, unless aliased)
    const field = attributeOf(key, node);
    const attr = model.attributes[field];
    if (!attr) continue;
    const at: Target = { field, key };
    switch (attr.type) {
      case 'relation': await populateRelation(model, at, attr, node, parents, ctx); break;
      case 'component': await populateComponents(model, at, [attr.component], node, parents, ctx, attr.repeatable ? 'many' : 'one'); break;
      case 'dynamiczone': await populateComponents(model, at, attr.components, node, parents, ctx, 'zone'); break;
      case 'media': await populateMedia(model, at, attr.multiple === true, node, parents, ctx); break;
      default: break;
    }
  }
}

async function populateRelation(model: Model, { field, key }: Target, attr: RelationAttribute, node: PopulateNode, parents: Loaded[], ctx: PlanContext): Promise<void> {
  if (attr.versions) return populateVersions(model, { field, key }, node, parents, ctx);
  const target = ctx.registry.contentType(attr.target);
  const scope = scopeOf(target, ctx, { from: model, attribute: field });
  const correlated = isCorrelated(scope);
  // The key that links a parent to its link rows: its row id (owner side, or any side when the
  // target's scope depends on the parent row), else its document id (inverse side).
  const byRow = !attr.mappedBy || correlated;
  const parentKey = (p: Loaded) => (byRow ? p.row.id : p.row.document_id) as string | number;
  const keys = [...new Set(parents.map(parentKey))];

  if (node.count) {
    const counts = new Map<string | number, number>();
    for (const chunk of chunks(keys)) {
      const { qb, keyCol } = relationQuery(model, field, attr, target, chunk, ctx, correlated);
      if (node.filters) applyFilter(qb, node.filters, target, 't0', ctx);
      const rows = await qb.select({ k: keyCol }).count({ n: '*' }).groupBy(keyCol) as Array<{ k: string | number; n: unknown }>;
      for (const r of rows) counts.set(normalizeKey(r.k), Number(r.n));
    }
    for (const p of parents) p.doc[key] = { count: counts.get(normalizeKey(parentKey(p))) ?? 0 };
    return;
  }

  const fields = node.fields ?? readableScalars(target, ctx.source);
  const folds = planFolds(target, node.populate, ctx);
  const byKey = new Map<string | number, Loaded[]>();
  const children: Loaded[] = [];
  const plain = !attr.mappedBy && !correlated && !node.filters && !node.sort?.length && !node.page && joinable(scope);
  for (const chunk of chunks(keys)) {
    let rows: DbRow[];
    if (plain) {
      rows = await selectRows<DbRow>(ctx.knex, ctx.dialect, relationRowsSql(model, field, target, fields, folds, scope, chunk as number[], ctx));
    } else {
      const { qb, l, keyCol } = relationQuery(model, field, attr, target, chunk, ctx, correlated);
      qb.select({ __key: keyCol }).select(selectColumns(target, fields, 't0', ctx));
      joinFolds(qb, folds, 't0', ctx);
      if (node.filters) applyFilter(qb, node.filters, target, 't0', ctx);
      const order = [
        ...sortClauses(node.sort ?? [], target, 't0', ctx),
        ascending(ctx, l, attr.mappedBy ? 'inv_ord' : 'ord'),
        ascending(ctx, l, 'id'),
      ];
      const statement = node.page ? pageEach(qb, keyCol, order, node.page, ctx) : orderAll(qb, order);
      const most = populateRowLimit(ctx);
      if (most !== undefined) statement.limit(most);
      rows = await statement as DbRow[];
    }
    chargePopulate(ctx, rows.length);
    for (const row of rows) {
      const loaded = { row, doc: shapeRow(target, row, fields) };
      const key = normalizeKey(row.__key as string | number);
      const list = byKey.get(key) ?? [];
      list.push(loaded);
      byKey.set(key, list);
      children.push(loaded);
    }
  }
  for (const p of parents) {
    const list = byKey.get(normalizeKey(parentKey(p))) ?? [];
    // Each parent gets its own object: the same target can hang under several parents.
    const docs = list.map((c) => c.doc);
    // The inverse side of oneToMany is manyToOne and so on; the kind is always written from this side
    p.doc[key] = isToMany(attr) ? docs : (docs.at(-1) ?? null);
  }
  await populateRest(target, folds, children, ctx);
}

/**
 * relationQuery's statement on the owning side, for a scope of plain column conditions and no
 * filter, sort or page of the populate's own, written as SQL directly (as componentRowsSql).
 */
function relationRowsSql(model: Model, field: string, target: ContentType, fields: string[], folds: FoldPlan, scope: FilterNode | undefined, sources: number[], ctx: PlanContext): SqlFragment {
  const q = (name: string) => quoted(ctx.dialect, name);
  const [l0, t0] = [q('l0'), q('t0')];
  const out = foldsSql(folds, 't0', ctx, [`${l0}.${q('source_id')} AS ${q('__key')}`, selectListSql(target, fields, 't0', ctx.dialect, false)]);
  const where: SqlFragment = { sql: ` where ${l0}.${q('source_id')} in (${sources.map(() => '?').join(', ')})`, bindings: [...sources] };
  scopeSql(where, scope, target, 't0', undefined, ctx);
  const most = populateRowLimit(ctx);
  const sql = `select ${out.selects.join(', ')} from ${q(relationTable(model.collectionName, field))} as ${l0}`
    + ` inner join ${q(target.collectionName)} as ${t0} on ${t0}.${q('document_id')} = ${l0}.${q('target_document_id')}${out.joins.sql}`
    + `${where.sql} order by ${ascending(ctx, 'l0', 'ord').sql}, ${ascending(ctx, 'l0', 'id').sql}${most === undefined ? '' : ' limit ?'}`;
  return { sql, bindings: [...out.joins.bindings, ...where.bindings, ...(most === undefined ? [] : [most])] };
}

function orderAll(qb: Knex.QueryBuilder, order: Array<{ sql: string; bindings: Knex.RawBinding[] }>): Knex.QueryBuilder {
  for (const { sql, bindings } of order) qb.orderByRaw(sql, bindings);
  return qb;
}

/** One page per parent key in one query: each row numbered within its parent's list (a window
 *  function, in every supported database), then the rows of the page kept. */
function pageEach(
  qb: Knex.QueryBuilder, keyCol: string, order: Array<{ sql: string; bindings: Knex.RawBinding[] }>, page: { start: number; limit: number }, ctx: PlanContext,
): Knex.QueryBuilder {
  const by = order.map((o) => o.sql).join(', ');
  qb.select(ctx.knex.raw(`ROW_NUMBER() OVER (PARTITION BY ?? ORDER BY ${by}) AS __rn`, [keyCol, ...order.flatMap((o) => o.bindings)]));
  return ctx.knex.select('*').from(qb.as('w'))
    .where('w.__rn', '>', page.start).andWhere('w.__rn', '<=', page.start + page.limit)
    .orderBy('w.__rn');
}

/** The folded fields of freshly loaded rows, then their batched populates. */
async function populateRest(model: Model, folds: FoldPlan, children: Loaded[], ctx: PlanContext): Promise<void> {
  if (children.length === 0) return;
  for (const job of takeFolds(model, folds, children)) await populate(job.model, job.parents, job.map, ctx);
}

/** Link rows joined with target rows (t0) for a chunk of parent keys. A correlated scope (the
 *  target in its parent's locale) joins the parent row too (p0), and keys on its id. */
function relationQuery(
  model: Model, field: string, attr: RelationAttribute, target: ContentType, keys: Array<string | number>, ctx: PlanContext, correlated: boolean,
): { qb: Knex.QueryBuilder; l: string; keyCol: string } {
  const l = 'l0';
  const qb = ctx.knex.queryBuilder();
  let keyCol: string;
  if (attr.mappedBy) {
    qb.from({ [l]: relationTable(target.collectionName, attr.mappedBy) })
      .join({ t0: target.collectionName }, 't0.id', `${l}.source_id`);
    if (correlated) {
      qb.join({ p0: model.collectionName }, 'p0.document_id', `${l}.target_document_id`).whereIn('p0.id', keys as number[]);
      keyCol = 'p0.id';
    } else {
      qb.whereIn(`${l}.target_document_id`, keys as string[]);
      keyCol = `${l}.target_document_id`;
    }
  } else {
    qb.from({ [l]: relationTable(model.collectionName, field) })
      .join({ t0: target.collectionName }, 't0.document_id', `${l}.target_document_id`)
      .whereIn(`${l}.source_id`, keys as number[]);
    if (correlated) qb.join({ p0: model.collectionName }, 'p0.id', `${l}.source_id`);
    keyCol = `${l}.source_id`;
  }
  applyScopes(qb, target, 't0', ctx, { from: model, attribute: field }, correlated ? 'p0' : undefined);
  return { qb, l, keyCol };
}

/** The other rows of each parent's document (i18n's localizations), one query for all parents. */
async function populateVersions(model: Model, { field, key }: Target, node: PopulateNode, parents: Loaded[], ctx: PlanContext): Promise<void> {
  const target = model as ContentType;
  const fields = node.count ? [] : node.fields ?? readableScalars(target, ctx.source);
  const keys = [...new Set(parents.map((p) => p.row.document_id as string))];
  const byDocument = new Map<string, Loaded[]>();
  const children: Loaded[] = [];
  for (const chunk of chunks(keys)) {
    const qb = ctx.knex.from({ t0: target.collectionName }).whereIn('t0.document_id', chunk)
      .select(selectColumns(target, fields, 't0', ctx));
    applyScopes(qb, target, 't0', ctx, { from: model, attribute: field });
    if (node.filters) applyFilter(qb, node.filters, target, 't0', ctx);
    if (node.sort?.length) applySort(qb, node.sort, target, 't0', ctx);
    qb.orderBy('t0.id');
    const rows = await qb as DbRow[];
    chargePopulate(ctx, rows.length);
    for (const row of rows) {
      const loaded = { row, doc: shapeRow(target, row, fields) };
      const list = byDocument.get(row.document_id as string) ?? [];
      list.push(loaded);
      byDocument.set(row.document_id as string, list);
    }
  }
  for (const p of parents) {
    const all = (byDocument.get(p.row.document_id as string) ?? []).filter((c) => Number(c.row.id) !== Number(p.row.id));
    // A document's versions are few (one per locale and status): their page is cut here
    const others = node.page ? all.slice(node.page.start, node.page.start + node.page.limit) : all;
    if (node.count) { p.doc[key] = { count: others.length }; continue; }
    // Own objects per parent: the same row is another parent's sibling too
    const mine = others.map((c) => ({ row: c.row, doc: { ...c.doc } }));
    p.doc[key] = mine.map((c) => c.doc);
    children.push(...mine);
  }
  if (node.populate && children.length) await populate(target, children, node.populate, ctx);
}

async function populateComponents(model: Model, { field, key }: Target, uids: string[], node: PopulateNode, parents: Loaded[], ctx: PlanContext, shape: 'one' | 'many' | 'zone'): Promise<void> {
  const ids = [...new Set(parents.map((p) => p.row.id as number))];
  const items = new Map<number, Array<{ ord: number; linkId: number; loaded: Loaded; uid: string }>>();
  for (const uid of uids) {
    const sub = shape === 'zone' ? (node.on ? node.on[uid] : node.populate ? { populate: starOf(ctx.registry.component(uid)) } : {}) : node;
    if (shape === 'zone' && node.on && !sub) continue; // components not named in `on` return nothing
    const component = ctx.registry.component(uid);
    const fields = sub?.fields ?? readableScalars(component, ctx.source);
    const folds = planFolds(component, sub?.populate, ctx);
    const loadedHere: Loaded[] = [];
    const paged = shape === 'many' && sub?.page;
    for (const chunk of chunks(ids)) {
      let rows: DbRow[];
      if (!sub?.filters && !sub?.sort?.length && !paged) {
        rows = await selectRows<DbRow>(ctx.knex, ctx.dialect, componentRowsSql(model, field, component, fields, folds, chunk, ctx));
      } else {
        const qb = ctx.knex.from({ c0: componentLinkTable(model.collectionName) })
          .join({ t0: component.collectionName }, 't0.id', 'c0.cmp_id')
          .whereIn('c0.entity_id', chunk).andWhere('c0.field', field).andWhere('c0.component_type', uid)
          .select(ctx.knex.raw(componentKeys(ctx)))
          .select(selectColumns(component, fields, 't0', ctx));
        joinFolds(qb, folds, 't0', ctx);
        if (sub?.filters) applyFilter(qb, sub.filters, component, 't0', ctx);
        // A repeatable component keeps its own order unless sorted, and may be paged per owner
        const order = [
          ...sortClauses(sub?.sort ?? [], component, 't0', ctx),
          ascending(ctx, 'c0', 'ord'),
          ascending(ctx, 'c0', 'id'),
        ];
        rows = await (paged ? pageEach(qb, 'c0.entity_id', order, paged, ctx) : orderAll(qb, order)) as DbRow[];
      }
      chargePopulate(ctx, rows.length);
      for (const row of rows) {
        const doc = shapeRow(component, row, fields);
        if (shape === 'zone') doc.__component = uid;
        const loaded = { row, doc };
        const owner = Number(row.__owner);
        const list = items.get(owner) ?? [];
        list.push({ ord: Number(row.__ord), linkId: Number(row.__link), loaded, uid });
        items.set(owner, list);
        loadedHere.push(loaded);
      }
    }
    await populateRest(component, folds, loadedHere, ctx);
  }
  for (const p of parents) {
    // One component's rows came in their order (sorted, or by position); a zone's components by position
    const list = items.get(Number(p.row.id)) ?? [];
    if (shape === 'zone') list.sort((a, b) => a.ord - b.ord || a.linkId - b.linkId);
    const docs = list.map((i) => i.loaded.doc);
    p.doc[key] = shape === 'one' ? (docs[0] ?? null) : docs;
  }
}

/**
 * The statement above without a filter, sort or page of its own (nearly every component read),
 * written as SQL directly: building and compiling it through knex cost more than SQLite spends
 * running it, and a deep read runs one per component type.
 */
function componentRowsSql(model: Model, field: string, component: Component, fields: string[], folds: FoldPlan, owners: number[], ctx: PlanContext): SqlFragment {
  const q = (name: string) => quoted(ctx.dialect, name);
  const out = foldsSql(folds, 't0', ctx, [componentKeys(ctx), selectListSql(component, fields, 't0', ctx.dialect, false)]);
  const c0 = q('c0');
  const sql = `select ${out.selects.join(', ')} from ${q(componentLinkTable(model.collectionName))} as ${c0}`
    + ` inner join ${q(component.collectionName)} as ${q('t0')} on ${q('t0')}.${q('id')} = ${c0}.${q('cmp_id')}${out.joins.sql}`
    + ` where ${c0}.${q('entity_id')} in (${owners.map(() => '?').join(', ')}) and ${c0}.${q('field')} = ? and ${c0}.${q('component_type')} = ?`
    + ` order by ${ascending(ctx, 'c0', 'ord').sql}, ${ascending(ctx, 'c0', 'id').sql}`;
  return { sql, bindings: [...out.joins.bindings, ...owners, field, component.uid] };
}

/** `populate: '*'` inside a dynamic zone: every relation, media and component of each component. */
function starOf(component: Component): PopulateMap {
  const out: PopulateMap = {};
  for (const [name, attr] of Object.entries(component.attributes)) {
    if (attr.type === 'relation' || attr.type === 'media' || attr.type === 'component') out[name] = {};
  }
  return out;
}

async function populateMedia(model: Model, { field, key }: Target, multiple: boolean, node: PopulateNode, parents: Loaded[], ctx: PlanContext): Promise<void> {
  const ids = [...new Set(parents.map((p) => p.row.id as number))];
  const byOwner = new Map<number, Array<Record<string, unknown>>>();
  const files = fileModel(ctx.registry);
  const fields = node.fields ?? readableScalars(files, ctx.source);
  for (const chunk of chunks(ids)) {
    const qb = ctx.knex.from({ m: FILES_LINK_TABLE })
      .join({ f: FILES_TABLE }, 'f.id', 'm.file_id')
      .whereIn('m.related_id', chunk).andWhere('m.related_type', model.uid).andWhere('m.field', field)
      .select({ __owner: 'm.related_id' }).select('f.*');
    if (node.filters) applyFilter(qb, node.filters, files, 'f', ctx);
    const order = [
      ascending(ctx, 'm', 'related_id'),
      ...sortClauses(node.sort ?? [], files, 'f', ctx),
      ascending(ctx, 'm', 'ord'),
      ascending(ctx, 'm', 'id'),
    ];
    // A page per owner: numbered within the owner, by the order after the owner
    const rows = await (multiple && node.page ? pageEach(qb, 'm.related_id', order.slice(1), node.page, ctx) : orderAll(qb, order)) as DbRow[];
    chargePopulate(ctx, rows.length);
    for (const row of rows) {
      const owner = Number(row.__owner);
      const list = byOwner.get(owner) ?? [];
      list.push(shapeRow(files, row, fields));
      byOwner.set(owner, list);
    }
  }
  for (const p of parents) {
    const list = byOwner.get(Number(p.row.id)) ?? [];
    p.doc[key] = multiple ? list : (list[0] ?? null);
  }
}

/** `alias.column ASC`, quoted once: knex wrapping `??` bindings anew was a few percent of a deep read. */
function ascending(ctx: PlanContext, alias: string, column: string): { sql: string; bindings: Knex.RawBinding[] } {
  return { sql: `${quoted(ctx.dialect, alias)}.${quoted(ctx.dialect, column)} ASC`, bindings: [] };
}

/** A component row's owner, position and link id, under the keys populateComponents reads. */
function componentKeys(ctx: PlanContext): string {
  const c = (column: string, as: string) => `${quoted(ctx.dialect, 'c0')}.${quoted(ctx.dialect, column)} AS ${quoted(ctx.dialect, as)}`;
  return `${c('entity_id', '__owner')}, ${c('ord', '__ord')}, ${c('id', '__link')}`;
}

export function selectColumns(model: Model, fields: string[], alias: string, ctx: PlanContext): Knex.Raw {
  return ctx.knex.raw(selectListSql(model, fields, alias, ctx.dialect, false));
}

function* chunks<T>(values: T[]): Generator<T[]> {
  for (let i = 0; i < values.length; i += CHUNK) yield values.slice(i, i + CHUNK);
}

function normalizeKey(key: string | number): string | number {
  return typeof key === 'string' && /^\d+$/.test(key) ? Number(key) : key;
}
