// The types of a content type or component: its output type, its write input, its filter input,
// its enums and its dynamic zones' unions. Private and password attributes are in none of them.

import {
  enumName, type Attribute, type FieldExtra, type FieldSpec, type Model, type ModelRegistry, type SchemaBuilder, type TypeSpec,
} from '../../../core/index.js';
import {
  collectionOf, connectionField, dynamicZoneInputOf, dynamicZoneOf, enumOf, filtersInputOf, inputOf, relationCollectionOf, typeNameOf,
} from '../names.js';
import { PLUGIN_NAME } from '../config.js';
import { SCALAR_OF } from './common.js';

const FILE_UID = 'plugin::upload.file';

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

/** The arguments of a to-many relation field (and of its connection). */
export function listArgs(target: Model): FieldSpec['args'] {
  return {
    filters: { type: filtersInputOf(target) },
    pagination: { type: 'PaginationArg', defaultValue: {} },
    sort: { type: '[String]', defaultValue: [] },
  };
}

export function addModelTypes(builder: SchemaBuilder, registry: ModelRegistry, model: Model, writable: boolean): void {
  const scope = model.modelType === 'component'
    ? { component: model, owner: PLUGIN_NAME }
    : { contentType: model, owner: PLUGIN_NAME };
  const output: Record<string, FieldSpec> = model.modelType === 'component'
    ? { id: { type: 'ID!', args: {} } }
    : { documentId: { type: 'ID!', args: {} } };
  const filters: Record<string, FieldSpec> = model.modelType === 'component'
    ? { id: { type: 'IDFilterInput', args: {} } }
    : { documentId: { type: 'IDFilterInput', args: {} } };
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
      output[name] = { type: `[${union}]!`, args: {} };
      if (canWrite) {
        builder.addType({ name: dynamicZoneInputOf(model, name), kind: 'scalar', fields: {}, description: `An entry of ${name}: a component's fields and its __typename` }, { ...scope, role: 'other' });
        input[name] = { type: `[${dynamicZoneInputOf(model, name)}!]`, args: {} };
      }
      continue;
    }
    const target = targetOf(registry, model, attr);
    if (target) {
      const typeName = typeNameOf(target);
      if (isToManyAttribute(attr)) {
        const args = attr.type === 'relation' || attr.type === 'component' ? listArgs(target) : {};
        if (attr.type === 'component') delete args.pagination;
        output[name] = { type: `[${typeName}]!`, args };
        if (attr.type === 'relation' || attr.type === 'media') {
          output[connectionField(name)] = { type: relationCollectionOf(target), args: { ...args } };
          outputExtras[connectionField(name)] = { attribute: attr };
        }
      } else {
        output[name] = { type: typeName, args: {} };
      }
      filters[name] = { type: filtersInputOf(target), args: {} };
      if (canWrite) {
        const many = isToManyAttribute(attr);
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
    output[name] = { type, args: {} };
    filters[name] = { type: scalar.filter, args: {} };
    if (canWrite) input[name] = { type, args: {} };
  }
  const filtersName = filtersInputOf(model);
  filters.and = { type: `[${filtersName}]`, args: {} };
  filters.or = { type: `[${filtersName}]`, args: {} };
  filters.not = { type: filtersName, args: {} };

  const description = model.modelType === 'component' ? model.info.description : model.info.description;
  builder.addType({ name: typeNameOf(model), kind: 'object', fields: output, description }, { ...scope, role: 'entity' }, outputExtras);
  builder.addType({ name: filtersName, kind: 'input', fields: filters }, { ...scope, role: 'filters' }, inputExtras);
  if (writable && Object.keys(input).length > 0) {
    builder.addType({ name: inputOf(model), kind: 'input', fields: input }, { ...scope, role: 'input' }, inputExtras);
  }
  if (model.modelType === 'contentType') {
    builder.addType({
      name: collectionOf(model), kind: 'object',
      fields: { nodes: { type: `[${typeNameOf(model)}!]!`, args: {} }, pageInfo: { type: 'Pagination!', args: {} } },
    }, { ...scope, role: 'other' });
    builder.addType({
      name: relationCollectionOf(model), kind: 'object',
      fields: { nodes: { type: `[${typeNameOf(model)}!]!`, args: {} } },
    }, { ...scope, role: 'other' });
  }
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
