// SQLite structures kept in step with a table by three triggers (a text index, the scope counts):
// their trigger names, how to find them in the catalog and how to drop one with its triggers.

import type { Knex } from 'knex';

export const TRIGGER_KINDS = ['ins', 'del', 'upd'] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

export const triggerName = (structure: string, kind: TriggerKind): string => `${structure}_${kind}`;

/** The trigger-kept structures on a table, named by their insert trigger (each creates it last,
 *  in the transaction that builds it, so the trigger means the structure is whole). */
export async function sqliteTriggerKeptOf(knex: Knex, table: string): Promise<string[]> {
  const rows = await knex.raw("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?", [table]) as Array<{ name: string }>;
  const suffix = triggerName('', 'ins');
  return rows.filter((r) => r.name.endsWith(suffix)).map((r) => r.name.slice(0, -suffix.length));
}

export async function dropTriggerKept(knex: Knex, structure: string): Promise<void> {
  await knex.transaction(async (trx) => {
    for (const kind of TRIGGER_KINDS) await trx.raw('DROP TRIGGER IF EXISTS ??', [triggerName(structure, kind)]);
    await trx.raw('DROP TABLE IF EXISTS ??', [structure]);
  });
}
