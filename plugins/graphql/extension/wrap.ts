// resolversConfig applied to a resolver: the permission (auth), the policies, and the
// middlewares around it all. A generated field that runs an operation hands its auth and policies
// to the operation runner (the same place REST's are checked); anything else is checked here
// through the kernel's authorize and policy registry.

import { defaultFieldResolver, valueFromAST, type GraphQLField } from 'graphql';
import { denial, isAnonymous, type PluginApi, type RunOptions } from '../../../core/index.js';
import { toGraphqlError } from '../errors.js';
import type { GraphqlContext } from '../context.js';
import type { ExtensionRegistry } from './registry.js';
import type { Coordinate, ResolverConfig, ResolverFn } from './types.js';

/** The permission action a custom field needs when its config does not say: an explicit grant,
 *  never public by default. */
export const customAction = (coordinate: string) => `plugin::graphql.${coordinate}`;

/** What the runner checks for a generated operation field with this config. */
export function runOptionsOf(config: ResolverConfig | undefined, withPolicies: boolean): RunOptions {
  const out: RunOptions = {};
  if (config?.auth === false) out.scope = false;
  else if (config?.auth) out.scope = config.auth.scope;
  if (withPolicies && config?.policies?.length) out.policies = config.policies;
  return out;
}

export interface GuardOptions {
  api: PluginApi;
  coordinate: Coordinate;
  config: ResolverConfig | undefined;
  /** The permission actions when the config names none (undefined: none, a generated field's). */
  defaultScope: readonly string[] | undefined;
  /** A custom field: the caller must be identified, whatever its permissions. */
  identified: boolean;
  /** Cleans the answer (private fields of documents). */
  clean?: (value: unknown) => unknown;
}

/** A resolver that checks its permission and policies first (a custom field, or a generated one
 *  that does not run an operation). */
export function guarded(resolver: ResolverFn, options: GuardOptions): ResolverFn {
  const { api, config, coordinate, clean } = options;
  const scope = config?.auth === false ? [] : config?.auth?.scope ?? options.defaultScope ?? [];
  const identified = config?.auth === undefined && options.identified;
  const policies = config?.policies ?? [];
  api.policies.assertKnown(policies, `resolversConfig['${coordinate}']`);
  if (!scope.length && !identified && !policies.length && !clean) return resolver;
  return async (parent, args, context, info) => {
    try {
      if (scope.length || identified || policies.length) {
        const auth = await api.operations.identify(context.request);
        if (identified && isAnonymous(auth)) throw denial(auth, undefined, api.config.api.auth.anonymousStatus);
        for (const action of scope) await api.authorize(auth, action);
        if (policies.length) {
          await api.policies.check(policies, { auth, request: context.request, surface: 'graphql', args, parent, context, info, state: {} });
        }
      }
      const value = await resolver(parent, args, context, info);
      return clean ? clean(value) : value;
    } catch (err) {
      throw toGraphqlError(err, api.logger, context.requestId);
    }
  };
}

/** The resolver inside its middlewares, the first listed outermost. */
export function withMiddlewares(resolver: ResolverFn, config: ResolverConfig | undefined, extensions: ExtensionRegistry, coordinate: string, api: PluginApi): ResolverFn {
  const list = (config?.middlewares ?? []).map((ref, i) => extensions.middleware(ref, `resolversConfig['${coordinate}'].middlewares[${i}]`));
  return list.reduceRight<ResolverFn>((next, middleware) => async (parent, args, context, info) => {
    try {
      return await middleware(next, parent, args, context, info);
    } catch (err) {
      throw toGraphqlError(err, api.logger, context.requestId);
    }
  }, resolver);
}

/** The field's own value when nothing resolves it: its parent's property. */
export const readProperty: ResolverFn = (parent, args, context, info) => defaultFieldResolver(parent, args, context, info);

/** graphql-jit leaves an absent argument undefined where graphql-js gives its default (SDL-built
 *  arguments carry their default as a literal): fill them in for custom resolvers as well. */
export function withArgumentDefaults(resolver: ResolverFn, field: GraphQLField<unknown, GraphqlContext>): ResolverFn {
  const defaults: Array<[string, unknown]> = [];
  for (const arg of field.args) {
    const literal = arg.default?.literal;
    const value = arg.default && 'value' in arg.default ? arg.default.value : literal ? valueFromAST(literal, arg.type) : undefined;
    if (value !== undefined) defaults.push([arg.name, value]);
  }
  if (!defaults.length) return resolver;
  return (parent, args, context, info) => {
    let filled = args;
    for (const [name, value] of defaults) if (filled[name] === undefined) filled = { ...filled, [name]: value };
    return resolver(parent, filled, context, info);
  };
}
