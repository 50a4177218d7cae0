// A typed API schema as data, before any library builds it: types with fields with arguments,
// GraphQL's model. The GraphQL plugin builds its schema from this; plugins shape it through the
// scoped hooks (schema/hooks.ts) without importing GraphQL or each other.

import type { OperationCall, OperationInput } from '../operations/types.js';
import type { Attribute, ContentType, Model } from '../registry/types.js';

/** A type reference as GraphQL writes it: `String`, `Article`, `[Article!]!`. */
export type TypeRef = string;

export interface ArgSpec {
  type: TypeRef;
  description?: string;
  defaultValue?: unknown;
}

export interface FieldSpec {
  type: TypeRef;
  description?: string;
  args: Record<string, ArgSpec>;
  /** A root field that runs an operation, and how its arguments become the operation's input. */
  operation?: FieldOperation;
  /** A field computed from its parent (when not simply the parent's property of the same name). */
  resolve?(parent: unknown, args: Record<string, unknown>, call: OperationCall): unknown;
  /** A field read from its parent with no caller and no I/O: a wrapper's data, an old name kept
   *  for compatibility. Cheaper than resolve, which identifies the caller. */
  source?(parent: unknown): unknown;
  /** Kept for old clients; the schema marks it deprecated with this reason. */
  deprecationReason?: string;
}

/** An enum value: its name in the schema (DRAFT) and the value operations see (draft). */
export interface EnumValueSpec {
  name: string;
  value: string;
  description?: string;
}

/** How a field runs an operation. */
export interface FieldOperation {
  name: string;
  /** The operation's input from the field's arguments. */
  input(args: Record<string, unknown>): OperationInput;
  /** The documents the answer holds, by their model's uid, wherever they sit in it (the field
   *  itself, a page's nodes, an entity's attributes): a surface turns what the field selects of
   *  them into the operation's fields and populate, so one query plan loads them all. */
  documents?: { model: string };
  /** The field's value from the operation's output (by default the output itself), and the
   *  field's arguments (an answer that names what was asked for). */
  output?(result: unknown, args: Record<string, unknown>): unknown;
}

export interface TypeSpec {
  name: string;
  kind: 'object' | 'input' | 'enum' | 'scalar' | 'union';
  description?: string;
  /** Object and input types. */
  fields: Record<string, FieldSpec>;
  /** Enum types: the values. */
  values?: readonly EnumValueSpec[];
  /** Union types: the member object types. */
  members?: readonly string[];
  /** Union types: the member type of a value (undefined: none fits). */
  resolveType?(value: unknown): string | undefined;
  /** Scalar types: checks a value written in the document (a literal), before anything runs;
   *  throws to refuse it. */
  checkLiteral?(value: unknown): void;
}

/** The variant of Strapi v4's entity shape ({ data { id attributes } }, id = documentId): the
 *  surface that serves it and the plugins whose contribution differs there spell it from here. */
export const STRAPI_V4_VARIANT = 'strapi-v4';

/** What a type is for, so a hook can pick the types it cares about. */
export interface TypeScope {
  /** entity: a content type's or component's output type; input: its write input; filters: its
   *  filter input; query / mutation: the root types; other: anything else (a plugin's payload). */
  role: 'entity' | 'input' | 'filters' | 'query' | 'mutation' | 'other';
  contentType?: ContentType;
  component?: Model;
  /** Who added the type: 'core', a plugin's name. */
  owner: string;
  /** The variant of the schema being built, as its surface names it (GraphQL: 'strapi-v4' for
   *  Strapi v4's entity shape); a plugin whose contribution differs by variant reads it. */
  variant?: string;
}

/** What a field is for: its type's scope, plus the attribute or operation behind it. */
export interface FieldScope extends TypeScope {
  typeName: string;
  fieldName: string;
  attribute?: Attribute;
  /** The operation a root field runs, and its action (find, findOne, create, publish...). */
  operation?: string;
  action?: string;
}

export interface SchemaSpec {
  types: Map<string, TypeSpec>;
  /** What each type and each of its fields is for, as the hooks saw it: a surface that removes
   *  types or fields afterwards (GraphQL's shadowCRUD) finds them by content type and action. */
  scopes: Map<string, { type: TypeScope; fields: Record<string, FieldScope> }>;
}

/** A content type a typed surface serves beyond core's content operations, through a plugin's
 *  own operations (users-permissions' users and roles, upload's files): Strapi's `<types>`,
 *  `<types>_connection` and `<type>(documentId)` queries run them. `find` takes the query
 *  engine's parameters and answers `{ results, pagination }` (findPage's answer), `findOne` a
 *  `documentId` and answers the document or null, as core's content operations do. */
export interface DocumentQueries {
  contentType: string;
  find?: string;
  findOne?: string;
  /** The surface also builds the write input of the content type (`<Type>Input`), for mutations
   *  the plugin adds itself. */
  input?: boolean;
}

/** Extra scope of a field: the attribute or operation behind it, and for a root field the content
 *  type it serves. */
export type FieldExtra = Pick<FieldScope, 'attribute' | 'operation' | 'action' | 'contentType'>;

export interface SchemaBuilder {
  /** The variant of the schema being built (see TypeScope.variant). */
  readonly variant?: string;
  /** Adds a type; a second type of the same name names both owners. */
  addType(type: TypeSpec, scope: TypeScope, fields?: Record<string, FieldExtra>): void;
  has(name: string): boolean;
}

/** Named resolver middlewares of a typed API surface (GraphQL's resolversConfig.middlewares) and
 *  the options each takes, declared by merging so a misspelt name does not compile:
 *
 *    declare module '../../core/index.js' {
 *      interface ResolverMiddlewares { 'log-calls': { prefix: string } }
 *    }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface -- filled by declaration merging
export interface ResolverMiddlewares {}
