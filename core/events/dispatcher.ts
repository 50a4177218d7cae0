// Delivers what the outbox recorded, on every instance at once without doubling: an instance takes
// a delivery by setting its lease with a conditional UPDATE (one instance wins), sends it, and
// writes how it went. A delivery waits while an earlier one of the same document to the same
// receiver is pending, so each receiver gets a document's events in commit order. A failure is
// tried again after a back-off that doubles; a lease left by a crashed instance runs out and
// another instance sends the delivery again, under the same delivery id.

import type { Knex } from 'knex';
import type { WebhooksConfig } from '../config/types.js';
import { DELIVERIES_TABLE as D, EVENTS_TABLE as E } from '../database/naming.js';
import type { Logger } from '../log/logger.js';
import type { Outbox } from './outbox.js';
import type { SendResult } from './send.js';

/** Deliveries one instance takes at a time. */
const BATCH = 16;
/** A lease lasts the request's timeout and this much more. */
const LEASE_MARGIN_MS = 5_000;
const PRUNE_EVERY_MS = 3_600_000;

interface Due { id: number; delivery_id: string; receiver: string; attempts: number; name: string; body: string }

export class Dispatcher {
  #knex?: Knex;
  #timer?: NodeJS.Timeout;
  #running?: Promise<void>;
  #again = false;
  #stopped = false;
  #lastPrune = 0;

  constructor(private readonly outbox: Outbox, private readonly config: WebhooksConfig, private readonly logger: Logger) {
    outbox.onRecorded(() => this.wake());
  }

  bind(knex: Knex): void {
    this.#knex = knex;
  }

  /** Sends what is due now, then looks every pollInterval (a query only while there are receivers). */
  start(): void {
    if (!this.#knex) return;
    this.wake();
    if (this.config.pollInterval > 0) {
      this.#timer = setInterval(() => this.wake(), this.config.pollInterval);
      this.#timer.unref();
    }
  }

  /** Runs a pass now, or right after the one running. */
  wake(): void {
    if (this.#stopped || !this.#knex || this.outbox.size === 0) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#loop().finally(() => { this.#running = undefined; });
  }

  /** Stops taking deliveries; those being sent finish. With flushUntil (a time), first sends
   *  what is due until then. */
  async stop(flushUntil?: number): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    if (flushUntil !== undefined && this.#knex && this.outbox.size > 0) {
      await this.#running;
      this.#running = this.#loop(flushUntil).finally(() => { this.#running = undefined; });
    }
    this.#stopped = true;
    await this.#running;
  }

  async #loop(until?: number): Promise<void> {
    do {
      this.#again = false;
      try {
        while (!this.#stopped && (until === undefined || Date.now() < until)) {
          const sent = await this.#pass();
          if (sent === 0) break;
        }
        await this.#prune();
      } catch (err) {
        this.logger.warn(`webhooks: a delivery pass failed: ${(err as Error).message}`);
      }
    } while (this.#again && !this.#stopped);
  }

  /** Takes up to BATCH due deliveries and sends them side by side; how many it sent. */
  async #pass(): Promise<number> {
    const knex = this.#knex!;
    const now = Date.now();
    const due = await knex.raw(`SELECT d.id, d.delivery_id, d.receiver, d.attempts, e.name, e.body
      FROM ${D} d JOIN ${E} e ON e.id = d.event_id
      WHERE d.status = 'pending' AND d.next_at <= ? AND (d.lease_until IS NULL OR d.lease_until < ?)
        AND NOT EXISTS (SELECT 1 FROM ${D} p WHERE p.receiver = d.receiver AND p.document_key = d.document_key
          AND p.status = 'pending' AND p.event_id < d.event_id)
      ORDER BY d.event_id LIMIT ${BATCH}`, [now, now]).then(rowsOf<Due>);
    const taken: Due[] = [];
    for (const row of due) {
      if (!this.outbox.receiver(row.receiver)) continue; // this instance's config has no such receiver
      const updated = await knex(D).where('id', row.id).where('status', 'pending')
        .where((q) => { void q.whereNull('lease_until').orWhere('lease_until', '<', now); })
        .update({ lease_until: now + this.config.timeout + LEASE_MARGIN_MS });
      if (Number(updated) === 1) taken.push(row);
    }
    await Promise.all(taken.map((row) => this.#send(row)));
    return taken.length;
  }

  async #send(row: Due): Promise<void> {
    const receiver = this.outbox.receiver(row.receiver)!;
    const attempt = Number(row.attempts) + 1;
    let result: SendResult;
    try {
      result = await receiver.deliver({ deliveryId: row.delivery_id, event: row.name, body: row.body, attempt });
    } catch (err) {
      result = { ok: false, error: (err as Error).message };
    }
    const now = Date.now();
    const failed = !result.ok && attempt >= this.config.maxAttempts;
    if (!result.ok) this.logger.warn(`webhooks: ${row.receiver} ${row.name} (delivery ${row.delivery_id}, try ${attempt}): ${result.error ?? 'failed'}${failed ? '; giving up' : ''}`);
    await this.#knex!(D).where('id', row.id).update({
      status: result.ok ? 'delivered' : failed ? 'failed' : 'pending',
      attempts: attempt,
      next_at: result.ok || failed ? now : now + this.#backoff(attempt),
      lease_until: null,
      last_status: result.status ?? null,
      last_error: result.ok ? null : (result.error ?? 'failed').slice(0, 1000),
      updated_at: now,
    });
  }

  #backoff(attempt: number): number {
    const wait = Math.min(this.config.maxBackoff, this.config.backoff * 2 ** (attempt - 1));
    return Math.round(wait * (0.8 + Math.random() * 0.4));
  }

  /** Deliveries done longer ago than the retention leave the log, and events nobody waits for. */
  async #prune(): Promise<void> {
    const now = Date.now();
    if (now - this.#lastPrune < PRUNE_EVERY_MS) return;
    this.#lastPrune = now;
    const knex = this.#knex!;
    const cutoff = now - this.config.retention;
    await knex(D).whereIn('status', ['delivered', 'failed']).where('updated_at', '<', cutoff).delete();
    await knex(E).where('created_at', '<', cutoff).whereNotExists(knex(D).select(knex.raw('1')).whereRaw(`${D}.event_id = ${E}.id`)).delete();
  }
}

function rowsOf<T>(result: unknown): T[] {
  // knex.raw answers per driver: PostgreSQL { rows }, MySQL [rows, fields], SQLite rows
  if (Array.isArray(result)) return (Array.isArray(result[0]) ? result[0] : result) as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
