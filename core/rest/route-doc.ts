// How a route describes itself to an API description (OpenAPI): what its body and answer look
// like. Data, like the route: whoever adds a route says what it takes, so a generator reads every
// route the same way and knows no plugin. Schemas are JSON Schema (2020-12, OpenAPI 3.1's
// dialect); { $model, shape } stands for a model's generated schema wherever it appears.

/** A JSON Schema object; `{ $model, shape }` nodes are replaced by the model's schema. */
export interface DocSchema {
  [keyword: string]: unknown;
}

/** Which generated schema of a model: what reads answer (document), what writes take (input). */
export type ModelShape = 'document' | 'input';

export interface RouteDoc {
  summary?: string;
  description?: string;
  /** Groups in a reference page; default: the content type's or the owner's name. */
  tags?: string[];
  /** The model the structured query parameters (filters, sort, fields, populate) compile against,
   *  when the route serves one that is not its contentType (a plugin's users). */
  model?: string;
  /** A JSON request body. */
  body?: DocSchema;
  /** A multipart/form-data body. */
  form?: DocSchema;
  /** The answer when all goes well; status 204 and 302 have no body. */
  response?: DocResponse & { status?: number };
  /** Other successful answers (an upload's 200 when it changes a file). */
  also?: Array<DocResponse & { status: number }>;
  /** Query parameters the route reads itself (the route's `query`), not the typed registry's. */
  query?: Record<string, { schema: DocSchema; description?: string }>;
  /** Error statuses the route can answer besides those every route can (400, 401, 403, 429). */
  errors?: number[];
}

export interface DocResponse {
  description?: string;
  schema?: DocSchema;
}

/** A model's generated schema, as a node of a DocSchema. */
export function modelSchema(uid: string, shape: ModelShape = 'document'): DocSchema {
  return { $model: uid, shape };
}

/** Strapi's answer envelope: { data, meta }. */
export function envelope(data: DocSchema, meta: DocSchema = { type: 'object' }): DocSchema {
  return { type: 'object', required: ['data', 'meta'], properties: { data, meta } };
}

/** An array of a schema. */
export function listOf(items: DocSchema): DocSchema {
  return { type: 'array', items };
}

/** An object with these properties, all required unless listed in `optional`. */
export function objectOf(properties: Record<string, DocSchema>, optional: readonly string[] = []): DocSchema {
  const required = Object.keys(properties).filter((k) => !optional.includes(k));
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}
