// The schema a database last applied, kept in the database itself (strata_schema_state): one row
// per applied schema, its hash and its JSON. Tables and columns no longer described stay recorded,
// since they still hold data and must never be created again with another type.

import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { PhysicalSchema } from './physical.js';
import { SCHEMA_STATE_TABLE } from './naming.js';

export async function recordedHash(knex: Knex): Promise<string | undefined> {
  if (!(await knex.schema.hasTable(SCHEMA_STATE_TABLE))) return undefined;
  const row = await knex(SCHEMA_STATE_TABLE).orderBy('id', 'desc').first('hash') as { hash: string } | undefined;
  return row?.hash;
}

export async function readState(knex: Knex): Promise<{ hash: string; schema: PhysicalSchema } | undefined> {
  if (!(await knex.schema.hasTable(SCHEMA_STATE_TABLE))) {
    await knex.schema.createTable(SCHEMA_STATE_TABLE, (t) => {
      t.increments('id');
      t.string('hash', 64).notNullable();
      t.text('schema', 'longtext').notNullable();
      t.string('applied_at', 32).notNullable();
    });
    return undefined;
  }
  const row = await knex(SCHEMA_STATE_TABLE).orderBy('id', 'desc').first() as { hash: string; schema: string } | undefined;
  if (!row) return undefined;
  const previous = JSON.parse(row.schema) as PhysicalSchema;
  // Keep the tables no longer described, so later syncs still know what they hold.
  return { hash: row.hash, schema: previous };
}

export async function writeState(knex: Knex, hash: string, schema: PhysicalSchema): Promise<void> {
  const previous = await readState(knex);
  // Remember retired tables/columns too: they still hold data and must never be re-created with another type.
  const merged = mergeRetired(schema, previous?.schema);
  await knex(SCHEMA_STATE_TABLE).insert({ hash, schema: JSON.stringify(merged), applied_at: new Date().toISOString() });
}

function mergeRetired(schema: PhysicalSchema, previous: PhysicalSchema | undefined): PhysicalSchema {
  if (!previous) return schema;
  const tables = schema.tables.map((t) => ({ ...t, columns: [...t.columns] }));
  const byName = new Map(tables.map((t) => [t.name, t]));
  for (const old of previous.tables) {
    const table = byName.get(old.name);
    if (!table) { tables.push(old); continue; }
    for (const column of old.columns) if (!table.columns.some((c) => c.name === column.name)) table.columns.push(column);
  }
  return { tables };
}

/** A table or column renamed in the database (apply-renames.ts). */
export type StateRename = { table: string; to: string } | { table: string; column: string; to: string };

/**
 * Records renames in the applied schema, so that the diff after them finds the table or column
 * under its new name with the type it has (widenings and refusals still apply) and no longer
 * lists the old name as kept. A new row, as every change of the state is; its hash is that of
 * the renamed schema, which no schema of the registry has, so the diff runs.
 */
export async function renameInState(knex: Knex, renames: readonly StateRename[]): Promise<void> {
  if (renames.length === 0 || !(await knex.schema.hasTable(SCHEMA_STATE_TABLE))) return;
  const row = await knex(SCHEMA_STATE_TABLE).orderBy('id', 'desc').first() as { schema: string } | undefined;
  if (!row) return;
  const schema = JSON.parse(row.schema) as PhysicalSchema;
  for (const r of renames) {
    if ('column' in r) {
      const table = schema.tables.find((t) => t.name === r.table);
      if (!table) continue;
      // Columns computed from it (MariaDB's exact keys) went with their indexes (apply-renames.ts):
      // forgotten, so the diff builds them under the new name
      const computed = new Set(table.columns.filter((c) => c.computed?.of === r.column).map((c) => c.name));
      table.columns = table.columns.filter((c) => !computed.has(c.name));
      table.indexes = table.indexes.filter((i) => !i.columns.some((c) => computed.has(c)));
      for (const column of table.columns) if (column.name === r.column) column.name = r.to;
      for (const index of table.indexes) index.columns = index.columns.map((c) => (c === r.column ? r.to : c));
      continue;
    }
    for (const table of schema.tables) {
      if (table.name === r.table) table.name = r.to;
      for (const column of table.columns) if (column.references === r.table) column.references = r.to;
    }
  }
  const json = JSON.stringify(schema);
  await knex(SCHEMA_STATE_TABLE).insert({ hash: createHash('sha256').update(`renamed:${json}`).digest('hex'), schema: json, applied_at: new Date().toISOString() });
}
