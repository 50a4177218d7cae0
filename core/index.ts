// The public API: what plugins and apps import. Plugins import nothing else from core.

export { createKernel, Kernel, type KernelOptions } from './kernel/kernel.js';
export { createKernelHooks, type KernelHooks, type KernelHookName, type SchemaParts } from './kernel/hooks.js';
export { QUERY_STAGE, AUTH_STAGE, ROUTE_STAGE } from './kernel/stages.js';
export { definePlugin, type Plugin, type PluginEntry, type PluginsConfig } from './kernel/plugin.js';
export type { Phase } from './kernel/phase.js';
export { createEnv, type Env, type EnvSource } from './config/env.js';
export type { KernelConfig, KernelConfigInput, DatabaseClient, RestConfig } from './config/types.js';
export * from './errors/index.js';
export { SIBLING_REACH } from './documents/types.js';
export { ModelRegistry } from './registry/model-registry.js';
export { readSchemaDir, type SchemaFiles } from './registry/load.js';
export { validateSchemaFiles } from './registry/validate.js';
export * from './registry/types.js';
export { contentTypeUid, componentUid, pluginUid } from './registry/uid.js';
export type {
  DocumentApi, DocumentActionContext, DocumentActionDefinition, DocumentActionFn, DocumentActionInfo,
} from './documents/api.js';
export type { RowApi, VersionRow } from './documents/row-api.js';
export type {
  Doc, DocumentAction, DocumentEvent, DocumentParams, PageInfo, QueryContext, QueryResult, QuerySource,
  RowDefaults, RowScope, ScopeReach,
} from './documents/types.js';
export type { FilterNode, PopulateMap, PopulateNode, QueryAst, SortNode, Pagination, ScalarOperator } from './query/ast.js';
export { and } from './query/ast.js';
export { RouteTable, type RouteDefinition, type HttpMethod } from './rest/route-table.js';
export { pickParams } from './rest/query-params.js';
export { denial, isAnonymous } from './auth/verdict.js';
export type { Ability, AuthResult, AuthorizeRequest, RequestContext, RequestState, Verdict } from './rest/types.js';
export { createConsoleLogger, createMemoryLogger, type Logger, type LogLevel } from './log/logger.js';
