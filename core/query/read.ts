// Runs a compiled query: one statement for the page (to-one populates joined in), one COUNT when
// totals are asked for, then one batched statement per other populated path. The statement count depends on the query's shape only.

import type { ContentType, Model } from '../registry/types.js';
import type { FilterNode, PageInfo, QueryAst, SortNode } from './ast.js';
import { quoted, readableScalars, selectListSql } from './columns.js';
import type { PlanContext } from './plan-context.js';
import { distinctRows, foldsSql, joinable, joinFolds, planFolds, scopeSql, takeFolds, type FoldPlan } from './fold.js';
import { populate, selectColumns, type Loaded } from './populate.js';
import { shapeRow, type DbRow } from './shape.js';
import { applyFilter, applyScopes, escapeLike, isCorrelated, likeSql, scopeOf } from './sql-filters.js';
import { applySort, sortClauses } from './sort.js';
import { columnOf } from './columns.js';
import type { Knex } from 'knex';
import { limitRows, limitSql, offsetRows } from '../database/limit.js';
import { selectRows, type SqlFragment } from '../database/raw-rows.js';
import { countFromScope } from './scope-count.js';
import { searchesTextIndex } from './text-search.js';

const TOTAL_COLUMN = '__total';

export interface ReadOptions {
  /** Extra row conditions (documentId lookups) on the root. */
  documentId?: string;
  /** Only the first matching row. */
  first?: boolean;
  /** Exactly this row, whatever the row scopes (re-reading what a write just wrote). */
  rowId?: number;
}

export async function readMany(model: ContentType, query: QueryAst, ctx: PlanContext, opts: ReadOptions = {}): Promise<{ docs: Array<Record<string, unknown>>; pagination?: PageInfo }> {
  const fields = query.fields ?? readableScalars(model, ctx.source);
  const page = query.pagination;
  let offset = 0;
  let limit: number | undefined;
  if (opts.first) limit = 1;
  else if (page?.mode === 'page') { offset = (page.page - 1) * page.pageSize; limit = page.pageSize; }
  else if (page?.mode === 'offset') { offset = page.start; limit = page.limit; }
  const folds = planFolds(model, query.populate, ctx);
  // Without joined populates a row is a document, so the window counts documents
  const countHere = page?.withCount === true && page.countLimit === undefined && !opts.first && folds.folds.length === 0
    && searchesTextIndex(model, query.filters, ctx);

  const scope = opts.rowId === undefined ? scopeOf(model, ctx) : undefined;
  let found: DbRow[];
  if (!query.filters && !query.search && !countHere && (limit !== undefined || !offset) && joinable(scope) && !isCorrelated(scope)) {
    found = await selectRows<DbRow>(ctx.knex, ctx.dialect, pageSql(model, fields, query.sort, folds, scope, opts, limit, offset, ctx));
  } else {
    const qb = ctx.knex.from({ r: model.collectionName }).select(selectColumns(model, fields, 'r', ctx));
    where(qb, model, query, ctx, opts);
    applySort(qb, query.sort, model, 'r', ctx);
    if (tieBreak(query.sort)) qb.orderBy('r.id', 'asc');
    if (limit !== undefined) limitRows(qb, limit);
    if (offset) offsetRows(qb, offset);
    joinFolds(qb, folds, 'r', ctx);
    if (countHere) qb.select(ctx.knex.raw('COUNT(*) OVER () AS ??', [TOTAL_COLUMN]));
    found = await qb as DbRow[];
  }

  const rows = distinctRows(found, folds);
  const loaded: Loaded[] = rows.map((row) => ({ row, doc: shapeRow(model, row, fields) }));
  for (const job of takeFolds(model, folds, loaded)) await populate(job.model, job.parents, job.map, ctx);

  let pagination: PageInfo | undefined;
  if (page) {
    // A page past the last match has no row to carry the count
    const counted = !page.withCount ? undefined
      : countHere && rows.length > 0 ? Number(rows[0]![TOTAL_COLUMN])
      : countHere && offset === 0 ? 0
      : await count(model, query, ctx, {}, page.countLimit);
    const capped = page.countLimit !== undefined && counted !== undefined && counted > page.countLimit;
    const total = capped ? page.countLimit : counted;
    const totals = total === undefined ? {} : { total, ...(capped ? { totalCapped: true as const } : {}) };
    pagination = page.mode === 'page'
      ? { page: page.page, pageSize: page.pageSize, ...(total !== undefined ? { pageCount: Math.ceil(total / page.pageSize), ...totals } : {}) }
      : { start: page.start, limit: page.limit, ...totals };
  }
  return { docs: loaded.map((l) => l.doc), pagination };
}

/** The matching rows; with `upTo`, no more than upTo + 1 of them (enough to tell it was reached),
 *  read from the first rows the database finds rather than all of them. */
export async function count(model: ContentType, query: QueryAst, ctx: PlanContext, opts: ReadOptions = {}, upTo?: number): Promise<number> {
  if (opts.documentId === undefined && opts.rowId === undefined) {
    const counted = await countFromScope(model, query, ctx);
    if (counted !== undefined) return counted;
  }
  const qb = ctx.knex.from({ r: model.collectionName });
  where(qb, model, query, ctx, opts);
  const counted = upTo === undefined ? qb : ctx.knex.from(limitRows(qb.select(ctx.knex.raw('1')), upTo + 1).as('c'));
  const [row] = await counted.count({ n: '*' }) as Array<{ n: unknown }>;
  return Number(row?.n ?? 0);
}

/** The tie-break that makes pages stable, unless the sort already ends every tie (id is unique). */
function tieBreak(sort: SortNode[]): boolean {
  return !sort.some((node) => node.path.length === 1 && node.path[0] === 'id');
}

/**
 * The page's statement when the query has no filter or search and its scopes are plain column
 * conditions (a list, a findOne by documentId), written as SQL directly: knex building and
 * compiling it cost as much as SQLite running it.
 */
function pageSql(
  model: ContentType, fields: string[], sort: SortNode[], folds: FoldPlan, scope: FilterNode | undefined, opts: ReadOptions,
  limit: number | undefined, offset: number, ctx: PlanContext,
): SqlFragment {
  const q = (name: string) => quoted(ctx.dialect, name);
  const r = q('r');
  const out = foldsSql(folds, 'r', ctx, [selectListSql(model, fields, 'r', ctx.dialect, false)]);
  const where: SqlFragment = { sql: '', bindings: [] };
  if (opts.documentId !== undefined) { where.sql += ` and ${r}.${q('document_id')} = ?`; where.bindings.push(opts.documentId); }
  if (opts.rowId !== undefined) { where.sql += ` and ${r}.${q('id')} = ?`; where.bindings.push(opts.rowId); }
  else scopeSql(where, scope, model, 'r', undefined, ctx);
  const order = sortClauses(sort, model, 'r', ctx);
  if (tieBreak(sort)) order.push({ sql: `${r}.${q('id')} asc`, bindings: [] });
  const sql = `select ${out.selects.join(', ')} from ${q(model.collectionName)} as ${r}${out.joins.sql}`
    + (where.sql ? ` where ${where.sql.slice(' and '.length)}` : '')
    + (order.length ? ` order by ${order.map((o) => o.sql).join(', ')}` : '')
    + (limit === undefined ? '' : limitSql(limit, offset));
  return { sql, bindings: [...out.joins.bindings, ...where.bindings, ...order.flatMap((o) => o.bindings as Knex.Value[])] };
}

function where(qb: Knex.QueryBuilder, model: ContentType, query: QueryAst, ctx: PlanContext, opts: ReadOptions): void {
  if (opts.documentId !== undefined) qb.where('r.document_id', opts.documentId);
  if (opts.rowId !== undefined) qb.where('r.id', opts.rowId);
  else applyScopes(qb, model, 'r', ctx);
  applyFilter(qb, query.filters, model, 'r', ctx, undefined, false, opts.rowId === undefined);
  if (query.search) applySearch(qb, model, query.search, ctx, query.searchFields);
}

/** _q: a case-insensitive match on every searchable string field, never on private ones. */
function applySearch(qb: Knex.QueryBuilder, model: Model, term: string, ctx: PlanContext, only?: readonly string[]): void {
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  qb.where((w) => {
    for (const [name, attr] of Object.entries(model.attributes)) {
      if (!['string', 'text', 'richtext', 'email', 'uid', 'enumeration'].includes(attr.type)) continue;
      if (attr.private || (only && !only.includes(name))) continue;
      const { sql, bindings } = likeSql(`r.${columnOf(model, name)}`, pattern, true, ctx);
      w.orWhereRaw(sql, bindings as Knex.RawBinding[]);
    }
    if (/^\d{1,10}$/.test(term) && Number(term) <= 2147483647) w.orWhere('r.id', Number(term));
  });
}
