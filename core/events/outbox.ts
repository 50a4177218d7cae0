// The outbox: a write that has receivers for its events records them in its own transaction (one
// event row with the body, one delivery row per receiver), so an event exists exactly when its
// write committed. The dispatcher (dispatcher.ts) delivers them afterwards; the write waits for
// none of it. A write nobody listens to records nothing.

import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Dialect } from '../database/connection.js';
import { insertReturningId } from '../database/insert-id.js';
import { DELIVERIES_TABLE, EVENTS_TABLE } from '../database/naming.js';
import { FILE_UID } from '../registry/media.js';
import type { Receiver } from './receivers.js';

export interface RecordedEvent {
  name: string;
  uid: string;
  documentId: string;
  /** Strapi's webhook body: { event, createdAt, model, uid, entry }, serialized once. */
  body: string;
  receivers: string[];
}

export class Outbox {
  /** Webhooks carry the content's events (api::, and a plugin's types served through the content
   *  API as an app's) and the media library's, as Strapi's do: plugins' own rows (locales, users,
   *  roles, API tokens) are written past its document service and send none. */
  readonly #carriesEvents: (uid: string) => boolean;

  constructor(served: (uid: string) => boolean = () => false) {
    this.#carriesEvents = (uid) => uid.startsWith('api::') || uid === FILE_UID || served(uid);
  }

  /** config/webhooks.ts's endpoints, for the kernel's life. */
  readonly #configured = new Map<string, Receiver>();
  /** The webhooks stored through the API, replaced whenever one changes (here or elsewhere). */
  #stored = new Map<string, Receiver>();
  #onRecorded: () => void = () => {};

  add(receiver: Receiver): void {
    this.#configured.set(receiver.name, receiver);
  }

  setStored(receivers: Receiver[]): void {
    this.#stored = new Map(receivers.filter((r) => !this.#configured.has(r.name)).map((r) => [r.name, r]));
  }

  receiver(name: string): Receiver | undefined {
    return this.#configured.get(name) ?? this.#stored.get(name);
  }

  get size(): number { return this.#configured.size + this.#stored.size; }

  /** Every receiver this instance sends to (a paused one's deliveries wait, and block no other). */
  names(): string[] {
    return [...this.#configured.keys(), ...this.#stored.keys()];
  }

  /** The receivers of an event of this content type (none: the write records nothing). */
  receiversFor(event: string, uid: string): string[] {
    if (this.size === 0 || !this.#carriesEvents(uid)) return [];
    return [...this.#configured.values(), ...this.#stored.values()].filter((r) => r.events.has(event)).map((r) => r.name);
  }

  /** Called once a transaction that recorded events has committed (the dispatcher wakes). */
  onRecorded(fn: () => void): void {
    this.#onRecorded = fn;
  }

  recorded(): void {
    this.#onRecorded();
  }

  /** Inside the write's transaction, in the order the events happened. */
  async record(trx: Knex.Transaction, dialect: Dialect, events: RecordedEvent[]): Promise<void> {
    const now = Date.now();
    for (const event of events) {
      const eventId = await insertReturningId(trx, dialect, EVENTS_TABLE, {
        name: event.name, uid: event.uid, document_id: event.documentId, body: event.body, created_at: now,
      });
      await trx(DELIVERIES_TABLE).insert(event.receivers.map((receiver) => ({
        delivery_id: randomUUID(), event_id: eventId, receiver, document_key: `${event.uid}:${event.documentId}`,
        status: 'pending', attempts: 0, next_at: now, lease_until: null, lease_id: null, last_status: null, last_error: null, updated_at: now,
      })));
    }
  }
}
