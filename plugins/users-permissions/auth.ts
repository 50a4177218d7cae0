// The auth flows as operations: login, register, password reset and change, email confirmation.
// They answer with bare objects as Strapi does ({ jwt, user }, { ok: true }); errors are the usual
// application errors. REST (routes-auth.ts) and any other surface run them through the runner.

import { ApplicationError, ValidationError, type OperationCall, type OperationDefinition } from '../../core/index.js';
import { checkBody, checkEmail, checkPassword, checkUsername, confirmedPassword, requiredString } from './body.js';
import { hashCode, isCodeShaped, newCode } from './codes.js';
import type { UpContext } from './context.js';
import { PLUGIN_NAME, USER_UID } from './models.js';
import { UP } from './permissions.js';
import { callerOf } from './strategy.js';
import { hashPassword, type AuthUser } from './users.js';

const INVALID_LOGIN = 'Invalid identifier or password';
const BLOCKED = 'Your account has been blocked by an administrator';

export const AUTH = {
  login: `${UP}.auth.callback`,
  register: `${UP}.auth.register`,
  forgotPassword: `${UP}.auth.forgotPassword`,
  resetPassword: `${UP}.auth.resetPassword`,
  changePassword: `${UP}.auth.changePassword`,
  emailConfirmation: `${UP}.auth.emailConfirmation`,
  sendEmailConfirmation: `${UP}.auth.sendEmailConfirmation`,
} as const;

export interface Session { jwt: string; user: unknown }

export function authOperations(up: UpContext): OperationDefinition[] {
  const { settings, users } = up;

  const session = async (user: AuthUser): Promise<Session> => ({
    jwt: up.jwt.issue(user),
    user: await users.public(user.id),
  });

  const expired = (at: string | null) => at === null || new Date(at).getTime() < Date.now();

  /** Login, register and the other flows anyone may start: their action is only a name (no
   *  permission can restrict them; allowRegister closes registration). */
  const flow = (name: string, description: string, run: (body: unknown, call: OperationCall) => Promise<unknown>, open = true): OperationDefinition => ({
    name, owner: PLUGIN_NAME, kind: 'write', params: [], public: open, description,
    run: (input, call) => run(input.body, call),
  });

  return [
    flow(AUTH.login, 'Logs in with an email or username and a password', async (raw, call) => {
      const body = checkBody(raw, ['identifier', 'password']);
      await up.rateLimit(call, AUTH.login, body.identifier);
      const identifier = requiredString(body, 'identifier');
      const password = requiredString(body, 'password');
      const user = await users.byIdentifier(identifier);
      if (!(await users.checkPassword(user, password)) || !user) throw new ValidationError(INVALID_LOGIN);
      if (settings.emailConfirmation && !user.confirmed) throw new ApplicationError('Your account email is not confirmed');
      if (user.blocked) throw new ApplicationError(BLOCKED);
      return session(user);
    }),

    flow(AUTH.register, 'Creates an account (and logs in, unless the email must be confirmed first)', async (raw, call) => {
      const body = checkBody(raw, ['username', 'email', 'password', ...settings.registerAllowedFields]);
      await up.rateLimit(call, AUTH.register, body.email);
      if (!settings.allowRegister) throw new ApplicationError('Register action is currently disabled');
      const username = checkUsername(body.username);
      const email = checkEmail(body.email);
      // Hashed before the uniqueness check, so a taken name answers no faster than a free one
      const password = await hashPassword(checkPassword(body.password));
      if (await users.takenBy({ username, email })) throw new ApplicationError('Email or Username are already taken');
      // The default role, or Authenticated when it was deleted since the settings were read
      const role = await up.permissions.roleByType(settings.defaultRole) ?? await up.permissions.roleByType('authenticated');
      const extra = Object.fromEntries(settings.registerAllowedFields.filter((k) => k in body).map((k) => [k, body[k]]));
      const confirmation = settings.emailConfirmation ? newCode() : undefined;
      const doc = await up.api.documents(USER_UID).create({
        data: {
          ...extra, username, email, password, provider: 'local', role: role?.documentId ?? null,
          confirmed: !settings.emailConfirmation,
          ...(confirmation ? { confirmationToken: confirmation.hash, confirmationExpiresAt: new Date(Date.now() + settings.codeTtl).toISOString() } : {}),
        },
        source: 'internal',
      });
      const user = await users.byId(doc.id);
      if (!user) throw new ApplicationError('Registration failed');
      if (confirmation) {
        sendConfirmation(up, user, confirmation.code);
        return { user: await users.public(user.id) };
      }
      return session(user);
    }),

    flow(AUTH.forgotPassword, 'Mails a password reset code to a known address', async (raw, call) => {
      const body = checkBody(raw, ['email']);
      await up.rateLimit(call, AUTH.forgotPassword, body.email);
      const email = checkEmail(body.email);
      const user = await users.byEmail(email);
      // Known and unknown addresses answer alike and after the same one lookup; storing the code
      // and mailing it happen after the answer.
      if (user && !user.blocked) {
        up.afterResponse('forgot-password', async () => {
          const { code, hash } = newCode();
          await users.update(user, { resetPasswordToken: hash, resetPasswordExpiresAt: new Date(Date.now() + settings.codeTtl).toISOString() });
          sendResetLink(up, user, code);
        });
      }
      return { ok: true };
    }),

    flow(AUTH.resetPassword, 'Sets a new password with a reset code', async (raw, call) => {
      const body = checkBody(raw, ['code', 'password', 'passwordConfirmation']);
      await up.rateLimit(call, AUTH.resetPassword, undefined);
      const code = requiredString(body, 'code');
      const password = confirmedPassword(body);
      const hash = isCodeShaped(code) ? hashCode(code) : undefined;
      const user = hash ? await users.byField('resetPasswordToken', hash) : undefined;
      if (!hash || !user || expired(user.resetPasswordExpiresAt)) throw new ValidationError('Incorrect code provided');
      if (user.blocked) throw new ApplicationError(BLOCKED);
      const consumed = await users.consume(user, 'resetPasswordToken', hash, {
        password: await hashPassword(password), resetPasswordToken: null, resetPasswordExpiresAt: null,
        tokenVersion: user.tokenVersion + 1,
      });
      if (!consumed) throw new ValidationError('Incorrect code provided');
      return session({ ...user, tokenVersion: user.tokenVersion + 1 });
    }),

    flow(AUTH.changePassword, "Changes the caller's password", async (raw, call) => {
      const body = checkBody(raw, ['currentPassword', 'password', 'passwordConfirmation']);
      await up.rateLimit(call, AUTH.changePassword, undefined);
      const current = requiredString(body, 'currentPassword');
      const password = confirmedPassword(body);
      const caller = callerOf(call.auth);
      if (!caller) throw new ApplicationError('You must be authenticated to reset your password');
      const user = await users.byId(caller.id);
      if (!user || !(await users.checkPassword(user, current))) throw new ValidationError('The provided current password is invalid');
      if (current === password) throw new ValidationError('Your new password must be different than your current password');
      await users.update(user, { password: await hashPassword(password), tokenVersion: user.tokenVersion + 1 });
      return session({ ...user, tokenVersion: user.tokenVersion + 1 });
    }, false),

    flow(AUTH.emailConfirmation, 'Confirms an email address with the mailed code', async (raw) => {
      const code = (raw as { confirmation?: unknown } | undefined)?.confirmation;
      const hash = isCodeShaped(code) ? hashCode(code) : undefined;
      const user = hash ? await users.byField('confirmationToken', hash) : undefined;
      if (!hash || !user || expired(user.confirmationExpiresAt)) throw new ValidationError('Invalid token');
      if (!(await users.consume(user, 'confirmationToken', hash, { confirmed: true, confirmationToken: null, confirmationExpiresAt: null }))) {
        throw new ValidationError('Invalid token');
      }
      return { user: await users.public(user.id) };
    }),

    // Stricter than Strapi: the same answer for unknown, confirmed and blocked addresses
    flow(AUTH.sendEmailConfirmation, 'Mails a new confirmation code to an unconfirmed address', async (raw, call) => {
      const body = checkBody(raw, ['email']);
      await up.rateLimit(call, AUTH.sendEmailConfirmation, body.email);
      const email = checkEmail(body.email);
      const user = await users.byEmail(email);
      if (user && !user.confirmed && !user.blocked) {
        const { code, hash } = newCode();
        await users.update(user, { confirmationToken: hash, confirmationExpiresAt: new Date(Date.now() + settings.codeTtl).toISOString() });
        sendConfirmation(up, user, code);
      }
      return { email, sent: true };
    }),
  ];
}

// Strapi's variables: URL is the page the code goes to, TOKEN or CODE the code (email-templates.ts)
function sendResetLink(up: UpContext, user: AuthUser, code: string): void {
  const { resetPasswordUrl, serverUrl } = up.settings;
  up.sendEmail('resetPassword', user.email, {
    URL: resetPasswordUrl, TOKEN: code, SERVER_URL: serverUrl, 'USER.username': user.username, 'USER.email': user.email,
  });
}

/** Where a confirmation email's link points (the REST route that confirms the code). */
export const confirmationUrl = (up: UpContext): string => `${up.settings.serverUrl}${up.api.config.api.rest.prefix}/auth/email-confirmation`;

function sendConfirmation(up: UpContext, user: AuthUser, code: string): void {
  const { serverUrl } = up.settings;
  up.sendEmail('emailConfirmation', user.email, {
    URL: confirmationUrl(up), CODE: code, SERVER_URL: serverUrl,
    'USER.username': user.username, 'USER.email': user.email,
  });
}
