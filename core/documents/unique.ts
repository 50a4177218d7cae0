// `unique` attributes: checked inside the write's transaction, among rows of other documents that
// the query's row scopes can see (so a draft and its published version never clash).

import { ValidationError, type FieldError } from '../errors/index.js';
import { aliasFactory } from '../query/plan-context.js';
import { applyFilter, applyScopes } from '../query/sql-filters.js';
import type { ContentType } from '../registry/types.js';
import { isScalar } from '../registry/types.js';
import type { QueryContext } from './types.js';
import type { WriteContext } from './write-context.js';
import { limitRows } from '../database/limit.js';

export async function checkUnique(wc: WriteContext, ct: ContentType, values: Record<string, unknown>, documentId: string, ctx: QueryContext): Promise<void> {
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(values)) {
    const attr = ct.attributes[name];
    // uid attributes are unique by definition, as in Strapi
    const unique = attr && isScalar(attr) && (attr.type === 'uid' || ('unique' in attr && attr.unique === true));
    if (!attr || !unique || value === null || value === undefined) continue;
    const qb = limitRows(wc.trx.from({ r: ct.collectionName }).first('r.id'), 1).whereNot('r.document_id', documentId);
    const plan = { knex: wc.trx, dialect: wc.dialect, registry: wc.registry, rowScopes: ctx.rowScopes, source: 'internal' as const, alias: aliasFactory() };
    // The same exact comparison as $eq filters (MariaDB's collation would ignore case and accents)
    applyFilter(qb, { kind: 'compare', field: name, operator: '$eq', value }, ct, 'r', plan);
    applyScopes(qb, ct, 'r', plan);
    if (ctx.constraints.uniqueAmong) applyFilter(qb, ctx.constraints.uniqueAmong, ct, 'r', plan);
    if (await qb) errors.push({ path: [name], message: 'This attribute must be unique', name: 'ValidationError', value });
  }
  if (errors.length) throw ValidationError.fromFields(errors);
}
