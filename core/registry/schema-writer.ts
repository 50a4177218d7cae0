// Writes schema files: what the generator (`npm run generate`, core/cli/generate.ts) and the
// content-type builder (the admin plugin) both use, so a type made either way is the same file.
// It builds a content type or component schema from names and attributes (given as shorthands
// or as objects), adds the other side of relations, validates everything together with the
// schemas already in the folder, and writes. New files never overwrite one.
//
// Attribute shorthand: <name>:<type>[:<token>...]; see ATTRIBUTE_SHORTHAND_HELP.

import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readSchemaDir, RENAMES_FILE } from './load.js';
import { validateSchemaFiles, type RawComponentFile, type RawContentTypeFile } from './validate.js';
import { ATTRIBUTE_TYPES } from './validate-attributes.js';
import { componentUid, contentTypeUid, NAME_PATTERN } from './uid.js';
import type { AttributeType, Attributes, ComponentSchema, ContentTypeSchema } from './types.js';

/** An expected failure (bad name, bad shorthand, file exists): the CLI prints just the message. */
export class GenerateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GenerateError';
  }
}

export const ATTRIBUTE_SHORTHAND_HELP = `Attribute shorthand: <name>:<type>[:<token>...]
  <token> is one of
    <flag>         sets a boolean option to true: required, unique, private, configurable,
                   writable, repeatable (component), multiple (media)
    <key>=<value>  sets an option; numbers for minLength, maxLength, min, max; true/false for
                   flags; '|' separates list values of enum, allowedTypes, components; the
                   default is converted to the attribute's type (number, boolean)
    localized=false  in a localized type (--i18n): one value shared by every locale
                   (pluginOptions.i18n.localized)
  positional tokens, right after the type:
    relation:     <relation kind>:<target uid>  e.g. category:relation:manyToOne:api::category.category
    component:    <component uid>               e.g. seo:component:shared.seo:repeatable:max=3
    dynamiczone:  <uid>|<uid>...                e.g. blocks:dynamiczone:shared.quote|shared.media
  A relation with inversedBy=<name> (or mappedBy=<name>) between content types also gets its other
  side, named <name>, written into the target's file when the target has no attribute of that name:
    category:relation:manyToOne:api::category.category:inversedBy=articles
  Write '\\:' for a ':' inside a value (a '::' as in api::x.x needs no escape).
  Examples: title:string:required:maxLength=120  views:integer:min=0:default=0
            status:enumeration:enum=draft|review|done:default=draft  cover:media:allowedTypes=images
  Types: ${ATTRIBUTE_TYPES.join(', ')}`;

const FLAG_KEYS = ['required', 'unique', 'private', 'configurable', 'writable', 'repeatable', 'multiple'];
/** Written as pluginOptions.i18n.localized, where the i18n plugin reads it. */
const LOCALIZED = 'localized';
const NUMBER_KEYS = ['minLength', 'maxLength', 'min', 'max'];
const LIST_KEYS = ['enum', 'allowedTypes', 'components'];
const NUMERIC = /^-?\d+(\.\d+)?$/;
const POSITIONAL: Partial<Record<AttributeType, string[]>> = {
  relation: ['relation', 'target'],
  component: ['component'],
  dynamiczone: ['components'],
};

// --- names -------------------------------------------------------------------------------------

/** Default plural: +s, consonant+y -> ies, s/x/z/ch/sh -> +es. */
export function pluralize(singular: string): string {
  if (/[^aeiou]y$/.test(singular)) return `${singular.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(singular)) return `${singular}es`;
  return `${singular}s`;
}

/** A component name in the plural, for its table: one already plural (featured-recipes, links)
 *  is kept, where pluralize() would add -es again (featured_recipeses); -is becomes -es
 *  (analysis). Only new components: an existing one keeps the collectionName its file holds. */
export function pluralizeName(name: string): string {
  if (/is$/.test(name)) return `${name.slice(0, -2)}es`;
  return /[^su]s$/.test(name) ? name : pluralize(name);
}

/** blog-post -> blog_post (also splits camelCase). */
export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').toLowerCase();
}

/** blog-post -> Blog Post. */
export function titleCase(name: string): string {
  return name.split(/[-_\s]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
}

function checkName(what: string, name: string): void {
  if (!NAME_PATTERN.test(name)) {
    throw new GenerateError(`invalid ${what} "${name}": use kebab-case (lowercase letters, digits and -, starting with a letter), e.g. blog-post`);
  }
}

// --- attribute shorthand -----------------------------------------------------------------------

function convert(key: string, value: string, type: AttributeType, spec: string): unknown {
  const bad = (why: string): never => { throw new GenerateError(`invalid attribute "${spec}": ${key} ${why}`); };
  if (FLAG_KEYS.includes(key) || key === LOCALIZED) {
    if (value !== 'true' && value !== 'false') bad('must be true or false');
    return value === 'true';
  }
  if (NUMBER_KEYS.includes(key)) {
    if (!NUMERIC.test(value)) bad('must be a number');
    const n = Number(value);
    return Number.isSafeInteger(n) || !Number.isInteger(n) ? n : value; // keep huge integers exact
  }
  if (LIST_KEYS.includes(key)) return value.split('|');
  if (key === 'default') {
    if (['integer', 'biginteger', 'float', 'decimal'].includes(type) && NUMERIC.test(value)) return convert('min', value, type, spec);
    if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  }
  return value;
}

/** Parses `title:string:required:maxLength=120` into ['title', { type: 'string', ... }]. */
export function parseAttributeSpec(spec: string): [string, Record<string, unknown>] {
  const tokens = spec.split(/(?<![:\\]):(?!:)/).map((t) => t.replace(/\\:/g, ':'));
  const [name = '', type = '', ...rest] = tokens;
  if (name === '' || type === '') {
    throw new GenerateError(`invalid attribute "${spec}": expected <name>:<type>[:<option>...]`);
  }
  if (!(ATTRIBUTE_TYPES as readonly string[]).includes(type)) {
    throw new GenerateError(`invalid attribute "${spec}": unknown type "${type}" (allowed: ${ATTRIBUTE_TYPES.join(', ')})`);
  }
  const attrType = type as AttributeType;
  const attribute: Record<string, unknown> = { type };
  const positional = [...(POSITIONAL[attrType] ?? [])];
  const set = (key: string, value: unknown): void => {
    if (Object.hasOwn(attribute, key)) throw new GenerateError(`invalid attribute "${spec}": ${key} given twice`);
    Object.defineProperty(attribute, key, { value, enumerable: true, writable: true, configurable: true });
  };
  for (const token of rest) {
    const eq = token.indexOf('=');
    if (token === '' || eq === 0) throw new GenerateError(`invalid attribute "${spec}": empty option`);
    if (eq > 0) {
      const key = token.slice(0, eq);
      if (key === LOCALIZED) set('pluginOptions', { i18n: { localized: convert(key, token.slice(eq + 1), attrType, spec) } });
      else set(key, convert(key, token.slice(eq + 1), attrType, spec));
      positional.length = 0;
    } else if (FLAG_KEYS.includes(token)) {
      set(token, true);
      positional.length = 0;
    } else if (positional.length > 0) {
      const key = positional.shift()!;
      set(key, convert(key, token, attrType, spec));
    } else {
      throw new GenerateError(`invalid attribute "${spec}": unexpected "${token}" (use <key>=<value> or a flag: ${FLAG_KEYS.join(', ')})`);
    }
  }
  const missing = POSITIONAL[attrType]?.find((key) => !Object.hasOwn(attribute, key));
  if (missing) throw new GenerateError(`invalid attribute "${spec}": missing ${missing} (see --help)`);
  return [name, attribute];
}

export function parseAttributeSpecs(specs: string[]): Attributes {
  const attributes: Record<string, unknown> = {};
  for (const spec of specs) {
    const [name, attribute] = parseAttributeSpec(spec);
    if (Object.hasOwn(attributes, name)) {
      throw new GenerateError(`attribute "${name}" is given twice`);
    }
    Object.defineProperty(attributes, name, { value: attribute, enumerable: true, writable: true, configurable: true });
  }
  return attributes as Attributes;
}

// --- schemas -----------------------------------------------------------------------------------

export interface ContentTypeOptions {
  singularName: string;
  pluralName?: string;
  displayName?: string;
  kind?: string;
  draftAndPublish?: boolean;
  /** pluginOptions.i18n.localized: the type has a version per locale (the i18n plugin). */
  i18n?: boolean;
  attributes?: string[];
  /** Attributes as objects (the content-type builder), after those given as shorthands. */
  attributeObjects?: Attributes;
  description?: string;
}

export function buildContentTypeSchema(opts: ContentTypeOptions): ContentTypeSchema {
  const singularName = opts.singularName;
  checkName('singular name', singularName);
  if (`${singularName}.json` === RENAMES_FILE) throw new GenerateError(`"${singularName}" is reserved: content-types/${RENAMES_FILE} lists renames for schema sync`);
  const pluralName = opts.pluralName ?? pluralize(singularName);
  checkName('plural name', pluralName);
  if (pluralName === singularName) throw new GenerateError(`plural name must differ from the singular name "${singularName}"`);
  const kind = opts.kind ?? 'collectionType';
  if (kind !== 'collectionType' && kind !== 'singleType') {
    throw new GenerateError(`invalid kind "${kind}": use collectionType or singleType`);
  }
  return {
    kind,
    collectionName: snakeCase(pluralName),
    info: { singularName, pluralName, displayName: displayNameOf(opts.displayName, singularName), ...(opts.description ? { description: opts.description } : {}) },
    options: { draftAndPublish: opts.draftAndPublish ?? false },
    pluginOptions: opts.i18n ? { i18n: { localized: true } } : {},
    attributes: { ...parseAttributeSpecs(opts.attributes ?? []), ...opts.attributeObjects },
  };
}

export interface ComponentOptions {
  /** <category>.<name> */
  uid: string;
  displayName?: string;
  attributes?: string[];
  /** Attributes as objects (the content-type builder), after those given as shorthands. */
  attributeObjects?: Attributes;
}

export function splitComponentUid(uid: string): { category: string; name: string } {
  const parts = uid.split('.');
  if (parts.length !== 2) throw new GenerateError(`invalid component "${uid}": expected <category>.<name>, e.g. shared.seo`);
  const [category, name] = parts as [string, string];
  checkName('component category', category);
  checkName('component name', name);
  return { category, name };
}

export function buildComponentSchema(opts: ComponentOptions): ComponentSchema {
  const { category, name } = splitComponentUid(opts.uid);
  return {
    collectionName: `components_${snakeCase(category)}_${snakeCase(pluralizeName(name))}`,
    info: { displayName: displayNameOf(opts.displayName, name) },
    options: {},
    attributes: { ...parseAttributeSpecs(opts.attributes ?? []), ...opts.attributeObjects },
  };
}

function displayNameOf(given: string | undefined, name: string): string {
  if (given === undefined) return titleCase(name);
  if (given.trim() === '') throw new GenerateError('display name must not be empty');
  return given;
}

// --- writing -----------------------------------------------------------------------------------

/** What was written: the new file, and the existing ones given the other side of a relation. */
export interface Generated<S> { file: string; schema: S; updated: string[] }

/** Builds, validates against the files in `dir`, and writes `<dir>/<singularName>.json` (and the
 *  other side of its relations into their targets' files). */
export function generateContentType(dir: string, opts: ContentTypeOptions): Generated<ContentTypeSchema> {
  const schema = buildContentTypeSchema(opts);
  const file = join(dir, `${schema.info.singularName}.json`);
  refuseExisting(file);
  const existing = readSchemaDir(dir);
  const updated = addInverseSides(contentTypeUid(schema.info.singularName), schema.attributes, schema as unknown as RawSchema, existing.contentTypes);
  validateSchemaFiles([...existing.contentTypes, { file, schema }], existing.components);
  writeSchema(file, schema);
  for (const target of updated) rewriteSchema(target.file, target.schema);
  return { file, schema, updated: updated.map((t) => t.file) };
}

/** Adds attributes to an existing content type (by singular name) or component (<category>.<name>)
 *  in `dir`: refuses a name it already has, validates everything together, rewrites the file. */
export function addAttributes(dir: string, target: string, specs: string[]): { file: string; updated: string[] } {
  if (specs.length === 0) throw new GenerateError('no attributes given: add <name>:<type>[:<option>...] (see --help)');
  const existing = readSchemaDir(dir);
  const component = target.includes('.');
  if (component) splitComponentUid(target);
  else checkName('singular name', target);
  const entry = component
    ? existing.components.find((c) => c.uid === target)
    : existing.contentTypes.find((f) => (f.schema as RawSchema).info?.singularName === target);
  if (!entry) throw new GenerateError(`no ${component ? 'component' : 'content type'} "${target}" in ${dir}`);
  const schema = entry.schema as RawSchema;
  const attributes = schema.attributes ?? {};
  schema.attributes = attributes;
  const added = parseAttributeSpecs(specs);
  for (const [name, attribute] of Object.entries(added)) {
    if (Object.hasOwn(attributes, name)) throw new GenerateError(`${entry.file} already has an attribute "${name}"; edit it there`);
    attributes[name] = attribute as unknown as Record<string, unknown>;
  }
  const others = existing.contentTypes.filter((f) => f !== entry);
  const updated = component ? [] : addInverseSides(contentTypeUid(target), added, schema, others);
  validateSchemaFiles(existing.contentTypes, existing.components);
  rewriteSchema(entry.file, schema);
  for (const other of updated) rewriteSchema(other.file, other.schema);
  return { file: entry.file, updated: updated.map((t) => t.file) };
}

/** A schema file's content, as far as the generator reads it before validation. */
export type RawSchema = { info?: { singularName?: unknown }; attributes?: Record<string, Record<string, unknown>> };

const INVERSE_KIND: Record<string, string> = { oneToOne: 'oneToOne', oneToMany: 'manyToOne', manyToOne: 'oneToMany', manyToMany: 'manyToMany' };

/**
 * For each relation in `attributes` that names its other side (inversedBy or mappedBy), writes that
 * side into the target's schema (`own` for a relation to itself) when the target has no attribute
 * of that name; validation then checks the pair. Returns the other files it changed.
 */
export function addInverseSides(ownUid: string, attributes: Attributes, own: RawSchema, files: RawContentTypeFile[]): RawContentTypeFile[] {
  const changed = new Set<RawContentTypeFile>();
  for (const [name, attr] of Object.entries(attributes)) {
    if (attr.type !== 'relation') continue;
    const other = attr.inversedBy ?? attr.mappedBy;
    if (typeof other !== 'string' || other === '') continue;
    const file = attr.target === ownUid ? undefined
      : files.find((f) => typeof (f.schema as RawSchema).info?.singularName === 'string' && contentTypeUid(String((f.schema as RawSchema).info!.singularName)) === attr.target);
    const target = attr.target === ownUid ? own : file?.schema as RawSchema | undefined;
    if (!target || Object.hasOwn(target.attributes ?? {}, other)) continue;
    target.attributes = {
      ...target.attributes,
      [other]: { type: 'relation', relation: INVERSE_KIND[attr.relation] ?? attr.relation, target: ownUid, ...(attr.inversedBy ? { mappedBy: name } : { inversedBy: name }) },
    };
    if (file) changed.add(file);
  }
  return [...changed];
}

/** The config/permissions.ts lines that open a new content type to callers: users-permissions
 *  roles start with none of its actions, and start-up refuses actions of a type that is gone. */
export function permissionHint(schema: ContentTypeSchema): string {
  const uid = contentTypeUid(schema.info.singularName);
  const single = schema.kind === 'singleType';
  const list = (actions: string[]) => actions.map((a) => `'${uid}.${a}'`).join(', ');
  return [
    'Roles reach it only through config/permissions.ts (users-permissions). For anonymous reads and',
    'signed-in writes, add to the lists there:',
    `  public:        ${list(single ? ['find'] : ['find', 'findOne'])}`,
    `  authenticated: ${list(single ? ['update', 'delete'] : ['create', 'update', 'delete'])}`,
    'If you remove the type later, remove its lines too: start-up refuses actions that do not exist.',
  ].join('\n');
}

/** Builds, validates against the files in `dir`, and writes `<dir>/components/<category>/<name>.json`. */
export function generateComponent(dir: string, opts: ComponentOptions): Omit<Generated<ComponentSchema>, 'updated'> {
  const schema = buildComponentSchema(opts);
  const { category, name } = splitComponentUid(opts.uid);
  const file = join(dir, 'components', category, `${name}.json`);
  refuseExisting(file);
  const existing = readSchemaDir(dir);
  validateSchemaFiles(existing.contentTypes, [...existing.components, { file, uid: componentUid(category, name), schema }]);
  writeSchema(file, schema);
  return { file, schema };
}

function refuseExisting(file: string): void {
  if (existsSync(file)) throw new GenerateError(`${file} already exists; refusing to overwrite it`);
}

function rewriteSchema(file: string, schema: unknown): void {
  writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
}

function writeSchema(file: string, schema: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') refuseExisting(file);
    throw err;
  }
}

// --- a set of changes at once (the content-type builder) ----------------------------------------

export interface SchemaChanges {
  /** Files to write whole (new or rewritten), by path. */
  write: Map<string, unknown>;
  /** Files to remove (a type deleted, or renamed to another file). */
  remove: Set<string>;
}

/**
 * Validates the folder as it will be after `changes` (every schema together, so relations and
 * components must resolve), then writes and removes. Nothing is written when validation fails.
 */
export function writeSchemaChanges(dir: string, changes: SchemaChanges): void {
  const existing = readSchemaDir(dir);
  const contentTypes: RawContentTypeFile[] = existing.contentTypes.filter((f) => !changes.remove.has(f.file) && !changes.write.has(f.file));
  const components: RawComponentFile[] = existing.components.filter((f) => !changes.remove.has(f.file) && !changes.write.has(f.file));
  const componentsDir = join(dir, 'components');
  for (const [file, schema] of changes.write) {
    if (file.startsWith(`${componentsDir}/`)) {
      const [category = '', base = ''] = file.slice(componentsDir.length + 1).split('/');
      components.push({ file, uid: componentUid(category, base.replace(/\.json$/, '')), schema });
    } else contentTypes.push({ file, schema });
  }
  validateSchemaFiles(contentTypes, components);
  for (const [file, schema] of changes.write) {
    mkdirSync(dirname(file), { recursive: true });
    rewriteSchema(file, schema);
  }
  for (const file of changes.remove) if (!changes.write.has(file)) rmSync(file, { force: true });
}

export function contentTypeFile(dir: string, singularName: string): string {
  return join(dir, `${singularName}.json`);
}

export function componentFile(dir: string, uid: string): string {
  const { category, name } = splitComponentUid(uid);
  return join(dir, 'components', category, `${name}.json`);
}
