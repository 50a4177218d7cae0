// What users-permissions adds to a typed API schema (GraphQL): Strapi's `me` query and its auth
// mutations, each running the same operation as the REST route (so the same rate limits, checks
// and answers). Contributed through the kernel's schema hooks; no surface is imported or named.

import { STRAPI_V4_VARIANT as V4, type FieldSpec, type OperationInput, type PluginApi, type TypeSpec } from '../../core/index.js';
import { AUTH } from './auth.js';
import type { UpContext } from './context.js';
import { PLUGIN_NAME } from './models.js';
import { USER } from './user-operations.js';

const field = (type: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ type, args: {}, ...extra });
const required = (...names: string[]) => Object.fromEntries(names.map((name) => [name, { type: 'String!' }]));

/** Strapi v4's shape (variant 'strapi-v4') has no documentId: its `id` is the documentId, as
 *  on every other type of that shape. */
function idFields(variant: string | undefined, flat: Record<string, FieldSpec>): Record<string, FieldSpec> {
  return variant === V4 ? { id: field('ID!', { source: (parent) => (parent as { documentId?: unknown } | null)?.documentId }) } : flat;
}

function types(up: UpContext, variant: string | undefined): TypeSpec[] {
  return [
    {
      name: 'UsersPermissionsMe', kind: 'object', description: 'The calling user',
      fields: {
        ...idFields(variant, { id: field('ID!'), documentId: field('ID!') }), username: field('String!'), email: field('String'),
        confirmed: field('Boolean'), blocked: field('Boolean'),
        role: field('UsersPermissionsMeRole', { resolve: (parent) => roleOf(up, parent) }),
      },
    },
    {
      name: 'UsersPermissionsMeRole', kind: 'object',
      fields: { ...idFields(variant, { id: field('ID!') }), name: field('String!'), description: field('String'), type: field('String') },
    },
    {
      name: 'UsersPermissionsLoginInput', kind: 'input',
      fields: { identifier: field('String!'), password: field('String!'), provider: field('String') },
    },
    {
      name: 'UsersPermissionsRegisterInput', kind: 'input',
      fields: { username: field('String!'), email: field('String!'), password: field('String!') },
    },
    {
      name: 'UsersPermissionsLoginPayload', kind: 'object',
      description: 'A session: jwt is null when the account must confirm its email first, and after an email confirmation',
      fields: { jwt: field('String'), user: field('UsersPermissionsMe!') },
    },
    { name: 'UsersPermissionsPasswordPayload', kind: 'object', fields: { ok: field('Boolean!') } },
  ];
}

/** The role of a user the answer holds (a login's, me's): one lookup, for one user. */
async function roleOf(up: UpContext, parent: unknown): Promise<unknown> {
  const id = (parent as { id?: unknown } | null)?.id;
  if (typeof id !== 'number') return null;
  const user = await up.users.byId(id);
  return user?.roleId ? (await up.permissions.roleById(user.roleId)) ?? null : null;
}

type Args = Record<string, unknown>;
const body = (pick: (args: Args) => unknown) => (args: Args): OperationInput => ({ body: pick(args) });

/** `provider` is Strapi's login input field; only the local provider exists. */
function loginBody(args: Args): unknown {
  const { provider: _provider, ...rest } = (args.input ?? {}) as Record<string, unknown>;
  return rest;
}

function mutations(): Record<string, FieldSpec> {
  return {
    login: field('UsersPermissionsLoginPayload!', {
      args: { input: { type: 'UsersPermissionsLoginInput!' } }, description: 'Logs in with an email or username and a password',
      operation: { name: AUTH.login, input: body(loginBody) },
    }),
    register: field('UsersPermissionsLoginPayload!', {
      args: { input: { type: 'UsersPermissionsRegisterInput!' } }, description: 'Creates an account',
      operation: { name: AUTH.register, input: body((a) => a.input) },
    }),
    forgotPassword: field('UsersPermissionsPasswordPayload', {
      args: { email: { type: 'String!' } }, description: 'Mails a password reset code to a known address',
      operation: { name: AUTH.forgotPassword, input: body((a) => ({ email: a.email })) },
    }),
    resetPassword: field('UsersPermissionsLoginPayload', {
      args: required('password', 'passwordConfirmation', 'code'), description: 'Sets a new password with a reset code',
      operation: { name: AUTH.resetPassword, input: body((a) => ({ code: a.code, password: a.password, passwordConfirmation: a.passwordConfirmation })) },
    }),
    changePassword: field('UsersPermissionsLoginPayload', {
      args: required('currentPassword', 'password', 'passwordConfirmation'), description: "Changes the caller's password",
      operation: { name: AUTH.changePassword, input: body((a) => ({ currentPassword: a.currentPassword, password: a.password, passwordConfirmation: a.passwordConfirmation })) },
    }),
    emailConfirmation: field('UsersPermissionsLoginPayload', {
      args: required('confirmation'), description: 'Confirms an email address with the mailed code',
      operation: { name: AUTH.emailConfirmation, input: body((a) => ({ confirmation: a.confirmation })) },
    }),
  };
}

export function contributeSchema(api: PluginApi, up: UpContext): void {
  api.hooks.schemaInit.tap(PLUGIN_NAME, (builder) => {
    for (const type of types(up, builder.variant)) builder.addType(type, { role: 'other', owner: PLUGIN_NAME });
  });
  api.hooks.schemaFields.tap(PLUGIN_NAME, (fields, scope) => {
    if (scope.role === 'query') {
      return { ...fields, me: field('UsersPermissionsMe', { description: 'The calling user', operation: { name: USER.me, input: () => ({}) } }) };
    }
    if (scope.role === 'mutation') return { ...fields, ...mutations() };
    return fields;
  });
}
