// One place that turns a ColumnDef into knex DDL, so every dialect gets the same widths.

import type { Knex } from 'knex';
import type { ColumnDef } from './physical.js';

export function addColumn(t: Knex.CreateTableBuilder | Knex.AlterTableBuilder, column: ColumnDef, opts: { alter?: boolean } = {}): void {
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
