// A GraphQL selection as the query engine's fields and populate: one query plan loads the whole
// answer (to-one joined, to-many batched per level), so nested fields never query per row. Child
// fields then read what the plan loaded.

import {
  getArgumentValues, getDirectiveValues, getNamedType, GraphQLIncludeDirective, GraphQLSkipDirective, isAbstractType, isObjectType,
  type FieldNode, type GraphQLResolveInfo, type SelectionSetNode, type VariableValues,
} from 'graphql';
import { isScalar, ValidationError, type Model, type ModelRegistry } from '../../core/index.js';
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
  const hops = ctx.hops.get(typeName);
  const type = ctx.info.schema.getType(typeName);
  if (!hops || !isObjectType(type)) return [];
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

function modelSelection(ctx: SelectionContext, model: Model, typeName: string, nodes: readonly FieldNode[], where: string): Selection {
  const fields = [idOf(model)];
  const populate: Record<string, unknown> = {};
  const type = ctx.info.schema.getType(typeName);
  const defs = isObjectType(type) ? type.getFields() : {};
  let custom = false;
  for (const [name, fieldNodes] of collectFields(ctx, withSelfHops(ctx, nodes, typeName), typeName)) {
    // A relation's connection twin (tags_connection), unless an attribute has that very name
    const connection = name.endsWith(CONNECTION) && !model.attributes[name];
    const attrName = connection ? name.slice(0, -CONNECTION.length) : name;
    const attr = model.attributes[attrName];
    // A field an extension added (wordCount): its resolver reads the document, so load its scalars
    if (!attr && defs[name] && !OWN_FIELDS.has(name) && !ctx.hops.get(typeName)?.includes(name)) custom = true;
    if (!attr || !visible(attr) || !defs[name]) continue;
    if (isScalar(attr)) {
      if (!fields.includes(attrName)) fields.push(attrName);
      continue;
    }
    const at = `${where}.${name}`;
    let entry: Record<string, unknown>;
    if (attr.type === 'dynamiczone') {
      const on: Record<string, unknown> = {};
      for (const uid of attr.components) {
        const component = ctx.registry.get(uid);
        on[uid] = compact(modelSelection(ctx, component, typeNameOf(component), fieldNodes, at));
      }
      entry = { on };
    } else {
      const target = targetOf(ctx.registry, model, attr);
      if (!target) continue;
      const childNodes = follow(ctx, fieldNodes, getNamedType(defs[name]!.type).name, typeNameOf(target));
      const selection = modelSelection(ctx, target, typeNameOf(target), childNodes, at);
      const options = listOptions(ctx, target, defs[name]!, fieldNodes, at, isToManyAttribute(attr));
      entry = attr.type === 'media' ? { fields: selection.fields, ...options } : { ...compact(selection), ...options };
    }
    const existing = populate[attrName];
    if (existing && JSON.stringify(withoutSelection(existing)) !== JSON.stringify(withoutSelection(entry))) throw conflict(at);
    populate[attrName] = existing ? merge(existing as Record<string, unknown>, entry, at) : entry;
  }
  if (custom) {
    for (const [name, attr] of Object.entries(model.attributes)) if (isScalar(attr) && visible(attr) && !fields.includes(name)) fields.push(name);
  }
  return Object.keys(populate).length ? { fields, populate } : { fields };
}

/** Fields of a document type that are no attribute and need none loaded. */
const OWN_FIELDS = new Set(['documentId', 'id', '__typename']);

/** filters, sort and pagination of a to-many field, the same on every node that selects it. */
function listOptions(
  ctx: SelectionContext, target: Model, def: Parameters<typeof getArgumentValues>[0], nodes: readonly FieldNode[], at: string, toMany: boolean,
): Record<string, unknown> {
  if (!toMany) return {};
  let out: Record<string, unknown> | undefined;
  for (const node of nodes) {
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
    if (out && JSON.stringify(out) !== JSON.stringify(options)) throw conflict(at);
    out = options;
  }
  return out ?? {};
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

function withoutSelection(entry: unknown): unknown {
  const { fields: _f, populate: _p, on: _o, ...rest } = entry as Record<string, unknown>;
  return rest;
}

/** Two selections of the same relation with the same arguments: the union of their fields,
 *  and of what they populate (where the same nested relation must agree on its arguments too). */
function merge(a: Record<string, unknown>, b: Record<string, unknown>, at: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  if (Array.isArray(a.fields) && Array.isArray(b.fields)) out.fields = [...new Set([...a.fields, ...b.fields])];
  for (const key of ['populate', 'on'] as const) {
    if (a[key] || b[key]) out[key] = mergeMaps(a[key], b[key], at);
  }
  return out;
}

function mergeMaps(a: unknown, b: unknown, at: string): Record<string, unknown> {
  const left = (a ?? {}) as Record<string, Record<string, unknown>>;
  const out: Record<string, unknown> = { ...left };
  for (const [k, v] of Object.entries((b ?? {}) as Record<string, Record<string, unknown>>)) {
    const existing = left[k];
    if (existing && JSON.stringify(withoutSelection(existing)) !== JSON.stringify(withoutSelection(v))) throw conflict(`${at}.${k}`);
    out[k] = existing ? merge(existing, v, `${at}.${k}`) : v;
  }
  return out;
}

function conflict(at: string): ValidationError {
  return new ValidationError(`${at} is selected more than once with different arguments: one query loads each relation once`, { path: at });
}
