// The types of a content type or component: its output type, its write input, its filter input,
// its enums and its dynamic zones' unions. Private and password attributes are in none of them.

import {
  enumName, FILE_UID, type Attribute, type FieldExtra, type FieldSpec, type Model, type ModelRegistry, type SchemaBuilder, type TypeScope,
} from '../../../core/index.js';
import {
  collectionOf, connectionField, dynamicZoneInputOf, dynamicZoneOf, entityOf, entityResponseOf, enumOf, filtersInputOf, inputOf,
  relationCollectionOf, typeNameOf,
} from '../names.js';
import { documentIdKey, PLUGIN_NAME, type GraphqlSettings } from '../config.js';
import { SCALAR_OF } from './common.js';

/** Attributes a client may see: not private, not a password. */
export function visible(attr: Attribute): boolean {
  return attr.private !== true && attr.type !== 'password';
}

export function isToManyAttribute(attr: Attribute): boolean {
  if (attr.type === 'relation') return attr.versions === true || attr.relation === 'oneToMany' || attr.relation === 'manyToMany';
  if (attr.type === 'media') return attr.multiple === true;
  if (attr.type === 'component') return attr.repeatable === true;
  return attr.type === 'dynamiczone';
}

/** The model an attribute leads to (relation target, file, component), if any. */
export function targetOf(registry: ModelRegistry, model: Model, attr: Attribute): Model | undefined {
  switch (attr.type) {
    case 'relation': return attr.versions ? model : registry.get(attr.target);
    case 'media': return registry.get(FILE_UID);
    case 'component': return registry.get(attr.component);
    default: return undefined;
  }
}

/** Every model the roots reach through visible attributes. */
export function reachableModels(registry: ModelRegistry, roots: Model[]): Model[] {
  const seen = new Map<string, Model>();
  const visit = (model: Model) => {
    if (seen.has(model.uid)) return;
    seen.set(model.uid, model);
    for (const attr of Object.values(model.attributes)) {
      if (!visible(attr)) continue;
      const target = targetOf(registry, model, attr);
      if (target) visit(target);
      if (attr.type === 'dynamiczone') for (const uid of attr.components) visit(registry.get(uid));
    }
  };
  roots.forEach(visit);
  return [...seen.values()];
}

/** The arguments of a to-many field: a relation, a media field, a repeatable component (and of
 *  their connections), as Strapi gives them. */
export function listArgs(target: Model): FieldSpec['args'] {
  return {
    filters: { type: filtersInputOf(target) },
    pagination: { type: 'PaginationArg', defaultValue: {} },
    sort: { type: '[String]', defaultValue: [] },
  };
}

/** Strapi's nullability: a required attribute is non-null (a list is non-null anyway, its
 *  items are not). */
const nonNullIf = (required: boolean | undefined, type: string): string => (required && !type.endsWith('!') ? `${type}!` : type);

/** What building a model's types needs: the registry, the settings (shape, compatibility) and
 *  where to record the hops: per wrapper type, the fields that lead toward the documents, which
 *  selection.ts follows to find what a query selects of them. */
export interface ModelTypesContext {
  registry: ModelRegistry;
  settings: GraphqlSettings;
  hops: Map<string, string[]>;
  /** Per field that reads what the plan loaded of an attribute through its own resolver
   *  ('Article.authors', 'Article.authors_connection'): see LoadedField. */
  loaded: Map<string, LoadedField>;
}

/** A relation (and any list with arguments, which a query may select under several argument
 *  sets): the attribute's key in the document, and for a relation its target, whose `find` a
 *  caller needs to read it. */
export interface LoadedField { key: string; target?: string }

const prop = (parent: unknown, name: string): unknown => (parent as Record<string, unknown> | null)?.[name];
/** A list the plan did not load (a relation the caller may not read) is empty, not null. */
const orEmpty = (name: string) => (parent: unknown): unknown => prop(parent, name) ?? [];
// Strapi 5's deprecation reasons in v4CompatibilityMode, word for word: introspection shows them
const DEPRECATED_ID = 'Use `documentId` instead';
const DEPRECATED_WRAPPER = 'Use root level fields instead';
const DEPRECATED_DATA = 'Use `nodes` field instead';
const DEPRECATED_META = 'Use the `pagination` field instead';

export function addModelTypes(builder: SchemaBuilder, ctx: ModelTypesContext, model: Model, writable: boolean): void {
  const { registry, settings } = ctx;
  const v4 = settings.shape === 'v4';
  const isComponent = model.modelType === 'component';
  const scope = isComponent ? { component: model, owner: PLUGIN_NAME } : { contentType: model, owner: PLUGIN_NAME };
  const output: Record<string, FieldSpec> = isComponent ? { id: { type: 'ID!', args: {} } } : v4 ? {} : { documentId: { type: 'ID!', args: {} } };
  // Strapi filters a collection type by documentId; a single type and a component by nothing of theirs
  const filters: Record<string, FieldSpec> = isComponent ? { id: { type: 'IDFilterInput', args: {} } }
    : model.kind === 'collectionType' || v4 ? { [documentIdKey(settings)]: { type: 'IDFilterInput', args: {} } } : {};
  const input: Record<string, FieldSpec> = {};
  const outputExtras: Record<string, FieldExtra> = {};
  const inputExtras: Record<string, FieldExtra> = {};
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (!visible(attr)) continue;
    outputExtras[name] = { attribute: attr };
    inputExtras[name] = { attribute: attr };
    const canWrite = attr.writable !== false && !(attr.type === 'relation' && attr.versions);
    if (attr.type === 'dynamiczone') {
      const union = dynamicZoneOf(model, name);
      const members = attr.components.map((uid) => typeNameOf(registry.get(uid)));
      const byUid = new Map(attr.components.map((uid, i) => [uid, members[i]!]));
      builder.addType({
        name: union, kind: 'union', fields: {}, members: [...members, 'Error'],
        resolveType: (value) => byUid.get((value as { __component?: string }).__component ?? '') ?? 'Error',
      }, { ...scope, role: 'other' });
      output[name] = { type: nonNullIf(attr.required, `[${union}]`), args: {}, source: orEmpty(name) };
      if (canWrite) {
        builder.addType({ name: dynamicZoneInputOf(model, name), kind: 'scalar', fields: {}, description: `An entry of ${name}: a component's fields and its __typename` }, { ...scope, role: 'other' });
        input[name] = { type: `[${dynamicZoneInputOf(model, name)}!]`, args: {} };
      }
      continue;
    }
    const target = targetOf(registry, model, attr);
    if (target) {
      const many = isToManyAttribute(attr);
      const args = many ? listArgs(target) : {};
      if (v4 && target.modelType === 'contentType') {
        // Strapi v4: a relation is wrapped as the root fields are, { data { id attributes } }
        output[name] = many
          ? { type: relationCollectionOf(target), args, source: (p) => ({ data: prop(p, name) ?? [] }) }
          : { type: entityResponseOf(target), args: {}, source: (p) => ({ data: prop(p, name) ?? null }) };
      } else if (attr.type === 'component') {
        // A repeatable component is a list of nullable items, itself null unless required
        output[name] = many
          ? { type: nonNullIf(attr.required, `[${typeNameOf(target)}]`), args, source: orEmpty(name) }
          : { type: nonNullIf(attr.required, typeNameOf(target)), args: {} };
      } else if (many) {
        output[name] = { type: `[${typeNameOf(target)}]!`, args, source: orEmpty(name) };
        output[connectionField(name)] = { type: nonNullIf(attr.required, relationCollectionOf(target)), args: { ...args }, source: (p) => ({ nodes: prop(p, name) ?? [] }) };
        outputExtras[connectionField(name)] = { attribute: attr };
      } else {
        output[name] = { type: nonNullIf(attr.required, typeNameOf(target)), args: {} };
      }
      if (attr.type === 'relation' || many) {
        const loaded: LoadedField = attr.type === 'relation' ? { key: name, target: target.uid } : { key: name };
        ctx.loaded.set(`${typeNameOf(model)}.${name}`, loaded);
        if (output[connectionField(name)]) ctx.loaded.set(`${typeNameOf(model)}.${connectionField(name)}`, loaded);
      }
      // Strapi's filter inputs have no media fields
      if (attr.type !== 'media') filters[name] = { type: filtersInputOf(target), args: {} };
      if (canWrite) {
        input[name] = attr.type === 'component'
          ? { type: many ? `[${inputOf(target)}]` : inputOf(target), args: {} }
          : { type: many ? '[ID]' : 'ID', args: {} };
      }
      continue;
    }
    const scalar = SCALAR_OF[attr.type];
    if (!scalar) continue;
    let type = scalar.type;
    if (attr.type === 'enumeration') {
      type = enumOf(model, name);
      builder.addType({
        name: type, kind: 'enum', fields: {}, values: enumValues(attr.enum),
      }, { ...scope, role: 'other' });
    }
    output[name] = { type: nonNullIf(attr.required, type), args: {} };
    filters[name] = { type: scalar.filter, args: {} };
    if (canWrite) input[name] = { type, args: {} };
  }
  if (settings.v4CompatibilityMode) addCompatibilityFields(ctx, model, output);
  const filtersName = filtersInputOf(model);
  filters.and = { type: `[${filtersName}]`, args: {} };
  filters.or = { type: `[${filtersName}]`, args: {} };
  filters.not = { type: filtersName, args: {} };

  builder.addType({ name: typeNameOf(model), kind: 'object', fields: output, description: model.info.description }, { ...scope, role: 'entity' }, outputExtras);
  builder.addType({ name: filtersName, kind: 'input', fields: filters }, { ...scope, role: 'filters' }, inputExtras);
  if (writable && Object.keys(input).length > 0) {
    builder.addType({ name: inputOf(model), kind: 'input', fields: input }, { ...scope, role: 'input' }, inputExtras);
  }
  if (!isComponent) addWrapperTypes(builder, ctx, model, { ...scope, role: 'other' });
}

/** Strapi 5's v4CompatibilityMode: v4's id (the row's id, as Strapi serves it), attributes and
 *  data beside the flat fields, so a v4 query (category { data { id attributes { name } } })
 *  reads the flat type. A component keeps its own id and gets attributes and data too. */
function addCompatibilityFields(ctx: ModelTypesContext, model: Model, output: Record<string, FieldSpec>): void {
  const self = `${typeNameOf(model)}!`;
  if (model.modelType !== 'component') output.id = { type: 'ID!', args: {}, deprecationReason: DEPRECATED_ID };
  const hops = ['attributes', 'data'].filter((name) => !model.attributes[name]);
  for (const name of hops) output[name] = { type: self, args: {}, source: (p) => p, deprecationReason: DEPRECATED_WRAPPER };
  ctx.hops.set(typeNameOf(model), hops);
}

/** The types that hold documents of a content type: a page and a relation's list; in the v4
 *  shape also the entity ({ id, attributes }) and the one-document answer ({ data }). */
function addWrapperTypes(builder: SchemaBuilder, ctx: ModelTypesContext, model: Model, scope: TypeScope): void {
  const type = typeNameOf(model);
  const add = (name: string, fields: Record<string, FieldSpec>, hops: string[]) => {
    builder.addType({ name, kind: 'object', fields }, scope);
    ctx.hops.set(name, hops);
  };
  if (ctx.settings.shape === 'v4') {
    const entity = entityOf(model);
    add(entity, {
      id: { type: 'ID', args: {}, description: 'The documentId', source: (p) => prop(p, 'documentId') },
      attributes: { type, args: {}, source: (p) => p },
    }, ['attributes']);
    add(entityResponseOf(model), { data: { type: entity, args: {} } }, ['data']);
    add(collectionOf(model), { data: { type: `[${entity}!]!`, args: {} }, meta: { type: 'ResponseCollectionMeta!', args: {} } }, ['data']);
    add(relationCollectionOf(model), { data: { type: `[${entity}!]!`, args: {} } }, ['data']);
    return;
  }
  const nodes = { type: `[${type}!]!`, args: {} };
  const compat = ctx.settings.v4CompatibilityMode;
  const data: FieldSpec = { ...nodes, source: (p) => prop(p, 'nodes'), deprecationReason: DEPRECATED_DATA };
  const meta: FieldSpec = { type: 'ResponseCollectionMeta!', args: {}, source: (p) => ({ pagination: prop(p, 'pageInfo') }), deprecationReason: DEPRECATED_META };
  add(collectionOf(model), { nodes, pageInfo: { type: 'Pagination!', args: {} }, ...(compat ? { data, meta } : {}) }, compat ? ['nodes', 'data'] : ['nodes']);
  add(relationCollectionOf(model), { nodes, ...(compat ? { data } : {}) }, compat ? ['nodes', 'data'] : ['nodes']);
}

/** An enumeration's values as GraphQL enum values: names GraphQL accepts (true, false and null
 *  are reserved), distinct even when two values spell the same name ('a-b' and 'a_b'). */
function enumValues(values: readonly string[]): Array<{ name: string; value: string }> {
  const taken = new Set<string>();
  return values.map((value) => {
    const base = /^(true|false|null)$/.test(enumName(value)) ? `_${enumName(value)}` : enumName(value);
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
    taken.add(name);
    return { name, value };
  });
}
