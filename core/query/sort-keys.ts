// Repeated sort keys: a later occurrence of a key can never change the order (the rows it would
// separate are already tied on that key), yet every ORDER BY term costs the database a copy of
// its value in each row's sort record. So a key counts once, where it first appears.

import type { SortNode } from './ast.js';

/** The sort with each attribute path kept once, at its first occurrence and with its order. */
export function distinctSortKeys(sort: readonly SortNode[]): SortNode[] {
  const seen = new Set<string>();
  const out: SortNode[] = [];
  for (const node of sort) {
    const key = node.path.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(node);
  }
  return out;
}
