// The served schema with the extensions in: their types and typeDefs after the generated SDL,
// their resolvers over the generated ones, resolversConfig around every resolver it names, then
// their schema transforms. Checks that make a mistake a start-up error: a coordinate that names
// no field, a field that would expose a private attribute.

import { addResolversToSchema, makeExecutableSchema } from '@graphql-tools/schema';
import * as graphql from 'graphql';
import {
  isEnumType, isObjectType, isScalarType, isUnionType, printType, type GraphQLField, type GraphQLNamedType, type GraphQLSchema,
} from 'graphql';
import { isPrivateAttribute, KernelError, nearest, withoutPrivateFields, type Model, type PluginApi } from '../../../core/index.js';
import type { GraphqlSettings } from '../config.js';
import { namedType } from '../sdl.js';
import { typeNameOf } from '../names.js';
import type { GraphqlContext, Resolvers } from '../context.js';
import type { BuiltSpec } from '../spec/index.js';
import type { ExtensionRegistry } from './registry.js';
import type { Coordinate, ExtensionHelper, GraphqlExtension, ResolverConfig, ResolverFn } from './types.js';
import { customAction, guarded, readProperty, withArgumentDefaults, withMiddlewares } from './wrap.js';

/** The extensions as the schema builder reads them, merged (a later use() wins per key). */
export interface Extend {
  registry: ExtensionRegistry;
  list: GraphqlExtension[];
  configs: Map<string, ResolverConfig>;
  resolvers: Map<string, ResolverFn>;
  /** The generated resolvers, once built (for the helper's generated()). */
  generated: { resolvers?: Resolvers };
}

/** Resolves the registered extensions with a helper over `generated`. */
export function collectExtensions(registry: ExtensionRegistry, settings: GraphqlSettings, api: PluginApi): Extend {
  const generated: Extend['generated'] = {};
  const helper: ExtensionHelper = {
    graphql,
    shape: settings.shape,
    typeName: (uid) => typeNameOf(api.registry.get(uid)),
    generated: (coordinate) => {
      const [type = '', field = ''] = coordinate.split('.');
      return (parent, args, context, info) => {
        const resolver = (generated.resolvers?.[type] as Record<string, ResolverFn> | undefined)?.[field] ?? readProperty;
        return resolver(parent, args, context, info);
      };
    },
  };
  const list = registry.resolve(helper);
  const configs = new Map<string, ResolverConfig>();
  const resolvers = new Map<string, ResolverFn>();
  for (const ext of list) {
    for (const [coordinate, config] of Object.entries(ext.resolversConfig ?? {})) {
      if (!/^[_A-Za-z][_0-9A-Za-z]*\.[_A-Za-z][_0-9A-Za-z]*$/.test(coordinate)) throw invalid(`resolversConfig['${coordinate}']: expected Type.field, such as Query.articles`);
      configs.set(coordinate, { ...configs.get(coordinate), ...config });
    }
    for (const [type, fields] of Object.entries(ext.resolvers ?? {})) {
      for (const [field, fn] of Object.entries(fields ?? {})) {
        if (typeof fn !== 'function') throw invalid(`resolvers.${type}.${field}: expected a function`);
        resolvers.set(`${type}.${field}`, fn);
      }
    }
  }
  return { registry, list, configs, resolvers, generated };
}

export function extendedSchema(api: PluginApi, built: BuiltSpec, sdl: string, resolvers: Resolvers, extend: Extend): { schema: GraphQLSchema; sdl: string } {
  const typeDefs = [sdl];
  for (const ext of extend.list) {
    for (const type of ext.types ?? []) {
      typeDefs.push(printType(type));
      addTypeResolvers(resolvers, type);
    }
    if (ext.typeDefs) typeDefs.push(ext.typeDefs);
  }
  // The generated resolvers stay as built: an override reaches them through the helper
  extend.generated.resolvers = resolvers;
  let schema: GraphQLSchema;
  try {
    // Built with the generated resolvers; the wrapped ones replace theirs in place below
    schema = makeExecutableSchema({ typeDefs, resolvers: resolvers as never });
  } catch (err) {
    throw invalid(`the extensions' types do not build: ${(err as Error).message}`, err);
  }
  const models = modelTypes(api, built);
  checkPrivateFields(schema, models);
  const coordinates = new Set([...extend.resolvers.keys(), ...extend.configs.keys()]);
  const wrapped: Record<string, Record<string, ResolverFn>> = {};
  for (const coordinate of coordinates) {
    const [typeName = '', fieldName = ''] = coordinate.split('.');
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw invalid(`${where(extend, coordinate)}: the schema has no object type ${typeName}`);
    const field = type.getFields()[fieldName];
    if (!field) throw invalid(`${where(extend, coordinate)}: ${typeName} has no field ${fieldName}`);
    const generated = (resolvers[typeName] as Record<string, ResolverFn> | undefined)?.[fieldName];
    const custom = extend.resolvers.get(coordinate);
    const config = extend.configs.get(coordinate);
    const specField = built.spec.types.get(typeName)?.fields[fieldName];
    let resolver: ResolverFn;
    if (custom) {
      resolver = guarded(withArgumentDefaults(custom, field as GraphQLField<unknown, GraphqlContext>), {
        api, coordinate: coordinate as Coordinate, config,
        // An override of a generated field needs what the field needed; a new field an explicit grant
        defaultScope: specField ? (specField.operation ? [specField.operation.name] : undefined) : [declare(api, coordinate)],
        identified: !specField,
        clean: cleaner(api, built, models, field.type),
      });
    } else {
      // A generated operation field hands auth and policies to the runner (see schema.ts)
      resolver = specField?.operation ? generated ?? readProperty : guarded(generated ?? readProperty, {
        api, coordinate: coordinate as Coordinate, config, defaultScope: undefined, identified: false,
      });
      if (specField?.operation) api.policies.assertKnown(config?.policies ?? [], `resolversConfig['${coordinate}']`);
    }
    (wrapped[typeName] ??= {})[fieldName] = withMiddlewares(resolver, config, extend.registry, coordinate, api);
  }
  schema = addResolversToSchema({ schema, resolvers: wrapped as never, updateResolversInPlace: true });
  for (const [i, transform] of extend.list.flatMap((ext) => ext.plugins ?? []).entries()) {
    const next = transform(schema);
    if (!(next instanceof graphql.GraphQLSchema)) throw invalid(`plugins[${i}]: a schema transform must return a GraphQLSchema`);
    schema = next;
  }
  return { schema, sdl: graphql.printSchema(schema) };
}

/** An `auth.scope` action that no operation, route or custom field checks could never be granted
 *  (a role editor does not list it; start-up refuses it in a role): a slip, refused when the
 *  routes are final (the verify hook), naming the coordinate and the nearest action. */
export function checkScopes(extend: Extend, known: Set<string>): void {
  for (const [coordinate, config] of extend.configs) {
    if (!config.auth) continue;
    for (const action of config.auth.scope) {
      if (known.has(action)) continue;
      const close = nearest(action, [...known]);
      throw invalid(`resolversConfig['${coordinate}'].auth.scope: ${action} is not a permission action${close ? ` (did you mean ${close}?)` : ''}`);
    }
  }
}

/** The permission action of a custom field, declared so permission editors list it. */
function declare(api: PluginApi, coordinate: string): string {
  const action = customAction(coordinate);
  api.operations.declareAction(action);
  return action;
}

function where(extend: Extend, coordinate: string): string {
  return extend.resolvers.has(coordinate) ? `resolvers.${coordinate}` : `resolversConfig['${coordinate}']`;
}

/** Resolvers a graphql-js type carries: field resolvers, enum values, a scalar, a union's type. */
function addTypeResolvers(all: Resolvers, type: GraphQLNamedType): void {
  if (isScalarType(type)) { all[type.name] = type; return; }
  if (isEnumType(type)) { all[type.name] = Object.fromEntries(type.getValues().map((v) => [v.name, v.value])); return; }
  if (isUnionType(type) && type.resolveType) { all[type.name] = { __resolveType: type.resolveType }; return; }
  if (!isObjectType(type)) return;
  const fields: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(type.getFields())) if (field.resolve) fields[name] = field.resolve;
  if (Object.keys(fields).length) all[type.name] = { ...(all[type.name] as object | undefined), ...fields };
}

/** Each document type's model, by type name. */
function modelTypes(api: PluginApi, built: BuiltSpec): Map<string, Model> {
  const out = new Map<string, Model>();
  for (const { type } of built.spec.scopes.values()) {
    const model = type.contentType ?? type.component;
    if (model && type.role === 'entity') out.set(typeNameOf(model), model);
  }
  return out;
}

/** No field of a document type may be named after a private attribute: a resolver-less field
 *  would read it from whatever document its parent is. */
function checkPrivateFields(schema: GraphQLSchema, models: Map<string, Model>): void {
  for (const [typeName, model] of models) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) continue;
    for (const name of Object.keys(type.getFields())) {
      const attr = model.attributes[name];
      if (attr && isPrivateAttribute(attr)) {
        throw invalid(`${typeName}.${name}: ${model.uid}'s ${name} is private; private fields never leave the server`);
      }
    }
  }
}

/** A custom resolver's answer without private fields, when it holds documents: a document type,
 *  or a wrapper that leads to one (a page's nodes, v4's data and attributes). */
function cleaner(api: PluginApi, built: BuiltSpec, models: Map<string, Model>, type: graphql.GraphQLOutputType): ((value: unknown) => unknown) | undefined {
  const clean = (typeName: string, value: unknown, depth: number): unknown => {
    if (value === null || value === undefined || depth > 4) return value;
    if (Array.isArray(value)) return value.map((v) => clean(typeName, v, depth));
    const model = models.get(typeName);
    if (model) return withoutPrivateFields(api.registry, model, value);
    const hops = built.hops.get(typeName);
    const spec = built.spec.types.get(typeName);
    if (!hops || !spec || typeof value !== 'object') return value;
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const hop of hops) {
      const hopType = spec.fields[hop] && namedType(spec.fields[hop].type);
      if (hopType && hop in out) out[hop] = clean(hopType, out[hop], depth + 1);
    }
    return out;
  };
  const named = graphql.getNamedType(type).name;
  if (!models.has(named) && !built.hops.has(named)) return undefined;
  return (value) => clean(named, value, 0);
}

function invalid(message: string, cause?: unknown): KernelError {
  return new KernelError('PLUGIN_ERR_INVALID', `graphql extension: ${message}`, cause === undefined ? undefined : { cause });
}
