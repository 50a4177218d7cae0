// Settings > API tokens: Strapi 5's /admin/api-tokens over core's token service. Operations of the
// admin realm, one per permission (admin::api-tokens.read lists, or reads one given an id). A
// secret is answered once, as `accessKey`, by create and regenerate; only its hash is stored.
// Lifespans travel in milliseconds, as Strapi's admin API has them (core keeps days).

import {
  API_TOKEN_LIFESPANS, API_TOKEN_TYPES, checkBody, fieldError, listOf, NotFoundError, numericId, objectOf,
  type ApiToken, type Body, type DocSchema, type OperationDefinition, type OperationInput, type RequestContext, type RouteTable,
} from '../../core/index.js';
import type { AdminContext } from './context.js';
import { PLUGIN_NAME } from './models.js';

export const API_TOKENS = {
  read: 'admin::api-tokens.read',
  create: 'admin::api-tokens.create',
  update: 'admin::api-tokens.update',
  regenerate: 'admin::api-tokens.regenerate',
  delete: 'admin::api-tokens.delete',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const LIFESPANS_MS = API_TOKEN_LIFESPANS.map((days) => days * DAY_MS);

/** A token as the admin API shows it: Strapi's keys, the lifespan in milliseconds. */
export interface AdminApiToken extends Omit<ApiToken, 'lifespan'> { lifespan: number | null }

const shown = (token: ApiToken): AdminApiToken => ({ ...token, lifespan: token.lifespan === null ? null : token.lifespan * DAY_MS });

/** Milliseconds (Strapi's 7, 30 or 90 days), or null: core's days. */
function lifespanDays(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  const at = LIFESPANS_MS.indexOf(value as number);
  if (typeof value !== 'number' || at < 0) {
    throw fieldError('lifespan', `lifespan must be one of the following values: ${LIFESPANS_MS.join(', ')} (7, 30 or 90 days in milliseconds), or null for unlimited`);
  }
  return API_TOKEN_LIFESPANS[at]!;
}

/** null means "not given" for permissions, as Strapi's schema lets it be null. */
const permissionsOf = (body: Body) => (body.permissions === null || body.permissions === undefined ? undefined : body.permissions as string[]);

export function tokenOperations(admin: AdminContext): OperationDefinition[] {
  const tokens = () => admin.api.apiTokens();
  const idOf = (input: OperationInput): number => {
    const id = numericId(input.id);
    if (id === undefined) throw new NotFoundError('API Token not found');
    return id;
  };
  const found = <T>(value: T | undefined): T => {
    if (value === undefined) throw new NotFoundError('API Token not found');
    return value;
  };
  const op = (name: string, kind: 'read' | 'write', description: string, run: OperationDefinition['run']): OperationDefinition => ({
    name, owner: PLUGIN_NAME, kind, params: [], realm: 'admin', description, run,
  });

  return [
    op(API_TOKENS.read, 'read', 'Lists the API tokens, or reads one (never a secret)', async (input) => (input.id === undefined
      ? (await tokens().list()).map(shown)
      : shown(found(await tokens().get({ id: idOf(input) }))))),

    op(API_TOKENS.create, 'write', 'Creates an API token; its secret is answered once', async (input) => {
      const body = checkBody(input.body, ['name', 'description', 'type', 'permissions', 'lifespan']);
      const lifespan = lifespanDays(body.lifespan);
      const permissions = permissionsOf(body);
      const { token, secret } = await tokens().create({
        name: body.name as string, type: body.type as ApiToken['type'], description: body.description as string | null | undefined, lifespan,
        ...(permissions !== undefined ? { permissions } : {}),
      });
      return { ...shown(token), accessKey: secret };
    }),

    op(API_TOKENS.update, 'write', 'Changes an API token\'s name, description, type or permissions', async (input) => {
      const id = idOf(input);
      const body = checkBody(input.body, ['name', 'description', 'type', 'permissions', 'lifespan']);
      if (body.lifespan !== undefined) throw fieldError('lifespan', 'lifespan cannot change: create a new token for another lifespan');
      const permissions = permissionsOf(body);
      return shown(found(await tokens().update({ id }, {
        ...(body.name !== undefined ? { name: body.name as string } : {}),
        ...(body.description !== undefined ? { description: body.description as string | null } : {}),
        ...(body.type !== undefined ? { type: body.type as ApiToken['type'] } : {}),
        ...(permissions !== undefined ? { permissions } : {}),
      })));
    }),

    op(API_TOKENS.regenerate, 'write', 'Gives an API token a new secret, answered once; the old one stops working', async (input) => {
      const made = found(await tokens().regenerate({ id: idOf(input) }));
      return { id: made.token.id, accessKey: made.secret };
    }),

    op(API_TOKENS.delete, 'write', 'Revokes (deletes) an API token', async (input) => shown(found(await tokens().revoke({ id: idOf(input) })))),
  ];
}

const str = { type: 'string' };
const date = { type: 'string', format: 'date-time' };
const TOKEN_FIELDS: Record<string, DocSchema> = {
  id: { type: 'integer' }, name: str, description: { type: ['string', 'null'] }, type: { enum: [...API_TOKEN_TYPES] },
  lifespan: { type: ['integer', 'null'], enum: [...LIFESPANS_MS, null], description: 'Milliseconds' },
  permissions: listOf(str), createdAt: date, updatedAt: date, expiresAt: { type: ['string', 'null'], format: 'date-time' },
  lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
};
const TOKEN = objectOf(TOKEN_FIELDS);
const SECRET = { type: 'string', description: 'The secret, shown this once: send it as Authorization: Bearer <accessKey>' };
const data = (schema: DocSchema): { schema: DocSchema } => ({ schema: objectOf({ data: schema }) });
const CHANGE_FIELDS: Record<string, DocSchema> = {
  name: str, description: { type: ['string', 'null'] }, type: { enum: [...API_TOKEN_TYPES] },
  permissions: { type: ['array', 'null'], items: str, description: 'custom tokens: actions such as api::article.article.find' },
};
const CREATE = objectOf({
  ...CHANGE_FIELDS, lifespan: { type: ['integer', 'null'], enum: [...LIFESPANS_MS, null], description: 'Milliseconds; null never expires' },
}, ['description', 'permissions', 'lifespan']);
const CHANGE = objectOf(CHANGE_FIELDS, Object.keys(CHANGE_FIELDS));

const idParam = (ctx: RequestContext) => ({ id: String((ctx.params as Record<string, string>).id ?? '') });
const withBody = (ctx: RequestContext) => ({ ...idParam(ctx), body: (ctx.request as { body?: unknown }).body });
const answer = (status: number) => (ctx: RequestContext, output: unknown) => { ctx.status = status; ctx.body = { data: output }; };

export function addTokenRoutes(routes: RouteTable): void {
  const tags = ['Admin: API tokens'];
  const at = '/admin/api-tokens';
  routes.addOperation({ method: 'GET', path: at, operation: API_TOKENS.read, respond: answer(200), doc: { summary: 'List the API tokens', tags, response: data(listOf(TOKEN)) } });
  routes.addOperation({
    method: 'POST', path: at, operation: API_TOKENS.create, input: withBody, respond: answer(201),
    doc: { summary: 'Create an API token (its accessKey is shown this once)', tags, body: CREATE, response: { status: 201, ...data(objectOf({ ...TOKEN_FIELDS, accessKey: SECRET })) } },
  });
  routes.addOperation({ method: 'GET', path: `${at}/:id`, operation: API_TOKENS.read, input: idParam, respond: answer(200), doc: { summary: 'Read an API token', tags, response: data(TOKEN), errors: [404] } });
  routes.addOperation({
    method: 'PUT', path: `${at}/:id`, operation: API_TOKENS.update, input: withBody, respond: answer(200),
    doc: { summary: 'Change an API token (not its lifespan)', tags, body: CHANGE, response: data(TOKEN), errors: [404] },
  });
  routes.addOperation({ method: 'DELETE', path: `${at}/:id`, operation: API_TOKENS.delete, input: idParam, respond: answer(200), doc: { summary: 'Revoke an API token', tags, response: data(TOKEN), errors: [404] } });
  routes.addOperation({
    method: 'POST', path: `${at}/:id/regenerate`, operation: API_TOKENS.regenerate, input: idParam, respond: answer(201),
    doc: { summary: 'Give an API token a new secret (shown this once)', tags, response: { status: 201, ...data(objectOf({ id: { type: 'integer' }, accessKey: SECRET })) }, errors: [404] },
  });
}
