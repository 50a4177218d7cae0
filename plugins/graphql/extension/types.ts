// The extension API's types: what an app or a plugin passes to the graphql service's use(), and
// the middlewares it may name. They reach callers through the service's declaration (index.ts),
// so no caller imports this folder.

import type * as graphqlModule from 'graphql';
import type { GraphQLNamedType, GraphQLResolveInfo, GraphQLSchema } from 'graphql';
import type { PolicyRef, ResolverMiddlewares } from '../../../core/index.js';
import type { GraphqlContext } from '../context.js';

/** A resolver as graphql-js calls it. */
export type ResolverFn = (parent: unknown, args: Record<string, unknown>, context: GraphqlContext, info: GraphQLResolveInfo) => unknown;

/** Runs around a resolver: call `next` (with the same or changed arguments) for its value. */
export type ResolverMiddleware = (
  next: ResolverFn, parent: unknown, args: Record<string, unknown>, context: GraphqlContext, info: GraphQLResolveInfo,
) => unknown;

type MiddlewareName = keyof ResolverMiddlewares & string;

/** A registered middleware: built once per resolver it wraps, from the options it is named with. */
export type MiddlewareFactory<Options = undefined> = (options: Options) => ResolverMiddleware;

export type MiddlewareRef =
  | { [K in MiddlewareName]: ResolverMiddlewares[K] extends undefined ? K : never }[MiddlewareName]
  | { [K in MiddlewareName]: { name: K; options: ResolverMiddlewares[K] } }[MiddlewareName]
  | ResolverMiddleware;

/** A resolver's options, keyed by its coordinate: `Query.articles`, `Mutation.createArticle`,
 *  `Article.title`. */
export interface ResolverConfig {
  /** false: anyone may call it; { scope }: the caller needs every one of these permission actions
   *  (instead of the generated field's own, or of a custom field's `plugin::graphql.<Type>.<field>`). */
  auth?: false | { scope: readonly string[] };
  /** Checked after the permission, before the resolver: a falsy answer is a FORBIDDEN error. */
  policies?: readonly PolicyRef[];
  /** Run around the resolver, the first outermost. */
  middlewares?: readonly MiddlewareRef[];
}

export type Coordinate = `${string}.${string}`;

/** Resolvers by type and field; a generated field's resolver given here replaces it. */
export type Resolvers = Record<string, Record<string, ResolverFn>>;

export interface GraphqlExtension {
  /** Types built with graphql-js (take the module from the helper: the server's own copy). */
  types?: readonly GraphQLNamedType[];
  /** Types in SDL, `extend type Query { ... }` included. */
  typeDefs?: string;
  /** Transforms of the built schema, in order. */
  plugins?: ReadonlyArray<(schema: GraphQLSchema) => GraphQLSchema>;
  resolvers?: Resolvers;
  resolversConfig?: Partial<Record<Coordinate, ResolverConfig>>;
}

/** What the function form of use() receives. */
export interface ExtensionHelper {
  /** The graphql module the server runs (build `types` with it: a second copy of graphql-js
   *  cannot be mixed with the first). */
  graphql: typeof graphqlModule;
  /** The generated schema's shape: 'flat' (Strapi 5) or 'v4'. */
  shape: 'flat' | 'v4';
  /** Type names the generator gives a content type or component: `typeName('api::article.article')`
   *  is `Article`. */
  typeName(uid: string): string;
  /** A generated resolver, to call from an override (it runs the generated operation with its
   *  permission check); a field without one reads the parent's property. */
  generated(coordinate: Coordinate): ResolverFn;
}

export type ExtensionInput = GraphqlExtension | ((helper: ExtensionHelper) => GraphqlExtension);
