// Which settings operations the audit log lists, and what of them: each is wrapped once every
// plugin has defined its operations (operations.update, the registry's seam for wrapping another
// owner's run), so that core's webhooks, i18n's locales and users-permissions' roles are listed
// without any of them knowing. A payload holds names and ids only: never a secret, a password or
// a header's value.

import type { OperationDefinition, OperationRegistry } from '../../../core/index.js';
import { adminActor } from './actor.js';
import type { AuditLog } from './audit-log.js';

/** Operation name → audit action (Strapi EE's names where it has them). */
const AUDITED: Readonly<Record<string, string>> = {
  'admin::api-tokens.create': 'api-token.create',
  'admin::api-tokens.update': 'api-token.update',
  'admin::api-tokens.regenerate': 'api-token.regenerate',
  'admin::api-tokens.delete': 'api-token.delete',
  'admin::roles.create': 'role.create',
  'admin::roles.update': 'role.update',
  'admin::roles.set-permissions': 'role.update',
  'admin::roles.delete': 'role.delete',
  'admin::roles.batch-delete': 'role.delete',
  'admin::users.create': 'user.create',
  'admin::users.update': 'user.update',
  'admin::users.delete': 'user.delete',
  'admin::users.batch-delete': 'user.delete',
  'admin::users.me.update': 'user.update',
  'admin::auth.register-admin': 'admin.register',
  'admin::auth.register': 'user.register',
  'admin::auth.reset-password': 'admin.password.reset',
  'admin::auth.end-session': 'admin.session.end',
  'admin::webhooks.create': 'webhook.create',
  'admin::webhooks.update': 'webhook.update',
  'admin::webhooks.delete': 'webhook.delete',
  'plugin::i18n.locale.create': 'locale.create',
  'plugin::i18n.locale.update': 'locale.update',
  'plugin::i18n.locale.delete': 'locale.delete',
  'plugin::users-permissions.role.createRole': 'end-user-role.create',
  'plugin::users-permissions.role.updateRole': 'end-user-role.update',
  'plugin::users-permissions.role.deleteRole': 'end-user-role.delete',
  'plugin::users-permissions.settings.updateAdvancedSettings': 'end-user-settings.update',
  'plugin::users-permissions.settings.updateEmailTemplate': 'end-user-email-templates.update',
  // The content-type builder's one write: types, components and attributes added, changed, renamed or removed
  'plugin::content-type-builder.update-schema': 'content-type.update',
};

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const KEPT = ['id', 'documentId', 'name', 'code', 'email', 'type'];

function payloadOf(op: OperationDefinition, input: Raw, output: unknown): Raw {
  const payload: Raw = { operation: op.name };
  const subject = isObject(output) && isObject(output.data) ? output.data : output;
  if (typeof input.id === 'string' || typeof input.id === 'number') payload.id = input.id;
  if (isObject(subject)) for (const key of KEPT) if (subject[key] !== undefined && subject[key] !== null && typeof subject[key] !== 'object') payload[key] ??= subject[key];
  // Whom a sign-in flow signed in
  if (isObject(subject) && isObject(subject.user) && typeof subject.user.email === 'string') payload.email ??= subject.user.email;
  // Which ids a batch removed
  const ids = isObject(input.body) ? (input.body as Raw).ids : undefined;
  if (Array.isArray(ids)) payload.ids = ids.filter((v) => typeof v === 'number' || typeof v === 'string').slice(0, 100);
  return payload;
}

export function auditOperations(operations: OperationRegistry, audit: AuditLog): void {
  for (const [name, action] of Object.entries(AUDITED)) {
    if (!operations.has(name)) continue;
    operations.update(name, (op) => ({
      ...op,
      run: async (input, call) => {
        const output = await op.run(input, call);
        // A sign-in flow (registration, reset) has no caller yet: the administrator it signed in acted
        const signedIn = isObject(output) && isObject(output.user) && typeof output.user.id === 'number' && typeof output.user.email === 'string'
          ? adminActor(output.user as { id: number; email: string }) : undefined;
        await audit.record({ action, ip: call.ip, payload: payloadOf(op, input as Raw, output), ...(signedIn && !call.auth ? { actor: signedIn } : { auth: call.auth }) });
        return output;
      },
    }));
  }
}
