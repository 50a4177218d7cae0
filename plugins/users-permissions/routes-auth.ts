// /api/auth/*: REST adapters over the auth operations (auth.ts). Answers are the operations'
// bare objects; email confirmation redirects.

import { modelSchema, objectOf, type RequestContext, type RouteTable } from '../../core/index.js';
import { AUTH } from './auth.js';
import type { UpContext } from './context.js';
import { USER_UID } from './models.js';

const body = (ctx: RequestContext) => ({ body: (ctx.request as { body?: unknown }).body });
const bare = (ctx: RequestContext, output: unknown) => { ctx.body = output; };

const str = { type: 'string' };
const password = { type: 'string', format: 'password', writeOnly: true };
const tags = ['Auth'];
const user = modelSchema(USER_UID);
/** What login, register (without email confirmation) and the password changes answer. */
const SESSION = { schema: objectOf({ jwt: str, user }) };
const OK = { schema: objectOf({ ok: { const: true } }) };

export function addAuthRoutes(up: UpContext, routes: RouteTable): void {
  const at = (path: string) => `${up.api.config.api.rest.prefix}${path}`;
  routes.addOperation({
    method: 'POST', path: at('/auth/local'), operation: AUTH.login, input: body, respond: bare,
    doc: { summary: 'Log in with a username or email and a password', tags, body: objectOf({ identifier: str, password }), response: SESSION },
  });
  routes.addOperation({
    method: 'POST', path: at('/auth/local/register'), operation: AUTH.register, input: body, respond: bare,
    doc: {
      summary: 'Register a user', description: 'With email confirmation on, the answer has no jwt until the address is confirmed.', tags,
      body: { ...objectOf({ username: str, email: { type: 'string', format: 'email' }, password }), additionalProperties: true },
      response: { schema: objectOf({ jwt: str, user }, ['jwt']) },
    },
  });
  routes.addOperation({
    method: 'POST', path: at('/auth/forgot-password'), operation: AUTH.forgotPassword, input: body, respond: bare,
    doc: { summary: 'Mail a password reset code', tags, body: objectOf({ email: { type: 'string', format: 'email' } }), response: OK },
  });
  routes.addOperation({
    method: 'POST', path: at('/auth/reset-password'), operation: AUTH.resetPassword, input: body, respond: bare,
    doc: { summary: 'Set a new password with a reset code', tags, body: objectOf({ code: str, password, passwordConfirmation: password }), response: SESSION },
  });
  routes.addOperation({
    method: 'POST', path: at('/auth/change-password'), operation: AUTH.changePassword, input: body, respond: bare,
    doc: { summary: "Change the caller's password", tags, body: objectOf({ currentPassword: password, password, passwordConfirmation: password }), response: SESSION },
  });
  routes.addOperation({
    method: 'GET', path: at('/auth/email-confirmation'), operation: AUTH.emailConfirmation, query: ['confirmation'],
    input: (ctx) => ({ body: { confirmation: ctx.state.query?.confirmation } }),
    respond: (ctx) => { ctx.redirect(up.settings.emailConfirmationRedirect); },
    doc: {
      summary: 'Confirm an email address (the link mailed)', tags, response: { status: 302, description: 'To the configured page' },
      query: { confirmation: { schema: str, description: 'The mailed code' } },
    },
  });
  routes.addOperation({
    method: 'POST', path: at('/auth/send-email-confirmation'), operation: AUTH.sendEmailConfirmation, input: body, respond: bare,
    doc: {
      summary: 'Mail a new confirmation code', tags, body: objectOf({ email: { type: 'string', format: 'email' } }),
      response: { schema: objectOf({ email: str, sent: { const: true } }) },
    },
  });
}
