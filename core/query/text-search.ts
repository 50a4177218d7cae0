// Substring filters on a `searchable` attribute read its trigram index on SQLite (an FTS5 table
// of the text folded by the filters' own lower(); database/text-index.ts). PostgreSQL's pg_trgm
// index serves LIKE and ILIKE as they are written, so nothing changes there.

import type { Knex } from 'knex';
import { textIndexName } from '../database/naming.js';
import { FOLDED_COLUMN } from '../database/text-index.js';
import type { Model } from '../registry/types.js';
import type { FilterNode, ScalarOperator } from './ast.js';
import { columnOf } from './columns.js';
import type { PlanContext } from './plan-context.js';

const SHAPES: Partial<Record<ScalarOperator, { insensitive: boolean; head: string; tail: string }>> = {
  $containsi: { insensitive: true, head: '%', tail: '%' },
  $startsWithi: { insensitive: true, head: '', tail: '%' },
  $endsWithi: { insensitive: true, head: '%', tail: '' },
  $contains: { insensitive: false, head: '%', tail: '%' },
  $startsWith: { insensitive: false, head: '', tail: '%' },
  $endsWith: { insensitive: false, head: '%', tail: '' },
};

// eslint-disable-next-line no-control-regex -- the ASCII range, on purpose
const ASCII = /^[\u0000-\u007f]*$/;
const LIKE_SPECIAL = /[\\%_]/g;

/** The LIKE pattern the trigram index is searched with, when it serves this filter. */
function indexPattern(model: Model, field: string, op: ScalarOperator, value: unknown, ctx: PlanContext): string | undefined {
  const shape = SHAPES[op];
  const attr = model.attributes[field];
  if (!shape || ctx.dialect !== 'sqlite' || !attr || !('searchable' in attr) || !attr.searchable) return undefined;
  const text = String(value);
  if (!shape.insensitive && !ASCII.test(text)) return undefined;
  return `${shape.head}${text.toLowerCase().replace(LIKE_SPECIAL, '_')}${shape.tail}`;
}

/**
 * Whether the query's own row is searched through the trigram index. read.ts then counts the
 * matches in the page's statement (`COUNT(*) OVER ()`) instead of a second one: both gather the
 * index's candidates whole and read every match's row, sorted or not (100k documents, a term in
 * 4% of the titles, warm: page 29-31 ms, count 32-35 ms, the page with its count 35-40 ms;
 * bench/text-search-count.ts).
 */
export function searchesTextIndex(model: Model, node: FilterNode | undefined, ctx: PlanContext): boolean {
  if (!node) return false;
  switch (node.kind) {
    case 'and': case 'or': return node.children.some((child) => searchesTextIndex(model, child, ctx));
    case 'compare': return indexPattern(model, node.field, node.operator, node.value, ctx) !== undefined;
    default: return false;
  }
}

/**
 * Narrows `qb` to the rows the index finds for this filter, a superset of its answer: the
 * caller's own condition still decides, so the index can never change one. (Not under a $not:
 * it is false, not NULL, for a NULL column.) Checking that condition on the few candidates costs about a tenth of the lookup.
 * - A case-insensitive filter compares the text folded by the same lower() as the index holds.
 *   FTS5 uses no index for a LIKE with ESCAPE, so LIKE's own characters become `_` (any one).
 * - A case-sensitive one is bounded by its folded form only when the value is ASCII: folding
 *   elsewhere may join or split characters, so a match of the value might not match its fold.
 */
export function applyTextIndex(
  qb: Knex.QueryBuilder, model: Model, field: string, alias: string, op: ScalarOperator, value: unknown, ctx: PlanContext,
  scope?: (sub: Knex.QueryBuilder, alias: string) => void,
): void {
  const pattern = indexPattern(model, field, op, value, ctx);
  if (pattern === undefined) return;
  const index = textIndexName(model.collectionName, columnOf(model, field));
  if (!scope) {
    qb.whereRaw(`??.id IN (SELECT rowid FROM ?? WHERE ${FOLDED_COLUMN} LIKE ?)`, [alias, index, pattern]);
    return;
  }
  // Scope first: the index finds a term in every locale and version (four times the published
  // English matches on the site dataset); filtered through the scope's covering index, only the
  // rows in scope are read from the table for the sort. The page of a common term at 100k
  // documents, warm: 112 ms -> 93 ms (#43's note); the title check and the sort of every match
  // remain, which only a bounded window would remove.
  const s = ctx.alias('ts');
  const inScope = ctx.knex.select(`${s}.id`).from({ [s]: model.collectionName })
    .whereRaw(`??.id IN (SELECT rowid FROM ?? WHERE ${FOLDED_COLUMN} LIKE ?)`, [s, index, pattern]);
  scope(inScope, s);
  qb.whereIn(`${alias}.id`, inScope);
}
