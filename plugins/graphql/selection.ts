// A GraphQL selection as the query engine's fields and populate: one query plan loads the whole
// answer (to-one joined, to-many batched per level), so nested fields never query per row. Child
// fields then read what the plan loaded.

import {
  getArgumentValues, getDirectiveValues, getNamedType, GraphQLIncludeDirective, GraphQLSkipDirective, isAbstractType, isObjectType,
  type FieldNode, type GraphQLResolveInfo, type SelectionSetNode, type VariableValues,
} from 'graphql';
import { isScalar, POPULATE_ATTRIBUTE, type Attribute, type Model, type ModelRegistry } from '../../core/index.js';
import { filtersParam, paginationParam, sortParam } from './args.js';
import { documentIdKey, type GraphqlSettings } from './config.js';
import { typeNameOf } from './names.js';
import { isToManyAttribute, targetOf, visible } from './spec/models.js';

const CONNECTION = '_connection';

export interface SelectionContext {
  info: GraphQLResolveInfo;
  registry: ModelRegistry;
  settings: GraphqlSettings;
  /** Per wrapper type, the fields that lead toward documents (a page's nodes, v4's data and
   *  attributes); on a document's own type, fields that lead back to it (v4CompatibilityMode). */
  hops: ReadonlyMap<string, readonly string[]>;
  /** The operation's variables as graphql-js 17 reads them (see variablesOf). */
  variables: VariableValues;
  /** Records the populate key a field node's documents are loaded under, when one attribute is
   *  loaded with several argument sets (each under a key of its own). */
  alias?(node: FieldNode, key: string): void;
}

/** graphql-js 17 hands resolvers `{ sources, coerced }`; graphql-jit, the coerced values alone
 *  (graphql 16's form). getArgumentValues and getDirectiveValues read the former. */
export function variablesOf(info: GraphQLResolveInfo, compiled: boolean): VariableValues {
  return compiled ? { sources: {}, coerced: info.variableValues as unknown as Record<string, unknown> } : info.variableValues;
}

export interface Selection { fields: string[]; populate?: Record<string, unknown> }

/** The fields and populate of the documents of `model` the resolved field answers with,
 *  wherever they sit in its answer. */
export function selectionParams(ctx: SelectionContext, model: Model): Selection {
  const typeName = typeNameOf(model);
  const nodes = follow(ctx, ctx.info.fieldNodes, getNamedType(ctx.info.returnType).name, typeName);
  return modelSelection(ctx, model, typeName, nodes, ctx.info.fieldName);
}

/** The selections of `target` below fields of `typeName`, through the hops. */
function follow(ctx: SelectionContext, nodes: readonly FieldNode[], typeName: string, target: string): FieldNode[] {
  if (typeName === target) return [...nodes];
  const type = ctx.info.schema.getType(typeName);
  if (!isObjectType(type)) return [];
  // A wrapper a plugin wrote (users-permissions' { data }): its fields of the documents' type
  const hops = ctx.hops.get(typeName) ?? Object.values(type.getFields()).filter((f) => getNamedType(f.type).name === target).map((f) => f.name);
  const fields = collectFields(ctx, nodes, typeName);
  const out: FieldNode[] = [];
  for (const hop of hops) {
    const next = fields.get(hop);
    const def = type.getFields()[hop];
    if (next && def) out.push(...follow(ctx, next, getNamedType(def.type).name, target));
  }
  return out;
}

/** A document type's selections with those of its fields that lead back to it (v4's
 *  attributes and data in v4CompatibilityMode) spread in. */
function withSelfHops(ctx: SelectionContext, nodes: readonly FieldNode[], typeName: string): FieldNode[] {
  const hops = ctx.hops.get(typeName);
  if (!hops) return [...nodes];
  const out = [...nodes];
  const fields = collectFields(ctx, nodes, typeName);
  for (const hop of hops) {
    const next = fields.get(hop);
    if (next) out.push(...withSelfHops(ctx, next, typeName));
  }
  return out;
}

/** The selections of one attribute with the same arguments, whatever field names (a relation
 *  and its connection twin) and aliases they come through: one populate entry. */
interface Group { attr: Attribute; target?: Model; at: string; options: Record<string, unknown>; members: Array<{ nodes: FieldNode[]; typeName: string }> }

function modelSelection(ctx: SelectionContext, model: Model, typeName: string, nodes: readonly FieldNode[], where: string): Selection {
  const fields = [idOf(model)];
  const type = ctx.info.schema.getType(typeName);
  const defs = isObjectType(type) ? type.getFields() : {};
  // Per attribute, per distinct set of arguments
  const groups = new Map<string, Map<string, Group>>();
  let custom = false;
  for (const [name, fieldNodes] of collectFields(ctx, withSelfHops(ctx, nodes, typeName), typeName)) {
    // A relation's connection twin (tags_connection), unless an attribute has that very name
    const connection = name.endsWith(CONNECTION) && !model.attributes[name];
    const attrName = connection ? name.slice(0, -CONNECTION.length) : name;
    const attr = model.attributes[attrName];
    // A field an extension added (wordCount): its resolver reads the document, so load its scalars
    if (!attr && defs[name] && !OWN_FIELDS.has(name) && !ctx.hops.get(typeName)?.includes(name)) custom = true;
    const def = defs[name];
    if (!attr || !visible(attr) || !def) continue;
    if (isScalar(attr)) {
      if (!fields.includes(attrName)) fields.push(attrName);
      continue;
    }
    const at = `${where}.${name}`;
    const target = attr.type === 'dynamiczone' ? undefined : targetOf(ctx.registry, model, attr);
    if (attr.type !== 'dynamiczone' && !target) continue;
    const byOptions = groups.get(attrName) ?? new Map<string, Group>();
    groups.set(attrName, byOptions);
    const memberType = getNamedType(def.type).name;
    for (const node of fieldNodes) {
      const options = target ? nodeOptions(ctx, target, def, node, at, isToManyAttribute(attr)) : {};
      const key = JSON.stringify(options);
      const group = byOptions.get(key) ?? { attr, target, at, options, members: [] };
      byOptions.set(key, group);
      group.members.push({ nodes: [node], typeName: memberType });
    }
  }
  const populate: Record<string, unknown> = {};
  for (const [attrName, byOptions] of groups) {
    // Several argument sets of one attribute: each loaded once, under a key of its own that the
    // field's resolver finds through its node (loadedResolver, schema.ts)
    const aliased = byOptions.size > 1;
    for (const [optionsKey, group] of byOptions) {
      const entry = groupEntry(ctx, group);
      if (!aliased) {
        populate[attrName] = entry;
        continue;
      }
      const key = `${attrName}~${optionsKey}`;
      populate[key] = { ...entry, [POPULATE_ATTRIBUTE]: attrName };
      for (const member of group.members) for (const node of member.nodes) ctx.alias?.(node, key);
    }
  }
  if (custom) {
    for (const [name, attr] of Object.entries(model.attributes)) if (isScalar(attr) && visible(attr) && !fields.includes(name)) fields.push(name);
  }
  return Object.keys(populate).length ? { fields, populate } : { fields };
}

/** The populate entry of one group: what all its selections ask of the target, and its options. */
function groupEntry(ctx: SelectionContext, group: Group): Record<string, unknown> {
  const { attr, target, at, options, members } = group;
  if (attr.type === 'dynamiczone') {
    const all = members.flatMap((m) => m.nodes);
    const on: Record<string, unknown> = {};
    for (const uid of attr.components) {
      const component = ctx.registry.get(uid);
      on[uid] = compact(modelSelection(ctx, component, typeNameOf(component), all, at));
    }
    return { on };
  }
  const targetType = typeNameOf(target!);
  const childNodes = members.flatMap((m) => follow(ctx, m.nodes, m.typeName, targetType));
  const selection = modelSelection(ctx, target!, targetType, childNodes, at);
  return attr.type === 'media' ? { fields: selection.fields, ...options } : { ...compact(selection), ...options };
}

/** Fields of a document type that are no attribute and need none loaded. */
const OWN_FIELDS = new Set(['documentId', 'id', '__typename']);

/** filters, sort and pagination of a to-many field as one node selects it. */
function nodeOptions(
  ctx: SelectionContext, target: Model, def: Parameters<typeof getArgumentValues>[0], node: FieldNode, at: string, toMany: boolean,
): Record<string, unknown> {
  if (!toMany) return {};
  const args = getArgumentValues(def, node, ctx.variables);
  const options: Record<string, unknown> = {};
  const filters = filtersParam(ctx.registry, target, args.filters, documentIdKey(ctx.settings));
  if (filters !== undefined) options.filters = filters;
  const sort = sortParam(args.sort);
  if (sort !== undefined) options.sort = sort;
  if ('pagination' in args) {
    const { start, limit, page, pageSize } = paginationParam(args.pagination, ctx.settings, false, `${at}(pagination)`) as Record<string, number>;
    options.pagination = page !== undefined ? { page, pageSize } : { start, limit };
  }
  return options;
}

/** The fields of selection sets on a type, by field name (aliases merged), with fragments
 *  spread and @skip/@include applied. */
function collectFields(ctx: SelectionContext, nodes: readonly FieldNode[], typeName: string): Map<string, FieldNode[]> {
  const out = new Map<string, FieldNode[]>();
  const visit = (set: SelectionSetNode | undefined) => {
    for (const sel of set?.selections ?? []) {
      if (!included(ctx, sel)) continue;
      if (sel.kind === 'Field') {
        const list = out.get(sel.name.value) ?? [];
        list.push(sel);
        out.set(sel.name.value, list);
      } else if (sel.kind === 'InlineFragment') {
        if (!sel.typeCondition || applies(ctx, sel.typeCondition.name.value, typeName)) visit(sel.selectionSet);
      } else {
        const fragment = ctx.info.fragments[sel.name.value];
        if (fragment && applies(ctx, fragment.typeCondition.name.value, typeName)) visit(fragment.selectionSet);
      }
    }
  };
  for (const node of nodes) visit(node.selectionSet);
  return out;
}

/** A fragment on `condition` applies to an object of `typeName`: the same type, or a union or
 *  interface it belongs to (a fragment on a dynamic zone's union). */
function applies(ctx: SelectionContext, condition: string, typeName: string): boolean {
  if (condition === typeName) return true;
  const abstract = ctx.info.schema.getType(condition);
  const object = ctx.info.schema.getType(typeName);
  return isAbstractType(abstract) && isObjectType(object) && ctx.info.schema.isSubType(abstract, object);
}

function included(ctx: SelectionContext, node: Parameters<typeof getDirectiveValues>[1]): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, ctx.variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, ctx.variables)?.if !== false;
}

function idOf(model: Model): string {
  return model.modelType === 'component' ? 'id' : 'documentId';
}

function compact(selection: Selection): Record<string, unknown> {
  return selection.populate ? { fields: selection.fields, populate: selection.populate } : { fields: selection.fields };
}
