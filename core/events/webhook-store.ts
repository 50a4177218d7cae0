// Webhooks created through the API, kept in the database so that every instance sends to them.
// Input is checked here, below any surface: a bad name, URL, event list or header is a 400 that
// names the field. A webhook's name is what its deliveries are filed under, so it cannot change.

import type { Knex } from 'knex';
import type { WebhookEndpoint } from '../config/types.js';
import { isHttpUrl, WEBHOOK_EVENTS, WEBHOOK_NAME } from '../config/validate.js';
import { DELIVERIES_TABLE, EVENTS_TABLE, WEBHOOKS_TABLE } from '../database/naming.js';
import { NotFoundError, ValidationError, type FieldError } from '../errors/index.js';
import { isPrivateAddress } from './address-policy.js';
import { isIP } from 'node:net';
import type { Dialect } from '../database/connection.js';
import { insertReturningId } from '../database/insert-id.js';

export interface StoredWebhook extends Required<Omit<WebhookEndpoint, 'secret'>> {
  id: number;
  /** Whether bodies are signed (the secret itself is never answered). */
  signed: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryEntry {
  deliveryId: string;
  webhook: string;
  event: string;
  uid: string;
  documentId: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  updatedAt: string;
}

/** Columns a create or an update writes (events and headers as JSON). */
type Fields = { name?: string; url?: string; events?: string; headers?: string; secret?: string | null; enabled?: boolean };

interface Row { id: number; name: string; url: string; events: string; headers: string; secret: string | null; enabled: unknown; created_at: unknown; updated_at: unknown }

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
const MAX_HEADERS = 20;
/** Headers the sender sets itself: a webhook cannot change how its body is read or signed. */
const RESERVED = /^(content-type|content-length|transfer-encoding|connection|keep-alive|upgrade|te|trailer|expect|host|user-agent|proxy-.*|x-strapi-event|x-strata-.*)$/i;

export class WebhookStore {
  constructor(private readonly knex: Knex, private readonly opts: { dialect: Dialect; reservedNames: ReadonlySet<string>; allowPrivateAddresses: boolean }) {}

  async list(): Promise<StoredWebhook[]> {
    return (await this.knex(WEBHOOKS_TABLE).orderBy('id') as Row[]).map(answer);
  }

  /** What the outbox sends to: enabled webhooks, with their secrets. */
  async endpoints(): Promise<WebhookEndpoint[]> {
    const rows = await this.knex(WEBHOOKS_TABLE).orderBy('id') as Row[];
    return rows.filter((r) => Boolean(r.enabled)).map(endpointOf);
  }

  /** One stored webhook as the sender uses it (its secret too), enabled or not: a test request. */
  async endpoint(id: string | undefined): Promise<WebhookEndpoint> {
    return endpointOf(await this.#row(id));
  }

  async get(id: string | undefined): Promise<StoredWebhook> {
    return answer(await this.#row(id));
  }

  async create(data: unknown): Promise<StoredWebhook> {
    const input = this.#check(data, 'create');
    if (await this.#named(input.name!)) {
      throw ValidationError.fromFields([{ path: ['name'], message: 'A webhook with this name exists', name: 'ValidationError', value: input.name }]);
    }
    const now = Date.now();
    let id: number;
    try {
      id = await insertReturningId(this.knex, this.opts.dialect, WEBHOOKS_TABLE, { ...input, created_at: now, updated_at: now });
    } catch (err) {
      // Another request made one of this name since the check: the unique index refused this one
      if (await this.#named(input.name!)) {
        throw ValidationError.fromFields([{ path: ['name'], message: 'A webhook with this name exists', name: 'ValidationError', value: input.name }]);
      }
      throw err;
    }
    return this.get(String(id));
  }

  async update(id: string | undefined, data: unknown): Promise<StoredWebhook> {
    const row = await this.#row(id);
    const input = this.#check(data, 'update', JSON.parse(row.headers) as Record<string, string>);
    if (input.name !== undefined && input.name !== row.name) {
      throw ValidationError.fromFields([{ path: ['name'], message: 'A webhook\'s name cannot change (its deliveries are filed under it)', name: 'ValidationError', value: input.name }]);
    }
    await this.knex(WEBHOOKS_TABLE).where('id', row.id).update({ ...input, updated_at: Date.now() });
    return this.get(String(row.id));
  }

  /** Its deliveries not yet made are marked failed: nothing will send them. */
  async delete(id: string | undefined): Promise<StoredWebhook> {
    const row = await this.#row(id);
    await this.knex.transaction(async (trx) => {
      await trx(DELIVERIES_TABLE).where({ receiver: row.name, status: 'pending' }).update({ status: 'failed', last_error: 'the webhook was deleted', lease_until: null, updated_at: Date.now() });
      await trx(WEBHOOKS_TABLE).where('id', row.id).delete();
    });
    return answer(row);
  }

  /** The delivery log, newest first: of one webhook (or config endpoint) by name, or of all. */
  async deliveries(query: { webhook?: unknown; status?: unknown; limit?: unknown }): Promise<DeliveryEntry[]> {
    const limit = query.limit === undefined ? 25 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new ValidationError('limit must be an integer from 1 to 100');
    if (query.status !== undefined && !['pending', 'delivered', 'failed'].includes(String(query.status))) {
      throw new ValidationError('status must be pending, delivered or failed');
    }
    const q = this.knex(`${DELIVERIES_TABLE} as d`).join(`${EVENTS_TABLE} as e`, 'e.id', 'd.event_id')
      .select('d.delivery_id', 'd.receiver', 'e.name', 'e.uid', 'e.document_id', 'd.status', 'd.attempts', 'd.last_status', 'd.last_error', 'd.next_at', 'd.updated_at')
      .orderBy('d.id', 'desc').limit(limit);
    if (typeof query.webhook === 'string') void q.where('d.receiver', query.webhook);
    if (query.status !== undefined) void q.where('d.status', String(query.status));
    const rows = await q as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      deliveryId: String(r.delivery_id), webhook: String(r.receiver), event: String(r.name), uid: String(r.uid), documentId: String(r.document_id),
      status: r.status as DeliveryEntry['status'], attempts: Number(r.attempts),
      lastStatus: r.last_status === null ? null : Number(r.last_status), lastError: (r.last_error as string | null) ?? null,
      nextAttemptAt: r.status === 'pending' ? new Date(Number(r.next_at)).toISOString() : null,
      updatedAt: new Date(Number(r.updated_at)).toISOString(),
    }));
  }

  /** Names compare in any case, as MariaDB's collation compares them. */
  #named(name: string): Promise<unknown> {
    return this.knex(WEBHOOKS_TABLE).whereRaw('lower(name) = ?', [name.toLowerCase()]).first('id');
  }

  async #row(id: string | undefined): Promise<Row> {
    const n = Number(id);
    // Beyond the integer key no row exists, and PostgreSQL would refuse the comparison itself
    const row = Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? await this.knex(WEBHOOKS_TABLE).where('id', n).first() as Row | undefined : undefined;
    if (!row) throw new NotFoundError('Not Found');
    return row;
  }

  /** `stored`: on update, the headers as stored; a value sent back masked keeps the stored one, so
   *  a client that edits a webhook it read (headers masked) never writes the mask over a secret. */
  #check(data: unknown, mode: 'create' | 'update', stored: Record<string, string> = {}): Fields {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new ValidationError('Missing "data" payload in the request body');
    const d = data as Record<string, unknown>;
    const errors: FieldError[] = [];
    const fail = (field: string, message: string) => errors.push({ path: [field], message, name: 'ValidationError', value: d[field] });
    for (const key of Object.keys(d)) {
      if (!['name', 'url', 'events', 'headers', 'secret', 'enabled'].includes(key)) fail(key, 'Invalid key');
    }
    const out: Fields = {};
    const given = (key: string) => d[key] !== undefined;
    if (given('name') || mode === 'create') {
      if (typeof d.name !== 'string' || !WEBHOOK_NAME.test(d.name)) fail('name', 'name must be 1 to 100 letters, digits, spaces, dots, dashes or underscores');
      else if (this.opts.reservedNames.has(d.name.toLowerCase())) fail('name', 'config/webhooks.ts has an endpoint with this name');
      else out.name = d.name;
    }
    if (given('url') || mode === 'create') {
      if (!isHttpUrl(d.url) || (d.url as string).length > 2048) fail('url', 'url must be an http or https URL without credentials');
      else if (!this.opts.allowPrivateAddresses && isPrivateLiteral(d.url as string)) fail('url', 'url is a private address (webhooks.allowPrivateAddresses)');
      else out.url = d.url as string;
    }
    if (given('events') || mode === 'create') {
      if (!Array.isArray(d.events) || !d.events.length || !d.events.every((e) => (WEBHOOK_EVENTS as readonly unknown[]).includes(e))) {
        fail('events', `events must be a non-empty list of ${WEBHOOK_EVENTS.join(', ')}`);
      } else out.events = JSON.stringify([...new Set(d.events as string[])]);
    }
    if (given('headers') || mode === 'create') {
      const h = d.headers ?? {};
      const entries = typeof h === 'object' && h !== null && !Array.isArray(h) ? Object.entries(h) : undefined;
      if (!entries || entries.length > MAX_HEADERS || !entries.every(([k, v]) => HEADER_NAME.test(k) && typeof v === 'string' && v.length <= 4096 && !/[\r\n\0]/.test(v))) {
        fail('headers', `headers must be an object of at most ${MAX_HEADERS} header names to string values`);
      } else if (entries.some(([k]) => RESERVED.test(k))) fail('headers', 'headers cannot set Content-Type, Content-Length, Transfer-Encoding, Connection and other hop-by-hop headers, Host, User-Agent, Proxy-*, X-Strapi-Event or X-Strata-*');
      else if (entries.some(([k, v]) => v === HIDDEN && !Object.hasOwn(stored, k))) fail('headers', `${HIDDEN} stands for a stored value, and this webhook stores none for that header`);
      else out.headers = JSON.stringify(Object.fromEntries(entries.map(([k, v]) => [k, v === HIDDEN ? stored[k]! : v])));
    }
    if (given('secret')) {
      if (d.secret !== null && (typeof d.secret !== 'string' || d.secret.length < 16 || d.secret.length > 256)) fail('secret', 'secret must be 16 to 256 characters, or null for unsigned bodies');
      else out.secret = d.secret as string | null;
    }
    if (given('enabled') || mode === 'create') {
      if (d.enabled !== undefined && typeof d.enabled !== 'boolean') fail('enabled', 'enabled must be a boolean');
      else out.enabled = d.enabled === undefined ? true : d.enabled as boolean;
    }
    if (errors.length) throw ValidationError.fromFields(errors);
    return out;
  }
}

/** A literal address (or localhost) is refused when the webhook is made; names resolve later, at
 *  each delivery, and are checked there. */
function isPrivateLiteral(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || (isIP(host) !== 0 && isPrivateAddress(host));
}

/** Header values often carry the receiver's credentials: answers name the headers only. */
export function maskHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.keys(headers ?? {}).map((name) => [name, HIDDEN]));
}
const HIDDEN = '(hidden)';

function endpointOf(r: Row): WebhookEndpoint {
  return {
    name: r.name, url: r.url, events: JSON.parse(r.events) as string[], headers: JSON.parse(r.headers) as Record<string, string>,
    ...(r.secret ? { secret: r.secret } : {}),
  };
}

function answer(r: Row): StoredWebhook {
  return {
    id: Number(r.id), name: r.name, url: r.url, events: JSON.parse(r.events) as string[], headers: maskHeaders(JSON.parse(r.headers) as Record<string, string>),
    enabled: Boolean(r.enabled), signed: Boolean(r.secret),
    createdAt: new Date(Number(r.created_at)).toISOString(), updatedAt: new Date(Number(r.updated_at)).toISOString(),
  };
}
