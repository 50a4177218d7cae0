// Whether a condition on a related row (a relation's target, a component) holds when there is no
// related row. Strapi filters through relations with LEFT JOINs: a document without a related row
// is tested against a row of NULLs, so `filters[city][id][$null]=true` finds documents without a
// city. Our filters are EXISTS subqueries (they never multiply rows), which see no row at all;
// sql-filters.ts adds "or there is no related row" exactly when this says the condition holds for
// the row of NULLs a LEFT JOIN would have produced.
//
// The row of NULLs is judged with the SQL that sql-filters.ts writes for each operator, in SQL's
// three-valued logic: `IS NULL` is true, a comparison with NULL is unknown, and our negative
// operators ($ne, $nei, $notIn, $notContains, $notContainsi), which add `OR column IS NULL`, are
// true. A condition holds only when it is true; unknown, as in a WHERE clause, does not match.

import type { FilterNode } from './ast.js';

type Truth = 'true' | 'false' | 'unknown';

/** Whether the condition holds for the row of NULLs that stands for "no related row". */
export function holdsWithoutRow(node: FilterNode): boolean {
  return truthOnNullRow(node) === 'true';
}

/** Whether the condition can only hold for the row of NULLs (a real row always has an id and,
 *  for a content type, a documentId: both NOT NULL): `id $null true`, `documentId $notNull false`.
 *  Its EXISTS part can then be left out. */
export function onlyWithoutRow(node: FilterNode): boolean {
  return node.kind === 'compare' && (node.field === 'id' || node.field === 'documentId') && nullTest(node) === true;
}

function truthOnNullRow(node: FilterNode): Truth {
  switch (node.kind) {
    case 'and': {
      const parts = node.children.map(truthOnNullRow);
      if (parts.includes('false')) return 'false';
      return parts.every((p) => p === 'true') ? 'true' : 'unknown';
    }
    case 'or': {
      const parts = node.children.map(truthOnNullRow);
      if (parts.includes('true')) return 'true';
      return parts.every((p) => p === 'false') ? 'false' : 'unknown';
    }
    case 'not': {
      const inner = truthOnNullRow(node.child);
      return inner === 'unknown' ? 'unknown' : inner === 'true' ? 'false' : 'true';
    }
    // A missing row has no related rows either: the nested condition is "some related row
    // matches (none can) or there is none and the condition holds without one", never unknown
    case 'nested':
      return holdsWithoutRow(node.child) ? 'true' : 'false';
    // A missing row's document has no other versions
    case 'sibling':
      return node.exists ? 'false' : 'true';
    // Written `column IS NOT NULL AND ...` (sql-filters.ts)
    case 'contains-block':
      return 'false';
    // NULL = NULL is unknown
    case 'correlated':
      return 'unknown';
    case 'compare':
      return compareOnNull(node);
  }
}

function compareOnNull(node: Extract<FilterNode, { kind: 'compare' }>): Truth {
  const isNull = nullTest(node);
  if (isNull !== undefined) return isNull ? 'true' : 'false';
  switch (node.operator) {
    // Written as `NOT (...) OR column IS NULL` (sql-filters.ts): the NULL side is true
    case '$ne': case '$nei': case '$notIn': case '$notContains': case '$notContainsi':
      return 'true';
    // An empty list is `1 = 0` in knex: false whatever the column holds
    case '$in':
      return Array.isArray(node.value) && node.value.length === 0 ? 'false' : 'unknown';
    default:
      return 'unknown';
  }
}

/** For $null / $notNull: true when the condition is "is null", false when "is not null". */
function nullTest(node: Extract<FilterNode, { kind: 'compare' }>): boolean | undefined {
  if (node.operator === '$null') return node.value !== false;
  if (node.operator === '$notNull') return node.value === false;
  return undefined;
}
