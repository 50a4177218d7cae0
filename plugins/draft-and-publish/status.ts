// The `status` parameter: which version a call reads or writes.

import { ValidationError, type ContentType, type DocumentParams } from '../../core/index.js';

export type Status = 'draft' | 'published';

export const PLUGIN_NAME = 'draft-and-publish';

/** Set in a call's state when the draft it reads back is the answer to an action the caller was
 *  allowed (discard-draft answers with the draft): no separate readDraft check. */
export const DRAFT_READ_GRANTED = 'draft-and-publish:draftReadGranted';

export const DRAFT_READ_REFUSED = 'You are not allowed to read draft content for this content type';

export function hasDraftAndPublish(ct: ContentType): boolean {
  return ct.options.draftAndPublish === true;
}

/** The status a call asked for, or the default: published for REST/GraphQL, draft for app code (as Strapi). */
export function statusOf(params: DocumentParams): Status {
  const raw = params.status;
  if (raw === undefined || raw === null) return params.source === 'content-api' ? 'published' : 'draft';
  if (raw === 'draft' || raw === 'published') return raw;
  throw new ValidationError('Invalid status parameter: expected "draft" or "published"', {
    key: 'status', path: 'status', source: 'query', param: 'status', value: raw,
  });
}

export function hasPublishedVersionOf(params: DocumentParams): boolean | undefined {
  const raw = params.hasPublishedVersion;
  if (raw === undefined || raw === null) return undefined;
  if (raw === true || raw === 'true') return true;
  if (raw === false || raw === 'false') return false;
  throw new ValidationError('Invalid hasPublishedVersion parameter: expected true or false', {
    key: 'hasPublishedVersion', path: 'hasPublishedVersion', source: 'query', param: 'hasPublishedVersion', value: raw,
  });
}

/** Strapi 5's publicationFilter (its GraphQL enum): which documents a read keeps by their
 *  versions, judged per locale version. */
export const PUBLICATION_FILTERS = ['never-published', 'has-published-version', 'modified', 'unmodified'] as const;
export type PublicationFilter = typeof PUBLICATION_FILTERS[number];

export function publicationFilterOf(params: DocumentParams): PublicationFilter | undefined {
  const raw = params.publicationFilter;
  if (raw === undefined || raw === null) return undefined;
  if ((PUBLICATION_FILTERS as readonly unknown[]).includes(raw)) return raw as PublicationFilter;
  throw new ValidationError(`Invalid value for 'publicationFilter'. Expected one of: ${PUBLICATION_FILTERS.join(', ')}.`, {
    key: 'publicationFilter', path: 'publicationFilter', source: 'query', param: 'publicationFilter', value: raw,
  });
}
