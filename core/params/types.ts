// Typed parameters: what a call to a document action may carry besides its data, declared once by
// whoever owns it (core: filters, sort...; draft-and-publish: status; i18n: locale). Every surface
// reads the same declarations: REST's allow-list and validation, GraphQL's arguments, the docs.

import type { ContentType } from '../registry/types.js';

/** The value's shape, as a typed surface or a document generator needs it. */
export type ParamSchema =
  /** One of a fixed set of strings; `typeName` is the name a typed surface gives the enum. */
  | { type: 'enum'; values: readonly string[]; typeName?: string }
  /** A string; `typeName` names it as a scalar of its own (a locale code). */
  | { type: 'string'; typeName?: string; examples?: readonly string[] }
  | { type: 'boolean' }
  | { type: 'integer'; minimum?: number }
  /** One of the query engine's structured parameters, compiled against the content type. */
  | { type: 'query'; shape: 'filters' | 'sort' | 'fields' | 'populate' | 'pagination' | 'search' };

/** Where a parameter is read from besides the parameters of a call. */
export interface RelationRefKey {
  /** Two references with the same documentId but different values of this key name different
   *  targets (locale); otherwise they are the same target (status). */
  identifies: boolean;
}

export interface ParamDefinition {
  /** The name in a query string, a GraphQL argument, a document-service call: status, locale. */
  name: string;
  /** Who declared it: 'core' or a plugin's name. */
  owner: string;
  description: string;
  schema: ParamSchema;
  /** Which actions of which content types it applies to (they accept it, and a typed surface
   *  offers it). `action` is the permission action's last part: find, findOne, create, update,
   *  delete, or a plugin's (publish). */
  appliesTo(contentType: ContentType, action: string): boolean;
  /** Actions that take the parameter although it does not apply to them, and ignore it: clients
   *  written for Strapi send some parameters everywhere (a front-end adds `locale` to every
   *  request, localized content type or not), and Strapi accepts them. REST accepts it there,
   *  typed surfaces do not offer it (forAction leaves it out), and the owner's rules must not read
   *  it for those calls. */
  ignoredOn?(contentType: ContentType, action: string): boolean;
  /** Also a key of the relation references of a write body ({ documentId, locale }). */
  relationRef?: RelationRefKey;
  /** Checks a raw value (from a query string, a GraphQL argument or a relation reference) and
   *  returns it typed; throws a ValidationError naming the parameter. Without it the schema decides. */
  parse?(raw: unknown, where: ParamUse): unknown;
  /** Checks a value written into a typed surface's document (a GraphQL literal), whatever field
   *  it is given to: a document with a value no field could take fails validation before
   *  anything runs (i18n: an unknown locale). Throws a ValidationError. */
  checkLiteral?(raw: unknown): void;
}

/** What a parameter's value is checked for. */
export interface ParamUse {
  contentType: ContentType;
  action: string;
}
