// /api/auth/*: REST adapters over the auth operations (auth.ts). Answers are the operations'
// bare objects; email confirmation redirects.

import type { RequestContext, RouteTable } from '../../core/index.js';
import { AUTH } from './auth.js';
import type { UpContext } from './context.js';

const body = (ctx: RequestContext) => ({ body: (ctx.request as { body?: unknown }).body });
const bare = (ctx: RequestContext, output: unknown) => { ctx.body = output; };

export function addAuthRoutes(up: UpContext, routes: RouteTable): void {
  const at = (path: string) => `${up.api.config.api.rest.prefix}${path}`;
  routes.addOperation({ method: 'POST', path: at('/auth/local'), operation: AUTH.login, input: body, respond: bare });
  routes.addOperation({ method: 'POST', path: at('/auth/local/register'), operation: AUTH.register, input: body, respond: bare });
  routes.addOperation({ method: 'POST', path: at('/auth/forgot-password'), operation: AUTH.forgotPassword, input: body, respond: bare });
  routes.addOperation({ method: 'POST', path: at('/auth/reset-password'), operation: AUTH.resetPassword, input: body, respond: bare });
  routes.addOperation({ method: 'POST', path: at('/auth/change-password'), operation: AUTH.changePassword, input: body, respond: bare });
  routes.addOperation({
    method: 'GET', path: at('/auth/email-confirmation'), operation: AUTH.emailConfirmation, query: ['confirmation'],
    input: (ctx) => ({ body: { confirmation: ctx.state.query?.confirmation } }),
    respond: (ctx) => { ctx.redirect(up.settings.emailConfirmationRedirect); },
  });
  routes.addOperation({ method: 'POST', path: at('/auth/send-email-confirmation'), operation: AUTH.sendEmailConfirmation, input: body, respond: bare });
}
