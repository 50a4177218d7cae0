// Every kernel hook, declared once in one frozen object (webpack's Compiler.hooks). Plugins tap them
// by name with their PLUGIN_NAME; only the core module that owns a phase calls a hook.

import {
  AsyncSeriesBailHook, AsyncSeriesHook, AsyncSeriesWaterfallHook, SyncHook, SyncWaterfallHook,
} from 'tapable';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { RouteTable } from '../rest/route-table.js';
import type { QueryContext, QueryResult } from '../documents/types.js';
import type { AuthResult, AuthorizeRequest, RequestContext, Verdict } from '../rest/types.js';
import type { DocumentEvent } from '../documents/types.js';
import type { DocumentActionFn, DocumentActionInfo } from '../documents/api.js';
import type { Kernel } from './kernel.js';

/** The parts of a GraphQL schema that plugins contribute; shaped by the graphql plugin. */
export interface SchemaParts {
  typeDefs: string[];
  resolvers: Record<string, Record<string, unknown>>;
}

export function createKernelHooks() {
  return Object.freeze({
    /** Once, after the app's schema files are loaded; the registry is still mutable. i18n adds
     *  `locale`, draft-and-publish adds `publishedAt`, users-permissions adds its models. */
    registerModels: new SyncHook<[ModelRegistry]>(['registry']),
    /** Once, after core has built the CRUD route data and before anything is mounted. Plugins add
     *  routes (/api/auth/*) or change definitions they did not write (extra query params). */
    buildRoutes: new SyncHook<[RouteTable]>(['routes']),
    /** Per request, before authorize. The first tap that recognises the credentials answers;
     *  undefined means "not mine". Throw UnauthorizedError for credentials that are present but bad. */
    authenticate: new AsyncSeriesBailHook<[RequestContext], AuthResult | undefined>(['ctx']),
    /** Per request, after authenticate. The first definite verdict wins; no verdict means allowed. */
    authorize: new AsyncSeriesBailHook<[RequestContext, AuthorizeRequest], Verdict | undefined>(['ctx', 'request']),
    /** When the graphql plugin builds its schema; i18n adds locale args, D&P status args. */
    buildSchema: new SyncWaterfallHook<[SchemaParts]>(['parts']),
    /** Before the document service plans SQL, for every action. Return the context (or nothing). */
    beforeQuery: new AsyncSeriesWaterfallHook<[QueryContext]>(['queryCtx']),
    /** Once per content type and action, when its document API is first used: return a function
     *  that wraps the given one (draft-and-publish makes create also publish). Compiled once. */
    wrapDocumentAction: new SyncWaterfallHook<[DocumentActionFn, DocumentActionInfo]>(['action', 'info']),
    /** After the document service has the result, before it is returned (sanitizers). */
    afterQuery: new AsyncSeriesWaterfallHook<[QueryResult, QueryContext]>(['result', 'queryCtx']),
    /** After a write commits, once per logical action; a failing tap is logged, never undoes it. */
    documentEvent: new AsyncSeriesHook<[DocumentEvent]>(['event']),
    /** Once, after routes are mounted and the schema is synced, before listen. */
    bootstrap: new AsyncSeriesHook<[Kernel]>(['kernel']),
    /** Once, on destroy(), before the server and pool close. */
    destroy: new AsyncSeriesHook<[Kernel]>(['kernel']),
  });
}

export type KernelHooks = ReturnType<typeof createKernelHooks>;
export type KernelHookName = keyof KernelHooks;
