// Applies the renames of the renames file (renames.ts) that this database has not applied yet,
// before schema sync's additive diff: each in one transaction where the database has
// transactional DDL (SQLite, PostgreSQL); on MariaDB/MySQL, where DDL commits at once, each move
// checks what it finds, so a rename stopped halfway goes on from where it stopped at the next
// start. The ids applied are kept in strata_schema_renames. Rows that name what was renamed
// (plugins' stored names) are rewritten by rename-rows.ts.

import type { Knex } from 'knex';
import { KernelError } from '../errors/index.js';
import type { Logger } from '../log/logger.js';
import { applyRowMove } from './rename-rows.js';
import type { Rename, RenameMove } from './renames.js';
import { renameInState, type StateRename } from './schema-state.js';

export const RENAMES_TABLE = 'strata_schema_renames';

/** The renames not yet applied here, in the file's order (one indexed read; none without a file). */
export async function pendingRenames(knex: Knex, renames: readonly Rename[]): Promise<Rename[]> {
  if (renames.length === 0) return [];
  if (!(await knex.schema.hasTable(RENAMES_TABLE))) return [...renames];
  const applied = new Set((await knex(RENAMES_TABLE).select('rename_id') as Array<{ rename_id: string }>).map((r) => r.rename_id));
  return renames.filter((r) => !applied.has(r.id));
}

/** Applies the pending renames (call under the schema sync lock); returns what it did, logged. */
export async function applyRenames(knex: Knex, renames: readonly Rename[], logger: Logger): Promise<string[]> {
  const pending = await pendingRenames(knex, renames);
  if (pending.length === 0) return [];
  if (!(await knex.schema.hasTable(RENAMES_TABLE))) {
    await knex.schema.createTable(RENAMES_TABLE, (t) => {
      t.increments('id');
      t.string('rename_id', 191).notNullable().unique();
      t.string('applied_at', 32).notNullable();
    });
  }
  const transactional = knex.client.config.client !== 'mysql2';
  const done: string[] = [];
  for (const rename of pending) {
    const run = async (db: Knex): Promise<string[]> => {
      const lines: string[] = [];
      const state: StateRename[] = [];
      for (const move of rename.moves) {
        const line = await applyMove(db, move, rename);
        if (!line) continue;
        lines.push(line);
        if (move.op === 'table') state.push({ table: move.from, to: move.to });
        if (move.op === 'column') state.push({ table: move.table, column: move.from, to: move.to });
      }
      await renameInState(db, state);
      await db(RENAMES_TABLE).insert({ rename_id: rename.id, applied_at: new Date().toISOString() });
      return lines;
    };
    const lines = transactional ? await knex.transaction((trx) => run(trx)) : await run(knex);
    const what = `renamed ${rename.kind} ${rename.model ? `${rename.model}.` : ''}${rename.from} to ${rename.to}`;
    const line = lines.length ? `${what}: ${lines.join('; ')}` : `${what} (nothing to move in this database)`;
    logger.info(`schema sync: ${line}`);
    done.push(line);
  }
  return done;
}

/** One move; what it did, or undefined when there was nothing to move (a database that never had
 *  the source, or one where an interrupted run already moved it). */
async function applyMove(db: Knex, move: RenameMove, rename: Rename): Promise<string | undefined> {
  switch (move.op) {
    case 'table': {
      const [source, target] = [await db.schema.hasTable(move.from), await db.schema.hasTable(move.to)];
      if (!source) return undefined;
      if (target) throw clash(rename, `table ${move.to}`, `table ${move.from}`);
      await db.schema.renameTable(move.from, move.to);
      // PostgreSQL keeps the id sequence's and the primary key's names, which are the schema's
      // (not the table's): a type given the old name later would clash with them
      if (db.client.config.client === 'pg') {
        await db.raw('ALTER SEQUENCE IF EXISTS ?? RENAME TO ??', [`${move.from}_id_seq`, `${move.to}_id_seq`]);
        await db.raw('ALTER INDEX IF EXISTS ?? RENAME TO ??', [`${move.from}_pkey`, `${move.to}_pkey`]);
      }
      return `table ${move.from} -> ${move.to}`;
    }
    case 'column': {
      if (!(await db.schema.hasTable(move.table))) return undefined;
      if (!(await db.schema.hasColumn(move.table, move.from))) {
        // Moved by a run that stopped before recording the rename (MariaDB): the applied schema
        // must still follow, or it would keep describing the old column (and its computed key)
        return (await db.schema.hasColumn(move.table, move.to)) ? `column ${move.table}.${move.from} -> ${move.to} (moved already)` : undefined;
      }
      if (await db.schema.hasColumn(move.table, move.to)) throw clash(rename, `column ${move.table}.${move.to}`, `column ${move.table}.${move.from}`);
      const dropped = db.client.config.client === 'mysql2' ? await dropComputedOf(db, move.table, move.from) : [];
      await db.schema.alterTable(move.table, (t) => { t.renameColumn(move.from, move.to); });
      return `column ${move.table}.${move.from} -> ${move.to}${dropped.length ? ` (dropped ${dropped.join(', ')}, computed from it: built again under the new name)` : ''}`;
    }
    case 'values': {
      if (!(await db.schema.hasTable(move.table)) || !(await db.schema.hasColumn(move.table, move.column))) return undefined;
      const query = db(move.table).where(move.column, move.from);
      if (move.where) query.where(move.where.column, move.where.equals);
      const n = await query.update({ [move.column]: move.to });
      return `${move.table}.${move.column} '${move.from}' -> '${move.to}' (${Number(n)} row(s))`;
    }
    case 'prefix': case 'json':
      return applyRowMove(db, move);
  }
}

/**
 * MariaDB/MySQL: the generated columns computed from `column` (a unique attribute's exact key,
 * physical.ts) are dropped with their indexes before it is renamed. MySQL refuses to rename a
 * column they depend on; MariaDB renames it inside their expressions but keeps them under the old
 * attribute's name, where a later attribute of that name would find a key computed from another
 * column. Schema sync's diff, which runs next under the same lock, builds them again under the
 * new name (renameInState forgets them). Virtual columns hold no data: nothing is lost, and the
 * document service's check refuses duplicates until the index is back.
 */
async function dropComputedOf(db: Knex, table: string, column: string): Promise<string[]> {
  const [generated] = await db.raw(
    "SELECT column_name AS name, generation_expression AS expr FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND generation_expression IS NOT NULL AND generation_expression <> ''",
    [table],
  ) as [Array<{ name: string; expr: string }>];
  const dependents = generated.filter((c) => c.expr.includes(`\`${column}\``)).map((c) => c.name);
  for (const name of dependents) {
    // Dropped first: MariaDB drops a column out of a composite index and keeps the rest of it,
    // which would leave a unique index on the scope columns alone
    const [indexes] = await db.raw('SELECT DISTINCT index_name AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?', [table, name]) as [Array<{ name: string }>];
    for (const index of indexes) await db.raw('ALTER TABLE ?? DROP INDEX ??', [table, index.name]);
    await db.raw('ALTER TABLE ?? DROP COLUMN ??', [table, name]);
  }
  return dependents;
}

/** Both names exist: a start with the new schema files but without the renames file has created
 *  the target already. Moving onto it could lose either side's rows, so the start stops. */
function clash(rename: Rename, target: string, source: string): KernelError {
  return new KernelError('SYNC_ERR_RENAME',
    `schema sync refused rename ${rename.id} (${rename.kind} ${rename.from} -> ${rename.to}): ${target} exists already beside ${source}. ` +
    `Move the rows of ${target} into ${source} (or drop it if it is empty) and start again.`);
}
