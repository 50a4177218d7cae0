// Additive schema sync. Creates tables, columns and indexes; widens column types; never drops a
// column or table that holds data; refuses a type change that would lose data; logs every change.
// The applied schema is kept in the database, so an unchanged schema boots without any DDL.

import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { KernelError } from '../errors/index.js';
import type { Logger } from '../log/logger.js';
import type { ColumnDef, ColumnType, IndexDef, PhysicalSchema, TableDef } from './physical.js';
import { readState, recordedHash, writeState } from './schema-state.js';
import { applyRenames, pendingRenames } from './apply-renames.js';
import type { Rename } from './renames.js';
import type { DatabaseLocks } from './locks.js';
import { addColumn } from './column-ddl.js';
import { createTextIndex, dropTextIndex } from './text-index.js';
import { dropTriggerKept, sqliteTriggerKeptOf } from './trigger-kept.js';
import { createScopeCounts } from './scope-counts.js';
import { uniqueViolation } from './unique-violation.js';

/** Type changes that keep every value; to decimal (10 digits, 2 after the point) only when the
 *  values held fit it, which the plan checks (decimalMisfits). */
const WIDENINGS: Record<string, ColumnType[]> = {
  string: ['text'],
  integer: ['biginteger', 'double', 'decimal', 'string'],
  double: ['decimal'],
  date: ['datetime'],
  boolean: ['integer', 'biginteger'],
};

/** Whether a column of type `from` can become `to` keeping every value (decimal: when they fit). */
export function widens(from: ColumnType, to: ColumnType): boolean {
  return from === to || (WIDENINGS[from]?.includes(to) ?? false);
}

type Operation =
  | { kind: 'createTable'; table: TableDef }
  | { kind: 'addColumn'; table: string; column: ColumnDef }
  | { kind: 'alterColumn'; table: string; column: ColumnDef; from: ColumnType }
  | { kind: 'replaceEmptyColumn'; table: string; column: ColumnDef; from: ColumnType }
  | { kind: 'createIndex'; table: string; index: IndexDef }
  | { kind: 'dropIndex'; table: string; index: IndexDef; reason?: string };

export interface SyncReport { changed: boolean; operations: string[] }

/** `renames`: the renames file's list (renames.ts); those this database has not applied yet run
 *  first, so the diff finds the moved tables and columns under their new names. */
export async function syncSchema(knex: Knex, schema: PhysicalSchema, logger: Logger, locks: DatabaseLocks, renames: readonly Rename[] = []): Promise<SyncReport> {
  const hash = createHash('sha256').update(JSON.stringify(schema)).digest('hex');
  // The usual start: nothing changed, and a read says so without waiting for the lock
  if ((await pendingRenames(knex, renames)).length === 0 && await recordedHash(knex) === hash) return { changed: false, operations: [] };
  // Another instance may have synced while this one waited: the state read under the lock decides
  return locks.hold('schema sync', () => syncLocked(knex, schema, hash, logger, renames));
}

async function syncLocked(knex: Knex, schema: PhysicalSchema, hash: string, logger: Logger, renames: readonly Rename[]): Promise<SyncReport> {
  const moved = await applyRenames(knex, renames, logger);
  const previous = await readState(knex);
  if (previous?.hash === hash) return { changed: moved.length > 0, operations: moved };

  const operations = await plan(knex, schema, previous?.schema);
  const described: string[] = [...moved];
  const unbuilt: Array<{ table: string; index: string }> = [];
  for (const op of operations) {
    const started = Date.now();
    try {
      await apply(knex, op);
    } catch (err) {
      // Rows written before the database kept these values apart may share one: the document
      // service's check still refuses new duplicates, and the next start tries again
      if (op.kind !== 'createIndex' || !op.index.unique || !uniqueViolation(err)) throw err;
      unbuilt.push({ table: op.table, index: op.index.name });
      logger.warn(`schema sync: unique index ${op.index.name} not built: rows of ${op.table} already share a value of ${op.index.columns.join(', ')}` +
        `${op.index.where ? ` (where ${op.index.where.column} is ${op.index.where.isNull ? '' : 'not '}null)` : ''}; ` +
        'new duplicates are still refused; make the values unique and restart to build it');
      continue;
    }
    // Indexing a big table takes a while: say how long, so a slow start-up explains itself, and
    // log each step as it ends, so a sync that fails halfway shows what it had done
    const took = Date.now() - started;
    const line = took >= 1000 ? `${describe(op)} in ${(took / 1000).toFixed(1)} s` : describe(op);
    described.push(line);
    logger.info(`schema sync: ${line}`);
  }
  for (const note of keptNotes(schema, previous?.schema)) logger.warn(`schema sync: ${note}`);
  if (unbuilt.length === 0) await writeState(knex, hash, schema);
  else {
    // Recorded without the indexes it could not build, so the next start differs and retries them
    const recorded = { tables: schema.tables.map((t) => ({ ...t, indexes: t.indexes.filter((i) => !unbuilt.some((u) => u.table === t.name && u.index === i.name)) })) };
    await writeState(knex, createHash('sha256').update(JSON.stringify(recorded)).digest('hex'), recorded);
  }
  return { changed: described.length > 0, operations: described };
}

async function plan(knex: Knex, schema: PhysicalSchema, previous: PhysicalSchema | undefined): Promise<Operation[]> {
  const ops: Operation[] = [];
  const before = new Map(previous?.tables.map((t) => [t.name, t]) ?? []);
  for (const table of schema.tables) {
    if (!(await knex.schema.hasTable(table.name))) {
      ops.push({ kind: 'createTable', table });
      for (const index of table.indexes) if (index.method) ops.push({ kind: 'createIndex', table: table.name, index });
      continue;
    }
    const old = before.get(table.name);
    const columnOps: Operation[] = [];
    for (const column of table.columns) {
      const oldColumn = old?.columns.find((c) => c.name === column.name);
      if (!oldColumn) {
        if (!(await knex.schema.hasColumn(table.name, column.name))) columnOps.push({ kind: 'addColumn', table: table.name, column });
        continue;
      }
      if (oldColumn.type === column.type) continue;
      if (WIDENINGS[oldColumn.type]?.includes(column.type)) {
        const misfits = column.type === 'decimal' ? await decimalMisfits(knex, table.name, column.name) : 0;
        if (misfits > 0) {
          throw refused(table, column, oldColumn.type,
            `but ${misfits} row(s) hold values a decimal cannot keep (at most 8 digits before the point and 2 after). Round or move those values yourself`);
        }
        columnOps.push({ kind: 'alterColumn', table: table.name, column, from: oldColumn.type });
        continue;
      }
      const holding = await knex(table.name).whereNotNull(column.name).count({ n: '*' }).first();
      if (Number(holding?.n ?? 0) > 0) {
        throw refused(table, column, oldColumn.type, `which can lose data held in ${String(holding?.n)} row(s). Migrate the data yourself`);
      }
      columnOps.push({ kind: 'replaceEmptyColumn', table: table.name, column, from: oldColumn.type });
    }
    // Indexes hold no data: one no longer described, or described differently, is dropped. New
    // ones come first, since MariaDB keeps a foreign key's index until another one serves it.
    // What the database has decides, not only the state: a sync stopped halfway (killed, disk
    // full) has built some indexes without recording them, and the next one must go on from there.
    const oldIndexes = new Map(old?.indexes.map((i) => [i.name, i]) ?? []);
    const wanted = new Map(table.indexes.map((i) => [i.name, i]));
    const present = await indexesOf(knex, table.name);
    // Indexes the column changes take away are dropped first and built again after: SQLite
    // changes a column's type by copying the table, which loses the triggers that keep a text
    // index or the scope counts (the catalog says which it has: a sync stopped halfway may have
    // built some it never recorded); and a column replaced takes its indexes with it. Indexes
    // this code did not make are left alone.
    const rebuilt = knex.client.config.client === 'better-sqlite3' && columnOps.some((op) => op.kind !== 'addColumn');
    const triggerKept = new Set(rebuilt ? (await sqliteTriggerKeptOf(knex, table.name)).filter((name) =>
      (wanted.get(name) ?? oldIndexes.get(name))?.method !== undefined || TRIGGER_KEPT_NAME.test(name)) : []);
    const replaced = new Set(columnOps.flatMap((op) => (op.kind === 'replaceEmptyColumn' ? [op.column.name] : [])));
    for (const name of [...present]) {
      const def = wanted.get(name) ?? oldIndexes.get(name);
      if (!triggerKept.has(name) && !def?.columns.some((c) => replaced.has(c))) continue;
      const index = def ?? { name, columns: [], unique: false, method: 'trigram' as const, expected: [] };
      ops.push({ kind: 'dropIndex', table: table.name, index, reason: 'to build again after the column change' });
      present.delete(name);
    }
    ops.push(...columnOps);
    const changed = new Set([...oldIndexes].filter(([name, index]) => wanted.has(name) && !sameIndex(wanted.get(name)!, index)).map(([name]) => name));
    // What the catalog lacks is built, whatever the state says (a drop that ran before a sync
    // stopped is recorded nowhere)
    for (const index of table.indexes) {
      if (!present.has(index.name) && !changed.has(index.name)) ops.push({ kind: 'createIndex', table: table.name, index });
    }
    for (const [name, index] of oldIndexes) {
      if (wanted.has(name) && !changed.has(name)) continue;
      if (present.has(name)) ops.push({ kind: 'dropIndex', table: table.name, index });
      if (changed.has(name)) ops.push({ kind: 'createIndex', table: table.name, index: wanted.get(name)! });
    }
  }
  return ops;
}

/** What naming.ts calls a text index or a scope counter. */
const TRIGGER_KEPT_NAME = /_(trgm|scope_counts)$/;

/** The names of a table's indexes, from the database's own catalog. */
async function indexesOf(knex: Knex, table: string): Promise<Set<string>> {
  let names: Array<{ name: string }>;
  switch (knex.client.config.client) {
    case 'pg':
      names = (await knex.raw('SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ?', [table]) as { rows: Array<{ name: string }> }).rows;
      break;
    case 'mysql2':
      names = (await knex.raw('SELECT DISTINCT index_name AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ?', [table]) as [Array<{ name: string }>])[0];
      break;
    default:
      names = await knex.raw("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", [table]) as Array<{ name: string }>;
      names.push(...(await sqliteTriggerKeptOf(knex, table)).map((name) => ({ name })));
  }
  return new Set(names.map((r) => r.name));
}

function sameIndex(a: IndexDef, b: IndexDef): boolean {
  return a.unique === b.unique && a.method === b.method && a.columns.join() === b.columns.join() && a.presence?.join() === b.presence?.join() && a.fold === b.fold
    && a.where?.column === b.where?.column && a.where?.isNull === b.where?.isNull;
}

function addIndex(knex: Knex, t: Knex.CreateTableBuilder, index: IndexDef): void {
  const predicate = index.where && (index.where.isNull ? knex.whereNull(index.where.column) : knex.whereNotNull(index.where.column));
  // An index, not a constraint, on PostgreSQL too: one way to create and drop every unique key
  if (index.unique) t.unique(index.columns, { indexName: index.name, useConstraint: false, ...(predicate ? { predicate } : {}) });
  else t.index(index.columns, index.name, predicate ? { predicate } : undefined);
}

async function apply(knex: Knex, op: Operation): Promise<void> {
  switch (op.kind) {
    case 'createTable':
      await knex.schema.createTable(op.table.name, (t) => {
        for (const column of op.table.columns) addColumn(t, column);
        for (const index of op.table.indexes) if (!index.method) addIndex(knex, t, index);
      });
      return;
    case 'addColumn':
      await knex.schema.alterTable(op.table, (t) => { addColumn(t, op.column); });
      return;
    case 'alterColumn':
      await knex.schema.alterTable(op.table, (t) => { addColumn(t, op.column, { alter: true }); });
      return;
    case 'replaceEmptyColumn':
      await knex.schema.alterTable(op.table, (t) => { t.dropColumn(op.column.name); });
      await knex.schema.alterTable(op.table, (t) => { addColumn(t, op.column); });
      return;
    case 'createIndex':
      if (op.index.method === 'trigram') { await createTextIndex(knex, op.table, op.index); return; }
      if (op.index.method === 'scope-counts') { await createScopeCounts(knex, op.table, op.index); return; }
      await knex.schema.alterTable(op.table, (t) => { addIndex(knex, t, op.index); });
      return;
    case 'dropIndex':
      if (op.index.method === 'trigram') { await dropTextIndex(knex, op.index); return; }
      if (op.index.method === 'scope-counts') { await dropTriggerKept(knex, op.index.name); return; }
      await knex.schema.alterTable(op.table, (t) => { t.dropIndex(op.index.columns, op.index.name); });
      return;
  }
}

/** A type change refused while the column holds what it would lose, and where to read how to
 *  move the data by hand. */
function refused(table: TableDef, column: ColumnDef, from: ColumnType, why: string): KernelError {
  return new KernelError('SYNC_ERR_DESTRUCTIVE',
    `schema sync refused: ${table.describes} column ${table.name}.${column.name} would change from ${from} to ${column.type}, ${why} ` +
    '(or restore the attribute\'s type) and start again (docs/operations.md, "Changing an attribute\'s type").');
}

/** Rows whose value a decimal(10, 2) column would not keep: too large, or more than two decimals. */
async function decimalMisfits(knex: Knex, table: string, column: string): Promise<number> {
  const client = String(knex.client.config.client);
  // PostgreSQL rounds numerics only; MariaDB and SQLite round doubles too
  const exact = client === 'pg' ? '??::numeric <> round(??::numeric, 2)' : '?? <> round(??, 2)';
  const row = await knex(table).whereRaw(`abs(??) >= 100000000 or ${exact}`, [column, column, column]).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

function describe(op: Operation): string {
  switch (op.kind) {
    case 'createTable': return `created table ${op.table.name} (${op.table.describes})`;
    case 'addColumn': return `added column ${op.table}.${op.column.name} (${op.column.type})`;
    case 'alterColumn': return `widened column ${op.table}.${op.column.name} from ${op.from} to ${op.column.type}`;
    case 'replaceEmptyColumn': return `retyped empty column ${op.table}.${op.column.name} from ${op.from} to ${op.column.type}`;
    case 'createIndex': return `created ${indexText(op.index)} on ${op.table}(${op.index.columns.join(', ')})${whereText(op.index)}`;
    case 'dropIndex': return `dropped ${indexText(op.index)} on ${op.table}(${op.index.columns.join(', ')})${whereText(op.index)}, ${op.reason ?? 'no longer described'}`;
  }
}

function indexText(index: IndexDef): string {
  return `${index.method ? `${index.method} ` : ''}index ${index.name}`;
}

function whereText(index: IndexDef): string {
  return index.where ? ` where ${index.where.column} is ${index.where.isNull ? '' : 'not '}null` : '';
}

/** Columns and tables that the registry no longer describes are kept with their data; say so. */
function keptNotes(schema: PhysicalSchema, previous: PhysicalSchema | undefined): string[] {
  if (!previous) return [];
  const notes: string[] = [];
  const now = new Map(schema.tables.map((t) => [t.name, t]));
  for (const old of previous.tables) {
    const table = now.get(old.name);
    if (!table) { notes.push(`table ${old.name} is no longer used; kept with its data`); continue; }
    for (const column of old.columns) {
      if (!table.columns.some((c) => c.name === column.name)) {
        notes.push(`column ${old.name}.${column.name} is no longer used; kept with its data`);
      }
    }
  }
  return notes;
}
