// Writes relation attributes of one source row (or, for the inverse side, of the owning rows).
// Links point from a source row to a target *document*; reads resolve the target's row.

import type { Knex } from 'knex';
import { ValidationError, type FieldError } from '../errors/index.js';
import { aliasFactory } from '../query/plan-context.js';
import { applyScopes } from '../query/sql-filters.js';
import type { RelationRefsCheck, VersionRow } from './types.js';
import { linkWriteReach, type LinkWriteReach } from './link-write-reach.js';
import { decodeRow } from './decode-row.js';
import type { FilterNode } from '../query/ast.js';
import { applyFilter } from '../query/sql-filters.js';
import { relationTable } from '../database/naming.js';
import type { ContentType, Model, RelationAttribute } from '../registry/types.js';
import type { RelationOp } from './input.js';
import { applyRelationOp, referencedIds, referencedRefs } from './relation-order.js';
import type { RelationRef } from './input.js';
import { insertRows, type WriteContext } from './write-context.js';
import { maxPerKey } from './link-order.js';

const TO_ONE = new Set(['oneToOne', 'manyToOne']);

/** Restricts a query on `model`'s rows (as alias) to the versions the current write may link. */
function scoped(wc: WriteContext, qb: Knex.QueryBuilder, model: ContentType, alias: string, reach: LinkWriteReach): Knex.QueryBuilder {
  applyScopes(qb, model, alias, {
    knex: wc.trx, dialect: wc.dialect, registry: wc.registry, rowScopes: wc.rowScopes, source: 'internal', alias: aliasFactory(),
  }, reach);
  return qb;
}

interface LinkRow { id: number; source_id: number; target_document_id: string; ord: number; inv_ord: number }

export async function writeRelation(wc: WriteContext, model: Model, source: { id: number; documentId?: string }, field: string, attr: RelationAttribute, op: RelationOp, path: string): Promise<void> {
  const target = wc.registry.contentType(attr.target);
  await assertTargetsExist(wc, target, [{ path, ids: referencedIds(op) }]);
  await checkRefKeys(wc, model, source.id, target, referencedRefs(op), path);
  if (attr.mappedBy) {
    if (!source.documentId) throw new Error('inverse relations need a document');
    await writeInverse(wc, target, attr, source.documentId, op, path);
    return;
  }
  const table = relationTable(model.collectionName, field);
  const current = await wc.trx(table).where('source_id', source.id).orderBy('ord').orderBy('id') as LinkRow[];
  const next = applyRelationOp(current.map((r) => r.target_document_id), op, TO_ONE.has(attr.relation), path);
  await syncOwnerLinks(wc, table, source.id, current, next);
  if (attr.relation === 'oneToOne' || attr.relation === 'oneToMany') {
    // The target belongs to one source document only: take it away from any other (same versions).
    await releaseTargets(wc, model, field, table, source, next);
  }
}

/** Rewrites the link rows of one source so they list `next` in order, keeping inv_ord of survivors. */
async function syncOwnerLinks(wc: WriteContext, table: string, sourceId: number, current: LinkRow[], next: string[]): Promise<void> {
  const keep = new Set(next);
  const gone = current.filter((r) => !keep.has(r.target_document_id)).map((r) => r.id);
  if (gone.length) await wc.trx(table).whereIn('id', gone).delete();
  const existing = new Map(current.filter((r) => keep.has(r.target_document_id)).map((r) => [r.target_document_id, r]));
  const added: Array<Record<string, unknown>> = [];
  const newTargets = next.filter((id) => !existing.has(id));
  const invMax = await maxInvOrd(wc, table, newTargets);
  for (const [index, targetId] of next.entries()) {
    const ord = index + 1;
    const row = existing.get(targetId);
    if (row) {
      if (Number(row.ord) !== ord) await wc.trx(table).where('id', row.id).update({ ord });
    } else {
      added.push({ source_id: sourceId, target_document_id: targetId, ord, inv_ord: (invMax.get(targetId) ?? 0) + 1 });
    }
  }
  await insertRows(wc, table, added);
}

function maxInvOrd(wc: WriteContext, table: string, targets: string[]): Promise<Map<string, number>> {
  return maxPerKey(wc, table, 'target_document_id', 'inv_ord', targets);
}

async function releaseTargets(wc: WriteContext, model: Model, field: string, table: string, source: { id: number; documentId?: string }, targets: string[]): Promise<void> {
  if (!targets.length) return;
  const others = wc.trx.from({ o: model.collectionName }).select('o.id');
  if (source.documentId) others.whereNot('o.document_id', source.documentId); else others.whereNot('o.id', source.id);
  // Only the versions this write works on: a draft taking a target leaves other published versions alone
  if (model.modelType === 'contentType') scoped(wc, others, model, 'o', linkWriteReach(model, field));
  await wc.trx(table).whereIn('target_document_id', targets).whereIn('source_id', others).delete();
}

/**
 * The inverse side: change which owner documents point at this document, and in what order. The
 * row scopes say which owner rows (versions) the write links: a write from a type without
 * draft-and-publish links every version of an owner (as Strapi links the draft and the published
 * row), a draft write only the owners' drafts.
 */
async function writeInverse(wc: WriteContext, owner: ContentType, attr: RelationAttribute, documentId: string, op: RelationOp, path: string): Promise<void> {
  const ownerAttr = owner.attributes[attr.mappedBy!] as RelationAttribute;
  const table = relationTable(owner.collectionName, attr.mappedBy!);
  const reach = linkWriteReach(owner, attr.mappedBy!);
  const ownerRows = (documentIds: string[]) => scoped(wc, wc.trx.from({ s: owner.collectionName }).select('s.id').whereIn('s.document_id', documentIds), owner, 's', reach);
  const current = await scoped(wc, wc.trx({ l: table }).join({ s: owner.collectionName }, 's.id', 'l.source_id')
    .where('l.target_document_id', documentId).orderBy('l.inv_ord').orderBy('l.id')
    .select('l.id', 'l.source_id', 's.document_id'), owner, 's', reach) as Array<{ id: number; source_id: number; document_id: string }>;
  const currentDocs = [...new Set(current.map((r) => r.document_id))];
  const next = applyRelationOp(currentDocs, op, TO_ONE.has(attr.relation), path);
  const keep = new Set(next);
  const gone = current.filter((r) => !keep.has(r.document_id)).map((r) => r.id);
  if (gone.length) await wc.trx(table).whereIn('id', gone).delete();

  // Every version in scope of a document the input names gets the link: a new owner, and the
  // versions of a listed one that lack it (its published row, when only its draft was linked).
  const named = [...new Set(referencedIds(op))].filter((d) => keep.has(d));
  const linked = new Set(current.filter((r) => keep.has(r.document_id)).map((r) => Number(r.source_id)));
  const sourceIds = named.length
    ? (await ownerRows(named) as Array<{ id: number }>).map((s) => Number(s.id)).filter((id) => !linked.has(id))
    : [];
  if (sourceIds.length) {
    if (TO_ONE.has(ownerAttr.relation)) {
      // Each owner row holds one target: connecting here replaces what it pointed at before.
      await wc.trx(table).whereIn('source_id', sourceIds).delete();
    }
    const ordMax = new Map<number, number>();
    const maxRows = await wc.trx(table).whereIn('source_id', sourceIds).select('source_id').max({ m: 'ord' }).groupBy('source_id') as Array<{ source_id: number; m: unknown }>;
    for (const r of maxRows) ordMax.set(Number(r.source_id), Number(r.m ?? 0));
    await insertRows(wc, table, sourceIds.map((id) => ({
      source_id: id, target_document_id: documentId, ord: (ordMax.get(id) ?? 0) + 1, inv_ord: 0,
    })));
  }
  // Rewrite the inverse order for every owner document, in the new order.
  for (const [index, docId] of next.entries()) {
    await wc.trx(table).where('target_document_id', documentId)
      .whereIn('source_id', ownerRows([docId]))
      .update({ inv_ord: index + 1 });
  }
  if (attr.relation === 'oneToOne' && next.length) {
    // This document may be pointed at by one owner only (oneToOne): the owner must not point elsewhere either.
    await wc.trx(table).whereIn('source_id', ownerRows(next))
      .whereNot('target_document_id', documentId).delete();
  }
}

/** Every document named exists; one error per missing one (the same path and document once, when
 *  two rows name it from one input: a draft and its published copy). */
export async function assertTargetsExist(wc: WriteContext, target: ContentType, refs: Array<{ path: string; ids: string[] }>): Promise<void> {
  const wanted = [...new Set(refs.flatMap((r) => r.ids))];
  if (!wanted.length) return;
  const found = new Set<string>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await wc.trx(target.collectionName).whereIn('document_id', wanted.slice(i, i + 1000)).distinct('document_id') as Array<{ document_id: string }>;
    for (const r of rows) found.add(r.document_id);
  }
  const errors = new Map<string, FieldError>();
  for (const { path, ids } of refs) {
    for (const id of ids) {
      if (found.has(id)) continue;
      errors.set(`${path}\u0000${id}`, { path: path.split('.'), message: `Document with id "${id}" not found`, name: 'ValidationError', value: id });
    }
  }
  if (errors.size) throw ValidationError.fromFields([...errors.values()]);
}

/** References that carry plugins' keys (a locale) go to those plugins' checkRelationRefs taps. */
async function checkRefKeys(wc: WriteContext, model: Model, sourceId: number, target: ContentType, refs: RelationRef[], path: string): Promise<void> {
  const keyed = refs.filter((r) => r.keys !== undefined);
  if (!keyed.length) return;
  let values: Promise<Record<string, unknown>> | undefined;
  const check: RelationRefsCheck = {
    model, sourceId, target, refs: keyed, path: path.split('.'), errors: [],
    sourceValues: () => (values ??= wc.trx(model.collectionName).where('id', sourceId).first()
      .then((row: Record<string, unknown> | undefined) => (row ? decodeRow(model, row) : {}))),
    targetRows: (documentId, filter) => versionsOf(wc, target, documentId, filter),
  };
  await wc.hooks.checkRelationRefs.promise(check);
  if (check.errors.length) throw ValidationError.fromFields(check.errors);
}

async function versionsOf(wc: WriteContext, ct: ContentType, documentId: string, filter?: FilterNode): Promise<VersionRow[]> {
  const qb = wc.trx.from({ r: ct.collectionName }).select('r.*').where('r.document_id', documentId).orderBy('r.id');
  applyFilter(qb, filter, ct, 'r', { knex: wc.trx, dialect: wc.dialect, registry: wc.registry, rowScopes: [], source: 'internal', alias: aliasFactory() });
  return (await qb as Array<Record<string, unknown>>).map((row) => ({ ...decodeRow(ct, row), documentId }));
}

/** Removes links pointing at a document that no longer has any row. */
export async function removeIncomingLinks(wc: WriteContext, target: ContentType, documentId: string): Promise<void> {
  for (const model of wc.registry.models()) {
    for (const [name, attr] of Object.entries(model.attributes)) {
      if (attr.type !== 'relation' || attr.mappedBy || attr.versions || attr.target !== target.uid) continue;
      await wc.trx(relationTable(model.collectionName, name)).where('target_document_id', documentId).delete();
    }
  }
}
