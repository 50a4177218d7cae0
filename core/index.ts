// The public API: what plugins and apps import. Plugins import nothing else from core.

// The kernel, plugins and their handle
export { createKernel, Kernel, type KernelOptions } from './kernel/kernel.js';
export { exitWith, runOnApp } from './kernel/run-command.js';
export { WEBHOOK_ACTIONS } from './operations/webhooks.js';
export type { KernelHooks, KernelHookName } from './kernel/hooks.js';
export { QUERY_STAGE, AUTH_STAGE, MODEL_STAGE } from './kernel/stages.js';
export { definePlugin, type MiddlewarePosition, type Plugin, type PluginApi, type PluginEntry, type PluginPolicies, type PluginsConfig } from './kernel/plugin.js';
export type { PluginServices, ServiceName, Services } from './kernel/services.js';
export type { Phase } from './kernel/phase.js';
export { createEnv, type Env, type EnvSource } from './config/env.js';
/** The app folder and config folder a command-line tool loads (APP_DIR or the working directory). */
export { appDir, configDir } from './config/app-folders.js';
/** A secret generated once into the app's .tmp/ folder, for development. */
export { developmentSecret } from './config/dev-secret.js';
/** What a plugin's config may hold (Plugin.configKeys), and the secrets production requires. */
export { productionSecret, type ConfigKey, type ConfigKeys, type ProductionSecret } from './config/known-keys.js';
/** The word of a list a misspelt one most likely meant (a few edits away), for "did you mean" errors. */
export { nearest } from './config/known-keys.js';
export { parseCommandLine, UsageError } from './config/command-line.js';
export {
  isBoolean, isNonEmptyString, isPositiveInteger, settingsReader,
  type BudgetSettings, type EmailSettings, type RawSettings, type SettingsReader,
} from './config/plugin-settings.js';
/** The types of an app's config/<name>.ts files. */
export type { ApiConfigFile, ConfigInput, DatabaseConfigFile, PluginsConfigFile, ServerConfigFile, WebhooksConfigFile } from './config/config-files.js';
export type { KernelConfig, KernelConfigInput, DatabaseClient, RestConfig, ApiTokensConfig, WebhookEndpoint, WebhooksConfig } from './config/types.js';
export {
  ApplicationError, ValidationError, PaginationError, NotFoundError, ForbiddenError, PolicyError, UnauthorizedError,
  ConflictError, MethodNotAllowedError, PayloadTooLargeError, URITooLongError, RateLimitError, NotImplementedError,
  isApplicationError, KernelError, isKernelError, toErrorResponse, type ErrorBody, type ErrorDetails, type FieldError, type KernelErrorCode,
} from './errors/index.js';
export { createConsoleLogger, createMemoryLogger, type Logger, type LogLevel } from './log/logger.js';
/** Outgoing email and Strapi's email templates, rendered without evaluating anything. */
export { createEmailProvider, type EmailAddress, type EmailMessage, type EmailProvider } from './email/provider.js';
export { compileTemplate, escapeHtml, renderTemplate, TemplateSyntaxError, type TemplatePart } from './email/template.js';

// Models
export type { ModelRegistry } from './registry/model-registry.js';
export type { SchemaFiles } from './registry/load.js';
export * from './registry/types.js';
export { contentTypeUid, componentUid, pluginUid } from './registry/uid.js';
export { FILE_UID } from './registry/media.js';
/** Writing schema files: the generator's code, which the content-type builder writes through. */
export {
  addInverseSides, buildComponentSchema, buildContentTypeSchema, componentFile, contentTypeFile, GenerateError, pluralize, pluralizeName,
  splitComponentUid, writeSchemaChanges, type RawSchema, type SchemaChanges,
} from './registry/schema-writer.js';
export { readSchemaDir } from './registry/load.js';
/** Renames that keep data: the renames file, and the moves of each kind of rename. */
export {
  appendRenames, attributeRenameMoves, modelRenameMoves, readRenames, RENAMES_FILE,
  type JsonStep, type MoveWhere, type RenamedModel, type Rename, type RenameKind, type RenameMove, type RenamesFile,
} from './database/renames.js';
/** What plugins store naming the schema (ContentType.storedNames), moved with a rename. */
export { componentUses, storedNameMoves, type ComponentUse, type NameChange } from './database/stored-names.js';
/** The physical column type of an attribute (a change between two types may narrow it). */
export { columnTypeOf } from './database/physical.js';
export { widens } from './database/sync.js';

// Parameters and operations
export type { ParamDefinition, ParamSchema, ParamUse, RelationRefKey } from './params/types.js';
export type { ParamRegistry } from './params/registry.js';
export { LIST_PARAMS, ONE_PARAMS } from './params/core-params.js';
export type { OperationCall, OperationDefinition, OperationInput, RunOptions } from './operations/types.js';
export { userOf, type Caller, type CallerCredentials, type CallerUser, type StrategyName } from './operations/caller.js';
export type { ContentActions, ContentAction } from './operations/content.js';
export type { ContentApiOptions, CoreContentAction, PluginContentApi } from './operations/content-api.js';
export type { OperationRegistry } from './operations/registry.js';
export { asContentApi } from './operations/content.js';
export { checkBody, checkBoolean, checkEmail, fieldError, numericId, requiredString, type Body } from './operations/body.js';

// Documents and queries
export type {
  DocumentApi, DocumentActionContext, DocumentActionDefinition, DocumentActionFn, DocumentActionInfo,
} from './documents/api.js';
export type { RowApi } from './documents/row-api.js';
export { requireDocumentId } from './documents/document-id.js';
export { FILLED_IN } from './documents/access-limits.js';
/** A MIME type's kind of media (images, videos, audios, files): what a media field's allowedTypes names. */
export { mediaKind } from './documents/write-media.js';
export type { ShareInverseLinks } from './documents/inverse-links.js';
export { SIBLING_REACH } from './documents/types.js';
export { isLinkWrite, type LinkWriteReach } from './documents/link-write-reach.js';
export type {
  Doc, DocumentAction, DocumentEvent, DocumentEventAction, DocumentEventActions, DocumentParams, PageInfo, QueryContext, QueryResult, QuerySource,
  RelationRefsCheck, RowDefaults, RowScope, ScopeReach, VersionRow,
} from './documents/types.js';
export type { RelationRef } from './documents/input-types.js';
export type { CorrelatedOperator, FilterNode, PopulateMap, PopulateNode, QueryAst, SortNode, Pagination, ScalarOperator } from './query/ast.js';
export { and, attributeOf, POPULATE_ATTRIBUTE } from './query/ast.js';

// Who calls, and what they may do
export type { AccessLimits, Ability, AuthenticateRequest, AuthorizeRequest, AuthorizeSubject, AuthRealm, AuthResult, DocumentAccess, Verdict } from './auth/types.js';
export { denial, isAnonymous, type AnonymousStatus } from './auth/verdict.js';
export type { Policies, PolicyContext, PolicyFn, PolicyName, PolicyRef } from './policies/types.js';
export { isPrivateAttribute, withoutPrivateFields } from './documents/sanitize.js';
export { bearerToken } from './auth/bearer.js';
export { enforceRateLimit, MemoryRateLimitStore, rateLimited, type RateLimitOptions, type RateLimitStore } from './limits/rate-limit.js';
export { spendAuthBudgets, type AuthLimits } from './limits/auth-budgets.js';
export type { ApiTokenService } from './api-tokens/service.js';
export {
  API_TOKEN_TYPES, API_TOKEN_LIFESPANS, type ApiToken, type ApiTokenCredentials, type ApiTokenInput,
  type ApiTokenChange, type ApiTokenLifespan, type ApiTokenRef, type ApiTokenType, type CreatedApiToken,
} from './api-tokens/types.js';

// Typed API schemas (GraphQL's model), built through scoped hooks
export { buildSchemaSpec, type FieldExtra, type SchemaBuilder } from './schema/build.js';
export { argsFromParams, argType, enumName, enumValue, typesFromParams } from './schema/params.js';
export { STRAPI_V4_VARIANT, type ArgSpec, type DocumentQueries, type EnumValueSpec, type FieldOperation, type FieldScope, type FieldSpec, type ResolverMiddlewares, type SchemaSpec, type TypeRef, type TypeScope, type TypeSpec } from './schema/types.js';

// The REST surface
export type { RouteTable, ServerLink } from './rest/route-table.js';
export type { HttpMethod, OperationRouteSpec, RequestContext, RequestState, RouteDefinition } from './rest/types.js';
export { withData, documentIdOf } from './rest/content-routes.js';
export { jsonResponseBody } from './rest/json-response.js';
export { assetPage, htmlDocument, type AssetPage, type AssetPageOptions, type PageFile } from './rest/asset-page.js';
export { envelope, listOf, modelSchema, objectOf, type DocSchema, type ModelShape, type RouteDoc } from './rest/route-doc.js';
