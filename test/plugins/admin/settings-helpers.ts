// Shared by the settings suites: administrators whose role grants chosen settings permissions
// (made through the document service, as an invitation accepted would leave them), and the check
// that every route of an API refuses whoever may not call it.

import { expect } from 'chai';
import type { TestKernel, TestResponse } from '../../helpers/kernel.js';
import { fresh } from '../../helpers/suite.js';
import { login, PASSWORD, type Session } from './helpers.js';

/** An active administrator whose only role grants exactly these settings actions. */
export async function adminWith(app: TestKernel, actions: readonly string[]): Promise<Session> {
  const tag = fresh('settings').replace(/\W+/g, '-').toLowerCase();
  const role = await app.kernel.documents('admin::role').create({ data: { name: `Role ${tag}`, code: `role-${tag}` } });
  if (actions.length) {
    await app.kernel.documents('admin::permission').createMany({
      data: actions.map((action) => ({ action, subject: null, properties: {}, conditions: [], actionParameters: {}, role: role.documentId })),
    });
  }
  const email = `${tag}@example.com`;
  await app.kernel.documents('admin::user').create({ data: { email, password: PASSWORD, firstname: 'Role', lastname: tag, isActive: true, roles: [role.documentId] } });
  return login(app, email);
}

export interface GuardedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** The admin permission the route needs. */
  action: string;
}

const send = (app: TestKernel, route: GuardedRoute, headers: Record<string, string> = {}): Promise<TestResponse> =>
  app.request(route.method, route.path, route.body ?? (route.method === 'POST' || route.method === 'PUT' ? {} : undefined), headers);

const what = (route: GuardedRoute, who: string) => `${route.method} ${route.path} (${who})`;

/**
 * Every route: 401 without a token, with an end user's JWT and with a full-access API token; 403
 * to an administrator granted any other one action of `all` (an ability grants the union of its
 * actions, so no other set of them grants it either); past the permission check (no 401 or 403)
 * for one granted only the route's action. Routes run in the order given: only that last request
 * of each changes anything.
 */
export async function expectGuarded(app: TestKernel, routes: readonly GuardedRoute[], all: readonly string[]): Promise<void> {
  const reader = fresh('reader').replace(/\W+/g, '');
  const user = await app.post('/api/auth/local/register', { username: reader, email: `${reader}@example.com`, password: 'reader-password' });
  expect(user.status, user.text).to.equal(200);
  const { secret } = await app.kernel.apiTokens.create({ name: fresh('full'), type: 'full-access' });
  for (const route of routes) {
    for (const [who, headers] of [['anonymous', {}], ['end user JWT', { authorization: `Bearer ${user.body.jwt}` }], ['API token', { authorization: `Bearer ${secret}` }]] as const) {
      const res = await send(app, route, headers);
      expect(res.status, `${what(route, who)}: ${res.text}`).to.equal(401);
      expect(res.body.error.name).to.equal('UnauthorizedError');
    }
  }
  const only = new Map<string, Session>();
  for (const action of all) only.set(action, await adminWith(app, [action]));
  for (const route of routes) {
    for (const action of all.filter((a) => a !== route.action)) {
      const refused = await send(app, route, { authorization: `Bearer ${only.get(action)!.token}` });
      expect(refused.status, `${what(route, `with only ${action}`)}: ${refused.text}`).to.equal(403);
      expect(refused.body.error.name).to.equal('ForbiddenError');
    }
    const allowed = await send(app, route, { authorization: `Bearer ${only.get(route.action)!.token}` });
    expect(allowed.status, `${what(route, `with only ${route.action}`)}: ${allowed.text}`).to.not.be.oneOf([401, 403]);
  }
}
