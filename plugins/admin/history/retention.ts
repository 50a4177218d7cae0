// Retention: versions and audit entries older than their settings' days leave in the background
// (hourly, and once a minute after start), a batch at a time until none is left, as the webhooks'
// delivery log does.
// The per-document count (history.maxVersions) is kept by the recorder as versions come.

import type { Logger, PluginApi } from '../../../core/index.js';
import type { AdminSettings } from '../settings.js';
import { AUDIT_UID, HISTORY_UID } from './models.js';
import { PRUNE_ACTION } from './recorder.js';

const HOUR_MS = 60 * 60 * 1000;
const FIRST_PASS_MS = 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The document service's largest page: each pass removes batches of it until none is left. */
const BATCH = 100;

export interface Pruned { versions: number; auditEntries: number }

export class Retention {
  #timer?: NodeJS.Timeout;
  #running?: Promise<unknown>;

  constructor(private readonly api: PluginApi, private readonly settings: AdminSettings, private readonly logger: Logger) {}

  start(): void {
    const pass = () => {
      if (this.#running) return;
      this.#running = this.prune().catch((err: unknown) => this.logger.warn(`admin: history and audit log were not pruned: ${(err as Error).message}`))
        .finally(() => { this.#running = undefined; });
    };
    const first = setTimeout(() => { pass(); this.#timer = setInterval(pass, HOUR_MS); this.#timer.unref(); }, FIRST_PASS_MS);
    first.unref();
    this.#timer = first;
  }

  async stop(): Promise<void> {
    clearTimeout(this.#timer);
    clearInterval(this.#timer);
    await this.#running;
  }

  /** Removes what is older than the retention at `now`; answers how many rows left. */
  async prune(now: Date = new Date()): Promise<Pruned> {
    return {
      versions: await this.#older(HISTORY_UID, 'createdAt', now.getTime() - this.settings.history.retentionDays * DAY_MS),
      auditEntries: await this.#older(AUDIT_UID, 'date', now.getTime() - this.settings.auditLogs.retentionDays * DAY_MS),
    };
  }

  async #older(uid: string, field: string, cutoff: number): Promise<number> {
    const docs = this.api.documents(uid);
    let removed = 0;
    for (;;) {
      // Oldest first by the indexed date: a pass with nothing to remove reads one index entry
      const rows = await docs.findMany({ filters: { [field]: { $lt: new Date(cutoff).toISOString() } }, fields: ['id'], sort: `${field}:asc`, pagination: { limit: BATCH, withCount: false } });
      if (!rows.length) return removed;
      await docs.action(PRUNE_ACTION, { ids: rows.map((r) => r.id) });
      removed += rows.length;
    }
  }
}
