// The executable schema: the SchemaSpec printed as SDL and built by @graphql-tools/schema, with a
// resolver per field that runs an operation or reads what the query plan loaded.

import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLFieldResolver, GraphQLResolveInfo, GraphQLScalarType, GraphQLSchema } from 'graphql';
import type { AuthenticateRequest, FieldSpec, OperationCall, PluginApi } from '../../core/index.js';
import type { GraphqlSettings } from './config.js';
import { toGraphqlError } from './errors.js';
import { otherScalar, scalarTypes } from './scalars.js';
import { printSdl } from './sdl.js';
import { selectionParams, variablesOf } from './selection.js';
import type { BuiltSpec } from './spec/index.js';

/** What every resolver gets: the request (who calls, from where) and its id for the log. */
export interface GraphqlContext {
  request: AuthenticateRequest;
  requestId?: string;
  /** The caller, identified once per request by the first field that needs it. */
  caller?: Promise<OperationCall>;
  /** Set by the compiled executor: resolvers get graphql 16's plain variable values. */
  compiled?: boolean;
  [key: PropertyKey]: unknown;
}

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>>;
type Resolvers = Record<string, Record<string, Resolver | unknown> | GraphQLScalarType>;

export function executableSchema(api: PluginApi, settings: GraphqlSettings, { spec, hops }: BuiltSpec): { schema: GraphQLSchema; sdl: string } {
  const sdl = printSdl(spec);
  const resolvers: Resolvers = {};
  const scalars = scalarTypes();
  for (const type of spec.types.values()) {
    if (type.kind === 'scalar') {
      resolvers[type.name] = scalars[type.name] ?? otherScalar(type.name, type.description);
    } else if (type.kind === 'enum') {
      resolvers[type.name] = Object.fromEntries((type.values ?? []).map((v) => [v.name, v.value]));
    } else if (type.kind === 'union' && type.resolveType) {
      const resolveType = type.resolveType;
      resolvers[type.name] = { __resolveType: (value: unknown) => resolveType(value) };
    } else if (type.kind === 'object' && Object.keys(type.fields).length > 0) {
      const fields: Record<string, Resolver> = {};
      for (const [name, field] of Object.entries(type.fields)) {
        const resolver = fieldResolver({ api, settings, hops }, field);
        if (resolver) fields[name] = resolver;
      }
      resolvers[type.name] = fields;
    }
  }
  const schema = makeExecutableSchema({ typeDefs: sdl, resolvers: resolvers as never });
  return { schema, sdl };
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

function fieldResolver({ api, settings, hops }: ResolverContext, field: FieldSpec): Resolver | undefined {
  const { operation, resolve, source } = field;
  const { logger } = api;
  const withDefaults = argumentDefaults(field);
  if (operation) {
    return async (_parent, args, context, info: GraphQLResolveInfo) => {
      try {
        const input = operation.input(withDefaults(args));
        if (operation.documents) {
          const selection = selectionParams({ info, registry: api.registry, settings, hops, variables: variablesOf(info, context.compiled === true) }, api.registry.get(operation.documents.model));
          input.params = { ...input.params, ...selection };
        }
        const result = await api.operations.run(operation.name, input, context.request);
        return operation.output ? operation.output(result) : result;
      } catch (err) {
        throw toGraphqlError(err, logger, context.requestId);
      }
    };
  }
  if (resolve) {
    return async (parent, args, context) => {
      try {
        context.caller ??= api.operations.identify(context.request).then((auth) => ({ auth, ip: context.request.ip }));
        return await resolve(parent, withDefaults(args), await context.caller);
      } catch (err) {
        throw toGraphqlError(err, logger, context.requestId);
      }
    };
  }
  return source ? (parent) => source(parent) : undefined;
}
