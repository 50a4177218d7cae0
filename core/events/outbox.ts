// The outbox: a write that has receivers for its events records them in its own transaction (one
// event row with the body, one delivery row per receiver), so an event exists exactly when its
// write committed. The dispatcher (dispatcher.ts) delivers them afterwards; the write waits for
// none of it. A write nobody listens to records nothing.

import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Dialect } from '../database/connection.js';
import { DELIVERIES_TABLE, EVENTS_TABLE } from '../database/naming.js';
import type { Receiver } from './receivers.js';

export interface RecordedEvent {
  name: string;
  uid: string;
  documentId: string;
  /** Strapi's webhook body: { event, createdAt, model, uid, entry }, serialized once. */
  body: string;
  receivers: string[];
}

/** Webhooks carry the content's events (api::), as Strapi's do: plugins' own rows (locales,
 *  users, roles, API tokens) are written past its document service and send none. */
const carriesEvents = (uid: string) => uid.startsWith('api::');

export class Outbox {
  readonly #receivers = new Map<string, Receiver>();
  #onRecorded: () => void = () => {};

  add(receiver: Receiver): void {
    if (this.#receivers.has(receiver.name)) throw new Error(`two webhook receivers are named ${receiver.name}`);
    this.#receivers.set(receiver.name, receiver);
  }

  receiver(name: string): Receiver | undefined {
    return this.#receivers.get(name);
  }

  get size(): number { return this.#receivers.size; }

  /** The receivers of an event of this content type (none: the write records nothing). */
  receiversFor(event: string, uid: string): string[] {
    if (this.#receivers.size === 0 || !carriesEvents(uid)) return [];
    return [...this.#receivers.values()].filter((r) => r.events.has(event)).map((r) => r.name);
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
      const row = { name: event.name, uid: event.uid, document_id: event.documentId, body: event.body, created_at: now };
      let eventId: number;
      if (dialect === 'mysql') {
        const [id] = await trx(EVENTS_TABLE).insert(row) as number[];
        eventId = Number(id);
      } else {
        const [inserted] = await trx(EVENTS_TABLE).insert(row).returning('id') as Array<{ id: number }>;
        eventId = Number(inserted!.id);
      }
      await trx(DELIVERIES_TABLE).insert(event.receivers.map((receiver) => ({
        delivery_id: randomUUID(), event_id: eventId, receiver, document_key: `${event.uid}:${event.documentId}`,
        status: 'pending', attempts: 0, next_at: now, lease_until: null, last_status: null, last_error: null, updated_at: now,
      })));
    }
  }
}
