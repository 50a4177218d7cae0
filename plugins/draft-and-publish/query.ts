// beforeQuery: which rows a call sees or writes, by status. Reads see one version per document;
// writes go to the draft; content types without draft-and-publish are always published.

import {
  and, isLinkWrite, SIBLING_REACH, ValidationError, type ContentType, type FilterNode, type PluginApi, type QueryContext, type ScopeReach,
} from '../../core/index.js';
import {
  DRAFT_READ_GRANTED, DRAFT_READ_REFUSED, hasDraftAndPublish, hasPublishedVersionOf, publicationFilterOf, statusOf, type PublicationFilter,
} from './status.js';

const PUBLISHED: FilterNode = { kind: 'compare', field: 'publishedAt', operator: '$notNull', value: true };
const DRAFT: FilterNode = { kind: 'compare', field: 'publishedAt', operator: '$null', value: true };

export function scopeByStatus(ctx: QueryContext): QueryContext {
  const status = statusOf(ctx.params);
  if (ctx.action === 'create' || ctx.action === 'update') refusePublishedAtInBody(ctx.params.data);
  if (ctx.action === 'createMany' && Array.isArray(ctx.params.data)) ctx.params.data.forEach((item, index) => refusePublishedAtInBody(item, [String(index)]));
  switch (ctx.action) {
    case 'create':
    case 'createMany':
    case 'update': {
      const now = new Date().toISOString();
      if (ctx.action !== 'update') ctx.rowDefaults.push((ct) => ({ publishedAt: hasDraftAndPublish(ct) ? null : now }));
      ctx.rowScopes.push(writeScope(ctx, status));
      if (!hasDraftAndPublish(ctx.contentType)) return ctx;
      if (ctx.action === 'createMany' && status !== 'draft') {
        // createMany writes each published version itself, from the same input as its draft, where
        // create and update write the draft and publishAfterWrite copies it: a published version
        // may not be incomplete, and its unique values clash with other published versions only
        ctx.rowVersions.push((ct) => (hasDraftAndPublish(ct) ? { publishedAt: now } : undefined));
        ctx.constraints.uniqueAmong = PUBLISHED;
      } else {
        draftConstraints(ctx);
      }
      return ctx;
    }
    case 'publish': case 'unpublish': case 'discardDraft':
      return ctx; // the actions pick their versions themselves
    case 'delete':
      if (ctx.params.status === 'draft' && hasDraftAndPublish(ctx.contentType)) {
        throw new ValidationError('A draft cannot be deleted on its own: use the discard-draft action, or delete the document without status', {
          key: 'status', path: 'status', source: 'query', param: 'status', value: 'draft',
        });
      }
      return ctx; // a document is deleted with all its versions
    default: {
      ctx.rowScopes.push(versionScope(status));
      const hasPublished = hasPublishedVersionOf(ctx.params);
      if (hasPublished !== undefined && status === 'draft' && hasDraftAndPublish(ctx.contentType)) {
        ctx.query.filters = and(ctx.query.filters, { kind: 'sibling', exists: hasPublished, child: PUBLISHED });
      }
      const publication = publicationFilterOf(ctx.params);
      if (publication && hasDraftAndPublish(ctx.contentType)) ctx.query.filters = and(ctx.query.filters, publicationCondition(publication, status));
      return ctx;
    }
  }
}

/** publicationFilter on the versions a read sees: a draft is compared with its published sibling
 *  (modified: written after it), a published version with its draft; never-published has no
 *  published version to show. */
function publicationCondition(filter: PublicationFilter, status: 'draft' | 'published'): FilterNode {
  const draft = status === 'draft';
  const other = draft ? PUBLISHED : DRAFT;
  const later = (operator: '$lt' | '$gte' | '$gt' | '$lte'): FilterNode => ({ kind: 'sibling', exists: true, child: and(other, { kind: 'correlated', field: 'updatedAt', operator })! });
  switch (filter) {
    case 'never-published': return draft ? { kind: 'sibling', exists: false, child: PUBLISHED } : DRAFT;
    case 'has-published-version': return { kind: 'sibling', exists: true, child: other };
    // The sibling's updatedAt against this row's: a draft after its published version is modified
    case 'modified': return later(draft ? '$lt' : '$gt');
    case 'unmodified': return later(draft ? '$gte' : '$lte');
  }
}

/**
 * Which rows a create or update touches and shows. A D&P document's write goes to its draft, and
 * links it changes on related D&P documents (an inverse side) go to their drafts too, so a draft
 * write never changes a published version. A write from a type without draft-and-publish has no
 * draft to keep apart: it links every version of a related document, as Strapi connects both the
 * draft and the published row, so that a later publish, discard or unpublish keeps the link. What
 * the write answers with is read like any read of its status.
 */
function writeScope(ctx: QueryContext, status: 'draft' | 'published') {
  const rootHasVersions = hasDraftAndPublish(ctx.contentType);
  const shown = versionScope(status);
  return (ct: ContentType, reach?: ScopeReach): FilterNode | undefined => {
    if (!hasDraftAndPublish(ct) || reach?.attribute === SIBLING_REACH) return undefined;
    if (reach === undefined) return ctx.action === 'update' ? DRAFT : undefined;
    if (isLinkWrite(reach)) return rootHasVersions ? DRAFT : undefined;
    return shown(ct, reach);
  };
}

function versionScope(status: 'draft' | 'published') {
  return (ct: ContentType, reach?: ScopeReach): FilterNode | undefined => {
    // hasPublishedVersion's sibling filter picks the other status itself
    if (!hasDraftAndPublish(ct) || reach?.attribute === SIBLING_REACH) return undefined;
    return status === 'draft' ? DRAFT : PUBLISHED;
  };
}

/** Drafts may be incomplete: required and unique apply when a version is published. */
function draftConstraints(ctx: QueryContext): void {
  ctx.constraints.required = false;
  ctx.constraints.unique = false;
}

/** Strapi ignores publishedAt in a body, which its users trip on; say what to do instead. */
function refusePublishedAtInBody(data: unknown, at: string[] = []): void {
  if (typeof data === 'object' && data !== null && Object.prototype.hasOwnProperty.call(data, 'publishedAt')) {
    throw ValidationError.fromFields([{
      path: [...at, 'publishedAt'],
      message: 'publishedAt cannot be set in the body: use the status parameter (?status=draft or ?status=published)',
      name: 'ValidationError',
    }]);
  }
}

const READS = new Set(['findMany', 'findFirst', 'findOne', 'count']);

/** Reading drafts is its own permission (readDraft): asked of any content-API caller, whatever
 *  surface it came through, when it reads with status=draft (at its root or through populate). */
export function guardDraftReads(api: PluginApi) {
  return async (ctx: QueryContext): Promise<QueryContext> => {
    if (ctx.source === 'content-api' && READS.has(ctx.action) && ctx.params.status === 'draft' && ctx.state[DRAFT_READ_GRANTED] !== true) {
      await api.authorize(ctx.auth, `${ctx.uid}.readDraft`, { uid: ctx.uid }, DRAFT_READ_REFUSED);
    }
    return ctx;
  };
}
