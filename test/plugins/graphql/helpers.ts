// Shared by the GraphQL tests: a kernel per describe block on the example app's content types with
// the graphql plugin (and draft-and-publish and i18n unless asked otherwise), and a client that
// POSTs { query, variables } over real HTTP.
//
// Example app: articles (localized, draft-and-publish; every attribute kind: media, relations to
// categories/authors/articles, component seo, dynamic zone blocks), authors, categories, global
// (single type).

import { expect } from 'chai';
import type { KernelConfigInput } from '../../../core/index.js';
import type { StartOptions, TestKernel } from '../../helpers/kernel.js';
import { useKernel as useSuiteKernel, type Json } from '../../helpers/suite.js';
export { fresh, type Json } from '../../helpers/suite.js';

export interface GqlResponse {
  status: number;
  headers: Headers;
  body: Json;
  text: string;
}

export function gqlConfig(graphql: Record<string, unknown> = {}, extra: KernelConfigInput = {}, plugins: Record<string, unknown> = {}): KernelConfigInput {
  return {
    ...extra,
    plugins: {
      'draft-and-publish': true,
      i18n: { enabled: true, config: { locales: ['en', 'fr'], defaultLocale: 'en' } },
      // Compiled from the first run: what a hot document runs in production (the fuzz test
      // compares it with graphql-js's interpreter). Before the other plugins, as in the example
      // app, so a plugin extending the schema can depend on it
      graphql: { enabled: true, config: { jit: 0, ...graphql } },
      ...plugins,
    },
  };
}

/** users-permissions as the GraphQL tests enable it: a fixed JWT secret, the rate limit off unless
 *  `config` sets one. */
export function upPlugin(config: Record<string, unknown> = {}): Record<string, unknown> {
  return { 'users-permissions': { enabled: true, config: { jwt: { secret: 'test-jwt-secret-0123456789abcdef' }, ratelimit: { enabled: false }, ...config } } };
}

/** `pluginsConfig`: more plugins (or false to switch off draft-and-publish or i18n). */
export function useGraphqlKernel(graphql: Record<string, unknown> = {}, opts: StartOptions & { pluginsConfig?: Record<string, unknown> } = {}): () => TestKernel {
  const { pluginsConfig, ...rest } = opts;
  return useSuiteKernel(() => ({ ...rest, config: gqlConfig(graphql, opts.config, pluginsConfig) }));
}

/** POSTs a GraphQL request and parses the answer. */
export async function gql(app: TestKernel, query: string, variables?: Json, headers: Record<string, string> = {}): Promise<GqlResponse> {
  const res = await fetch(`${app.url}${app.kernel.service('graphql').settings.endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  let body: Json = {};
  try { body = JSON.parse(text) as Json; } catch { body = { raw: text }; }
  return { status: res.status, headers: res.headers, body, text };
}

/** The data of an answer that must have no errors. */
export async function gqlData(app: TestKernel, query: string, variables?: Json, headers?: Record<string, string>): Promise<Json> {
  const res = await gql(app, query, variables, headers);
  expect(res.body.errors, res.text).to.equal(undefined);
  expect(res.status, res.text).to.equal(200);
  return res.body.data as Json;
}

/** The one error of an answer, checked for Strapi's shape; returns it. */
export function oneError(res: GqlResponse, code: string): Json {
  const errors = res.body.errors as Json[] | undefined;
  expect(errors, res.text).to.be.an('array').with.lengthOf(1);
  const error = errors![0]!;
  expect(error.extensions?.code, res.text).to.equal(code);
  expect(res.text).to.not.match(/at .*\.(ts|js):\d+|node_modules|SELECT |select /);
  return error;
}
