// /admin/* sign-in routes: REST adapters over the auth operations (auth.ts). Answers are Strapi's
// `{ data }`; the refresh token travels only in an httpOnly cookie on /admin, never in a body.
// The refresh route is the only one a cookie reaches, and it checks Origin: a page of another site
// cannot make a browser swap the cookie for an access token. Every other admin route reads the
// bearer access token alone, so a cookie by itself changes nothing.

import { bearerToken, ForbiddenError, objectOf, type RequestContext, type RouteTable } from '../../core/index.js';
import { AUTH, type SignedIn } from './auth.js';
import type { AdminContext } from './context.js';
import type { Opened } from './sessions.js';

export const REFRESH_COOKIE = 'strata_admin_refresh';
const COOKIE_PATH = '/admin';

const body = (ctx: RequestContext) => ({ body: (ctx.request as { body?: unknown }).body });
const withAgent = (ctx: RequestContext) => {
  const sent = (ctx.request as { body?: unknown }).body;
  const given = typeof sent === 'object' && sent !== null && !Array.isArray(sent) ? sent : undefined;
  return { body: given ? { ...given, userAgent: ctx.get('user-agent') } : sent };
};
const data = (ctx: RequestContext, output: unknown) => { ctx.body = { data: output }; };

const str = { type: 'string' };
const password = { type: 'string', format: 'password', writeOnly: true };
const tags = ['Admin: authentication'];
const USER = { type: 'object', description: 'The administrator (no password or tokens)' };
const SIGNED_IN = { schema: objectOf({ data: objectOf({ token: str, accessToken: str, user: USER }) }) };

export function addAuthRoutes(admin: AdminContext, routes: RouteTable): void {
  const { settings } = admin;

  const setRefresh = (ctx: RequestContext, refresh: Opened) => {
    ctx.cookies.set(REFRESH_COOKIE, refresh.refreshToken, {
      httpOnly: true, sameSite: 'strict', path: COOKIE_PATH, secure: ctx.secure, overwrite: true,
      // Without "remember me", a browser-session cookie; the server's idle limit applies either way
      ...(refresh.rememberMe ? { expires: new Date(Date.parse(refresh.expiresAt)) } : {}),
    });
  };
  const clearRefresh = (ctx: RequestContext) => {
    ctx.cookies.set(REFRESH_COOKIE, '', { httpOnly: true, sameSite: 'strict', path: COOKIE_PATH, secure: ctx.secure, expires: new Date(0), overwrite: true });
  };
  const signedIn = (ctx: RequestContext, output: SignedIn) => {
    setRefresh(ctx, output.refresh);
    ctx.body = { data: { token: output.token, accessToken: output.accessToken, user: output.user } };
  };
  /** A browser sends Origin with every POST; a script of another site cannot forge it. */
  const sameOrigin = (ctx: RequestContext) => {
    const origin = ctx.get('origin');
    // Koa 3's ctx.origin is the request's Origin header: the server's own is built here
    if (origin && origin !== `${ctx.protocol}://${ctx.host}` && !settings.auth.origins.includes(origin)) {
      throw new ForbiddenError('This request comes from another origin');
    }
  };

  routes.addOperation({ method: 'GET', path: '/admin/init', operation: AUTH.init, respond: data, doc: { summary: 'Whether an administrator exists', tags } });
  routes.addOperation<SignedIn>({
    method: 'POST', path: '/admin/register-admin', operation: AUTH.registerAdmin, input: withAgent, respond: signedIn,
    doc: { summary: 'Register the first administrator (only while there is none)', tags, body: objectOf({ email: str, password, firstname: str, lastname: str }, ['lastname']), response: SIGNED_IN },
  });
  routes.addOperation<SignedIn>({
    method: 'POST', path: '/admin/login', operation: AUTH.login, input: withAgent, respond: signedIn,
    doc: { summary: 'Sign in; the refresh token is set as an httpOnly cookie', tags, body: objectOf({ email: str, password, rememberMe: { type: 'boolean' } }, ['rememberMe']), response: SIGNED_IN },
  });
  routes.addOperation<{ token: string; refresh: Opened }>({
    method: 'POST', path: '/admin/access-token', operation: AUTH.accessToken,
    input: (ctx) => {
      sameOrigin(ctx);
      return { body: { refreshToken: ctx.cookies.get(REFRESH_COOKIE) ?? '' } };
    },
    respond: (ctx, output) => { setRefresh(ctx, output.refresh); ctx.body = { data: { token: output.token } }; },
    doc: { summary: 'A new access token for the refresh cookie (which is rotated)', tags, response: { schema: objectOf({ data: objectOf({ token: str }) }) }, errors: [401, 403] },
  });
  routes.addOperation({
    method: 'POST', path: '/admin/logout', operation: AUTH.logout,
    input: (ctx) => {
      sameOrigin(ctx);
      return { body: { accessToken: bearerToken(ctx.get('authorization')) ?? '', refreshToken: ctx.cookies.get(REFRESH_COOKIE) ?? '' } };
    },
    respond: (ctx) => { clearRefresh(ctx); ctx.body = { data: {} }; },
    doc: { summary: 'End the caller\'s session (named by the access token, or by the refresh cookie) and clear the cookie', tags, errors: [403] },
  });
  routes.addOperation({ method: 'GET', path: '/admin/sessions', operation: AUTH.sessions, respond: data, doc: { summary: 'The caller\'s live sessions', tags } });
  routes.addOperation({
    method: 'DELETE', path: '/admin/sessions/:sessionId', operation: AUTH.endSession, respond: data,
    input: (ctx) => ({ id: String((ctx.params as Record<string, string>).sessionId ?? '') }),
    doc: { summary: 'End one of the caller\'s sessions', tags, errors: [404] },
  });
  routes.addOperation({
    method: 'POST', path: '/admin/forgot-password', operation: AUTH.forgotPassword, input: body,
    respond: (ctx) => { ctx.status = 204; ctx.body = null; },
    doc: { summary: 'Mail a password reset link (answers the same for unknown addresses)', tags, body: objectOf({ email: str }), response: { status: 204, description: 'Accepted' } },
  });
  routes.addOperation<SignedIn>({
    method: 'POST', path: '/admin/reset-password', operation: AUTH.resetPassword, input: withAgent, respond: signedIn,
    doc: { summary: 'Set a new password with a reset code; every other session ends', tags, body: objectOf({ resetPasswordToken: str, password }), response: SIGNED_IN },
  });
  routes.addOperation({
    method: 'GET', path: '/admin/registration-info', operation: AUTH.registrationInfo, query: ['registrationToken'],
    input: (ctx) => ({ body: { registrationToken: ctx.state.query?.registrationToken } }), respond: data,
    doc: { summary: 'Who an invitation is for', tags, query: { registrationToken: { schema: str } } },
  });
  routes.addOperation<SignedIn>({
    method: 'POST', path: '/admin/register', operation: AUTH.register, input: withAgent, respond: signedIn,
    doc: { summary: 'Complete an invitation', tags, body: objectOf({ registrationToken: str, userInfo: objectOf({ firstname: str, lastname: str, password }, ['firstname', 'lastname']) }), response: SIGNED_IN },
  });
}
