// Media attributes: ordered links from a row to rows of the files table, checked against allowedTypes.

import { ValidationError } from '../errors/index.js';
import { FILES_LINK_TABLE, FILES_TABLE } from '../database/naming.js';
import type { MediaAttribute, Model } from '../registry/types.js';
import { insertRows, type WriteContext } from './write-context.js';

export async function writeMedia(wc: WriteContext, model: Model, rowId: number, field: string, attr: MediaAttribute, fileIds: number[], path: string): Promise<void> {
  if (fileIds.length) {
    const files = await wc.trx(FILES_TABLE).whereIn('id', [...new Set(fileIds)]).select('id', 'mime') as Array<{ id: number; mime: string | null }>;
    const byId = new Map(files.map((f) => [Number(f.id), f]));
    const errors = [];
    for (const id of fileIds) {
      const file = byId.get(id);
      if (!file) { errors.push({ path: path.split('.'), message: `File with id "${id}" not found`, name: 'ValidationError', value: id }); continue; }
      if (attr.allowedTypes?.length && !attr.allowedTypes.includes(mediaKind(file.mime))) {
        errors.push({ path: path.split('.'), message: `${path}: file ${id} is of type ${mediaKind(file.mime)}, allowed: ${attr.allowedTypes.join(', ')}`, name: 'ValidationError', value: id });
      }
    }
    if (errors.length) throw ValidationError.fromFields(errors);
  }
  await wc.trx(FILES_LINK_TABLE).where({ related_type: model.uid, related_id: rowId, field }).delete();
  await insertRows(wc, FILES_LINK_TABLE, fileIds.map((file_id, i) => ({
    file_id, related_id: rowId, related_type: model.uid, field, ord: i + 1,
  })));
}

export function mediaKind(mime: string | null): string {
  const top = (mime ?? '').split('/')[0];
  if (top === 'image') return 'images';
  if (top === 'video') return 'videos';
  if (top === 'audio') return 'audios';
  return 'files';
}

export async function deleteMediaLinks(wc: WriteContext, model: Model, rowIds: number[]): Promise<void> {
  if (!rowIds.length) return;
  await wc.trx(FILES_LINK_TABLE).where('related_type', model.uid).whereIn('related_id', rowIds).delete();
}
