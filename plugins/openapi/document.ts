// The OpenAPI 3.1 document of the REST surface, read from the route table (every route, whoever
// added it, with what its doc says it takes and answers), the typed parameters (what each route
// accepts in its query string) and the model registry (the schemas). Nothing here names a plugin:
// a plugin's routes appear because it added them.

import type { AuthRealm, DocSchema, ModelRegistry, ParamDefinition, ParamRegistry, RouteDefinition } from '../../core/index.js';
import type { OpenApiSettings } from './config.js';
import { ModelSchemas, paramSchema } from './models.js';

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, OperationObject>> };
type OperationObject = Record<string, unknown>;

export interface DocumentSources {
  routes: readonly RouteDefinition[];
  registry: ModelRegistry;
  params: ParamRegistry;
  settings: OpenApiSettings;
  /** The document's audience: the content API's, or the administration's (routes of the admin
   *  realm, with their own bearer scheme and no anonymous access). */
  realm: AuthRealm;
}

/** How each realm's callers identify themselves. */
const SCHEMES: Record<AuthRealm, { name: string; title: string; scheme: Record<string, unknown>; anonymous: boolean }> = {
  'content-api': {
    name: 'bearerAuth', title: 'Content API', anonymous: true,
    scheme: { type: 'http', scheme: 'bearer', description: 'An API token, or a JWT an authentication plugin issued; without one, what anonymous callers may do applies' },
  },
  admin: {
    name: 'adminAuth', title: 'Admin API', anonymous: false,
    scheme: {
      type: 'http', scheme: 'bearer', bearerFormat: 'JWT',
      description: 'An administrator\'s access token, from POST /admin/login (or /admin/access-token, which swaps the refresh cookie for a new one); never an API token or an end user\'s JWT',
    },
  },
};

const ENCODING = 'Structured query parameters (filters, sort, fields, populate, pagination) are nested objects '
  + 'in the bracket notation of the qs library, as Strapi reads them: filters[title][$containsi]=tea&populate[author][fields][0]=name. '
  + 'OpenAPI\'s deepObject style covers one level; deeper levels and arrays follow qs: a client serializes the query '
  + 'object with qs.stringify(query, { encodeValuesOnly: true }).';

const ERRORS: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The query string or the body is invalid (ValidationError)' },
  401: { name: 'Unauthorized', description: 'The token is missing, invalid or expired' },
  403: { name: 'Forbidden', description: "The caller's role or token does not grant the permission" },
  404: { name: 'NotFound', description: 'Nothing at this address' },
  409: { name: 'Conflict', description: 'The request conflicts with what is stored' },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than the limit' },
  414: { name: 'UriTooLong', description: 'The query string is longer than the limit' },
  429: { name: 'TooManyRequests', description: 'A rate limit was reached; Retry-After says when to try again' },
};

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

export function buildDocument(sources: DocumentSources): OpenApiDocument {
  const { settings } = sources;
  const realm = SCHEMES[sources.realm];
  const models = new ModelSchemas(sources.registry, sources.params);
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const usedErrors = new Set<number>();
  const ids = new Set<string>();
  for (const route of sources.routes) {
    const operation = operationOf(route, sources, models);
    // Two routes over one operation (a list and a read by id) still need two operationIds
    let id = operation.operationId as string;
    for (let n = 2; ids.has(id); n++) id = `${operation.operationId as string}.${route.method.toLowerCase()}${n > 2 ? n : ''}`;
    ids.add(id);
    operation.operationId = id;
    for (const tag of operation.tags as string[]) tags.add(tag);
    for (const status of Object.keys(operation.responses as object)) if (ERRORS[Number(status)]) usedErrors.add(Number(status));
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  for (const [path, methods] of Object.entries(paths)) {
    paths[path] = Object.fromEntries(Object.entries(methods).sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)));
  }
  const responses = Object.fromEntries([...usedErrors].sort((a, b) => a - b).map((status) => [ERRORS[status]!.name, {
    description: ERRORS[status]!.description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  }]));
  return {
    openapi: '3.1.0',
    info: {
      title: sources.realm === 'admin' ? realm.title : settings.title, version: settings.version,
      description: [sources.realm === 'admin' ? undefined : settings.description, ENCODING].filter(Boolean).join('\n\n'),
    },
    servers: settings.servers,
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...sorted(models.schemas), Error: ERROR_SCHEMA },
      responses,
      securitySchemes: { [realm.name]: realm.scheme },
    },
  };
}

function operationOf(route: RouteDefinition, sources: DocumentSources, models: ModelSchemas): OperationObject {
  const doc = route.doc ?? {};
  const resolve = (schema: DocSchema) => resolveModels(schema, models);
  const model = doc.model ?? route.contentType;
  const contentType = route.contentType && sources.registry.has(route.contentType) ? sources.registry.get(route.contentType) : undefined;
  const tag = doc.tags ?? [contentType && contentType.modelType === 'contentType' ? contentType.info.displayName : pascalWords(route.config.owner)];
  const parameters = [
    ...[...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...route.query.map((name) => queryParameter(name, sources.params.get(name), doc.query?.[name], model, models)),
  ];
  const responses: Record<string, unknown> = {};
  // A route that says nothing of its answer answers some JSON
  for (const { status = 200, description, schema = {} } of [doc.response ?? {}, ...doc.also ?? []]) {
    responses[status] = {
      description: description ?? (status === 204 ? 'No content' : status === 302 ? 'Redirect' : 'OK'),
      ...(status !== 204 && status !== 302 ? { content: { 'application/json': { schema: resolve(schema) } } } : {}),
    };
  }
  const hasBody = Boolean(doc.body ?? doc.form);
  const errors = new Set([400, ...(route.config.auth ? [401, 403] : []), ...doc.errors ?? [], ...(hasBody ? [413] : []), 414, 429]);
  for (const status of [...errors].sort((a, b) => a - b)) {
    // A status without a shared response (a plugin's 422) is described in place
    responses[status] = ERRORS[status]
      ? { $ref: `#/components/responses/${ERRORS[status].name}` }
      : { description: `Error ${status}`, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  const permission = route.config.auth ? `Permission: \`${route.action}\`.` : 'Public: no permission is checked.';
  return {
    operationId: route.action.replace('::', '.') + (route.operation ? '' : `.${route.method.toLowerCase()}`),
    summary: doc.summary ?? route.action,
    description: [doc.description, permission].filter(Boolean).join('\n\n'),
    tags: tag,
    ...(parameters.length ? { parameters } : {}),
    ...(doc.body ? { requestBody: { required: true, content: { 'application/json': { schema: resolve(doc.body) } } } } : {}),
    ...(doc.form ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: resolve(doc.form) } } } } : {}),
    responses,
    security: route.config.auth ? [{ [SCHEMES[sources.realm].name]: [] }, ...(SCHEMES[sources.realm].anonymous ? [{}] : [])] : [],
    ...(route.config.auth ? { 'x-strata-permission': route.action } : {}),
  };
}

function queryParameter(
  name: string, param: ParamDefinition | undefined, own: { schema: DocSchema; description?: string } | undefined,
  model: string | undefined, models: ModelSchemas,
): Record<string, unknown> {
  if (!param) {
    return { name, in: 'query', ...(own?.description ? { description: own.description } : {}), schema: own ? resolveModels(own.schema, models) : { type: 'string' } };
  }
  const base = { name, in: 'query', description: param.description };
  if (param.schema.type !== 'query') return { ...base, schema: paramSchema(param.schema) };
  const shape = param.schema.shape;
  if (shape === 'search') return { ...base, schema: { type: 'string' } };
  // An empty example: a reference page fills a parameter's box with its example, or else with one
  // made from the schema (every key at once), which the API refuses
  const deep = { ...base, style: 'deepObject', explode: true, example: {} };
  if (shape === 'pagination') return { ...deep, schema: PAGINATION };
  if (!model) return { ...deep, schema: {} };
  const schema = shape === 'filters' ? models.filters(model) : shape === 'sort' ? models.sort(model)
    : shape === 'fields' ? models.fields(model) : models.populate(model);
  return { ...deep, schema };
}

/** Replaces { $model, shape } nodes with references to the generated schemas. */
function resolveModels(schema: DocSchema, models: ModelSchemas): DocSchema {
  if (typeof schema.$model === 'string') return schema.shape === 'input' ? models.input(schema.$model) : models.document(schema.$model);
  const out: DocSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = resolveValue(value, models);
  return out;
}

function resolveValue(value: unknown, models: ModelSchemas): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveValue(v, models));
  if (typeof value === 'object' && value !== null) return resolveModels(value as DocSchema, models);
  return value;
}

const PAGINATION: DocSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1 }, pageSize: { type: 'integer', minimum: 1 },
    start: { type: 'integer', minimum: 0 }, limit: { type: 'integer' }, withCount: { type: 'boolean' },
  },
};

const ERROR_SCHEMA: DocSchema = {
  type: 'object', required: ['data', 'error'],
  properties: {
    data: { type: 'null' },
    error: {
      type: 'object', required: ['status', 'name', 'message'],
      properties: { status: { type: 'integer' }, name: { type: 'string' }, message: { type: 'string' }, details: { type: 'object' } },
    },
  },
};

function sorted(schemas: Record<string, DocSchema>): Record<string, DocSchema> {
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function pascalWords(owner: string): string {
  return owner.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('-');
}
