// FilterNode -> SQL, in knex. Relations and components become EXISTS subqueries, so a filter never
// multiplies rows (totals stay right) and never needs DISTINCT.

import type { Knex } from 'knex';
import { toDb } from '../database/codecs.js';
import { SQLITE_LOWER } from '../database/connection.js';
import { componentLinkTable, FILES_LINK_TABLE, FILES_TABLE, relationTable } from '../database/naming.js';
import { FILE_UID } from '../registry/media.js';
import type { ContentType, Model, RelationAttribute } from '../registry/types.js';
import type { BlockPattern, FilterNode, ScalarOperator } from './ast.js';
import { SIBLING_REACH, type ScopeReach } from './scopes.js';
import { and, CORRELATED_SQL } from './ast.js';
import { holdsWithoutRow, onlyWithoutRow } from './absent-rows.js';
import { columnOf, columnTypeOfField } from './columns.js';
import type { PlanContext } from './plan-context.js';
import { applyTextIndex } from './text-search.js';

type Where = Knex.QueryBuilder;

/** The row a scoped row was reached from, for `correlated` scope conditions. */
export interface OuterRow { model: Model; alias: string }

/** `negated`: under a $not of this row. A condition on a NULL column must stay NULL there (no
 *  match either way), so no shortcut that answers false for NULL (the text index) applies.
 *  `scoped`: the query's own row, which its row scopes already narrow (read.ts): the text index's
 *  candidates can be narrowed by them first, through the scope's covering index. */
export function applyFilter(qb: Where, node: FilterNode | undefined, model: Model, alias: string, ctx: PlanContext, outer?: OuterRow, negated = false, scoped = false): void {
  if (!node) return;
  switch (node.kind) {
    case 'and':
      qb.where((sub) => { for (const child of node.children) sub.andWhere((w) => applyFilter(w, child, model, alias, ctx, outer, negated, scoped)); });
      return;
    case 'or':
      qb.where((sub) => { for (const child of node.children) sub.orWhere((w) => applyFilter(w, child, model, alias, ctx, outer, negated, scoped)); });
      return;
    case 'not':
      qb.whereNot((sub) => applyFilter(sub, node.child, model, alias, ctx, outer, true));
      return;
    case 'correlated': {
      const [inner, reached] = correlatedColumns(node.field, model, alias, outer);
      qb.whereRaw(`?? ${CORRELATED_SQL[node.operator ?? '$eq']} ??`, [inner, reached]);
      return;
    }
    case 'compare':
      if (!negated) {
        // Only where a scope narrows the rows: otherwise the subquery would add a probe per candidate
        const scope = scoped && scopeOf(model, ctx) ? (sub: Where, s: string) => applyScopes(sub, model, s, ctx) : undefined;
        applyTextIndex(qb, model, node.field, alias, node.operator, node.value, ctx, scope);
      }
      applyCompare(qb, `${alias}.${columnOf(model, node.field)}`, node.operator, node.value, model, node.field, ctx);
      return;
    case 'nested':
      applyNested(qb, model, node, alias, ctx);
      return;
    case 'contains-block':
      applyContainsBlock(qb, `${alias}.${columnOf(model, node.field)}`, node.block, ctx);
      return;
    case 'sibling': {
      const s = ctx.alias('v');
      const sub = ctx.knex.select(ctx.knex.raw('1')).from({ [s]: model.collectionName })
        .whereRaw('??.?? = ??.??', [s, 'document_id', alias, 'document_id'])
        .whereRaw('??.?? <> ??.??', [s, 'id', alias, 'id']);
      // A correlated condition in it compares the sibling with this row
      applyFilter(sub, node.child, model, s, ctx, { model, alias });
      // Other scopes hold for the sibling too (same locale); the plugin that asks says what differs
      applyScopes(sub, model, s, ctx, { from: model, attribute: SIBLING_REACH }, alias);
      if (node.exists) qb.whereExists(sub); else qb.whereNotExists(sub);
      return;
    }
  }
}

/** The two columns a `correlated` scope condition compares: this row's and the outer row's. */
export function correlatedColumns(field: string, model: Model, alias: string, outer: OuterRow | undefined): [string, string] {
  if (!outer || !(field in outer.model.attributes)) {
    throw new Error(`a correlated scope on ${model.uid}.${field} needs the row it was reached from, with that field`);
  }
  return [`${alias}.${columnOf(model, field)}`, `${outer.alias}.${columnOf(outer.model, field)}`];
}

/** The row-scope conditions (version, locale, ...) for a content type's table under an alias;
 *  `outerAlias` names the row it was reached from, for scopes that compare with it. */
export function applyScopes(qb: Where, model: Model, alias: string, ctx: PlanContext, reach?: ScopeReach, outerAlias?: string): void {
  const scope = scopeOf(model, ctx, reach);
  applyFilter(qb, scope, model, alias, ctx, reach && outerAlias ? { model: reach.from, alias: outerAlias } : undefined);
}

export function scopeOf(model: Model, ctx: PlanContext, reach?: ScopeReach): FilterNode | undefined {
  if (model.modelType !== 'contentType') return undefined;
  return and(...ctx.rowScopes.map((s) => s(model as ContentType, reach)));
}

/** Whether a scope compares with the row it was reached from (so a query must join that row). */
export function isCorrelated(node: FilterNode | undefined): boolean {
  if (!node) return false;
  switch (node.kind) {
    case 'correlated': return true;
    case 'and': case 'or': return node.children.some(isCorrelated);
    case 'not': return isCorrelated(node.child);
    default: return false;
  }
}

/** How a link table meets the outer row: `inner` (a NOT NULL link column) equals the outer row's `outer` column. */
interface LinkKey { inner: string; outer: 'id' | 'document_id' }

/**
 * A filter through a relation or component. On SQLite it is `<outer key> IN (SELECT <link key>
 * FROM link JOIN target WHERE ...)`: uncorrelated, so SQLite builds the set of matching keys once
 * instead of probing the link table for each outer row (bench scenario (e)'s count on 10k
 * articles: 16-21 ms -> 10-14 ms over three runs of `npm run bench:sql`). The link keys are NOT
 * NULL, so `NOT IN` keeps EXISTS's meaning. Elsewhere it stays EXISTS: PostgreSQL plans both as
 * the same semi-join, and MariaDB's semi-join rewrite of IN can return a row twice (see
 * mariadbSession).
 *
 * When the condition holds for a missing related row (`id $null true`, absent-rows.ts), it is
 * "some related row matches, or there is no related row" (`NOT EXISTS`/`NOT IN` over the rows the
 * scopes let the query see): Strapi's LEFT JOIN answer, without multiplying rows.
 */
function applyNested(qb: Where, model: Model, node: Extract<FilterNode, { kind: 'nested' }>, alias: string, ctx: PlanContext): void {
  const { field, child, component } = node;
  if (!holdsWithoutRow(child)) {
    relatedRows(qb, model, field, child, alias, ctx, true, component);
    return;
  }
  if (onlyWithoutRow(child)) {
    relatedRows(qb, model, field, undefined, alias, ctx, false, component);
    return;
  }
  qb.where((w) => {
    w.where((m) => relatedRows(m, model, field, child, alias, ctx, true, component))
      .orWhere((n) => relatedRows(n, model, field, undefined, alias, ctx, false, component));
  });
}

/** Whether the outer row has a related row (the target's scopes applied) that passes `child`
 *  (any related row when `child` is undefined): `exists` false asks that it has none. In a
 *  dynamic zone, its components of the type `zoneComponent`. */
function relatedRows(qb: Where, model: Model, field: string, child: FilterNode | undefined, alias: string, ctx: PlanContext, exists: boolean, zoneComponent?: string): void {
  const attr = model.attributes[field];
  if (!attr) throw new Error(`${model.uid}.${field} is not an attribute`);
  const t = ctx.alias('t');
  const sub = ctx.knex.queryBuilder();
  // undefined: already tied to the outer row (the versions of a document have no link table)
  let key: LinkKey | undefined;
  if (attr.type === 'relation') {
    const target = ctx.registry.contentType(attr.target);
    if (attr.versions) joinRelation(sub.select(ctx.knex.raw('1')), model, field, attr, alias, t, ctx);
    else key = linkRelation(sub, model, field, attr, t, ctx);
    applyScopes(sub, target, t, ctx, { from: model, attribute: field }, alias);
    applyFilter(sub, child, target, t, ctx);
  } else if (attr.type === 'component' || (attr.type === 'dynamiczone' && zoneComponent !== undefined)) {
    // A dynamic zone's components are linked as a component attribute's are, with their type
    const component = ctx.registry.component(attr.type === 'component' ? attr.component : zoneComponent!);
    const c = ctx.alias('c');
    sub.from({ [c]: componentLinkTable(model.collectionName) })
      .join({ [t]: component.collectionName }, `${t}.id`, `${c}.cmp_id`)
      .where(`${c}.field`, field)
      .andWhere(`${c}.component_type`, component.uid);
    key = { inner: `${c}.entity_id`, outer: 'id' };
    applyFilter(sub, child, component, t, ctx);
  } else if (attr.type === 'media') {
    // The files this row's field links (a component's media are linked from the component's row)
    const m = ctx.alias('m');
    sub.from({ [m]: FILES_LINK_TABLE })
      .join({ [t]: FILES_TABLE }, `${t}.id`, `${m}.file_id`)
      .where(`${m}.field`, field)
      .andWhere(`${m}.related_type`, model.uid);
    key = { inner: `${m}.related_id`, outer: 'id' };
    applyFilter(sub, child, ctx.registry.contentType(FILE_UID), t, ctx);
  } else {
    throw new Error(`${model.uid}.${field} cannot be filtered through`);
  }
  if (!key) {
    if (exists) qb.whereExists(sub); else qb.whereNotExists(sub);
  } else if (ctx.dialect === 'sqlite') {
    if (exists) qb.whereIn(`${alias}.${key.outer}`, sub.select(key.inner));
    else qb.whereNotIn(`${alias}.${key.outer}`, sub.select(key.inner));
  } else {
    const correlated = sub.select(ctx.knex.raw('1')).whereRaw('?? = ??', [key.inner, `${alias}.${key.outer}`]);
    if (exists) qb.whereExists(correlated); else qb.whereNotExists(correlated);
  }
}

/**
 * Joins the link table of a relation into `sub`, correlated with the outer row `alias`, and the
 * target table as `t`.
 */
export function joinRelation(sub: Knex.QueryBuilder, model: Model, field: string, attr: RelationAttribute, alias: string, t: string, ctx: PlanContext): void {
  if (attr.versions) {
    // The other rows of the same document (its other locales, say): no link table
    sub.from({ [t]: ctx.registry.contentType(attr.target).collectionName })
      .whereRaw('??.?? = ??.??', [t, 'document_id', alias, 'document_id'])
      .whereRaw('??.?? <> ??.??', [t, 'id', alias, 'id']);
    return;
  }
  const key = linkRelation(sub, model, field, attr, t, ctx);
  sub.whereRaw('?? = ??', [key.inner, `${alias}.${key.outer}`]);
}

/**
 * The link table of a relation and its target table as `t`, not yet tied to an outer row. The
 * owning side links its rows to target documents; the inverse side reads the owner's link table
 * the other way round.
 */
function linkRelation(sub: Knex.QueryBuilder, model: Model, field: string, attr: RelationAttribute, t: string, ctx: PlanContext): LinkKey {
  const target = ctx.registry.contentType(attr.target);
  const l = ctx.alias('l');
  if (attr.mappedBy) {
    sub.from({ [l]: relationTable(target.collectionName, attr.mappedBy) })
      .join({ [t]: target.collectionName }, `${t}.id`, `${l}.source_id`);
    return { inner: `${l}.target_document_id`, outer: 'document_id' };
  }
  sub.from({ [l]: relationTable(model.collectionName, field) })
    .join({ [t]: target.collectionName }, `${t}.document_id`, `${l}.target_document_id`);
  return { inner: `${l}.source_id`, outer: 'id' };
}

function applyCompare(qb: Where, column: string, op: ScalarOperator, value: unknown, model: Model, field: string, ctx: PlanContext): void {
  const type = columnTypeOfField(model, field);
  const db = (v: unknown) => toDb(type, v, ctx.dialect);
  const lower = (v: unknown) => String(v).toLowerCase();
  const fold = lowerFunction(ctx);
  if (ctx.dialect === 'mysql' && (type === 'string' || type === 'text') && applyExactMysql(qb, column, op, value, db)) return;
  switch (op) {
    case '$eq': if (value === null) qb.whereNull(column); else qb.where(column, db(value)); return;
    case '$ne':
      if (value === null) qb.whereNotNull(column);
      else qb.where((w) => w.whereNot(column, db(value)).orWhereNull(column));
      return;
    case '$eqi': qb.whereRaw(`${fold}(??) = ${bin(ctx)}`, [column, lower(value)]); return;
    case '$nei': qb.where((w) => w.whereRaw(`${fold}(??) <> ${bin(ctx)}`, [column, lower(value)]).orWhereNull(column)); return;
    case '$lt': qb.where(column, '<', db(value)); return;
    case '$lte': qb.where(column, '<=', db(value)); return;
    case '$gt': qb.where(column, '>', db(value)); return;
    case '$gte': qb.where(column, '>=', db(value)); return;
    case '$in': qb.whereIn(column, (value as unknown[]).map(db) as never[]); return;
    case '$notIn':
      qb.where((w) => w.whereNotIn(column, (value as unknown[]).map(db) as never[]).orWhereNull(column));
      return;
    case '$between': {
      const [lo, hi] = value as [unknown, unknown];
      qb.whereBetween(column, [db(lo), db(hi)] as [never, never]);
      return;
    }
    case '$null': if (value) qb.whereNull(column); else qb.whereNotNull(column); return;
    case '$notNull': if (value) qb.whereNotNull(column); else qb.whereNull(column); return;
    case '$contains': like(qb, column, `%${escapeLike(String(value))}%`, false, false, ctx); return;
    case '$notContains': like(qb, column, `%${escapeLike(String(value))}%`, false, true, ctx); return;
    case '$containsi': like(qb, column, `%${escapeLike(String(value))}%`, true, false, ctx); return;
    case '$notContainsi': like(qb, column, `%${escapeLike(String(value))}%`, true, true, ctx); return;
    case '$startsWith': like(qb, column, `${escapeLike(String(value))}%`, false, false, ctx); return;
    case '$startsWithi': like(qb, column, `${escapeLike(String(value))}%`, true, false, ctx); return;
    case '$endsWith': like(qb, column, `%${escapeLike(String(value))}`, false, false, ctx); return;
    case '$endsWithi': like(qb, column, `%${escapeLike(String(value))}`, true, false, ctx); return;
  }
}

/**
 * A blocks column holding a top-level block that contains `block` (JSON containment): PostgreSQL's
 * jsonb `@>` and MariaDB's JSON_CONTAINS test it as such; SQLite walks the top-level blocks
 * (json_each) and compares each key of the pattern (json_extract, the same JSON type). A NULL
 * column holds no block: false on every dialect, negated or not. No index serves it: the caller
 * bounds the rows it is tested on (their scope, a page).
 */
function applyContainsBlock(qb: Where, column: string, block: BlockPattern, ctx: PlanContext): void {
  const candidate = JSON.stringify([block]);
  if (ctx.dialect === 'postgres') { qb.whereRaw('(?? IS NOT NULL AND ?? @> ?::jsonb)', [column, column, candidate]); return; }
  if (ctx.dialect === 'mysql') { qb.whereRaw('(?? IS NOT NULL AND JSON_CONTAINS(??, ?) = 1)', [column, column, candidate]); return; }
  const j = ctx.alias('j');
  const tests: string[] = [];
  const bindings: unknown[] = [];
  const walk = (pattern: BlockPattern, path: string) => {
    for (const [key, value] of Object.entries(pattern)) {
      // Keys are word characters (compile-filters.ts): quoted as they are
      const at = `${path}."${key}"`;
      if (typeof value === 'object') { walk(value, at); continue; }
      tests.push(`json_type(${j}.value, ?) ${typeof value === 'string' ? "= 'text'" : "IN ('integer', 'real')"} AND json_extract(${j}.value, ?) = ?`);
      bindings.push(at, at, value);
    }
  };
  walk(block, '$');
  qb.whereRaw(`(?? IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(??) AS ${j} WHERE ${j}.type = 'object' AND ${tests.join(' AND ')}))`, [column, column, ...bindings] as never[]);
}

/**
 * MySQL/MariaDB compare strings with the column's *_ci collation: case, accents and trailing spaces
 * are ignored. Keep that comparison (it can use the index) and add a byte-exact one.
 */
function applyExactMysql(qb: Where, column: string, op: ScalarOperator, value: unknown, db: (v: unknown) => unknown): boolean {
  const b = 'CAST(? AS BINARY)';
  const cb = 'CAST(?? AS BINARY)';
  switch (op) {
    case '$eq':
      if (value === null) return false;
      qb.where(column, db(value) as string).whereRaw(`${cb} = ${b}`, [column, db(value) as string]);
      return true;
    case '$ne':
      if (value === null) return false;
      qb.where((w) => w.whereRaw(`NOT (${cb} = ${b})`, [column, db(value) as string]).orWhereNull(column));
      return true;
    case '$in': case '$notIn': {
      const values = (value as unknown[]).map(db) as string[];
      const list = values.map(() => b).join(', ');
      if (op === '$in') qb.whereIn(column, values).whereRaw(`${cb} IN (${list})`, [column, ...values]);
      else qb.where((w) => w.whereRaw(`NOT (${cb} IN (${list}))`, [column, ...values]).orWhereNull(column));
      return true;
    }
    case '$lt': case '$lte': case '$gt': case '$gte': {
      const sign = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' }[op];
      qb.whereRaw(`${cb} ${sign} ${b}`, [column, db(value) as string]);
      return true;
    }
    case '$between': {
      const [lo, hi] = value as [unknown, unknown];
      qb.whereRaw(`${cb} BETWEEN ${b} AND ${b}`, [column, db(lo) as string, db(hi) as string]);
      return true;
    }
    default:
      return false;
  }
}

/** The lower() that folds all of Unicode on this dialect. */
export function lowerFunction(ctx: Pick<PlanContext, 'dialect'>): string {
  return ctx.dialect === 'sqlite' ? SQLITE_LOWER : 'LOWER';
}

/** A placeholder compared byte by byte (MySQL's collations otherwise ignore case and accents). */
function bin(ctx: Pick<PlanContext, 'dialect'>): string {
  return ctx.dialect === 'mysql' ? 'CAST(? AS BINARY)' : '?';
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * LIKE with the same case rules on every dialect: SQLite's LIKE ignores ASCII case and MySQL's
 * *_ci collations ignore all case, so case-sensitive matching forces a binary comparison there.
 */
export function like(qb: Where, column: string, pattern: string, insensitive: boolean, negate: boolean, ctx: PlanContext): void {
  const { sql, bindings } = likeSql(column, pattern, insensitive, ctx);
  if (negate) qb.where((w) => w.whereRaw(`NOT (${sql})`, bindings as never[]).orWhereNull(column));
  else qb.whereRaw(sql, bindings as never[]);
}

/** The condition `like` applies, for callers that combine it themselves (the _q search). */
export function likeSql(column: string, pattern: string, insensitive: boolean, ctx: PlanContext): { sql: string; bindings: unknown[] } {
  let sql: string;
  let bindings: unknown[];
  if (insensitive) {
    if (ctx.dialect === 'postgres') { sql = "?? ILIKE ? ESCAPE '\\'"; bindings = [column, pattern]; }
    else if (ctx.dialect === 'mysql') { sql = "LOWER(??) LIKE CAST(? AS BINARY) ESCAPE '\\\\'"; bindings = [column, pattern.toLowerCase()]; }
    else ({ sql, bindings } = sqliteInsensitiveLike(column, pattern));
  } else if (ctx.dialect === 'sqlite') {
    // GLOB is case-sensitive; translate the LIKE pattern to GLOB syntax
    sql = '?? GLOB ?'; bindings = [column, likeToGlob(pattern)];
  } else if (ctx.dialect === 'mysql') {
    sql = "?? LIKE CAST(? AS BINARY) ESCAPE '\\\\'"; bindings = [column, pattern];
  } else {
    sql = "?? LIKE ? ESCAPE '\\'"; bindings = [column, pattern];
  }
  return { sql, bindings };
}

/**
 * Case-insensitive LIKE on SQLite with Unicode folding, calling into JavaScript for as few rows as
 * possible. SQLite's own LIKE folds ASCII only. For an ASCII pattern it gives the same answer as
 * lower() on every row unless a non-ASCII character folds into the match: only the Kelvin sign
 * (to "k") and the dotted capital I (to "i" + a combining dot) fold to ASCII (the case-folding
 * test checks every code point). So a pattern with no "k" and no "i" before a wildcard needs
 * the native LIKE alone; other ASCII patterns send only the rows that are not all ASCII (fewer
 * characters than bytes) through lower(). Counting 10k rows (`npm run bench:sql`), the native form
 * is 1.3-1.5 times as fast as the gated one, and the gated one about twice as fast as lower() on
 * every row (octet_length: SQLite 3.43+).
 */
function sqliteInsensitiveLike(column: string, pattern: string): { sql: string; bindings: unknown[] } {
  const lowered = pattern.toLowerCase();
  const folded = `${SQLITE_LOWER}(??) LIKE ? ESCAPE '\\'`;
  // eslint-disable-next-line no-control-regex -- the ASCII range, on purpose
  if (!/^[\u0000-\u007f]*$/.test(lowered)) return { sql: folded, bindings: [column, lowered] };
  if (!foldsCanJoin(lowered)) return { sql: "?? LIKE ? ESCAPE '\\'", bindings: [column, lowered] };
  return {
    sql: `(?? LIKE ? ESCAPE '\\' OR (length(??) <> octet_length(??) AND ${folded}))`,
    bindings: [column, lowered, column, column, column, lowered],
  };
}

/**
 * Whether a lowered ASCII LIKE pattern could match text only through one of those two: it holds a
 * literal "k", or a literal "i" right before a wildcard (the combining dot after a folded "İ" must
 * land in the wildcard).
 */
function foldsCanJoin(lowered: string): boolean {
  for (let i = 0; i < lowered.length; i++) {
    let c = lowered[i]!;
    const escaped = c === '\\' && i + 1 < lowered.length;
    if (escaped) c = lowered[++i]!;
    else if (c === '%' || c === '_') continue;
    const next = lowered[i + 1];
    if (c === 'k' || (c === 'i' && (next === '%' || next === '_'))) return true;
  }
  return false;
}

function likeToGlob(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) { out += globLiteral(pattern[++i]!); continue; }
    if (c === '%') out += '*';
    else if (c === '_') out += '?';
    else out += globLiteral(c);
  }
  return out;
}

function globLiteral(c: string): string {
  return c === '*' || c === '?' || c === '[' || c === ']' ? `[${c}]` : c;
}
