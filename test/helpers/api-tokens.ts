// Shared by the API-token suites: a salt, a client that sends a token, and the refusal envelope.

import { expect } from 'chai';
import type { ApiTokenInput } from '../../core/index.js';
import type { TestKernel, TestResponse } from './kernel.js';
import { fresh } from './suite.js';

export const TEST_SALT = 'test-salt-for-api-tokens';

export function tokenClient(app: TestKernel) {
  return {
    /** A new token's secret. */
    async secret(input: Partial<ApiTokenInput> & Pick<ApiTokenInput, 'type'>): Promise<string> {
      const { secret } = await app.kernel.apiTokens.create({ name: fresh('token'), ...input });
      return secret;
    },
    as(secret: string, method: string, path: string, body?: unknown): Promise<TestResponse> {
      return app.request(method, path, body, { authorization: `Bearer ${secret}` });
    },
  };
}

/** Strapi's envelope for a refusal. */
export function expectRefusal(res: TestResponse, status: 401 | 403, message: string): void {
  expect(res.status, res.text).to.equal(status);
  expect(res.body).to.deep.equal({
    data: null,
    error: { status, name: status === 401 ? 'UnauthorizedError' : 'ForbiddenError', message, details: {} },
  });
}

/** A datetime the way the dialect's column takes it (as the document service writes it). */
export function stamp(app: TestKernel, date: Date): string {
  return app.kernel.dialect === 'mysql' ? date.toISOString().slice(0, 23).replace('T', ' ') : date.toISOString();
}
