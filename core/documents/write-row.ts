// Writes one row's attributes (scalars, relations, media, components), recursing into components.
// Everything runs on the caller's transaction.

import { ValidationError } from '../errors/index.js';
import { componentLinkTable, relationTable } from '../database/naming.js';
import type { Component, Model } from '../registry/types.js';
import type { ComponentValue, NormalizedInput } from './input.js';
import { insertRow, insertRows, type WriteContext } from './write-context.js';
import { deleteMediaLinks, writeMedia } from './write-media.js';
import { writeRelation } from './write-relations.js';
import { scalarColumns } from './write-scalars.js';

export interface RowRef { id: number; documentId?: string }

/** Relations, media and components of a row whose scalars are already written. */
/**
 * `copiedIds`: component ids in the input may belong to a copy of this row's components (another
 * version of the same document, or the version whose nested component is being copied): such an
 * item is written as a new row of this version instead of being refused.
 */
export async function writeRowLinks(wc: WriteContext, model: Model, row: RowRef, input: NormalizedInput, path = '', copiedIds = false): Promise<void> {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  for (const [field, op] of Object.entries(input.relations)) {
    const attr = model.attributes[field];
    if (attr?.type !== 'relation') continue;
    await writeRelation(wc, model, row, field, attr, op, at(field));
  }
  for (const [field, ids] of Object.entries(input.media)) {
    const attr = model.attributes[field];
    if (attr?.type !== 'media') continue;
    await writeMedia(wc, model, row.id, field, attr, ids, at(field));
  }
  for (const [field, items] of Object.entries(input.components)) {
    const attr = model.attributes[field];
    const indexed = attr?.type === 'dynamiczone' || (attr?.type === 'component' && attr.repeatable === true);
    await writeComponents(wc, model, row, field, items, at(field), indexed, copiedIds);
  }
}

interface CmpLink { id: number; cmp_id: number; component_type: string; ord: number }

async function writeComponents(wc: WriteContext, owner: Model, row: RowRef, field: string, items: ComponentValue[], path: string, indexed: boolean, copiedIds: boolean): Promise<void> {
  const ownerId = row.id;
  const linkTable = componentLinkTable(owner.collectionName);
  let versions: Set<string> | undefined;
  // Ids of this field's components in the document's other versions (a client sends back what it read)
  const otherVersions = async (): Promise<Set<string>> => {
    if (versions) return versions;
    versions = new Set();
    if (owner.modelType === 'contentType' && row.documentId) {
      const links = await wc.trx(linkTable).where('field', field)
        .whereIn('entity_id', wc.trx(owner.collectionName).select('id').where('document_id', row.documentId).whereNot('id', ownerId))
        .select('component_type', 'cmp_id') as CmpLink[];
      for (const l of links) versions.add(`${l.component_type}#${Number(l.cmp_id)}`);
    }
    return versions;
  };
  const current = await wc.trx(linkTable).where({ entity_id: ownerId, field }) as CmpLink[];
  const byKey = new Map(current.map((l) => [`${l.component_type}#${Number(l.cmp_id)}`, l]));
  const kept = new Set<number>();
  const newLinks: Array<Record<string, unknown>> = [];
  for (const [index, item] of items.entries()) {
    const component = wc.registry.component(item.uid);
    // Error paths name the item of a list (blocks.2.title), not of a single component (seo.title)
    const itemPath = indexed ? `${path}.${index}` : path;
    const key = `${item.uid}#${item.id}`;
    const link = item.id !== undefined ? byKey.get(key) : undefined;
    if (link) {
      kept.add(link.id);
      await updateComponentRow(wc, component, item.id!, item.input, itemPath);
      if (Number(link.ord) !== index + 1) await wc.trx(linkTable).where('id', link.id).update({ ord: index + 1 });
      continue;
    }
    const copied = item.id !== undefined && (copiedIds || (await otherVersions()).has(key));
    if (item.id !== undefined && !copied) {
      throw ValidationError.fromFields([{ path: itemPath.split('.'), message: `${itemPath}: component ${item.uid} with id ${item.id} does not belong to this entry`, name: 'ValidationError', value: item.id }]);
    }
    const id = await insertRow(wc, component.collectionName, scalarColumns(component, item.input.scalars, wc.dialect));
    await writeRowLinks(wc, component, { id }, item.input, itemPath, copied);
    newLinks.push({ entity_id: ownerId, cmp_id: id, component_type: item.uid, field, ord: index + 1 });
  }
  const removed = current.filter((l) => !kept.has(l.id));
  if (removed.length) {
    await wc.trx(linkTable).whereIn('id', removed.map((l) => l.id)).delete();
    await deleteComponentRows(wc, groupByType(removed));
  }
  await insertRows(wc, linkTable, newLinks);
}

async function updateComponentRow(wc: WriteContext, component: Component, id: number, input: NormalizedInput, path: string): Promise<void> {
  const values = scalarColumns(component, input.scalars, wc.dialect);
  if (Object.keys(values).length) await wc.trx(component.collectionName).where('id', id).update(values);
  await writeRowLinks(wc, component, { id }, input, path);
}

function groupByType(links: Array<{ cmp_id: number; component_type: string }>): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const l of links) out.set(l.component_type, [...(out.get(l.component_type) ?? []), Number(l.cmp_id)]);
  return out;
}

/** Deletes component rows with everything they own: nested components, relation and media links. */
export async function deleteComponentRows(wc: WriteContext, byType: Map<string, number[]>): Promise<void> {
  for (const [uid, ids] of byType) {
    if (!ids.length || !wc.registry.has(uid)) continue;
    await deleteOwned(wc, wc.registry.component(uid), ids);
    await wc.trx(wc.registry.component(uid).collectionName).whereIn('id', ids).delete();
  }
}

/** What rows of a model own besides their columns: component rows, relation links, media links. */
export async function deleteOwned(wc: WriteContext, model: Model, rowIds: number[]): Promise<void> {
  if (!rowIds.length) return;
  const hasComponents = Object.values(model.attributes).some((a) => a.type === 'component' || a.type === 'dynamiczone');
  if (hasComponents) {
    const linkTable = componentLinkTable(model.collectionName);
    const links = await wc.trx(linkTable).whereIn('entity_id', rowIds).select('cmp_id', 'component_type') as Array<{ cmp_id: number; component_type: string }>;
    await wc.trx(linkTable).whereIn('entity_id', rowIds).delete();
    await deleteComponentRows(wc, groupByType(links));
  }
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (attr.type === 'relation' && !attr.mappedBy && !attr.versions) {
      await wc.trx(relationTable(model.collectionName, name)).whereIn('source_id', rowIds).delete();
    }
  }
  if (Object.values(model.attributes).some((a) => a.type === 'media')) await deleteMediaLinks(wc, model, rowIds);
}
