// The list's status filter, as conditions on the drafts it reads: never published (no published
// version), modified (a published version older than the draft) or published (one no older). The
// comparison is with each draft's own published version, in SQL, so a page and its total count
// only the documents of that status.

import { and, type FilterNode, type QueryContext } from '../../../core/index.js';
import { STATUS_FILTER, type ListStatus } from './documents.js';

const PUBLISHED: FilterNode = { kind: 'compare', field: 'publishedAt', operator: '$notNull', value: true };

const CONDITIONS: Record<ListStatus, FilterNode> = {
  draft: { kind: 'sibling', exists: false, child: PUBLISHED },
  modified: { kind: 'sibling', exists: true, child: and(PUBLISHED, { kind: 'correlated', field: 'updatedAt', operator: '$lt' })! },
  published: { kind: 'sibling', exists: true, child: and(PUBLISHED, { kind: 'correlated', field: 'updatedAt', operator: '$gte' })! },
};

export function filterByStatus(ctx: QueryContext): QueryContext {
  const status = ctx.state[STATUS_FILTER] as ListStatus | undefined;
  if (status && CONDITIONS[status]) ctx.query.filters = and(ctx.query.filters, CONDITIONS[status]);
  return ctx;
}
