// /api/auth/*: login, register, password reset and change, email confirmation. Answers are bare
// objects as in Strapi ({ jwt, user }, { ok: true }), errors the usual envelope.

import { ApplicationError, ValidationError, type RouteDefinition } from '../../core/index.js';
import { bodyOf, checkEmail, checkPassword, checkUsername, confirmedPassword, requiredString } from './body.js';
import { hashCode, isCodeShaped, newCode } from './codes.js';
import type { UpContext } from './context.js';
import { UP } from './permissions.js';
import { USER_UID } from './models.js';
import { callerOf } from './strategy.js';
import { hashPassword, type AuthUser } from './users.js';

const INVALID_LOGIN = 'Invalid identifier or password';
const BLOCKED = 'Your account has been blocked by an administrator';

export function authRoutes(up: UpContext): RouteDefinition[] {
  const { settings, users } = up;

  const session = async (user: AuthUser) => ({
    jwt: up.jwt.issue(user),
    user: await users.public(user.id),
  });

  const expired = (at: string | null) => at === null || new Date(at).getTime() < Date.now();

  return [
    up.publicRoute('POST', '/auth/local', `${UP}.auth.callback`, async (ctx) => {
      const body = bodyOf(ctx, ['identifier', 'password']);
      await up.rateLimit(ctx, body.identifier);
      const identifier = requiredString(body, 'identifier');
      const password = requiredString(body, 'password');
      const user = await users.byIdentifier(identifier);
      if (!(await users.checkPassword(user, password)) || !user) throw new ValidationError(INVALID_LOGIN);
      if (settings.emailConfirmation && !user.confirmed) throw new ApplicationError('Your account email is not confirmed');
      if (user.blocked) throw new ApplicationError(BLOCKED);
      ctx.body = await session(user);
    }),

    up.publicRoute('POST', '/auth/local/register', `${UP}.auth.register`, async (ctx) => {
      const body = bodyOf(ctx, ['username', 'email', 'password', ...settings.registerAllowedFields]);
      await up.rateLimit(ctx, body.email);
      if (!settings.allowRegister) throw new ApplicationError('Register action is currently disabled');
      const username = checkUsername(body.username);
      const email = checkEmail(body.email);
      // Hashed before the uniqueness check, so a taken name answers no faster than a free one
      const password = await hashPassword(checkPassword(body.password));
      if (await users.takenBy({ username, email })) throw new ApplicationError('Email or Username are already taken');
      const role = await up.permissions.roleByType('authenticated');
      const extra = Object.fromEntries(settings.registerAllowedFields.filter((k) => k in body).map((k) => [k, body[k]]));
      const confirmation = settings.emailConfirmation ? newCode() : undefined;
      const doc = await up.kernel.documents(USER_UID).create({
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
        sendConfirmation(up, user.email, confirmation.code);
        ctx.body = { user: await users.public(user.id) };
        return;
      }
      ctx.body = await session(user);
    }),

    up.publicRoute('POST', '/auth/forgot-password', `${UP}.auth.forgotPassword`, async (ctx) => {
      const body = bodyOf(ctx, ['email']);
      await up.rateLimit(ctx, body.email);
      const email = checkEmail(body.email);
      const user = await users.byEmail(email);
      // Known and unknown addresses answer alike and after the same one lookup; storing the code
      // and mailing it happen after the answer.
      if (user && !user.blocked) {
        up.afterResponse('forgot-password', async () => {
          const { code, hash } = newCode();
          await users.update(user, { resetPasswordToken: hash, resetPasswordExpiresAt: new Date(Date.now() + settings.codeTtl).toISOString() });
          up.sendEmail({
            to: user.email,
            subject: 'Reset password',
            text: `We heard that you lost your password. Use this link to reset it (valid ${Math.round(settings.codeTtl / 60_000)} minutes):\n${settings.resetPasswordUrl}?code=${code}`,
          });
        });
      }
      ctx.body = { ok: true };
    }),

    up.publicRoute('POST', '/auth/reset-password', `${UP}.auth.resetPassword`, async (ctx) => {
      const body = bodyOf(ctx, ['code', 'password', 'passwordConfirmation']);
      await up.rateLimit(ctx, undefined);
      const code = requiredString(body, 'code');
      const password = confirmedPassword(body);
      const user = isCodeShaped(code) ? await users.byField('resetPasswordToken', hashCode(code)) : undefined;
      if (!user || expired(user.resetPasswordExpiresAt)) throw new ValidationError('Incorrect code provided');
      if (user.blocked) throw new ApplicationError(BLOCKED);
      await users.update(user, {
        password: await hashPassword(password), resetPasswordToken: null, resetPasswordExpiresAt: null,
        tokenVersion: user.tokenVersion + 1,
      });
      ctx.body = await session({ ...user, tokenVersion: user.tokenVersion + 1 });
    }),

    up.route('POST', '/auth/change-password', `${UP}.auth.changePassword`, async (ctx) => {
      const body = bodyOf(ctx, ['currentPassword', 'password', 'passwordConfirmation']);
      await up.rateLimit(ctx, undefined);
      const current = requiredString(body, 'currentPassword');
      const password = confirmedPassword(body);
      const caller = callerOf(ctx);
      if (!caller) throw new ApplicationError('You must be authenticated to reset your password');
      const user = await users.byId(caller.id);
      if (!user || !(await users.checkPassword(user, current))) throw new ValidationError('The provided current password is invalid');
      if (current === password) throw new ValidationError('Your new password must be different than your current password');
      await users.update(user, { password: await hashPassword(password), tokenVersion: user.tokenVersion + 1 });
      ctx.body = await session({ ...user, tokenVersion: user.tokenVersion + 1 });
    }),

    up.publicRoute('GET', '/auth/email-confirmation', `${UP}.auth.emailConfirmation`, async (ctx) => {
      const code = ctx.state.query?.confirmation;
      const user = isCodeShaped(code) ? await users.byField('confirmationToken', hashCode(code)) : undefined;
      if (!user || expired(user.confirmationExpiresAt)) throw new ValidationError('Invalid token');
      await users.update(user, { confirmed: true, confirmationToken: null, confirmationExpiresAt: null });
      ctx.redirect(settings.emailConfirmationRedirect);
    }, ['confirmation']),

    // Stricter than Strapi: the same answer for unknown, confirmed and blocked addresses
    up.publicRoute('POST', '/auth/send-email-confirmation', `${UP}.auth.sendEmailConfirmation`, async (ctx) => {
      const body = bodyOf(ctx, ['email']);
      await up.rateLimit(ctx, body.email);
      const email = checkEmail(body.email);
      const user = await users.byEmail(email);
      if (user && !user.confirmed && !user.blocked) {
        const { code, hash } = newCode();
        await users.update(user, { confirmationToken: hash, confirmationExpiresAt: new Date(Date.now() + settings.codeTtl).toISOString() });
        sendConfirmation(up, user.email, code);
      }
      ctx.body = { email, sent: true };
    }),
  ];
}

function sendConfirmation(up: UpContext, to: string, code: string): void {
  up.sendEmail({
    to,
    subject: 'Account confirmation',
    text: `Thank you for registering! Confirm your email address with this link:\n${up.settings.serverUrl}${up.kernel.config.api.rest.prefix}/auth/email-confirmation?confirmation=${code}`,
  });
}

