// The hooks of the document service, declared by the layer that calls them.

import { AsyncSeriesHook, AsyncSeriesWaterfallHook, SyncWaterfallHook } from 'tapable';
import type { DocumentActionFn, DocumentActionInfo } from './api.js';
import type { DocumentEvent, QueryContext, QueryResult, RelationRefsCheck } from './types.js';

export function createDocumentHooks() {
  return {
    /** Before the document service plans SQL, for every action. Return the context (or nothing). */
    beforeQuery: new AsyncSeriesWaterfallHook<[QueryContext]>(['queryCtx']),
    /** Once per content type and action, when its document API is first used: return a function
     *  that wraps the given one (draft-and-publish makes create also publish). Compiled once. */
    wrapDocumentAction: new SyncWaterfallHook<[DocumentActionFn, DocumentActionInfo]>(['action', 'info']),
    /** After the document service has the result, before it is returned (sanitizers). */
    afterQuery: new AsyncSeriesWaterfallHook<[QueryResult, QueryContext]>(['result', 'queryCtx']),
    /** While a write links references that carry plugins' keys ({ documentId, locale }): each
     *  key's owner checks them, pushing errors to check.errors; the write fails with all of them. */
    checkRelationRefs: new AsyncSeriesHook<[RelationRefsCheck]>(['check']),
    /** After a write commits, once per logical action; a failing tap is logged, never undoes it. */
    documentEvent: new AsyncSeriesHook<[DocumentEvent]>(['event']),
  };
}

export type DocumentHooks = ReturnType<typeof createDocumentHooks>;
