// Media attributes: ordered links from a row to rows of the files table, checked against allowedTypes.

import { ValidationError, type FieldError } from '../errors/index.js';
import { FILES_LINK_TABLE, FILES_TABLE } from '../database/naming.js';
import type { MediaAttribute, Model } from '../registry/types.js';
import { insertRows, type WriteContext } from './write-context.js';

export async function writeMedia(wc: WriteContext, model: Model, rowId: number, field: string, attr: MediaAttribute, fileIds: number[], path: string): Promise<void> {
  await checkFiles(wc, attr, [{ path, ids: fileIds }]);
  await wc.trx(FILES_LINK_TABLE).where({ related_type: model.uid, related_id: rowId, field }).delete();
  await insertRows(wc, FILES_LINK_TABLE, fileIds.map((file_id, i) => ({
    file_id, related_id: rowId, related_type: model.uid, field, ord: i + 1,
  })));
}

/** Every file named exists and is of a type the attribute allows; one error per bad reference (the
 *  same path and file once, when two rows name it from one input: a draft and its published copy). */
export async function checkFiles(wc: WriteContext, attr: MediaAttribute, refs: Array<{ path: string; ids: number[] }>): Promise<void> {
  const wanted = [...new Set(refs.flatMap((r) => r.ids))];
  const mime = new Map<number, string | null>();
  for (let i = 0; i < wanted.length; i += 900) {
    const files = await wc.trx(FILES_TABLE).whereIn('id', wanted.slice(i, i + 900)).select('id', 'mime') as Array<{ id: number; mime: string | null }>;
    for (const f of files) mime.set(Number(f.id), f.mime);
  }
  const errors = new Map<string, FieldError>();
  for (const { path, ids } of refs) {
    for (const id of ids) {
      const key = `${path}\u0000${id}`;
      if (!mime.has(id)) {
        errors.set(key, { path: path.split('.'), message: `File with id "${id}" not found`, name: 'ValidationError', value: id });
        continue;
      }
      const kind = mediaKind(mime.get(id) ?? null);
      if (attr.allowedTypes?.length && !attr.allowedTypes.includes(kind)) {
        errors.set(key, { path: path.split('.'), message: `${path}: file ${id} is of type ${kind}, allowed: ${attr.allowedTypes.join(', ')}`, name: 'ValidationError', value: id });
      }
    }
  }
  if (errors.size) throw ValidationError.fromFields([...errors.values()]);
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
