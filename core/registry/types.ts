// The schema.json format of content types and components (Strapi v5's), and the normalized
// forms the registry keeps. Schema files from a Strapi v5 app can be dropped in unchanged.

export const SCALAR_TYPES = [
  'string', 'text', 'richtext', 'blocks', 'enumeration', 'email', 'password', 'uid',
  'date', 'time', 'datetime', 'timestamp',
  'integer', 'biginteger', 'float', 'decimal',
  'boolean', 'json',
] as const;
export type ScalarType = (typeof SCALAR_TYPES)[number];

export const RELATION_KINDS = ['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

export type AttributeType = ScalarType | 'relation' | 'media' | 'component' | 'dynamiczone';

export type PluginOptions = Record<string, Record<string, unknown> | undefined>;

interface AttributeBase {
  required?: boolean;
  private?: boolean;
  /** false for attributes that clients may read but never write (createdAt, ...). */
  writable?: boolean;
  configurable?: boolean;
  pluginOptions?: PluginOptions;
  /** Plugin-defined: the attribute tells a document's versions apart and every read of the type
   *  filters on it, by value (i18n's locale) or by presence (draft-and-publish's publishedAt:
   *  IS NULL / IS NOT NULL). The physical schema indexes the scope, so scoped lists, counts and
   *  lookups by document id read an index, not the table. Schema files cannot set it. */
  scope?: 'value' | 'presence';
}

export interface StringLikeAttribute extends AttributeBase {
  type: 'string' | 'text' | 'richtext' | 'email' | 'password';
  default?: string;
  unique?: boolean;
  minLength?: number;
  maxLength?: number;
  regex?: string;
  /** Substring search on this attribute ($containsi, $contains, $startsWith(i), $endsWith(i))
   *  reads a trigram index instead of every row: SQLite's FTS5 trigram tokenizer, PostgreSQL's
   *  pg_trgm. Costs a copy of the text's trigrams and slower writes of this attribute. */
  searchable?: boolean;
}

export interface UidAttribute extends AttributeBase {
  type: 'uid';
  targetField?: string;
  default?: string;
  unique?: boolean;
  minLength?: number;
  maxLength?: number;
  regex?: string;
  searchable?: boolean;
}

export interface EnumerationAttribute extends AttributeBase {
  type: 'enumeration';
  enum: string[];
  default?: string;
  unique?: boolean;
}

export interface NumberAttribute extends AttributeBase {
  type: 'integer' | 'biginteger' | 'float' | 'decimal';
  default?: number | string;
  unique?: boolean;
  min?: number | string;
  max?: number | string;
}

export interface DateAttribute extends AttributeBase {
  type: 'date' | 'time' | 'datetime' | 'timestamp';
  default?: string;
  unique?: boolean;
}

export interface BooleanAttribute extends AttributeBase {
  type: 'boolean';
  default?: boolean;
}

export interface JsonAttribute extends AttributeBase {
  type: 'json' | 'blocks';
  default?: unknown;
}

export interface RelationAttribute extends AttributeBase {
  type: 'relation';
  relation: RelationKind;
  target: string;
  inversedBy?: string;
  mappedBy?: string;
  /** Plugin-defined: the other rows (versions) of the same document, e.g. i18n's localizations.
   *  No link table; read-only. */
  versions?: boolean;
}

export interface MediaAttribute extends AttributeBase {
  type: 'media';
  multiple?: boolean;
  allowedTypes?: string[];
}

export interface ComponentAttribute extends AttributeBase {
  type: 'component';
  component: string;
  repeatable?: boolean;
  min?: number;
  max?: number;
}

export interface DynamicZoneAttribute extends AttributeBase {
  type: 'dynamiczone';
  components: string[];
  min?: number;
  max?: number;
}

export type ScalarAttribute =
  | StringLikeAttribute | UidAttribute | EnumerationAttribute | NumberAttribute
  | DateAttribute | BooleanAttribute | JsonAttribute;

export type Attribute =
  | ScalarAttribute | RelationAttribute | MediaAttribute | ComponentAttribute | DynamicZoneAttribute;

export type Attributes = Record<string, Attribute>;

/** A content type's schema.json as written on disk. */
export interface ContentTypeSchema {
  kind: 'collectionType' | 'singleType';
  collectionName: string;
  info: {
    singularName: string;
    pluralName: string;
    displayName: string;
    description?: string;
    name?: string;
  };
  options?: { draftAndPublish?: boolean; [key: string]: unknown };
  pluginOptions?: PluginOptions;
  attributes: Attributes;
}

/** A component's schema file (content-types/components/<category>/<name>.json). */
export interface ComponentSchema {
  collectionName: string;
  info: { displayName: string; icon?: string; description?: string };
  options?: Record<string, unknown>;
  pluginOptions?: PluginOptions;
  attributes: Attributes;
}

/** What the registry holds for a content type, once loaded and normalized. */
export interface ContentType {
  uid: string;
  modelType: 'contentType';
  kind: 'collectionType' | 'singleType';
  collectionName: string;
  singularName: string;
  pluralName: string;
  info: ContentTypeSchema['info'];
  options: NonNullable<ContentTypeSchema['options']>;
  pluginOptions: PluginOptions;
  attributes: Attributes;
  /** Which plugin (or 'app') contributed it, for conflict messages. */
  owner: string;
  /** A plugin's lookups on its own type (attribute names, leading first), each an index. */
  indexes?: readonly (readonly string[])[];
  /** Where a plugin's type stores names of the app's schema (uids, permission actions, attribute
   *  names), so that a rename made in the content-type builder rewrites them too. */
  storedNames?: readonly StoredName[];
}

/**
 * One attribute of a plugin's type that stores names of the app's schema. A rename recorded by
 * the content-type builder turns each into moves of renames.json (core/database/stored-names.ts),
 * so every database rewrites its rows as it moves the tables; without it a permission, a token's
 * grant or a stored version would keep naming what no longer exists. Schema files cannot set it.
 */
export type StoredName =
  /** A string attribute holding a content type's uid (with `components`, a component's too). */
  | { attribute: string; holds: 'uid'; components?: boolean }
  /** Permission actions, `<uid>.<action>`: one in a string attribute, a list in a json one. */
  | { attribute: string; holds: 'actions' }
  /** A json attribute holding attribute names of the model whose uid the attribute `of` holds
   *  (declared `holds: 'uid'`), at `path` inside it (arrays on the way are walked): as an
   *  object's keys, as string values or list entries, or as dotted paths into components
   *  (`seo.metaTitle`, the fields of a permission). */
  | { attribute: string; holds: 'keys' | 'names' | 'paths'; of: string; path?: readonly string[] }
  /** A json attribute holding a document of the model `of` names, keyed by its attributes, with
   *  its components nested and dynamic zone entries marked by `__component` (a stored version). */
  | { attribute: string; holds: 'document'; of: string };

export interface Component {
  uid: string;
  modelType: 'component';
  category: string;
  name: string;
  collectionName: string;
  info: ComponentSchema['info'];
  options: Record<string, unknown>;
  pluginOptions: PluginOptions;
  attributes: Attributes;
  owner: string;
}

export type Model = ContentType | Component;

export function isScalar(attr: Attribute): attr is ScalarAttribute {
  return (SCALAR_TYPES as readonly string[]).includes(attr.type);
}
