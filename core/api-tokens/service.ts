// kernel.apiTokens: creates, lists, changes, regenerates and revokes tokens, and looks one up for
// the authenticate tap.
// Rows are read and written with knex directly: the table is core's bookkeeping, not content, so
// no document-service hook (draft-and-publish scoping, sanitizers) has any business touching it.

import type { Knex } from 'knex';
import { fromDb, toDb } from '../database/codecs.js';
import type { Dialect } from '../database/connection.js';
import { SCHEMA_STATE_TABLE } from '../database/naming.js';
import { newDocumentId } from '../documents/document-id.js';
import { UnauthorizedError, ValidationError } from '../errors/index.js';
import type { Logger } from '../log/logger.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { Ability } from '../auth/types.js';
import { abilityFor, checkPermissions, invalid } from './ability.js';
import { checkDescription, checkLifespan, checkName, checkType, expiresAt } from './input.js';
import { API_TOKEN_TABLE } from './model.js';
import { hashSecret, newSecret } from './secret.js';
import { limitRows } from '../database/limit.js';
import type {
  ApiToken, ApiTokenChange, ApiTokenCredentials, ApiTokenInput, ApiTokenLifespan, ApiTokenRef, ApiTokenType, CreatedApiToken,
} from './types.js';

/** lastUsedAt is a hint for operators, not an audit log: one write per token per hour at most. */
const LAST_USED_RESOLUTION_MS = 60 * 60 * 1000;

const LISTED = ['id', 'name', 'description', 'type', 'lifespan', 'permissions', 'created_at', 'updated_at', 'expires_at', 'last_used_at'];
const AUTH_COLUMNS = ['id', 'name', 'type', 'permissions', 'expires_at', 'last_used_at'];

type Row = Record<string, unknown>;

export interface ApiTokenServiceDeps {
  knex: Knex;
  dialect: Dialect;
  salt: string;
  registry: ModelRegistry;
  /** Every permission action that exists (a custom token may name only those). */
  knownActions(): Set<string>;
  logger: Logger;
}

export class ApiTokenService {
  readonly #deps: ApiTokenServiceDeps;
  #known?: Set<string>;

  constructor(deps: ApiTokenServiceDeps) {
    this.#deps = deps;
  }

  /** Creates a token and returns its secret, which is not stored and cannot be shown again. */
  async create(input: ApiTokenInput): Promise<CreatedApiToken> {
    const name = checkName(input.name);
    const type = checkType(input.type);
    const lifespan = checkLifespan(input.lifespan);
    const description = checkDescription(input.description);
    let permissions: string[] = [];
    if (type === 'custom') {
      permissions = checkPermissions(input.permissions, this.#knownActions(), this.#deps.registry);
    } else if (input.permissions !== undefined && (!Array.isArray(input.permissions) || input.permissions.length > 0)) {
      throw invalid('permissions', `permissions apply to custom tokens only; a ${type} token allows ${type === 'read-only' ? 'find and findOne' : 'every action'}`, input.permissions);
    }
    const { knex, dialect, salt } = this.#deps;
    const secret = newSecret();
    const now = new Date();
    const expires = expiresAt(now, lifespan);
    await this.#write(name, undefined, async (trx) => {
      await trx(API_TOKEN_TABLE).insert({
        document_id: newDocumentId(),
        name, description, type,
        access_key: hashSecret(salt, secret),
        lifespan,
        expires_at: toDb('datetime', expires, dialect),
        last_used_at: null,
        permissions: toDb('json', permissions, dialect),
        created_at: toDb('datetime', now, dialect),
        updated_at: toDb('datetime', now, dialect),
      });
    });
    const row = await findRow(knex, { name });
    if (!row) throw new Error(`api tokens: token ${name} vanished after insert`);
    return { token: toToken(row), secret };
  }

  /**
   * Changes a token's name, description, type or permissions; the lifespan and the secret stay.
   * The next request with it has the new rights. Undefined when there is no such token.
   */
  async update(ref: ApiTokenRef, change: ApiTokenChange): Promise<ApiToken | undefined> {
    const fields: Row = {};
    if (change.name !== undefined) fields.name = checkName(change.name);
    if (change.description !== undefined) fields.description = checkDescription(change.description);
    const type = change.type === undefined ? undefined : checkType(change.type);
    const { knex, dialect } = this.#deps;
    const name = fields.name as string | undefined;
    let id: number | undefined;
    await this.#write(name, ref, async (trx, row) => {
      if (!row) return;
      id = Number(row.id);
      const next = type ?? row.type as ApiTokenType;
      if (next === 'custom') {
        // A token becoming custom needs its list; a custom one keeps its own unless given another
        if (change.permissions !== undefined || row.type !== 'custom') {
          fields.permissions = checkPermissions(change.permissions, this.#knownActions(), this.#deps.registry);
        }
      } else {
        if (change.permissions !== undefined && (!Array.isArray(change.permissions) || change.permissions.length > 0)) {
          throw invalid('permissions', `permissions apply to custom tokens only; a ${next} token allows ${next === 'read-only' ? 'find and findOne' : 'every action'}`, change.permissions);
        }
        fields.permissions = [];
      }
      if (type) fields.type = type;
      if (fields.permissions) fields.permissions = toDb('json', fields.permissions, dialect);
      await trx(API_TOKEN_TABLE).where({ id }).update({ ...fields, updated_at: toDb('datetime', new Date(), dialect) });
    });
    if (id === undefined) return undefined;
    const row = await findRow(knex, { id });
    return row ? toToken(row) : undefined;
  }

  /** A new secret for the token (the old one stops working at once), shown once; its lifespan
   *  and expiry stay. Undefined when there is no such token. */
  async regenerate(ref: ApiTokenRef): Promise<CreatedApiToken | undefined> {
    const { knex, dialect, salt } = this.#deps;
    const row = await findRow(knex, ref);
    if (!row) return undefined;
    const secret = newSecret();
    const changed = await knex(API_TOKEN_TABLE).where({ id: row.id })
      .update({ access_key: hashSecret(salt, secret), updated_at: toDb('datetime', new Date(), dialect) });
    if (Number(changed) !== 1) return undefined;
    const fresh = await findRow(knex, { id: Number(row.id) });
    return fresh ? { token: toToken(fresh), secret } : undefined;
  }

  /**
   * A write in one transaction that keeps names unique in any case: `name`, when given, must be
   * no other token's (the one `ref` names, read inside the transaction, may keep its own).
   */
  async #write(name: string | undefined, ref: ApiTokenRef | undefined, work: (trx: Knex.Transaction, row: Row | undefined) => Promise<void>): Promise<void> {
    const { knex, dialect } = this.#deps;
    const taken = () => invalid('name', `an API token named "${name}" already exists`, name);
    const named = async (q: Knex, except: unknown) => {
      if (name === undefined) return false;
      const found = await q(API_TOKEN_TABLE).whereRaw('lower(name) = ?', [name.toLowerCase()]).select('id') as Row[];
      return found.some((r) => Number(r.id) !== Number(except));
    };
    let self: unknown;
    await knex.transaction(async (trx) => {
      // SQLite: the write lock first, as the document service takes it; a transaction that reads
      // and then writes cannot wait for another process's writer (SQLITE_BUSY)
      if (dialect === 'sqlite') await trx.raw(`UPDATE ${SCHEMA_STATE_TABLE} SET hash = hash WHERE 0 = 1`);
      const row = ref ? await findRow(trx, ref) : undefined;
      self = row?.id;
      if (ref && !row) return work(trx, undefined);
      // Case-insensitive everywhere, as MariaDB's collation compares anyway
      if (await named(trx, self)) throw taken();
      await work(trx, row);
    }).catch(async (err: unknown) => {
      // Another process took this name since the check: the unique index refused this write
      if (!(err instanceof ValidationError) && await named(knex, self)) throw taken();
      throw err;
    });
  }

  async list(): Promise<ApiToken[]> {
    const rows = await this.#deps.knex(API_TOKEN_TABLE).select(LISTED).orderBy('id') as Row[];
    return rows.map(toToken);
  }

  async get(ref: ApiTokenRef): Promise<ApiToken | undefined> {
    const row = await findRow(this.#deps.knex, ref);
    return row ? toToken(row) : undefined;
  }

  /** Deletes the token, which stops working on the next request; undefined when there is none. */
  async revoke(ref: ApiTokenRef): Promise<ApiToken | undefined> {
    return this.#deps.knex.transaction(async (trx) => {
      const row = await findRow(trx, ref);
      if (!row) return undefined;
      await trx(API_TOKEN_TABLE).where({ id: row.id }).delete();
      return toToken(row);
    });
  }

  /**
   * The token whose secret this is, in one statement (plus, at most hourly, the lastUsedAt write);
   * undefined when it is none of ours. An expired token is a 401, not "not ours": a JWT strategy
   * has nothing to say about it.
   */
  async verify(secret: string): Promise<{ credentials: ApiTokenCredentials; ability: Ability } | undefined> {
    const { knex, dialect, salt } = this.#deps;
    const row = await limitRows(knex(API_TOKEN_TABLE).where({ access_key: hashSecret(salt, secret) }).first(AUTH_COLUMNS), 1) as Row | undefined;
    if (!row) return undefined;
    const now = Date.now();
    const expires = fromDb('datetime', row.expires_at) as string | null;
    if (expires !== null && Date.parse(expires) <= now) throw new UnauthorizedError('Token expired');
    const lastUsed = fromDb('datetime', row.last_used_at) as string | null;
    if (lastUsed === null || now - Date.parse(lastUsed) >= LAST_USED_RESOLUTION_MS) await this.#touch(Number(row.id), now);
    const type = row.type as ApiTokenType;
    return {
      credentials: { id: Number(row.id), name: String(row.name), type },
      ability: abilityFor(type, permissionsOf(row.permissions)),
    };
  }

  async #touch(id: number, now: number): Promise<void> {
    const { knex, dialect, logger } = this.#deps;
    const cutoff = toDb('datetime', now - LAST_USED_RESOLUTION_MS, dialect);
    try {
      // Conditional, so that concurrent requests (or workers) write once
      await knex(API_TOKEN_TABLE).where({ id })
        .andWhere((q) => { q.whereNull('last_used_at').orWhere('last_used_at', '<=', cutoff); })
        .update({ last_used_at: toDb('datetime', now, dialect) });
    } catch (err) {
      logger.warn(`api tokens: could not record the last use of token ${id}: ${(err as Error).message}`);
    }
  }

  #knownActions(): Set<string> {
    this.#known ??= this.#deps.knownActions();
    return this.#known;
  }
}

const MAX_ROW_ID = 2_147_483_647;

async function findRow(knex: Knex, ref: ApiTokenRef): Promise<Row | undefined> {
  if ('id' in ref) {
    if (!Number.isInteger(ref.id) || ref.id < 1) throw invalid('id', 'id must be a positive integer', ref.id);
    // Beyond the integer key no row exists, and PostgreSQL would refuse the comparison itself
    if (ref.id > MAX_ROW_ID) return undefined;
    return await knex(API_TOKEN_TABLE).where({ id: ref.id }).first(LISTED) as Row | undefined;
  }
  const name = checkName(ref.name);
  // Exact match on every dialect (MariaDB's = ignores case)
  const rows = await knex(API_TOKEN_TABLE).where({ name }).select(LISTED) as Row[];
  return rows.find((r) => r.name === name);
}

function permissionsOf(raw: unknown): string[] {
  const value = fromDb('json', raw);
  return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
}

function toToken(row: Row): ApiToken {
  return {
    id: Number(row.id),
    name: String(row.name),
    description: (row.description as string | null) ?? null,
    type: row.type as ApiTokenType,
    lifespan: row.lifespan === null || row.lifespan === undefined ? null : Number(row.lifespan) as ApiTokenLifespan,
    permissions: permissionsOf(row.permissions),
    createdAt: fromDb('datetime', row.created_at) as string,
    updatedAt: fromDb('datetime', row.updated_at) as string,
    expiresAt: fromDb('datetime', row.expires_at) as string | null,
    lastUsedAt: fromDb('datetime', row.last_used_at) as string | null,
  };
}
