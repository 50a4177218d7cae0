// `unique` attributes: checked inside the write's transaction, among rows of other documents that
// the query's row scopes can see (so a draft and its published version never clash).

import { ValidationError, type FieldError } from '../errors/index.js';
import { toDb } from '../database/codecs.js';
import { columnName } from '../database/naming.js';
import { columnTypeOf } from '../database/physical.js';
import { aliasFactory } from '../query/plan-context.js';
import { applyScopes } from '../query/sql-filters.js';
import type { ContentType } from '../registry/types.js';
import { isScalar } from '../registry/types.js';
import type { QueryContext } from './types.js';
import type { WriteContext } from './write-context.js';

export async function checkUnique(wc: WriteContext, ct: ContentType, values: Record<string, unknown>, documentId: string, ctx: QueryContext): Promise<void> {
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(values)) {
    const attr = ct.attributes[name];
    // uid attributes are unique by definition, as in Strapi
    const unique = attr && isScalar(attr) && (attr.type === 'uid' || ('unique' in attr && attr.unique === true));
    if (!attr || !unique || value === null || value === undefined) continue;
    const type = columnTypeOf(attr);
    if (!type) continue;
    const qb = wc.trx.from({ r: ct.collectionName }).first('r.id')
      .where(`r.${columnName(name)}`, toDb(type, value, wc.dialect) as string)
      .whereNot('r.document_id', documentId);
    applyScopes(qb, ct, 'r', {
      knex: wc.trx, dialect: wc.dialect, registry: wc.registry, rowScopes: ctx.rowScopes, source: 'internal', alias: aliasFactory(),
    });
    if (await qb) errors.push({ path: [name], message: 'This attribute must be unique', name: 'ValidationError', value });
  }
  if (errors.length) throw ValidationError.fromFields(errors);
}
