// How many rows hold data that a schema change would leave behind: the count a data-losing change
// (an attribute or a type deleted, a type narrowed) names before it is confirmed. Schema sync keeps
// the data of whatever the schemas no longer describe, but the content API will not show it again.

import type { Knex } from 'knex';
import type { Model } from '../registry/types.js';
import { columnName, componentLinkTable, FILES_LINK_TABLE, relationTable } from './naming.js';
import { columnTypeOf } from './physical.js';

/** The rows of `model` (its table), or those holding a value of one of its attributes (a column
 *  not null, or the link rows of a relation, component or media attribute). */
export async function rowsHolding(knex: Knex, model: Model, attribute?: string): Promise<number> {
  const count = async (table: string, where?: (q: Knex.QueryBuilder) => void): Promise<number> => {
    if (!(await knex.schema.hasTable(table))) return 0;
    const query = knex(table);
    where?.(query);
    const row = await query.count({ n: '*' }).first() as { n?: number | string } | undefined;
    return Number(row?.n ?? 0);
  };
  const table = model.collectionName;
  if (attribute === undefined) return count(table);
  const attr = model.attributes[attribute];
  if (!attr) return 0;
  switch (attr.type) {
    case 'relation':
      return attr.mappedBy || attr.versions ? 0 : count(relationTable(table, attribute));
    case 'component': case 'dynamiczone':
      return count(componentLinkTable(table), (q) => { q.where('field', attribute); });
    case 'media':
      return count(FILES_LINK_TABLE, (q) => { q.where({ related_type: model.uid, field: attribute }); });
    default: {
      if (!columnTypeOf(attr)) return 0;
      const column = columnName(attribute);
      if (!(await knex.schema.hasTable(table)) || !(await knex.schema.hasColumn(table, column))) return 0;
      return count(table, (q) => { q.whereNotNull(column); });
    }
  }
}
