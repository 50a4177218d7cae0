// One place that turns a ColumnDef into knex DDL, so every dialect gets the same widths.

import type { Knex } from 'knex';
import type { ColumnDef, ComputedColumn } from './physical.js';

export function addColumn(t: Knex.CreateTableBuilder | Knex.AlterTableBuilder, column: ColumnDef, opts: { alter?: boolean } = {}): void {
  if (column.computed) {
    // Computed by the database, never written; MariaDB indexes a VIRTUAL column without storing it
    t.specificType(column.name, `${computedType(column.computed)} VIRTUAL`);
    return;
  }
  let builder: Knex.ColumnBuilder;
  switch (column.type) {
    case 'increments': t.increments(column.name).primary(); return;
    case 'string': builder = t.string(column.name, 255); break;
    case 'text': builder = t.text(column.name, 'longtext'); break;
    case 'json': builder = t.jsonb(column.name); break;
    case 'integer': builder = t.integer(column.name); break;
    case 'biginteger': builder = t.bigInteger(column.name); break;
    case 'double': builder = t.double(column.name); break;
    case 'decimal': builder = t.decimal(column.name, 10, 2); break;
    case 'boolean': builder = t.boolean(column.name); break;
    case 'date': builder = t.date(column.name); break;
    // 'HH:mm:ss.SSS' as fixed-width text: the same ordering and precision on every dialect
    case 'time': builder = t.string(column.name, 12); break;
    case 'datetime': builder = t.datetime(column.name, { useTz: false, precision: 3 }); break;
  }
  if (column.references && !opts.alter) {
    builder.unsigned?.();
    builder.references('id').inTable(column.references).onDelete('CASCADE');
  }
  if (column.nullable) builder.nullable(); else builder.notNullable();
  if (opts.alter) builder.alter();
}

function computedType(computed: ComputedColumn): string {
  if (computed.kind === 'presence') return `TINYINT(1) AS (\`${computed.of}\` IS NOT NULL)`;
  // A string column holds 255 characters of up to 4 bytes
  const bytes = `CAST(\`${computed.of}\` AS BINARY)`;
  return `VARBINARY(1020) AS (${computed.whereSet ? `IF(\`${computed.whereSet}\` IS NULL, NULL, ${bytes})` : bytes})`;
}
