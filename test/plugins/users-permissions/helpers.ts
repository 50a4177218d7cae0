// Shared by the users-permissions tests: the fixture app in ./content-types, a kernel per
// describe block with the plugin (a fixed JWT secret, emails captured in memory), and helpers to
// register users and call routes with a bearer token.
//
// Fixture app:
// - articles: title (required), secretNote (private), category (-> category), owner (-> user),
//   meta (component shared.meta: label, reviewer -> user).
// - categories: name, articles (inverse).

import { fileURLToPath } from 'node:url';
import type { KernelConfigInput } from '../../../core/index.js';
import type { EmailMessage } from '../../../plugins/users-permissions/index.js';
import type { StartOptions, TestKernel, TestResponse } from '../../helpers/kernel.js';
import { expectStatus, fresh, useKernel as useSuiteKernel } from '../../helpers/suite.js';
export { expectFieldError, expectStatus, fresh, qstring } from '../../helpers/suite.js';

export const FIXTURES = fileURLToPath(new URL('./content-types/', import.meta.url));
export const ARTICLE = 'api::article.article';
export const CATEGORY = 'api::category.category';
export const UP = 'plugin::users-permissions';
export const JWT_SECRET = 'test-jwt-secret-0123456789abcdef';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are arbitrary JSON here
export type Json = Record<string, any>;

export interface Mailbox {
  messages: EmailMessage[];
  provider: { send(m: EmailMessage): Promise<void> };
  /** Resolves once `count` messages have arrived (forgot-password mails after its answer). */
  received(count?: number): Promise<EmailMessage[]>;
}

export function mailbox(): Mailbox {
  const messages: EmailMessage[] = [];
  return {
    messages,
    provider: { send: async (m) => { messages.push(m); } },
    async received(count = 1) {
      for (let waited = 0; messages.length < count; waited += 10) {
        if (waited > 5000) throw new Error(`expected ${count} email(s) within 5 s, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return messages;
    },
  };
}

export function upConfig(plugin: Record<string, unknown> = {}, extra: KernelConfigInput = {}): KernelConfigInput {
  return {
    ...extra,
    api: { ...extra.api, rest: { strictParams: true, ...extra.api?.rest } },
    plugins: {
      'users-permissions': { enabled: true, config: { jwt: { secret: JWT_SECRET }, ratelimit: { enabled: false }, ...plugin } },
    },
  };
}

export function useKernel(plugin: Record<string, unknown> | (() => Record<string, unknown>) = {}, opts: StartOptions = {}): () => TestKernel {
  return useSuiteKernel(() => ({
    contentTypesDir: FIXTURES, ...opts, config: upConfig(typeof plugin === 'function' ? plugin() : plugin, opts.config),
  }));
}

export function bearer(jwt: string): Record<string, string> {
  return { authorization: `Bearer ${jwt}` };
}

/** Registers a fresh user; returns its jwt, user and password. */
export async function register(app: TestKernel, prefix = 'user'): Promise<{ jwt: string; user: Json; password: string }> {
  const name = fresh(prefix).replace(/\W+/g, '_');
  const password = `pw-${name}`;
  const res = await app.post('/api/auth/local/register', { username: name, email: `${name}@example.com`, password });
  expectStatus(res, 200, 'register');
  return { jwt: res.body.jwt, user: res.body.user, password };
}

export function as(app: TestKernel, jwt: string | undefined) {
  const headers = jwt ? bearer(jwt) : {};
  return {
    get: (path: string): Promise<TestResponse> => app.request('GET', path, undefined, headers),
    post: (path: string, body: unknown): Promise<TestResponse> => app.request('POST', path, body, headers),
    put: (path: string, body: unknown): Promise<TestResponse> => app.request('PUT', path, body, headers),
    del: (path: string): Promise<TestResponse> => app.request('DELETE', path, undefined, headers),
  };
}
