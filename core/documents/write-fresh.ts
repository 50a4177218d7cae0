// Writes what many new rows own (relation links, media links, component rows, deeply) with one
// statement per table and chunk instead of several per row: createMany's path. A fresh row has no
// links yet, so nothing is read back or deleted. What a batch cannot say the same way as the
// one-row writer (inverse sides, to-one owners that take a target from another document, refs
// that carry plugin keys, component ids) goes through the one-row writer, row by row.

import { componentLinkTable, FILES_LINK_TABLE, relationTable } from '../database/naming.js';
import type { MediaAttribute, Model, RelationAttribute } from '../registry/types.js';
import type { ComponentValue, NormalizedInput } from './input.js';
import { applyRelationOp, referencedIds, referencedRefs } from './relation-order.js';
import { insertRows, insertRowsReturningIds, type WriteContext } from './write-context.js';
import { maxPerKey } from './link-order.js';
import { checkFiles } from './write-media.js';
import { assertTargetsExist, writeRelation } from './write-relations.js';
import { writeRowLinks } from './write-row.js';
import { scalarColumns } from './write-scalars.js';

export interface FreshRow {
  id: number;
  documentId?: string;
  input: NormalizedInput;
  /** Where this row's input sits in the call's data (an item index, a component path). */
  path: string;
}

const TO_ONE = new Set(['oneToOne', 'manyToOne']);

export async function writeFreshLinks(wc: WriteContext, model: Model, rows: FreshRow[]): Promise<void> {
  if (!rows.length) return;
  for (const [field, attr] of Object.entries(model.attributes)) {
    if (attr.type === 'relation') await writeFreshRelation(wc, model, field, attr, rows);
    else if (attr.type === 'media') await writeFreshMedia(wc, model, field, attr, rows);
    else if (attr.type === 'component' || attr.type === 'dynamiczone') {
      await writeFreshComponents(wc, model, field, rows, attr.type === 'dynamiczone' || attr.repeatable === true);
    }
  }
}

const at = (row: FreshRow, field: string) => (row.path ? `${row.path}.${field}` : field);

async function writeFreshRelation(wc: WriteContext, model: Model, field: string, attr: RelationAttribute, rows: FreshRow[]): Promise<void> {
  const batch: Array<{ row: FreshRow; named: string[]; targets: string[] }> = [];
  for (const row of rows) {
    const op = row.input.relations[field];
    if (!op) continue;
    // An owner of a one-to-one or one-to-many takes its target from whichever document held it
    const oneRow = attr.mappedBy || attr.relation === 'oneToOne' || attr.relation === 'oneToMany'
      || referencedRefs(op).some((r) => r.keys !== undefined);
    if (oneRow) await writeRelation(wc, model, row, field, attr, op, at(row, field));
    else batch.push({ row, named: referencedIds(op), targets: applyRelationOp([], op, TO_ONE.has(attr.relation), at(row, field)) });
  }
  if (!batch.length) return;
  // Every document named must exist, even one a to-one relation's later reference replaces
  await assertTargetsExist(wc, wc.registry.contentType(attr.target), batch.map(({ row, named }) => ({ path: at(row, field), ids: named })));
  const table = relationTable(model.collectionName, field);
  const invOrd = await maxPerKey(wc, table, 'target_document_id', 'inv_ord', batch.flatMap((b) => b.targets));
  const links: Array<Record<string, unknown>> = [];
  const shared = new Map<string, number>();
  for (const { row, targets } of batch) {
    for (const [index, documentId] of targets.entries()) {
      // The versions of one document (a draft and its published copy) share a place in the
      // target's inverse order, as publishing's copy of the draft's link does
      const version = row.documentId === undefined ? undefined : `${row.documentId}\u0000${documentId}`;
      const inv = (version && shared.get(version)) || (invOrd.get(documentId) ?? 0) + 1;
      invOrd.set(documentId, Math.max(inv, invOrd.get(documentId) ?? 0));
      if (version) shared.set(version, inv);
      links.push({ source_id: row.id, target_document_id: documentId, ord: index + 1, inv_ord: inv });
    }
  }
  await insertRows(wc, table, links);
}

async function writeFreshMedia(wc: WriteContext, model: Model, field: string, attr: MediaAttribute, rows: FreshRow[]): Promise<void> {
  const withFiles = rows.filter((r) => r.input.media[field]?.length);
  await checkFiles(wc, attr, withFiles.map((row) => ({ path: at(row, field), ids: row.input.media[field]! })));
  await insertRows(wc, FILES_LINK_TABLE, withFiles.flatMap((row) => row.input.media[field]!.map((fileId, i) => ({
    file_id: fileId, related_id: row.id, related_type: model.uid, field, ord: i + 1,
  }))));
}

async function writeFreshComponents(wc: WriteContext, owner: Model, field: string, rows: FreshRow[], indexed: boolean): Promise<void> {
  const linkTable = componentLinkTable(owner.collectionName);
  const byType = new Map<string, Array<{ owner: FreshRow; item: ComponentValue; ord: number; path: string }>>();
  for (const row of rows) {
    const items = row.input.components[field];
    if (!items?.length) continue;
    // A component id names a row of another version of the document: the one-row writer copies it
    if (items.some((item) => item.id !== undefined)) {
      await writeRowLinks(wc, owner, row, { scalars: {}, relations: {}, media: {}, components: { [field]: items } }, row.path);
      continue;
    }
    for (const [index, item] of items.entries()) {
      const list = byType.get(item.uid) ?? [];
      list.push({ owner: row, item, ord: index + 1, path: indexed ? `${at(row, field)}.${index}` : at(row, field) });
      byType.set(item.uid, list);
    }
  }
  const links: Array<Record<string, unknown>> = [];
  for (const [uid, items] of byType) {
    const component = wc.registry.component(uid);
    const ids = await insertRowsReturningIds(wc, component.collectionName, items.map(({ item }) => scalarColumns(component, item.input.scalars, wc.dialect)));
    await writeFreshLinks(wc, component, items.map(({ item, path }, i) => ({ id: ids[i]!, input: item.input, path })));
    items.forEach(({ owner: row, ord }, i) => links.push({ entity_id: row.id, cmp_id: ids[i], component_type: uid, field, ord }));
  }
  // Link rows in the owners' order, as the one-row writer leaves them
  links.sort((a, b) => Number(a.entity_id) - Number(b.entity_id) || Number(a.ord) - Number(b.ord));
  await insertRows(wc, linkTable, links);
}
