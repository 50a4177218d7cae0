// The executable schema: the SchemaSpec printed as SDL and built by @graphql-tools/schema, with a
// resolver per field that runs an operation or reads what the query plan loaded.

import { makeExecutableSchema } from '@graphql-tools/schema';
import type { FieldNode, GraphQLFieldResolver, GraphQLResolveInfo, GraphQLScalarType, GraphQLSchema } from 'graphql';
import { ForbiddenError, KernelError, type FieldSpec, type OperationCall, type PluginApi, type RequestContext, type RunOptions } from '../../core/index.js';
import type { GraphqlSettings } from './config.js';
import { toGraphqlError } from './errors.js';
import { otherScalar, scalarTypes } from './scalars.js';
import { printSdl } from './sdl.js';
import { selectionParams, variablesOf } from './selection.js';
import type { BuiltSpec } from './spec/index.js';
import type { LoadedField } from './spec/models.js';
import type { GraphqlContext, Resolvers } from './context.js';
import { extendedSchema, type Extend } from './extension/build.js';
import { runOptionsOf } from './extension/wrap.js';
import type { ResolverConfig, ResolverFn } from './extension/types.js';

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>>;

export interface Built { schema: GraphQLSchema; sdl: string }

export function executableSchema(api: PluginApi, settings: GraphqlSettings, built: BuiltSpec, extend?: Extend): Built {
  const { spec, hops } = built;
  const sdl = printSdl(spec);
  const resolvers: Resolvers = {};
  const scalars = scalarTypes();
  const configs = extend?.configs ?? new Map<string, ResolverConfig>();
  const overridden = extend?.resolvers ?? new Map<string, ResolverFn>();
  for (const type of spec.types.values()) {
    if (type.kind === 'scalar') {
      resolvers[type.name] = scalars[type.name] ?? otherScalar(type.name, type.description, type.checkLiteral);
    } else if (type.kind === 'enum') {
      resolvers[type.name] = Object.fromEntries((type.values ?? []).map((v) => [v.name, v.value]));
    } else if (type.kind === 'union' && type.resolveType) {
      const resolveType = type.resolveType;
      resolvers[type.name] = { __resolveType: (value: unknown) => resolveType(value) };
    } else if (type.kind === 'object' && Object.keys(type.fields).length > 0) {
      const fields: Record<string, Resolver> = {};
      for (const [name, field] of Object.entries(type.fields)) {
        const coordinate = `${type.name}.${name}`;
        // An overridden operation field checks its policies around the override, once
        const run = runOptionsOf(configs.get(coordinate), !overridden.has(coordinate));
        const loaded = built.loaded.get(coordinate);
        const resolver = loaded ? loadedResolver(api, field, name, loaded) : fieldResolver({ api, settings, hops }, field, run);
        if (resolver) fields[name] = resolver;
      }
      resolvers[type.name] = fields;
    }
  }
  if (!extend) {
    try {
      return { schema: makeExecutableSchema({ typeDefs: sdl, resolvers: resolvers as never }), sdl };
    } catch (err) {
      // Only a plugin's schema hook can make the generated schema invalid (a type that does not exist)
      throw new KernelError('PLUGIN_ERR_INVALID', `graphql: the schema does not build: ${(err as Error).message}`, { cause: err });
    }
  }
  return extendedSchema(api, built, sdl, resolvers, extend);
}

/** graphql-js fills an absent argument with its default; graphql-jit leaves it undefined (it
 *  reads graphql 16's default.value, which graphql 17's SDL-built arguments lack). */
function argumentDefaults(field: FieldSpec): (args: Record<string, unknown>) => Record<string, unknown> {
  const defaults = Object.entries(field.args).filter(([, arg]) => arg.defaultValue !== undefined);
  if (!defaults.length) return (args) => args;
  return (args) => {
    const out = { ...args };
    for (const [name, arg] of defaults) if (out[name] === undefined) out[name] = arg.defaultValue;
    return out;
  };
}

interface ResolverContext { api: PluginApi; settings: GraphqlSettings; hops: BuiltSpec['hops'] }

function fieldResolver({ api, settings, hops }: ResolverContext, field: FieldSpec, run: RunOptions): Resolver | undefined {
  const { operation, resolve, source } = field;
  const { logger } = api;
  const withDefaults = argumentDefaults(field);
  if (operation) {
    return async (_parent, args, context, info: GraphQLResolveInfo) => {
      try {
        const given = withDefaults(args);
        const input = operation.input(given);
        if (operation.documents) {
          const alias = (node: FieldNode, key: string) => { (context.aliases ??= new Map()).set(node, key); };
          const selection = selectionParams({ info, registry: api.registry, settings, hops, variables: variablesOf(info, context.compiled === true), alias }, api.registry.get(operation.documents.model));
          input.params = { ...input.params, ...selection };
        }
        const result = await api.operations.run(operation.name, input, context.request,
          run.policies ? { ...run, policyContext: { surface: 'graphql', args, parent: _parent, context, info } } : run);
        return operation.output ? operation.output(result, given) : result;
      } catch (err) {
        throw toGraphqlError(err, logger, context.requestId);
      }
    };
  }
  if (resolve) {
    return async (parent, args, context) => {
      try {
        return await resolve(parent, withDefaults(args), context.call);
      } catch (err) {
        throw toGraphqlError(err, logger, context.requestId);
      }
    };
  }
  return source ? (parent) => source(parent) : undefined;
}

/** A field that reads what the plan loaded of an attribute: under the attribute's key, or, when
 *  the query asked for it with several argument sets, under the key selection.ts gave this
 *  field's arguments (context.aliases). The plan leaves out a relation whose target the caller
 *  may not find (core's query permissions), and then the field is Strapi's FORBIDDEN at its
 *  path, where Strapi's own check of the target's find refuses it; the caller is asked only
 *  then, so a loaded field costs a property read or two. */
function loadedResolver(api: PluginApi, field: FieldSpec, name: string, loaded: LoadedField): Resolver {
  const { source } = field;
  const value = source ?? ((parent: unknown) => (parent as Record<string, unknown> | null)?.[name]);
  const forbidden = async (parent: unknown, context: GraphqlContext): Promise<unknown> => {
    const ability = context.caller.auth?.ability;
    if (ability && !ability.can(`${loaded.target}.find`)) throw toGraphqlError(new ForbiddenError(), api.logger, context.requestId);
    return value(parent);
  };
  return (parent, _args, context, info) => {
    if (parent === null || typeof parent !== 'object') return value(parent);
    let record = parent as Record<string, unknown>;
    const alias = context.aliases?.get(info.fieldNodes[0]!);
    if (alias !== undefined && Object.hasOwn(record, alias)) record = { [loaded.key]: record[alias] };
    if (loaded.target && record[loaded.key] === undefined) return forbidden(record, context);
    return value(record);
  };
}
