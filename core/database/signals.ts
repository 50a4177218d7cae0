// Signals between instances on one database: a named counter that one instance bumps and every
// instance watching the name notices within an interval, by reading one small table. For caches
// that a change elsewhere makes stale (users-permissions' role permissions); what must be exact
// (unique values, budgets) is decided in the database itself.

import type { Knex } from 'knex';
import type { Dialect } from './connection.js';
import type { Logger } from '../log/logger.js';
import { SIGNALS_TABLE } from './naming.js';
import { KernelError } from '../errors/index.js';

export interface Signals {
  /** Tells every instance watching `name` (this one too) that what it caches changed. */
  bump(name: string): Promise<void>;
  /** Calls fn when another bump of `name` is seen (within the poll interval). */
  watch(name: string, fn: () => void): void;
}

export class DatabaseSignals implements Signals {
  readonly #watchers = new Map<string, Array<() => void>>();
  readonly #seen = new Map<string, number>();
  #db?: { knex: Knex; dialect: Dialect };
  #timer?: NodeJS.Timeout;
  #polling?: Promise<void>;

  /** interval: ms between reads; 0 reads never (one instance needs no signals from others). */
  constructor(private readonly logger: Logger, private readonly interval: number) {}

  /** The kernel binds it to its pool once the database is open. */
  bind(knex: Knex, dialect: Dialect): void {
    this.#db = { knex, dialect };
  }

  async bump(name: string): Promise<void> {
    if (!this.#db) throw new KernelError('KERNEL_ERR_STATE', 'signals are bumped before the database is open');
    const { knex, dialect } = this.#db;
    if (dialect === 'mysql') {
      await knex.raw(`INSERT INTO ${SIGNALS_TABLE} (name, version) VALUES (?, 1) ON DUPLICATE KEY UPDATE version = version + 1`, [name]);
    } else {
      await knex.raw(`INSERT INTO ${SIGNALS_TABLE} (name, version) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET version = ${SIGNALS_TABLE}.version + 1`, [name]);
    }
  }

  watch(name: string, fn: () => void): void {
    const list = this.#watchers.get(name) ?? [];
    list.push(fn);
    this.#watchers.set(name, list);
  }

  /** Reads the versions now (what is seen first fires nothing), then every interval. */
  async start(): Promise<void> {
    if (this.#watchers.size === 0 || this.interval === 0 || this.#timer || !this.#db) return;
    await this.#poll(false);
    this.#timer = setInterval(() => { this.#polling ??= this.#poll(true).finally(() => { this.#polling = undefined; }); }, this.interval);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#polling;
  }

  async #poll(fire: boolean): Promise<void> {
    if (!this.#db) return;
    try {
      const rows = await this.#db.knex(SIGNALS_TABLE).whereIn('name', [...this.#watchers.keys()]).select('name', 'version') as Array<{ name: string; version: number | string }>;
      for (const { name, version } of rows) {
        const now = Number(version);
        const before = this.#seen.get(name);
        this.#seen.set(name, now);
        if (fire && before !== now) for (const fn of this.#watchers.get(name) ?? []) fn();
      }
    } catch (err) {
      this.logger.warn(`signals: not read: ${String(err)}`);
    }
  }
}
