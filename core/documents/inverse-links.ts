// What a version of a document shows on its inverse sides (mappedBy) is held by the owners' rows:
// a tag's draft lists the articles whose drafts link the tag. When one version of a document is
// copied onto another (publishing a draft, discarding it), the target version must show what the
// source version showed, so the owners' matching versions get the link too. Strapi does the same:
// it publishes an entry with the relations of its draft, inverse sides included, mapped to the
// published versions of their targets. Links are only added, never removed, as in Strapi (its
// publish keeps the old published version's links as well).

import type { Knex } from 'knex';
import { columnName, relationTable } from '../database/naming.js';
import type { FilterNode } from '../query/ast.js';
import { aliasFactory, type PlanContext } from '../query/plan-context.js';
import type { RowScope } from '../query/scopes.js';
import { applyFilter, applyScopes } from '../query/sql-filters.js';
import type { ContentType, RelationAttribute } from '../registry/types.js';
import { insertRows, type WriteContext } from './write-context.js';

const TO_ONE = new Set(['oneToOne', 'manyToOne']);

export interface ShareInverseLinks {
  /** Which owner rows hold the links to share (the owners' drafts, when publishing). */
  from: FilterNode;
  /** Which owner rows receive them: the versions of the same owner documents matching this. */
  to: FilterNode;
  /** Attributes a `from` row and its `to` row have in common (a locale), when the owner has them. */
  pairBy: readonly string[];
  /** The owner content types this applies to (those that have such versions). */
  owners(owner: ContentType): boolean;
}

interface FromLink { source_id: number; inv_ord: number; document_id: string; [pair: string]: unknown }
interface Candidate { id: number; document_id: string; [pair: string]: unknown }

export async function shareInverseLinks(wc: WriteContext, ct: ContentType, scopes: RowScope[], documentId: string, opts: ShareInverseLinks): Promise<void> {
  for (const [name, attr] of Object.entries(ct.attributes)) {
    if (attr.type !== 'relation' || !attr.mappedBy || attr.versions) continue;
    const owner = wc.registry.contentType(attr.target);
    if (!opts.owners(owner)) continue;
    await shareOne(wc, ct, name, attr, owner, scopes, documentId, opts);
  }
}

async function shareOne(wc: WriteContext, ct: ContentType, name: string, attr: RelationAttribute, owner: ContentType, scopes: RowScope[], documentId: string, opts: ShareInverseLinks): Promise<void> {
  const table = relationTable(owner.collectionName, attr.mappedBy!);
  const pairs = opts.pairBy.filter((p) => p in owner.attributes).map(columnName);
  const plan = (): PlanContext => ({ knex: wc.trx, dialect: wc.dialect, registry: wc.registry, rowScopes: scopes, source: 'internal', alias: aliasFactory() });
  const reach = { from: ct, attribute: name };
  const ownerRows = (alias: string, filter: FilterNode, qb: Knex.QueryBuilder): Knex.QueryBuilder => {
    const p = plan();
    applyFilter(qb, filter, owner, alias, p);
    applyScopes(qb, owner, alias, p, reach);
    return qb;
  };

  const fromLinks = await ownerRows('s', opts.from, wc.trx({ l: table }).join({ s: owner.collectionName }, 's.id', 'l.source_id')
    .where('l.target_document_id', documentId)
    .select('l.source_id', 'l.inv_ord', 's.document_id', ...pairs.map((c) => `s.${c}`))) as FromLink[];
  if (!fromLinks.length) return;
  const docs = [...new Set(fromLinks.map((l) => String(l.document_id)))];
  const candidates = await ownerRows('t', opts.to, wc.trx.from({ t: owner.collectionName }).whereIn('t.document_id', docs)
    .select('t.id', 't.document_id', ...pairs.map((c) => `t.${c}`))) as Candidate[];
  const key = (row: { document_id: string; [pair: string]: unknown }): string => [row.document_id, ...pairs.map((c) => String(row[c] ?? ''))].join('\u0000');
  const byKey = new Map(candidates.map((c) => [key(c), c]));
  const linked = new Set((await wc.trx(table).where('target_document_id', documentId).whereIn('source_id', candidates.map((c) => c.id))
    .select('source_id') as Array<{ source_id: number }>).map((r) => Number(r.source_id)));

  const added: Array<{ id: number; invOrd: number }> = [];
  for (const link of fromLinks) {
    const to = byKey.get(key(link));
    if (!to || linked.has(Number(to.id))) continue;
    linked.add(Number(to.id));
    added.push({ id: Number(to.id), invOrd: Number(link.inv_ord) });
  }
  if (added.length) {
    const ids = added.map((a) => a.id);
    // An owner row holds one target on a to-one side: the shared link replaces what it held.
    if (TO_ONE.has((owner.attributes[attr.mappedBy!] as RelationAttribute).relation)) await wc.trx(table).whereIn('source_id', ids).delete();
    const ordMax = new Map((await wc.trx(table).whereIn('source_id', ids).select('source_id').max({ m: 'ord' }).groupBy('source_id') as Array<{ source_id: number; m: unknown }>)
      .map((r) => [Number(r.source_id), Number(r.m ?? 0)]));
    await insertRows(wc, table, added.map((a) => ({ source_id: a.id, target_document_id: documentId, ord: (ordMax.get(a.id) ?? 0) + 1, inv_ord: a.invOrd })));
  }
  if (attr.relation === 'oneToOne') {
    // One owner per version: the one the source version shows replaces any other.
    const others = ownerRows('o', opts.to, wc.trx.from({ o: owner.collectionName }).select('o.id').whereNotIn('o.document_id', docs));
    await wc.trx(table).where('target_document_id', documentId).whereIn('source_id', others).delete();
  }
}
