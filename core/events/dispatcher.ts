// Delivers what the outbox recorded, on every instance at once without doubling: an instance takes
// a delivery by setting its lease with a conditional UPDATE that also checks the delivery is still
// as it read it (same attempt count, due, unleased), so one instance wins; only the lease's holder
// may then write how it went. A delivery waits while an earlier one of the same document to the
// same receiver is pending, so each receiver gets a document's events in commit order. A failure
// is tried again after a back-off that doubles; a lease left by a crashed instance runs out and
// another instance sends the delivery again, under the same delivery id.

import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { WebhooksConfig } from '../config/types.js';
import { DELIVERIES_TABLE as D, EVENTS_TABLE as E } from '../database/naming.js';
import type { Logger } from '../log/logger.js';
import type { Outbox } from './outbox.js';
import type { SendResult } from './send.js';

/** Deliveries of one receiver an instance reads at a time. */
const BATCH = 16;
/** A lease lasts the request's timeout and this much more, from the moment it is taken. */
const LEASE_MARGIN_MS = 5_000;
const PRUNE_EVERY_MS = 3_600_000;
const PRUNE_CHUNK = 1000;
/** The prune's place among the drains (no receiver can have this name). */
const PRUNING = '';

interface Due { id: number; delivery_id: string; receiver: string; attempts: number | string; name: string; body: string }

export class Dispatcher {
  #knex?: Knex;
  #timer?: NodeJS.Timeout;
  /** A drain per receiver: one that fails or answers slowly holds up only itself. */
  readonly #running = new Map<string, Promise<void>>();
  /** Receivers woken while their drain ran: it looks again once done. */
  readonly #again = new Set<string>();
  #stopped = false;
  /** While stopping: no pass starts after this time. */
  #deadline?: number;
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
      this.#timer = setInterval(() => {
        this.wake();
        this.#pruneIfDue();
      }, this.config.pollInterval);
      this.#timer.unref();
    }
  }

  /** Drains every receiver now, or right after its drain running. */
  wake(): void {
    if (this.#stopped || !this.#knex) return;
    for (const receiver of this.outbox.names()) this.#wakeOne(receiver);
  }

  #wakeOne(receiver: string): void {
    if (this.#running.has(receiver)) {
      this.#again.add(receiver);
      return;
    }
    this.#again.delete(receiver);
    const drained = this.#drain(receiver)
      .catch((err: unknown) => this.logger.warn(`webhooks: delivering to ${receiver} failed: ${(err as Error).message}`))
      .finally(() => {
        this.#running.delete(receiver);
        if (this.#again.has(receiver) && this.#open()) this.#wakeOne(receiver);
      });
    this.#running.set(receiver, drained);
  }

  /** Stops taking deliveries; those being sent finish. With flushUntil (a time), first sends
   *  what is due, starting nothing after that time. */
  async stop(flushUntil?: number): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    if (flushUntil !== undefined && !this.#stopped) {
      this.#deadline = flushUntil;
      this.wake();
      await this.#settled();
    }
    this.#stopped = true;
    await this.#settled();
  }

  async #settled(): Promise<void> {
    while (this.#running.size) await Promise.all(this.#running.values());
  }

  #open(): boolean {
    return !this.#stopped && (this.#deadline === undefined || Date.now() < this.#deadline);
  }

  async #drain(receiver: string): Promise<void> {
    while (this.#open() && this.outbox.receiver(receiver)) {
      if (await this.#pass(receiver) === 0) return;
    }
  }

  /** Takes up to BATCH due deliveries to one receiver, each sent as soon as it is taken; how many
   *  it took. */
  async #pass(receiver: string): Promise<number> {
    const knex = this.#knex!;
    const now = Date.now();
    const due = await knex({ d: D }).join({ e: E }, 'e.id', 'd.event_id')
      .select('d.id', 'd.delivery_id', 'd.receiver', 'd.attempts', 'e.name', 'e.body')
      .where({ 'd.receiver': receiver, 'd.status': 'pending' }).where('d.next_at', '<=', now)
      .where((q) => { void q.whereNull('d.lease_until').orWhere('d.lease_until', '<', now); })
      .whereNotExists(knex({ p: D }).select(knex.raw('1'))
        .whereRaw('p.receiver = d.receiver AND p.document_key = d.document_key AND p.event_id < d.event_id')
        .where('p.status', 'pending'))
      .orderBy('d.event_id').limit(BATCH) as Due[];
    const sending: Array<Promise<void>> = [];
    for (const row of due) {
      if (!this.#open()) break;
      const leaseId = randomUUID();
      const takenAt = Date.now();
      const taken = await knex(D).where({ id: row.id, status: 'pending', attempts: Number(row.attempts) })
        .where('next_at', '<=', takenAt)
        .where((q) => { void q.whereNull('lease_until').orWhere('lease_until', '<', takenAt); })
        .update({ lease_until: takenAt + this.config.timeout + LEASE_MARGIN_MS, lease_id: leaseId });
      if (Number(taken) === 1) sending.push(this.#send(row, leaseId));
    }
    for (const result of await Promise.allSettled(sending)) {
      if (result.status === 'rejected') this.logger.warn(`webhooks: a delivery's outcome was not written: ${String(result.reason)}`);
    }
    return sending.length;
  }

  async #send(row: Due, leaseId: string): Promise<void> {
    const receiver = this.outbox.receiver(row.receiver);
    const attempt = Number(row.attempts) + 1;
    let result: SendResult;
    try {
      result = receiver
        ? await receiver.deliver({ deliveryId: row.delivery_id, event: row.name, body: row.body, attempt })
        : { ok: false, error: 'the receiver was removed while the delivery was taken' };
    } catch (err) {
      result = { ok: false, error: (err as Error).message };
    }
    const now = Date.now();
    const failed = !result.ok && attempt >= this.config.maxAttempts;
    if (!result.ok) this.logger.warn(`webhooks: ${row.receiver} ${row.name} (delivery ${row.delivery_id}, try ${attempt}): ${result.error ?? 'failed'}${failed ? '; giving up' : ''}`);
    // Only the lease's holder writes: a lease that ran out may be another instance's by now
    const written = await this.#knex!(D).where({ id: row.id, lease_id: leaseId, status: 'pending' }).update({
      status: result.ok ? 'delivered' : failed ? 'failed' : 'pending',
      attempts: attempt,
      next_at: result.ok || failed ? now : now + this.#backoff(attempt),
      lease_until: null,
      lease_id: null,
      last_status: result.status ?? null,
      last_error: result.ok ? null : (result.error ?? 'failed').slice(0, 1000),
      updated_at: now,
    });
    if (Number(written) !== 1) this.logger.warn(`webhooks: delivery ${row.delivery_id} outlived its lease; its outcome is dropped`);
  }

  #backoff(attempt: number): number {
    const wait = Math.min(this.config.maxBackoff, this.config.backoff * 2 ** (attempt - 1));
    return Math.round(wait * (0.8 + Math.random() * 0.4));
  }

  #pruneIfDue(): void {
    const now = Date.now();
    // An app without receivers records nothing and runs no statement in the background (what a
    // log kept from when it had some waits for one to be configured again)
    if (this.outbox.names().length === 0) return;
    if (now - this.#lastPrune < PRUNE_EVERY_MS || this.#running.has(PRUNING) || !this.#open()) return;
    this.#lastPrune = now;
    const pruned = this.#prune(now)
      .catch((err: unknown) => this.logger.warn(`webhooks: the delivery log was not pruned: ${(err as Error).message}`))
      .finally(() => this.#running.delete(PRUNING));
    this.#running.set(PRUNING, pruned);
  }

  /** Deliveries done longer ago than the retention leave the log, and events nobody waits for,
   *  a chunk at a time so that no statement holds a lock for long. */
  async #prune(now: number): Promise<void> {
    const knex = this.#knex!;
    const cutoff = now - this.config.retention;
    for (;;) {
      const ids = await knex(D).whereIn('status', ['delivered', 'failed']).where('updated_at', '<', cutoff).limit(PRUNE_CHUNK).pluck('id') as number[];
      if (ids.length) await knex(D).whereIn('id', ids).delete();
      if (ids.length < PRUNE_CHUNK) break;
    }
    for (;;) {
      const ids = await knex(E).where('created_at', '<', cutoff)
        .whereNotExists(knex(D).select(knex.raw('1')).whereRaw(`${D}.event_id = ${E}.id`)).limit(PRUNE_CHUNK).pluck('id') as number[];
      if (ids.length) await knex(E).whereIn('id', ids).delete();
      if (ids.length < PRUNE_CHUNK) break;
    }
  }
}
