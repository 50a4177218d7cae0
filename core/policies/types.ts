// Policies: named checks a caller must pass before an operation or a resolver runs (is the caller
// the author? is it office hours?). Any surface asks the same registry, so a policy written once
// guards a REST route and a GraphQL resolver alike. Names and their configs are declared by
// merging into `Policies`:
//
//   declare module '../../core/index.js' {
//     interface Policies { 'is-owner': { field: string } }
//   }
//
// so a misspelt name, or a wrong config for a name, does not compile.

import type { AuthenticateRequest, AuthResult } from '../auth/types.js';

// eslint-disable-next-line @typescript-eslint/no-empty-interface -- filled by declaration merging
export interface Policies {}

export type PolicyName = keyof Policies & string;

/** What a policy sees of the call it guards. */
export interface PolicyContext {
  /** The caller (undefined: anonymous, or a public operation). */
  auth: AuthResult | undefined;
  /** The request: its headers and the client's address. An HTTP surface passes its Koa context. */
  request: AuthenticateRequest;
  /** Which surface calls: 'rest', 'graphql', or another surface's name. */
  surface: string;
  /** The arguments of the call: a resolver's arguments; a route's params, query and body. */
  args: Record<string, unknown>;
  /** GraphQL only: the parent value, the GraphQL context and the resolve info. */
  parent?: unknown;
  context?: unknown;
  info?: unknown;
  /** Values policies of one call pass to each other. */
  state: Record<string, unknown>;
}

/** A policy: true lets the call through; anything falsy refuses it (403 PolicyError). It may also
 *  throw an application error of its own (a 401, a 400 with details). */
export type PolicyFn<Config = unknown> = (context: PolicyContext, config: Config) => unknown;

/** A policy as a route or a resolver names it: a registered name, the name with its config, or a
 *  function written in place. */
export type PolicyRef =
  | { [K in PolicyName]: Policies[K] extends undefined ? K : never }[PolicyName]
  | { [K in PolicyName]: { name: K; config: Policies[K] } }[PolicyName]
  | PolicyFn<undefined>;
