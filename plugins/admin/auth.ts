// Signing in, as operations of the admin realm: the first administrator's registration, login,
// refreshing and ending a session, one's own sessions, forgotten passwords and invitations. They
// answer with bare objects; a session's refresh token rides beside the answer (`refresh`) for the
// surface to put where a script cannot read it (REST: an httpOnly cookie).

import {
  ApplicationError, checkBody, checkEmail, fieldError, NotFoundError, requiredString, UnauthorizedError, ValidationError,
  type Body, type OperationCall, type OperationDefinition,
} from '../../core/index.js';
import { SUPER_ADMIN_CODE } from './actions.js';
import { hashOf, newCode } from './codes.js';
import { recordOperation } from './operation.js';
import type { AdminContext } from './context.js';
import { PLUGIN_NAME } from './models.js';
import { checkPassword, passwordMatches } from './passwords.js';
import type { Opened } from './sessions.js';
import { adminOf } from './strategy.js';
import { adminActor } from './history/actor.js';
import { publicUser, type AdminUser, type StoredUser } from './users.js';

export const AUTH = {
  init: 'admin::auth.init',
  registerAdmin: 'admin::auth.register-admin',
  login: 'admin::auth.login',
  accessToken: 'admin::auth.access-token',
  logout: 'admin::auth.logout',
  sessions: 'admin::auth.sessions',
  endSession: 'admin::auth.end-session',
  forgotPassword: 'admin::auth.forgot-password',
  resetPassword: 'admin::auth.reset-password',
  registrationInfo: 'admin::auth.registration-info',
  register: 'admin::auth.register',
} as const;

/** What a sign-in answers: Strapi's { token, accessToken, user }, and the refresh token. */
export interface SignedIn { token: string; accessToken: string; user: AdminUser; refresh: Opened }

const INVALID_LOGIN = 'Invalid credentials';

export function authOperations(admin: AdminContext): OperationDefinition[] {
  const { users, sessions, settings } = admin;

  const signIn = async (user: StoredUser, call: OperationCall, rememberMe: boolean, userAgent: string): Promise<SignedIn> => {
    const refresh = await sessions.open(user.id, { rememberMe, ip: call.ip, userAgent });
    const token = admin.tokens.issue({ userId: user.id, sessionId: refresh.sessionId });
    return { token, accessToken: token, user: publicUser(user), refresh };
  };

  const open = (name: string, kind: 'read' | 'write', description: string, run: (body: Body, call: OperationCall) => Promise<unknown>): OperationDefinition => ({
    name, owner: PLUGIN_NAME, kind, params: [], public: true, realm: 'admin', description,
    run: (input, call) => run((input.body ?? {}) as Body, call),
  });
  const own = recordOperation;

  return [
    open(AUTH.init, 'read', 'Whether an administrator exists yet', async () => ({ uuid: false, hasAdmin: (await users.count()) > 0, menuLogo: null, authLogo: null })),

    open(AUTH.registerAdmin, 'write', 'Registers the first administrator (only while there is none)', async (raw, call) => {
      const body = checkBody(raw, ['email', 'password', 'firstname', 'lastname', 'userAgent']);
      await admin.rateLimit(call, AUTH.registerAdmin, body.email);
      const email = checkEmail(body.email);
      const password = checkPassword(body.password);
      const firstname = requiredString(body, 'firstname');
      const lastname = typeof body.lastname === 'string' ? body.lastname : null;
      // One lock for every instance: of two first registrations, the second finds an administrator
      const user = await admin.api.exclusive('admin.register-admin', async () => {
        if ((await users.count()) > 0) throw new ApplicationError('You cannot register a new super admin');
        const role = await admin.roles.byCode(SUPER_ADMIN_CODE);
        if (!role) throw new ApplicationError('The Super Admin role is missing');
        const doc = await users.docs.create({ data: { email, password, firstname, lastname, isActive: true, roles: [role.documentId] } });
        return users.byId(doc.id);
      });
      return signIn(user!, call, false, String(body.userAgent ?? ''));
    }),

    open(AUTH.login, 'write', 'Signs in with an email and a password', async (raw, call) => {
      const body = checkBody(raw, ['email', 'password', 'rememberMe', 'userAgent']);
      await admin.rateLimit(call, AUTH.login, body.email);
      const email = typeof body.email === 'string' ? body.email : '';
      const password = requiredString(body, 'password');
      const user = email ? await users.byEmail(email) : undefined;
      // Never the password: the address tried, and why it was refused
      const refused = (reason: string) => admin.audit.record({ action: 'admin.auth.failure', ip: call.ip, payload: { email: email.slice(0, 255), reason } });
      if (!(await passwordMatches(password, user?.password)) || !user) {
        await refused(user ? 'wrong password' : 'no such administrator');
        throw new ValidationError(INVALID_LOGIN);
      }
      if (!user.isActive) { await refused('not active'); throw new ApplicationError('User not active'); }
      if (user.blocked) { await refused('blocked'); throw new ApplicationError('Your account has been blocked'); }
      const signedIn = await signIn(user, call, body.rememberMe === true, String(body.userAgent ?? ''));
      await admin.audit.record({ action: 'admin.auth.success', actor: adminActor(user), ip: call.ip, payload: { email: user.email } });
      return signedIn;
    }),

    open(AUTH.accessToken, 'write', 'Swaps a refresh token for an access token and the next refresh token', async (raw) => {
      const body = checkBody(raw, ['refreshToken']);
      const rotated = await sessions.rotate(body.refreshToken);
      const user = await users.byId(rotated.userId);
      if (!user || !user.isActive || user.blocked) {
        await sessions.end(rotated.sessionId);
        throw new UnauthorizedError('Invalid refresh token');
      }
      const token = admin.tokens.issue({ userId: user.id, sessionId: rotated.sessionId });
      return { token, refresh: rotated };
    }),

    open(AUTH.logout, 'write', 'Ends a session: the one the access token names, or else the refresh token\'s', async (raw, call) => {
      const body = checkBody(raw, ['accessToken', 'refreshToken']);
      // An expired access token still names its session: logging out after an idle half hour works
      const claims = typeof body.accessToken === 'string' ? admin.tokens.verify(body.accessToken, { ignoreExpiration: true }) : undefined;
      let ended: number | undefined;
      if (claims && await sessions.isLive(claims.sessionId, claims.userId)) {
        await sessions.end(claims.sessionId);
        ended = claims.userId;
      } else ended = await sessions.endWithRefreshToken(body.refreshToken);
      const user = ended !== undefined ? await users.byId(ended) : undefined;
      if (user) await admin.audit.record({ action: 'admin.logout', actor: adminActor(user), ip: call.ip, payload: { email: user.email } });
      return { ended: true };
    }),

    own(AUTH.sessions, 'read', 'The caller\'s live sessions', async (_input, call) => {
      const me = adminOf(call.auth)!;
      return (await sessions.listOf(me.id)).map((s) => ({ ...s, current: s.sessionId === me.sessionId }));
    }),

    own(AUTH.endSession, 'write', 'Ends one of the caller\'s sessions', async ({ id }, call) => {
      const me = adminOf(call.auth)!;
      const mine = (await sessions.listOf(me.id)).some((s) => s.sessionId === id);
      if (!mine || !id || !(await sessions.end(id))) throw new NotFoundError('Not Found');
      return { sessionId: id, ended: true };
    }),

    open(AUTH.forgotPassword, 'write', 'Mails a password reset link, if the address has an active account', async (raw, call) => {
      const body = checkBody(raw, ['email']);
      await admin.rateLimit(call, AUTH.forgotPassword, body.email);
      const email = checkEmail(body.email);
      // The answer is the same, and as fast, whether or not the address is known
      admin.afterResponse('forgot-password', async () => {
        const user = await users.byEmail(email);
        if (!user || !user.isActive || user.blocked) return;
        const { code, hash } = newCode();
        const expires = new Date(Date.now() + settings.resetPasswordTokenLifespan * 1000).toISOString();
        await users.docs.update({ documentId: user.documentId, data: { resetPasswordToken: hash, resetPasswordExpiresAt: expires } });
        await admin.sendResetEmail(user.email, {
          URL: `${settings.url}/auth/reset-password?code=${code}`,
          'USER.firstname': user.firstname ?? '', 'USER.lastname': user.lastname ?? '', 'USER.email': user.email,
        });
      });
      return null;
    }),

    open(AUTH.resetPassword, 'write', 'Sets a new password with a reset code, ending every other session', async (raw, call) => {
      const body = checkBody(raw, ['resetPasswordToken', 'password', 'userAgent']);
      await admin.rateLimit(call, AUTH.resetPassword, 'reset');
      const code = requiredString(body, 'resetPasswordToken');
      const password = checkPassword(body.password);
      const user = await users.byToken('resetPasswordToken', hashOf(code));
      if (!user || expired(user.resetPasswordExpiresAt) || user.blocked) throw new ValidationError('Invalid or expired reset code');
      // The precondition consumes the code once, even against a concurrent reset with it
      const done = await users.docs.update({
        documentId: user.documentId, filters: { resetPasswordToken: { $eq: user.resetPasswordToken } },
        data: { password, resetPasswordToken: null, resetPasswordExpiresAt: null },
      });
      if (!done) throw new ValidationError('Invalid or expired reset code');
      await sessions.endAllOf(user.id);
      return signIn(user, call, false, String(body.userAgent ?? ''));
    }),

    open(AUTH.registrationInfo, 'read', 'Who an invitation is for', async (raw) => {
      const code = typeof raw.registrationToken === 'string' ? raw.registrationToken : '';
      const user = code ? await users.byToken('registrationToken', hashOf(code)) : undefined;
      if (!user || expired(user.registrationExpiresAt)) throw new ValidationError('Invalid registrationToken');
      return { email: user.email, firstname: user.firstname, lastname: user.lastname };
    }),

    open(AUTH.register, 'write', 'Completes an invitation: sets the password and signs in', async (raw, call) => {
      const body = checkBody(raw, ['registrationToken', 'userInfo', 'userAgent']);
      await admin.rateLimit(call, AUTH.register, 'register');
      const code = requiredString(body, 'registrationToken');
      const info = checkBody(body.userInfo ?? {}, ['firstname', 'lastname', 'password']);
      const password = checkPassword(info.password, 'userInfo.password');
      const firstname = typeof info.firstname === 'string' && info.firstname ? info.firstname : undefined;
      if (info.firstname !== undefined && !firstname) throw fieldError('userInfo.firstname', 'userInfo.firstname must be a non-empty string');
      const user = await users.byToken('registrationToken', hashOf(code));
      // A blocked account stays blocked: an invitation does not lift it
      if (!user || expired(user.registrationExpiresAt) || user.blocked) throw new ValidationError('Invalid registrationToken');
      const done = await users.docs.update({
        documentId: user.documentId, filters: { registrationToken: { $eq: user.registrationToken } },
        data: {
          password, isActive: true, registrationToken: null, registrationExpiresAt: null,
          ...(firstname ? { firstname } : {}), ...(typeof info.lastname === 'string' ? { lastname: info.lastname } : {}),
        },
      });
      if (!done) throw new ValidationError('Invalid registrationToken');
      const fresh = await users.byId(user.id);
      return signIn(fresh!, call, false, String(body.userAgent ?? ''));
    }),
  ];
}

function expired(at: string | null): boolean {
  return at === null || Date.parse(at) < Date.now();
}
