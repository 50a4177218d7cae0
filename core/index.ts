// The public API: what plugins and apps import. Plugins import nothing else from core.

export { createKernel, Kernel, type KernelOptions } from './kernel/kernel.js';
export { createKernelHooks, type KernelHooks, type KernelHookName, type SchemaParts } from './kernel/hooks.js';
export { QUERY_STAGE, AUTH_STAGE, ROUTE_STAGE } from './kernel/stages.js';
export { definePlugin, type Plugin, type PluginEntry, type PluginsConfig } from './kernel/plugin.js';
export type { Phase } from './kernel/phase.js';
export { createEnv, type Env, type EnvSource } from './config/env.js';
export type { KernelConfig, KernelConfigInput, DatabaseClient, RestConfig, ApiTokensConfig } from './config/types.js';
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
export { LIST_PARAMS, ONE_PARAMS, pickParams } from './rest/query-params.js';
export { enforceRateLimit, MemoryRateLimitStore, type RateLimitOptions, type RateLimitStore } from './limits/rate-limit.js';
export { denial, isAnonymous } from './auth/verdict.js';
export { bearerToken } from './auth/bearer.js';
export type { ApiTokenService } from './api-tokens/service.js';
export { API_TOKEN_UID, API_TOKEN_TABLE } from './api-tokens/model.js';
export { API_TOKEN_STRATEGY } from './api-tokens/strategy.js';
export {
  API_TOKEN_TYPES, API_TOKEN_LIFESPANS, type ApiToken, type ApiTokenCredentials, type ApiTokenInput,
  type ApiTokenLifespan, type ApiTokenRef, type ApiTokenType, type CreatedApiToken,
} from './api-tokens/types.js';
export type { Ability, AuthenticateRequest, AuthorizeRequest, AuthorizeSubject, AuthResult, Verdict } from './auth/types.js';
export type { Authorizer } from './auth/verdict.js';
export type { RequestContext, RequestState } from './rest/types.js';
export { createConsoleLogger, createMemoryLogger, type Logger, type LogLevel } from './log/logger.js';
