// Row-level access for plugins that manage versions of a document (draft-and-publish copies a
// draft onto its published row). Every call runs on the ambient transaction.

import type { FilterNode } from '../query/ast.js';
import { aliasFactory } from '../query/plan-context.js';
import { applyFilter, applyScopes } from '../query/sql-filters.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { ContentType } from '../registry/types.js';
import type { RowScope } from '../query/scopes.js';
import type { VersionRow } from './types.js';

export type { VersionRow } from './types.js';
import { decodeRow } from './decode-row.js';
import { copiedColumns, copyOwned, readRowsForCopy, replaceOwned } from './copy-row.js';
import { shareInverseLinks, type ShareInverseLinks } from './inverse-links.js';
import { insertRow, type WriteContext } from './write-context.js';
import { removeIncomingLinks } from './write-relations.js';
import { deleteOwned } from './write-row.js';
import { scalarColumns } from './write-scalars.js';


export class RowApi {
  readonly #ct: ContentType;
  readonly #wc: () => WriteContext;
  readonly #registry: ModelRegistry;
  readonly #scopes: RowScope[];

  constructor(ct: ContentType, wc: () => WriteContext, registry: ModelRegistry, scopes: RowScope[] = []) {
    this.#ct = ct;
    this.#wc = wc;
    this.#registry = registry;
    this.#scopes = scopes;
  }

  /** Every row (version) of a document that matches `filter` and the action's row scopes, locked
   *  for the rest of the transaction. */
  list(documentId: string, filter?: FilterNode): Promise<VersionRow[]> {
    return this.#select(documentId, filter, true);
  }

  /** As list, without the lock: for checks that only look. */
  read(documentId: string, filter?: FilterNode): Promise<VersionRow[]> {
    return this.#select(documentId, filter, false);
  }

  async #select(documentId: string, filter: FilterNode | undefined, lock: boolean): Promise<VersionRow[]> {
    const wc = this.#wc();
    const qb = wc.trx.from({ r: this.#ct.collectionName }).select('r.*').where('r.document_id', documentId).orderBy('r.id');
    const plan = { knex: wc.trx, dialect: wc.dialect, registry: this.#registry, rowScopes: this.#scopes, source: 'internal' as const, alias: aliasFactory() };
    applyFilter(qb, filter, this.#ct, 'r', plan);
    applyScopes(qb, this.#ct, 'r', plan);
    // Locking read: two transactions managing the same document's versions (two publishes) take turns,
    // and the second sees what the first wrote. SQLite already serialises writers.
    if (lock && wc.dialect !== 'sqlite') qb.forUpdate();
    return (await qb as Array<Record<string, unknown>>).map((row) => {
      const { id, ...values } = decodeRow(this.#ct, row);
      return { id, documentId: String(row.document_id), ...values };
    });
  }

  /**
   * Copies row `fromId` (its attributes, relations, components and media) onto row `toId`, or onto
   * a new row of the same document when `toId` is null; `values` override attributes. Returns the id.
   */
  async copy(fromId: number, toId: number | null, values: Record<string, unknown> = {}, options: { keepUpdatedAt?: boolean } = {}): Promise<number> {
    const wc = this.#wc();
    const [source] = await readRowsForCopy(wc, this.#ct, [fromId]);
    if (!source) throw new Error(`${this.#ct.uid} row ${fromId} not found`);
    const { id: _id, created_at: createdAt, ...read } = source;
    const columns = copiedColumns(wc, this.#ct, read);
    Object.assign(columns, scalarColumns(this.#ct, values, wc.dialect), options.keepUpdatedAt ? {} : { updated_at: stamp(wc) });
    let target: number;
    if (toId === null) {
      target = await insertRow(wc, this.#ct.collectionName, { ...columns, created_at: createdAt ?? stamp(wc) });
    } else {
      await wc.trx(this.#ct.collectionName).where('id', toId).update(columns);
      target = toId;
    }
    // A new row owns nothing yet: nothing to clear before the copy
    if (toId === null) await copyOwned(wc, this.#ct, [[fromId, target]]);
    else await replaceOwned(wc, this.#ct, fromId, target);
    return target;
  }

  /**
   * Shares what one set of this document's versions shows on its inverse sides (the owners whose
   * `from` rows link it) with the owners' `to` rows, as publishing a draft must: the articles a
   * tag's draft lists then list the published tag too. Adds links only. Row scopes apply.
   */
  async shareInverseLinks(documentId: string, opts: ShareInverseLinks): Promise<void> {
    await shareInverseLinks(this.#wc(), this.#ct, this.#scopes, documentId, opts);
  }

  /** Sets attributes of one row (no validation: the caller owns these values). */
  async update(id: number, values: Record<string, unknown>): Promise<void> {
    const wc = this.#wc();
    await wc.trx(this.#ct.collectionName).where('id', id).update({ ...scalarColumns(this.#ct, values, wc.dialect), updated_at: stamp(wc) });
  }

  /** Deletes rows with what they own; links pointing at the document go once no row is left. */
  async delete(ids: number[]): Promise<void> {
    if (!ids.length) return;
    const wc = this.#wc();
    const docs = await wc.trx(this.#ct.collectionName).whereIn('id', ids).distinct('document_id') as Array<{ document_id: string }>;
    await deleteOwned(wc, this.#ct, ids);
    await wc.trx(this.#ct.collectionName).whereIn('id', ids).delete();
    for (const { document_id: documentId } of docs) {
      const left = await wc.trx(this.#ct.collectionName).where('document_id', documentId).first('id');
      if (!left) await removeIncomingLinks(wc, this.#ct, documentId);
    }
  }

}

function stamp(wc: WriteContext): string {
  return wc.dialect === 'mysql' ? wc.now.slice(0, 23).replace('T', ' ') : wc.now;
}
