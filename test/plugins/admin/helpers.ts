// Admin API helpers for the tests: a kernel with the admin plugin beside the example app's
// plugins, the first administrator, and requests carrying an access token or a cookie.

import { expect } from 'chai';
import type { StartOptions, TestKernel, TestResponse } from '../../helpers/kernel.js';
import type { Json } from '../../helpers/suite.js';

export const PASSWORD = 'Correct-Horse-9';

/** The example app's plugins and the admin plugin (rate limits off unless a test turns them on). */
export function adminOptions(extra: Record<string, unknown> = {}): StartOptions {
  return {
    config: {
      plugins: {
        'draft-and-publish': { enabled: true },
        i18n: { enabled: true, config: { locales: ['en', 'fr', 'de'], defaultLocale: 'en' } },
        'users-permissions': { enabled: true, config: { jwt: { secret: 'a test secret of enough length' } } },
        graphql: { enabled: true },
        admin: { enabled: true, config: { auth: { secret: 'an admin test secret, long enough' }, rateLimit: { enabled: false }, ...extra } },
      },
    },
  };
}

export interface Session { token: string; cookie: string; user: Json }

/** The refresh cookie a response set, as a Cookie header value. */
export function refreshCookie(res: TestResponse): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('strata_admin_refresh='));
  expect(set, `no refresh cookie in ${JSON.stringify(res.headers.getSetCookie())}`).to.not.equal(undefined);
  return set!.split(';')[0]!;
}

export async function registerFirstAdmin(app: TestKernel, email = 'ada@example.com'): Promise<Session> {
  const res = await app.post('/admin/register-admin', { email, password: PASSWORD, firstname: 'Ada', lastname: 'Lovelace' });
  expect(res.status, res.text).to.equal(200);
  return { token: res.body.data.token, cookie: refreshCookie(res), user: res.body.data.user };
}

export async function login(app: TestKernel, email: string, password = PASSWORD): Promise<Session> {
  const res = await app.post('/admin/login', { email, password });
  expect(res.status, res.text).to.equal(200);
  return { token: res.body.data.token, cookie: refreshCookie(res), user: res.body.data.user };
}

/** A request with the session's bearer access token. */
export function as(app: TestKernel, session: { token: string }) {
  const h = { authorization: `Bearer ${session.token}` };
  return {
    get: (path: string) => app.request('GET', path, undefined, h),
    post: (path: string, body?: unknown) => app.request('POST', path, body ?? {}, h),
    put: (path: string, body: unknown) => app.request('PUT', path, body, h),
    del: (path: string) => app.request('DELETE', path, undefined, h),
  };
}
