// What users-permissions adds to a typed API schema (GraphQL): Strapi's `me` query and its auth
// mutations, its users and roles as documents (queries built by the surface from the find and
// findOne operations) and their create, update and delete mutations, each running the same
// operation as the REST route (so the same permissions, rate limits, checks and answers).
// Contributed through the kernel's schema hooks; no surface is imported or named.

import { STRAPI_V4_VARIANT as V4, type FieldSpec, type OperationInput, type PluginApi, type TypeSpec } from '../../core/index.js';
import { AUTH } from './auth.js';
import type { UpContext } from './context.js';
import { PLUGIN_NAME, ROLE_UID, USER_UID } from './models.js';
import { ROLE } from './role-operations.js';
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
    { name: 'UsersPermissionsCreateRolePayload', kind: 'object', fields: { ok: field('Boolean!') } },
    { name: 'UsersPermissionsUpdateRolePayload', kind: 'object', fields: { ok: field('Boolean!') } },
    { name: 'UsersPermissionsDeleteRolePayload', kind: 'object', fields: { ok: field('Boolean!') } },
    // Strapi 5 answers user writes as { data } (Strapi v4's shape has this type already)
    ...(variant === V4 ? [] : [{ name: 'UsersPermissionsUserEntityResponse', kind: 'object' as const, fields: { data: field('UsersPermissionsUser') } }]),
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

/** Users and roles written as REST writes them, answering as Strapi's GraphQL does: a user as
 *  { data }, a role as { ok }. `id` is the numeric id, as on REST. */
function documentMutations(): Record<string, FieldSpec> {
  const user = { model: USER_UID };
  const asData = (result: unknown) => ({ data: result });
  const userInput = (args: Args): unknown => args.data;
  const id = { id: { type: 'ID!' } };
  return {
    createUsersPermissionsUser: field('UsersPermissionsUserEntityResponse!', {
      args: { data: { type: 'UsersPermissionsUserInput!' } }, description: 'Create a new user',
      operation: { name: USER.create, input: (a) => ({ body: userInput(a) }), documents: user, output: asData },
    }),
    updateUsersPermissionsUser: field('UsersPermissionsUserEntityResponse!', {
      args: { ...id, data: { type: 'UsersPermissionsUserInput!' } }, description: 'Update an existing user',
      operation: { name: USER.update, input: (a) => ({ id: String(a.id), body: userInput(a) }), documents: user, output: asData },
    }),
    deleteUsersPermissionsUser: field('UsersPermissionsUserEntityResponse!', {
      args: id, description: 'Delete an existing user',
      operation: { name: USER.destroy, input: (a) => ({ id: String(a.id) }), documents: user, output: asData },
    }),
    createUsersPermissionsRole: field('UsersPermissionsCreateRolePayload', {
      args: { data: { type: 'UsersPermissionsRoleInput!' } }, description: 'Create a new role',
      operation: { name: ROLE.create, input: (a) => ({ body: a.data }) },
    }),
    updateUsersPermissionsRole: field('UsersPermissionsUpdateRolePayload', {
      args: { ...id, data: { type: 'UsersPermissionsRoleInput!' } }, description: 'Update an existing role',
      operation: { name: ROLE.update, input: (a) => ({ id: String(a.id), body: a.data }) },
    }),
    deleteUsersPermissionsRole: field('UsersPermissionsDeleteRolePayload', {
      args: id, description: 'Delete an existing role',
      operation: { name: ROLE.delete, input: (a) => ({ id: String(a.id) }) },
    }),
  };
}

export function contributeSchema(api: PluginApi, up: UpContext): void {
  // usersPermissionsUsers, usersPermissionsUser(documentId), ...Roles, ...Role: Strapi's shadow
  // CRUD queries, under the REST routes' permissions (user.find, role.find...)
  api.hooks.schemaDocuments.tap(PLUGIN_NAME, (served) => [
    ...served,
    { contentType: USER_UID, find: USER.find, findOne: USER.findOne, input: true },
    { contentType: ROLE_UID, find: ROLE.find, findOne: ROLE.findOne, input: true },
  ]);
  api.hooks.schemaInit.tap(PLUGIN_NAME, (builder) => {
    for (const type of types(up, builder.variant)) builder.addType(type, { role: 'other', owner: PLUGIN_NAME });
  });
  api.hooks.schemaFields.tap(PLUGIN_NAME, (fields, scope) => {
    if (scope.role === 'query') {
      return { ...fields, me: field('UsersPermissionsMe', { description: 'The calling user', operation: { name: USER.me, input: () => ({}) } }) };
    }
    if (scope.role === 'mutation') return { ...fields, ...mutations(), ...documentMutations() };
    // A user's password is private, yet written on create and update (as Strapi adds it back)
    if (scope.role === 'input' && scope.contentType?.uid === USER_UID) return { ...fields, password: field('String') };
    // A role's permissions are REST's nested form ({ 'api::article': { controllers: ... } }); its
    // users are given to users, not to the role
    if (scope.role === 'input' && scope.contentType?.uid === ROLE_UID) {
      const { users: _users, ...rest } = fields;
      return { ...rest, permissions: field('JSON', { description: "{ '<namespace>': { controllers: { '<controller>': { '<action>': { enabled } } } } }, as REST takes it" }) };
    }
    return fields;
  });
}
