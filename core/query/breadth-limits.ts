// Caps on how wide a content-API query may be, beside the depth caps (limits.ts). Depth alone
// leaves the cost open: each sort key is a term every sorted row carries, each filter node a
// condition every row is tested with, each populated attribute at least one more statement, each
// $in value a bound parameter. REST's query string bounds these loosely, GraphQL's JSON not at
// all; checked on what the compiler built, so every surface meets the same caps.

import { ValidationError } from '../errors/index.js';
import type { FilterNode, PopulateMap, PopulateNode, QueryAst, SortNode } from './ast.js';

export interface BreadthLimits {
  /** Distinct sort keys of one sort (the root's, or one populated relation's). */
  maxSortKeys: number;
  /** Nodes of every filter of a request together: comparisons, $and/$or/$not, relation hops. */
  maxFilterNodes: number;
  /** Values of one $in or $notIn list. */
  maxInListLength: number;
  /** Attributes populated by a request, at every level together. */
  maxPopulateNodes: number;
  /** Entries of one fields list, as given. */
  maxFields: number;
}

/** Throws a 400 naming the limit when a compiled query is wider than the limits allow. */
export function assertWithinBreadthLimits(ast: QueryAst, limits: BreadthLimits): void {
  assertSortKeys(ast.sort, 'sort', limits);
  forEachPopulated(ast.populate, 'populate', (node, path) => {
    if (node.sort) assertSortKeys(node.sort, `${path}.sort`, limits);
  });

  const populated = populateNodes(ast.populate);
  if (populated > limits.maxPopulateNodes) {
    throw new ValidationError(
      `populate reaches too many attributes: ${populated}, at most ${limits.maxPopulateNodes} are allowed`,
      { key: 'populate', source: 'query', param: 'populate', count: populated, limit: limits.maxPopulateNodes },
    );
  }

  let filters = filterNodes(ast.filters);
  forEachPopulated(ast.populate, 'populate', (node) => { filters += filterNodes(node.filters); });
  if (filters > limits.maxFilterNodes) {
    throw new ValidationError(
      `filters have too many conditions: ${filters}, at most ${limits.maxFilterNodes} are allowed`,
      { key: 'filters', source: 'query', param: 'filters', count: filters, limit: limits.maxFilterNodes },
    );
  }
}

/** Throws a 400 when an $in or $notIn list holds more values than allowed; called before its
 *  values are coerced, so an oversized list costs nothing more. */
export function assertInListLength(operator: string, length: number, path: string, limits: BreadthLimits): void {
  if (length <= limits.maxInListLength) return;
  throw new ValidationError(
    `${operator} has too many values: ${length}, at most ${limits.maxInListLength} are allowed`,
    { key: operator, path, source: 'query', param: paramOf(path), count: length, limit: limits.maxInListLength },
  );
}

/** Throws a 400 when a fields list names more entries than allowed (repeats count: the list as
 *  given is what has to be read and checked). */
export function assertFieldCount(count: number, path: string, limits: BreadthLimits): void {
  if (count <= limits.maxFields) return;
  throw new ValidationError(
    `${path} has too many entries: ${count}, at most ${limits.maxFields} are allowed`,
    { key: 'fields', path, source: 'query', param: paramOf(path), count, limit: limits.maxFields },
  );
}

function assertSortKeys(sort: readonly SortNode[], path: string, limits: BreadthLimits): void {
  if (sort.length <= limits.maxSortKeys) return;
  throw new ValidationError(
    `${path} has too many keys: ${sort.length}, at most ${limits.maxSortKeys} are allowed`,
    { key: 'sort', path, source: 'query', param: paramOf(path), count: sort.length, limit: limits.maxSortKeys },
  );
}

/** Every populated attribute, and each component a dynamic zone loads, counts once. */
export function populateNodes(map: PopulateMap | undefined): number {
  let n = 0;
  forEachPopulated(map, 'populate', () => { n++; });
  return n;
}

/** Every node of the compiled filter: comparisons, $and/$or/$not (also those implied by several
 *  keys in one object) and relation or component hops. */
export function filterNodes(node: FilterNode | undefined): number {
  if (!node) return 0;
  switch (node.kind) {
    case 'compare':
    case 'correlated':
    case 'contains-block':
      return 1;
    case 'and':
    case 'or':
      return node.children.reduce((sum, child) => sum + filterNodes(child), 1);
    case 'not':
    case 'nested':
    case 'sibling':
      return 1 + filterNodes(node.child);
  }
}

/** Visits every node of a populate tree, dynamic zones' component entries included. */
function forEachPopulated(map: PopulateMap | undefined, path: string, visit: (node: PopulateNode, path: string) => void): void {
  for (const [name, node] of Object.entries(map ?? {})) {
    const at = `${path}.${name}`;
    visit(node, at);
    forEachPopulated(node.populate, `${at}.populate`, visit);
    forEachPopulated(node.on, `${at}.on`, visit);
  }
}

/** The query parameter a dotted path belongs to ('populate.tags.sort' => 'populate'); compile-common
 *  has one too, but importing it would close an import cycle through compile-context. */
function paramOf(path: string): string {
  return path.split('.', 1)[0] ?? path;
}
