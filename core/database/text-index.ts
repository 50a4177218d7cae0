// Trigram indexes for substring search. PostgreSQL has one (pg_trgm's GIN operator class) that
// serves LIKE and ILIKE as written. SQLite's is an FTS5 table: it holds the column's text folded
// with the same lower() the filters use, so a LIKE on it gives the filter's own answer, and the
// triggers below keep it in step with every write, whichever code path makes it.

import type { Knex } from 'knex';
import { SQLITE_LOWER } from './connection.js';
import type { IndexDef } from './physical.js';
import { dropTriggerKept, triggerName as trigger } from './trigger-kept.js';

/** The FTS5 column holding the folded text (a fixed name: FTS5 reserves some, like "rank"). */
export const FOLDED_COLUMN = 'folded';

export async function createTextIndex(knex: Knex, table: string, index: IndexDef): Promise<void> {
  const column = index.columns[0]!;
  if (knex.client.config.client === 'pg') {
    // Trusted since PostgreSQL 13: the database's owner may create it. An extension belongs to
    // the database, in the schema it was first created in, which need not be on our search path
    await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const found = await knex.raw("SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'") as { rows: Array<{ schema: string }> };
    await knex.raw('CREATE INDEX ?? ON ?? USING gin (?? ??.gin_trgm_ops)', [index.name, table, column, found.rows[0]!.schema]);
    return;
  }
  // One transaction: the catalog shows the index (its insert trigger) only once it is whole
  await knex.transaction(async (trx) => {
    // detail=none: the LIKE is checked against the stored text, so positions are not needed
    await trx.raw(`CREATE VIRTUAL TABLE ?? USING fts5(${FOLDED_COLUMN}, tokenize = 'trigram', detail = 'none')`, [index.name]);
    await trx.raw(`INSERT INTO ?? (rowid, ${FOLDED_COLUMN}) SELECT id, ${SQLITE_LOWER}(??) FROM ?? WHERE ?? IS NOT NULL`,
      [index.name, column, table, column]);
    await trx.raw(`CREATE TRIGGER ?? AFTER DELETE ON ?? BEGIN DELETE FROM ?? WHERE rowid = old.id; END`,
      [trigger(index.name, 'del'), table, index.name]);
    await trx.raw(`CREATE TRIGGER ?? AFTER UPDATE OF ?? ON ?? BEGIN DELETE FROM ?? WHERE rowid = old.id; `
      + `INSERT INTO ?? (rowid, ${FOLDED_COLUMN}) SELECT new.id, ${SQLITE_LOWER}(new.??) WHERE new.?? IS NOT NULL; END`,
      [trigger(index.name, 'upd'), column, table, index.name, index.name, column, column]);
    await trx.raw(`CREATE TRIGGER ?? AFTER INSERT ON ?? BEGIN `
      + `INSERT INTO ?? (rowid, ${FOLDED_COLUMN}) SELECT new.id, ${SQLITE_LOWER}(new.??) WHERE new.?? IS NOT NULL; END`,
      [trigger(index.name, 'ins'), table, index.name, column, column]);
  });
}

export async function dropTextIndex(knex: Knex, index: IndexDef): Promise<void> {
  if (knex.client.config.client === 'pg') await knex.raw('DROP INDEX IF EXISTS ??', [index.name]);
  else await dropTriggerKept(knex, index.name);
}
