// What createMany checks once per call instead of once per item: the items' shape, the documents
// they add versions to, and unique values (against the table and among the items themselves).

import { ValidationError, isApplicationError, type FieldError } from '../errors/index.js';
import { aliasFactory } from '../query/plan-context.js';
import { applyFilter, applyScopes } from '../query/sql-filters.js';
import { limitRows } from '../database/limit.js';
import { isScalar, type ContentType } from '../registry/types.js';
import type { DocumentParams, QueryContext } from './types.js';
import { checkUnique } from './unique.js';
import type { WriteContext } from './write-context.js';

const CHUNK = 500;

export interface ManyItems { data: unknown[]; documentIds: string[] | undefined }

export function readManyItems(params: DocumentParams): ManyItems {
  const { data, documentIds } = params;
  if (!Array.isArray(data)) throw new ValidationError('createMany needs "data": a list of objects');
  if (documentIds === undefined) return { data, documentIds: undefined };
  if (!Array.isArray(documentIds) || documentIds.length !== data.length || documentIds.some((d) => typeof d !== 'string' || !d)) {
    throw new ValidationError('createMany\'s "documentIds" must list one documentId per item of "data"');
  }
  if (new Set(documentIds).size !== documentIds.length) throw new ValidationError('createMany\'s "documentIds" may name each document once');
  return { data, documentIds: documentIds as string[] };
}

/** An item's validation error, its paths under the item's index. */
export function atItem(index: number, err: unknown): unknown {
  if (!(err instanceof ValidationError) && !(isApplicationError(err) && err.name === 'ValidationError')) return err;
  const errors = (err.details.errors as FieldError[] | undefined) ?? [{ path: [], message: err.message, name: 'ValidationError' }];
  return new ValidationError(`data.${index}: ${err.message}`, { ...err.details, errors: errors.map((e) => ({ ...e, path: [String(index), ...e.path] })) });
}

export async function runItem<T>(index: number, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw atItem(index, err);
  }
}

/** Documents that already have a version in the call's scope cannot get another. */
export async function assertNoVersionYet(wc: WriteContext, ctx: QueryContext, documentIds: string[]): Promise<void> {
  for (let i = 0; i < documentIds.length; i += CHUNK) {
    const qb = wc.trx.from({ r: ctx.contentType.collectionName }).distinct('r.document_id').whereIn('r.document_id', documentIds.slice(i, i + CHUNK));
    applyScopes(qb, ctx.contentType, 'r', plan(wc, ctx));
    const taken = await qb as Array<{ document_id: string }>;
    if (taken.length) {
      const index = documentIds.indexOf(taken[0]!.document_id);
      throw atItem(index, new ValidationError(`Document ${taken[0]!.document_id} already has a version here`));
    }
  }
}

/**
 * unique and uid values: one query per attribute and chunk finds whether any is taken; only then
 * does each item of that chunk get create's own check, which says which one. Two items with the
 * same value clash with each other.
 */
export async function checkUniqueMany(wc: WriteContext, ct: ContentType, items: Array<{ values: Record<string, unknown>; documentId: string }>, ctx: QueryContext): Promise<void> {
  for (const [name, attr] of Object.entries(ct.attributes)) {
    const unique = isScalar(attr) && (attr.type === 'uid' || ('unique' in attr && attr.unique === true));
    if (!unique) continue;
    const seen = new Map<string, number>();
    for (const [index, { values }] of items.entries()) {
      const value = values[name];
      if (value === null || value === undefined) continue;
      const key = `${typeof value}:${String(value)}`;
      if (seen.has(key)) {
        throw atItem(index, ValidationError.fromFields([{ path: [name], message: `This attribute must be unique (item ${seen.get(key)!} has the same value)`, name: 'ValidationError', value }]));
      }
      seen.set(key, index);
    }
    for (let i = 0; i < items.length; i += CHUNK) {
      const chunk = items.slice(i, i + CHUNK);
      const values = chunk.map((it) => it.values[name]).filter((v) => v !== null && v !== undefined);
      if (!values.length) continue;
      const qb = limitRows(wc.trx.from({ r: ct.collectionName }).first('r.id'), 1);
      applyFilter(qb, { kind: 'compare', field: name, operator: '$in', value: values }, ct, 'r', plan(wc, ctx));
      applyScopes(qb, ct, 'r', plan(wc, ctx));
      if (ctx.constraints.uniqueAmong) applyFilter(qb, ctx.constraints.uniqueAmong, ct, 'r', plan(wc, ctx));
      if (!(await qb)) continue;
      for (const [j, it] of chunk.entries()) await runItem(i + j, () => checkUnique(wc, ct, { [name]: it.values[name] }, it.documentId, ctx));
    }
  }
}

function plan(wc: WriteContext, ctx: QueryContext) {
  return { knex: wc.trx, dialect: wc.dialect, registry: wc.registry, rowScopes: ctx.rowScopes, source: 'internal' as const, alias: aliasFactory() };
}
