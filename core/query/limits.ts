// Caps on how deep a content-API query may reach. Each populate level is at least one more query
// and each filter level one more join or subquery, so an unbounded depth is a cheap way to make
// the server work hard; REST's query-string depth bounds it loosely, GraphQL inputs not at all.

import { ValidationError } from '../errors/index.js';
import type { FilterNode, PopulateMap, PopulateNode, QueryAst } from './ast.js';

export interface DepthLimits {
  maxPopulateDepth: number;
  maxFilterDepth: number;
}

/** Throws a 400 naming the parameter when the query nests deeper than the limits allow. */
export function assertWithinDepthLimits(ast: QueryAst, limits: DepthLimits): void {
  const populate = populateDepth(ast.populate);
  if (populate > limits.maxPopulateDepth) {
    throw new ValidationError(
      `populate is nested too deeply: ${populate} levels, at most ${limits.maxPopulateDepth} are allowed`,
      { key: 'populate', source: 'query', param: 'populate', depth: populate, limit: limits.maxPopulateDepth },
    );
  }
  const filters = Math.max(filterDepth(ast.filters), nestedFilterDepth(ast.populate));
  if (filters > limits.maxFilterDepth) {
    throw new ValidationError(
      `filters are nested too deeply: ${filters} levels, at most ${limits.maxFilterDepth} are allowed`,
      { key: 'filters', source: 'query', param: 'filters', depth: filters, limit: limits.maxFilterDepth },
    );
  }
}

/** Levels of relations, components and dynamic zones reached: `populate=category` is 1. */
export function populateDepth(map: PopulateMap | undefined): number {
  let deepest = 0;
  for (const node of Object.values(map ?? {})) deepest = Math.max(deepest, 1 + nodeDepth(node));
  return deepest;
}

function nodeDepth(node: PopulateNode): number {
  let deepest = populateDepth(node.populate);
  for (const entry of Object.values(node.on ?? {})) deepest = Math.max(deepest, populateDepth(entry.populate));
  return deepest;
}

/** Levels of $and/$or/$not and of relations or components a filter goes through; a plain
 *  comparison is 1. */
export function filterDepth(node: FilterNode | undefined): number {
  if (!node) return 0;
  switch (node.kind) {
    case 'compare':
    case 'correlated':
    case 'contains-block':
      return 1;
    case 'and':
    case 'or':
      return 1 + Math.max(0, ...node.children.map(filterDepth));
    case 'not':
    case 'nested':
    case 'sibling':
      return 1 + filterDepth(node.child);
  }
}

/** The deepest filter inside a populate tree (`populate[x][filters]`). */
function nestedFilterDepth(map: PopulateMap | undefined): number {
  let deepest = 0;
  for (const node of Object.values(map ?? {})) {
    deepest = Math.max(deepest, filterDepth(node.filters), nestedFilterDepth(node.populate));
    for (const entry of Object.values(node.on ?? {})) deepest = Math.max(deepest, nestedFilterDepth(entry.populate));
  }
  return deepest;
}
