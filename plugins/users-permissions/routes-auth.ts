// /api/auth/*: REST adapters over the auth operations (auth.ts). Answers are the operations'
// bare objects; email confirmation redirects; a spent rate-limit budget answers Retry-After.

import type { OperationRouteSpec, RequestContext, RouteTable } from '../../core/index.js';
import { AUTH } from './auth.js';
import type { UpContext } from './context.js';
import { retryAfterOf } from './rate-limit.js';

const body = (ctx: RequestContext) => ({ body: (ctx.request as { body?: unknown }).body });
const bare = (ctx: RequestContext, output: unknown) => { ctx.body = output; };

/** Adds the route, its handler wrapped so a 429 of the auth budgets says when to come back (the
 *  error boundary keeps headers set before it writes the envelope). */
function addAuthRoute(routes: RouteTable, spec: OperationRouteSpec): void {
  routes.addOperation(spec);
  routes.update(spec.method, spec.path, (route) => ({
    ...route,
    handler: async (ctx) => {
      try {
        await route.handler(ctx);
      } catch (err) {
        const seconds = retryAfterOf(err);
        if (seconds !== undefined) ctx.set('Retry-After', String(seconds));
        throw err;
      }
    },
  }));
}

export function addAuthRoutes(up: UpContext, routes: RouteTable): void {
  const at = (path: string) => `${up.api.config.api.rest.prefix}${path}`;
  const add = (spec: OperationRouteSpec) => addAuthRoute(routes, spec);
  add({ method: 'POST', path: at('/auth/local'), operation: AUTH.login, input: body, respond: bare });
  add({ method: 'POST', path: at('/auth/local/register'), operation: AUTH.register, input: body, respond: bare });
  add({ method: 'POST', path: at('/auth/forgot-password'), operation: AUTH.forgotPassword, input: body, respond: bare });
  add({ method: 'POST', path: at('/auth/reset-password'), operation: AUTH.resetPassword, input: body, respond: bare });
  add({ method: 'POST', path: at('/auth/change-password'), operation: AUTH.changePassword, input: body, respond: bare });
  add({
    method: 'GET', path: at('/auth/email-confirmation'), operation: AUTH.emailConfirmation, query: ['confirmation'],
    input: (ctx) => ({ body: { confirmation: ctx.state.query?.confirmation } }),
    respond: (ctx) => { ctx.redirect(up.settings.emailConfirmationRedirect); },
  });
  add({ method: 'POST', path: at('/auth/send-email-confirmation'), operation: AUTH.sendEmailConfirmation, input: body, respond: bare });
}
